import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { cardLabel, type CardView } from "~/components/wallet/card-summary";
import { callApi } from "~/lib/api";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import walletStyles from "~/styles/wallet.css?url";
import { COIN_CHARGE_AMOUNTS, isChargeNonce, parseCoinChargeAmount } from "../../../server/domain/wallet";
import { setFlash } from "../../../server/http/flash";
import { requireUser } from "../../../server/http/require-user";
import { chargeFailureKey } from "../../../server/http/wallet-messages";
import { translatorFor } from "../../../server/i18n";
import { paymentProviderFrom, PaymentProviderError } from "../../../server/integrations/payments";
import { randomToken } from "../../../server/security/crypto";
import { chargeCoins, confirmCoinCharge } from "../../../server/services/coin-charges";
import { coinsPageData } from "../../../server/services/wallet-page";
import { setUseCoinSubscription } from "../../../server/services/payment-cards";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { formatCoins, formatNumber } from "../../../server/domain/number-display";
import { safeReturnUrl } from "../../../server/domain/return-path";
import { knownOrigins } from "../../../server/services/sign-in";

export const handle = { i18n: ["common", "wallet"], breadcrumb: () => ({ label: "wallet:coins.title" }) };
export const clientLoader = withNamespaces(["wallet"]);
export const links = () => [{ rel: "stylesheet", href: walletStyles }];

/** A charge attempt's nonce: made with the confirm step, sent with its button (server/domain/wallet.ts). */
const newNonce = () => randomToken(18);

/**
 * /me/coins (user domain): the balance (paid and bonus coins by expiry), charging coins by card
 * with a confirm step (`?amount=`), coin-for-renewal, and the history (`?cursor=` pages on).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const url = new URL(request.url);
  const amount = parseCoinChargeAmount(url.searchParams.get("amount"));
  const rawCursor = url.searchParams.get("cursor");
  const cursor = rawCursor && /^\d{1,15}$/.test(rawCursor) ? Number(rawCursor) : null;
  const provider = paymentProviderFrom(app.env);
  const now = Date.now();
  const { balance, history, cardState, profile } = await coinsPageData(app.db, provider, user.id, cursor, now);
  return {
    title: translatorFor(app.locale, "wallet")("coins.title"),
    // spec §7: the payment dialog's charge link names the page to go back to (ours only)
    back: safeReturnUrl(url.searchParams.get("ref"), knownOrigins(app)),
    balance: {
      total: balance.balance,
      paid: balance.paid,
      bonus: balance.bonus.map((b) => ({ amount: b.amount, expiresAt: b.expiresAt.getTime() })),
    },
    history: {
      items: history.items.map((i) => ({
        id: i.id,
        kind: i.kind,
        amount: i.amount,
        memo: i.memo,
        createdAt: i.createdAt.getTime(),
        expiresAt: i.expiresAt?.getTime() ?? null,
      })),
      next: history.next,
      paged: cursor !== null,
    },
    // a card a charge can use now (this provider's, not expired)
    card:
      cardState.registered && cardState.card
        ? { brand: cardState.card.brand, last4: cardState.card.last4, expMonth: cardState.card.expMonth, expYear: cardState.card.expYear }
        : null,
    amounts: COIN_CHARGE_AMOUNTS,
    confirm: amount === null ? null : { amount, nonce: newNonce() },
    provider:
      provider.kind === "stripe" ? { kind: "stripe" as const, publishableKey: provider.publishableKey } : { kind: "sandbox" as const },
    useCoinSubscription: profile?.useCoinSubscription ?? false,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

type ChargeReply =
  | { kind: "authenticate"; amount: number; nonce: string; provider: "sandbox" | "stripe"; clientSecret: string | null }
  | { kind: "processing"; amount: number; nonce: string }
  /** `nextNonce`: a new one after a definite failure (no money moved), the same one when nobody knows */
  | { kind: "error"; amount: number; code: string; message: string; nextNonce: string }
  | { kind: "saved"; useCoinSubscription: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "wallet");
  const form = await request.formData();
  const intent = form.get("intent");
  const now = Date.now();
  const provider = paymentProviderFrom(app.env);

  if (intent === "coinSubscription") {
    const on = form.get("on") === "1";
    await setUseCoinSubscription(app.db, provider, user.id, on, now);
    return data<ChargeReply>({ kind: "saved", useCoinSubscription: on });
  }
  if (intent !== "charge" && intent !== "confirm") throw new Response(null, { status: 400 });

  const amount = parseCoinChargeAmount(String(form.get("amount") ?? ""));
  const nonce = form.get("nonce");
  if (amount === null || !isChargeNonce(nonce)) throw new Response(null, { status: 400 });
  const input = { userId: user.id, amount, nonce, now };
  let outcome;
  try {
    outcome =
      intent === "charge"
        ? await chargeCoins(app.db, provider, input)
        : await confirmCoinCharge(app.db, provider, { ...input, approve: form.get("approve") === "1" });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error("[wallet] payment provider", error);
    return data<ChargeReply>(
      {
        kind: "error",
        amount,
        code: "processing_error",
        message: t(chargeFailureKey("processing_error")),
        nextNonce: error.retryable ? nonce : newNonce(),
      },
      { status: 503 },
    );
  }
  switch (outcome.status) {
    case "credited":
      setFlash(app, [{ type: "info", key: "wallet:flash.charged" }]);
      throw redirect("/me/coins");
    case "requires_action":
      return data<ChargeReply>({
        kind: "authenticate",
        amount,
        nonce,
        provider: outcome.provider,
        clientSecret: outcome.provider === "stripe" ? outcome.clientSecret : null,
      });
    case "processing":
      return data<ChargeReply>({ kind: "processing", amount, nonce }, { status: 202 });
    case "failed":
      return data<ChargeReply>(
        { kind: "error", amount, code: outcome.code, message: t(chargeFailureKey(outcome.code)), nextNonce: newNonce() },
        { status: 400 },
      );
    case "no_card":
      return data<ChargeReply>(
        { kind: "error", amount, code: "no_card", message: t("charge.noCard"), nextNonce: newNonce() },
        { status: 400 },
      );
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * Card registration lives on the brand (where the payment dialog sends fans too), so its
 * `returnTo` is a path there; coming back to /me/coins, the route guard brings the fan here.
 */
function useCardRegistrationHref() {
  const links = linkBuilder(useRootData());
  return (back: string) => links.brand(`/me/card_registration?returnTo=${encodeURIComponent(back)}`);
}

export default function Coins() {
  const { t } = useTranslation("wallet");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page wallet-page coins-page">
      <h1>{t("coins.title")}</h1>
      <p className="muted">{t("coins.lead")}</p>
      <Balance balance={d.balance} />
      {d.back ? (
        <p>
          <a href={d.back} data-testid="coin-back">
            {t("charge.back")}
          </a>
        </p>
      ) : null}
      <section className="card" id="charge" aria-labelledby="charge-title">
        <h2 id="charge-title">{d.confirm ? t("charge.confirmTitle") : t("charge.title")}</h2>
        {d.confirm ? (
          <ConfirmStep key={d.confirm.amount} data={d} confirm={d.confirm} />
        ) : (
          <ChooseAmount amounts={d.amounts} card={d.card} />
        )}
      </section>
      <CoinSubscription on={d.useCoinSubscription} />
      <History history={d.history} />
    </div>
  );
}

function Balance({ balance }: { balance: LoaderData["balance"] }) {
  const { t, locale } = useTranslation("wallet");
  return (
    <section className="card coin-balance-card" aria-labelledby="balance-title">
      <h2 id="balance-title">{t("balance.title")}</h2>
      <p className="coin-total" data-testid="coin-total">
        {t("coins.amount", { coins: formatCoins(balance.total) })}
      </p>
      <dl className="coin-breakdown">
        <div>
          <dt>{t("balance.paid")}</dt>
          <dd>{t("coins.amount", { coins: formatCoins(balance.paid) })}</dd>
        </div>
        <div>
          <dt>{t("balance.bonus")}</dt>
          <dd>
            {balance.bonus.length === 0 ? (
              t("balance.noBonus")
            ) : (
              <ul className="bonus-lots">
                {balance.bonus.map((b) => (
                  <li key={b.expiresAt}>
                    {t("balance.bonusLot", { coins: formatCoins(b.amount), date: formatLocalDate(locale, b.expiresAt) })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <p className="muted small">{t("balance.bonusNote")}</p>
      <p>
        <Link to="/me/coin_vesting_campaign">{t("campaigns.link")}</Link>
      </p>
    </section>
  );
}

function ChooseAmount({ amounts, card }: { amounts: readonly number[]; card: CardView | null }) {
  const { t } = useTranslation("wallet");
  const registration = useCardRegistrationHref();
  return (
    <>
      <Form method="get" className="form">
        <fieldset className="amount-choices">
          <legend>{t("charge.choose")}</legend>
          {amounts.map((a) => (
            <label key={a} className="amount-choice">
              <input type="radio" name="amount" value={a} required />
              <span>{t("charge.option", { coins: formatCoins(a), yen: formatNumber(a) })}</span>
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button">
            {t("charge.next")}
          </button>
        </div>
      </Form>
      <p className="muted small">
        {card ? t("charge.payWith", { card: cardLabel(t, card) }) : t("charge.noCardYet")}{" "}
        <a href={registration("/me/coins")}>{card ? t("charge.changeCard") : t("charge.registerCard")}</a>
      </p>
    </>
  );
}

/** What will happen, exactly, before anything is charged; then the charge, 3-D Secure if asked. */
function ConfirmStep({ data: d, confirm }: { data: LoaderData; confirm: NonNullable<LoaderData["confirm"]> }) {
  const { t } = useTranslation();
  const w = useTranslation("wallet").t;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const reply = actionData && "amount" in actionData && actionData.amount === confirm.amount ? actionData : null;
  const nonce = reply?.kind === "error" ? reply.nextNonce : reply && "nonce" in reply ? reply.nonce : confirm.nonce;
  const yen = formatNumber(confirm.amount);
  const registration = useCardRegistrationHref()(`/me/coins?amount=${confirm.amount}`);

  if (reply?.kind === "authenticate")
    return (
      <Authenticate
        amount={confirm.amount}
        nonce={reply.nonce}
        provider={reply.provider}
        clientSecret={reply.clientSecret}
        publishableKey={d.provider.kind === "stripe" ? d.provider.publishableKey : null}
      />
    );

  return (
    <div className="charge-confirm">
      <dl className="confirm-table">
        <div>
          <dt>{w("charge.coins")}</dt>
          <dd>{w("coins.amount", { coins: formatCoins(confirm.amount) })}</dd>
        </div>
        <div>
          <dt>{w("charge.price")}</dt>
          <dd>{w("charge.yen", { yen })}</dd>
        </div>
        <div>
          <dt>{w("charge.method")}</dt>
          <dd>{d.card ? cardLabel(w, d.card) : w("charge.noCardYet")}</dd>
        </div>
        <div>
          <dt>{w("charge.when")}</dt>
          <dd>{w("charge.now")}</dd>
        </div>
      </dl>
      {d.card ? (
        <p className="charge-summary">{w("charge.summary", { card: cardLabel(w, d.card), yen, coins: formatCoins(confirm.amount) })}</p>
      ) : null}
      <p className="no-refund" role="note">
        {t("money.noRefund")}
      </p>
      {reply?.kind === "error" ? (
        <p className="flash flash-error" role="alert">
          {reply.message}
        </p>
      ) : null}
      {reply?.kind === "processing" ? (
        <p className="flash flash-info" role="status">
          {w("charge.processing")}
        </p>
      ) : null}
      {d.card ? (
        <Form method="post" className="form-actions">
          <input type="hidden" name="intent" value={reply?.kind === "processing" ? "confirm" : "charge"} />
          <input type="hidden" name="amount" value={confirm.amount} />
          <input type="hidden" name="nonce" value={nonce} />
          <Link to="/me/coins" className="button button-secondary">
            {w("charge.back")}
          </Link>
          <button type="submit" className="button" disabled={busy}>
            {busy ? w("charge.submitting") : reply?.kind === "processing" ? w("charge.checkAgain") : w("charge.submit", { yen })}
          </button>
        </Form>
      ) : (
        <div className="form-actions">
          <Link to="/me/coins" className="button button-secondary">
            {w("charge.back")}
          </Link>
          <a href={registration} className="button">
            {w("charge.registerCard")}
          </a>
        </div>
      )}
      {d.card ? (
        <p className="muted small">
          <a href={registration}>{w("charge.changeCard")}</a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The card asks for 3-D Secure. Stripe: its own dialog (handleNextAction), then the same attempt
 * is finished. Sandbox: our stand-in, where the tester decides whether authentication passes.
 */
function Authenticate({
  amount,
  nonce,
  provider,
  clientSecret,
  publishableKey,
}: {
  amount: number;
  nonce: string;
  provider: "sandbox" | "stripe";
  clientSecret: string | null;
  publishableKey: string | null;
}) {
  const { t } = useTranslation("wallet");
  const navigation = useNavigation();
  const submit = useSubmit();
  const started = useRef(false);
  const busy = navigation.state !== "idle";
  const fields = { intent: "confirm", amount: String(amount), nonce };

  const [opening, setOpening] = useState(false);
  const openStripe = useCallback(() => {
    if (provider !== "stripe" || !clientSecret || !publishableKey) return;
    setOpening(true);
    void (async () => {
      const { stripeJs } = await import("~/components/wallet/stripe-js");
      const stripe = await stripeJs(publishableKey);
      // whatever the bank decided, the server asks Stripe for the payment's state
      await stripe.handleNextAction({ clientSecret });
    })()
      // Stripe.js not loading leaves the payment unfinished; the confirm says so, and the button stays
      .catch(() => {})
      .finally(() => {
        setOpening(false);
        submit({ intent: "confirm", amount: String(amount), nonce }, { method: "post" });
      });
  }, [provider, clientSecret, publishableKey, submit, amount, nonce]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    openStripe();
  }, [openStripe]);

  return (
    <div className="charge-authenticate" role="dialog" aria-labelledby="auth-title">
      <h3 id="auth-title">{t("charge.authTitle")}</h3>
      <p>{t("charge.authLead", { yen: formatNumber(amount) })}</p>
      {provider === "stripe" ? (
        opening ? (
          <p className="muted">{t("charge.authStripe")}</p>
        ) : (
          <button type="button" className="button" onClick={openStripe} disabled={busy}>
            {t("charge.authApprove")}
          </button>
        )
      ) : (
        <>
          <p className="muted small">{t("charge.authSandbox")}</p>
          <div className="form-actions">
            <Form method="post">
              {Object.entries(fields).map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
              <input type="hidden" name="approve" value="0" />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t("charge.authFail")}
              </button>
            </Form>
            <Form method="post">
              {Object.entries(fields).map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
              <input type="hidden" name="approve" value="1" />
              <button type="submit" className="button" disabled={busy}>
                {t("charge.authApprove")}
              </button>
            </Form>
          </div>
        </>
      )}
    </div>
  );
}

/** spec §4 coin-for-renewal, also settable here: saved at once. */
function CoinSubscription({ on }: { on: boolean }) {
  const { t } = useTranslation("wallet");
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  const common = useTranslation().t;
  useEffect(() => {
    if (actionData?.kind === "saved") toast.show(common("flash.updated"), "success");
  }, [actionData, toast, common]);
  return (
    <section className="card" aria-labelledby="coin-subscription-title">
      <h2 id="coin-subscription-title">{t("subscription.title")}</h2>
      <p className="muted">{t("subscription.lead")}</p>
      <Form method="post" className="subscription-toggle">
        <input type="hidden" name="intent" value="coinSubscription" />
        <input type="hidden" name="on" value={on ? "0" : "1"} />
        <p>
          <strong data-testid="coin-subscription-state">{on ? t("subscription.on") : t("subscription.off")}</strong>
        </p>
        <button type="submit" className="button button-secondary button-small" disabled={navigation.state !== "idle"}>
          {on ? t("subscription.turnOff") : t("subscription.turnOn")}
        </button>
      </Form>
    </section>
  );
}

type HistoryItem = LoaderData["history"]["items"][number];

const KIND_KEYS: Record<string, string> = {
  charge: "history.kinds.charge",
  bonus: "history.kinds.bonus",
  spend: "history.kinds.spend",
  expire: "history.kinds.expire",
};

/** Newest first; 'load more' appends the next page (without JavaScript it opens it). */
function History({ history }: { history: LoaderData["history"] }) {
  const { t, locale } = useTranslation("wallet");
  const toast = useToast();
  const common = useTranslation().t;
  const [extra, setExtra] = useState<{ items: HistoryItem[]; next: number | null } | null>(null);
  const [loading, setLoading] = useState(false);
  // a new first page (after a charge) replaces what was appended to the old one
  useEffect(() => setExtra(null), [history]);
  const items = [...history.items, ...(extra?.items ?? [])];
  const next = extra ? extra.next : history.next;

  const loadMore = async (event: React.MouseEvent) => {
    if (next === null) return;
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      const res = await callApi<{
        items: Array<Omit<HistoryItem, "createdAt" | "expiresAt"> & { createdAt: string; expiresAt: string | null }>;
        next: number | null;
      }>(`/me/coins/history?cursor=${next}`);
      if (!res.success) throw new Error(`history answered ${res.status}`);
      const more = res.payload.items.map((i) => ({
        ...i,
        createdAt: Date.parse(i.createdAt),
        expiresAt: i.expiresAt ? Date.parse(i.expiresAt) : null,
      }));
      setExtra((prev) => ({ items: [...(prev?.items ?? []), ...more], next: res.payload.next }));
    } catch {
      toast.show(common("errors.generic"), "error");
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">{t("history.title")}</h2>
      {history.paged ? (
        <p>
          <Link to="/me/coins">{t("history.newest")}</Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="empty-state">{t("history.empty")}</p>
      ) : (
        <ul className="coin-history" data-testid="coin-history">
          {items.map((i) => (
            <li key={i.id}>
              <span className="history-date">{formatLocalDate(locale, i.createdAt, true)}</span>
              <span className="history-kind">
                {t(KIND_KEYS[i.kind] ?? "history.kinds.charge")}
                {i.memo ? <span className="muted small"> {i.memo}</span> : null}
                {i.expiresAt ? (
                  <span className="muted small"> {t("history.expires", { date: formatLocalDate(locale, i.expiresAt) })}</span>
                ) : null}
              </span>
              <span className={`history-amount ${i.amount < 0 ? "minus" : "plus"}`}>
                {i.amount < 0 ? "−" : "+"}
                {t("coins.amount", { coins: formatCoins(Math.abs(i.amount)) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {next !== null ? (
        <p>
          <Link to={`/me/coins?cursor=${next}`} onClick={loadMore} className="button button-secondary button-small" aria-disabled={loading}>
            {loading ? t("history.loading") : t("history.more")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
