import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { callApi, type ApiResult } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import "~/styles/payments.css";
import { clampCoinAmount, parseCoinAmount, PAYMENT_TYPE, paymentMethodStep, purchaseKind, showCoinForRenewalCheckbox, type PaymentType } from "../../../server/domain/coin-payment";
import { formatYen, formatCoins } from "../../../server/domain/number-display";
import type { PlanQuote } from "../../../server/domain/plan-change";
import { planChoiceAction } from "../../../server/domain/plan-grade";
import { cardPartProblem } from "../../../server/domain/purchase";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import { ItemLines } from "./item-lines";
import { itemPage, type ItemPageNumber } from "./item-pages";
import { confirmStripeAction } from "./stripe-action";
import { PAYMENT_QUERY, type CartPayload, type MembershipJson, type PaymentModalStart, type PlanJson, type PlansInfo, type PurchaseResponse } from "./types";
import { formatLocalDate, formatLocalMonth } from "../../../server/domain/jst-time";

/**
 * The payment modal (spec §4 pages 1, 2, 3, 4, 20, 30, 31, 40, and the item pages of
 * ./item-pages.tsx: 10 live ticket, 50 product, 60 tip, 70 raffle entry). Every money decision is
 * the server's: this shows the quote it gives (yen now, from when, next renewal) and posts the
 * fan's choice; a double click or a retry posts the same cart version, which the server answers
 * with the first result.
 */

type Page = 1 | 2 | 3 | 4 | 20 | 30 | 31 | 40 | ItemPageNumber;

const AUTO_LEAVE_DAY = 7;

export default function PaymentModal({ start, onClose }: { start: PaymentModalStart; onClose: (changed: boolean) => void }) {
  const { t, locale } = useTranslation("payments");
  const toast = useToast();
  const dialog = useDialog();
  const root = useRootData();
  const links = linkBuilder(root);
  const ref = useRef<HTMLDialogElement>(null);

  const [page, setPage] = useState<Page | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [plans, setPlans] = useState<PlanJson[]>([]);
  const [planId, setPlanId] = useState<number | null>(start.kind === "plan" ? start.planId : null);
  const [membership, setMembership] = useState<MembershipJson | null>(null);
  const [cart, setCart] = useState<CartPayload | null>(null);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(start.kind === "resume" ? start.paymentType : null);
  const [coinInput, setCoinInput] = useState(start.kind === "resume" ? start.coinPayment : "0");
  const [split, setSplit] = useState<{ coins: number; card: number } | null>(null);
  const [balance, setBalance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refreshingRef = useRef(false);
  const [renewal, setRenewal] = useState<{ alreadyEnabled: boolean; checked: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [done, setDone] = useState<PurchaseSummary | null>(null);

  const fanclubId = start.kind === "plan" ? start.fanclubId : null;
  const plan = plans.find((p) => p.id === planId) ?? null;
  const current = plans.find((p) => p.planGrade === "current") ?? null;

  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);

  /** spec §8 payment API failure: toast payload.message and each message under errors (cart, plan). */
  const showFailure = useCallback(
    (result: ApiResult<unknown>) => {
      const payload = result.payload as { message?: string; errors?: Array<{ message: string; target?: string }> };
      const messages = [payload.message, ...(payload.errors ?? []).filter((e) => e.target === "cart" || e.target === "plan" || !e.target).map((e) => e.message)];
      const unique = [...new Set(messages.filter((m): m is string => Boolean(m)))];
      if (!unique.length) unique.push(t("errors.generic"));
      for (const message of unique) toast.show(message, "error");
    },
    [t, toast],
  );

  const takeCart = useCallback((payload: CartPayload) => {
    setCart(payload);
    setBalance(payload.coinBalance);
    // spec §4: the coin-for-renewal checkbox is hidden from the start when the fan already has it on
    setRenewal((prev) => prev ?? { alreadyEnabled: payload.useCoinSubscription, checked: payload.useCoinSubscription });
  }, []);

  const loadCart = useCallback(async (): Promise<CartPayload | null> => {
    const result = await callApi<CartPayload>("/me/carts");
    if (!result.success) {
      showFailure(result);
      return null;
    }
    takeCart(result.payload);
    return result.payload;
  }, [showFailure, takeCart]);

  const loadMembership = useCallback(async () => {
    if (fanclubId === null) return;
    const result = await callApi<{ membership: MembershipJson | null }>(`/fanclubs/${fanclubId}/membership`);
    setMembership(result.success ? result.payload.membership : null);
  }, [fanclubId]);

  const openExpired = useCallback(async () => {
    setPage(null);
    const result = await callApi<CartPayload>("/me/carts", { method: "POST", body: { type: "Plan", id: 0, target_type: "subscribe_plan_type" } });
    if (!result.success) {
      setNotice(result.payload.message ?? t("errors.generic"));
      setPage(20);
      return;
    }
    takeCart(result.payload);
    setNotice(null);
    setPage(20);
  }, [t, takeCart]);

  // Where the modal opens.
  useEffect(() => {
    let live = true;
    void (async () => {
      if (start.kind === "plan") {
        const result = await callApi<PlansInfo>(`/fanclubs/${start.fanclubId}/plans`);
        if (!live) return;
        if (!result.success) {
          showFailure(result);
          onClose(false);
          return;
        }
        setPlans(result.payload.plans);
        const chosen = result.payload.plans.find((p) => p.id === start.planId);
        if (chosen?.planGrade === "current") {
          await loadMembership();
          if (live) setPage(30);
        } else {
          setPage(chosen ? 1 : 40);
        }
      } else if (start.kind === "expired") {
        await openExpired();
      } else if (start.kind === "item") {
        setPage(itemPage(start.page) ? start.page : null);
        if (!itemPage(start.page)) onClose(false);
      } else {
        // spec §4: the dialog refreshes the cart when it opens and closes itself when the cart is empty
        const payload = await loadCart();
        if (!live) return;
        if (!payload || payload.carts.length === 0) {
          onClose(false);
          return;
        }
        if (start.page === 3 && start.paymentType !== null) {
          const step = paymentMethodStep({ paymentType: start.paymentType, total: payload.total, coinInput: start.coinPayment, coinBalance: payload.coinBalance, hasCard: payload.card !== null });
          if (step.next === "confirm" && !cardPartProblem(step.card)) {
            setSplit({ coins: step.coins, card: step.card });
            setPage(3);
            return;
          }
        }
        setPage(2);
      }
    })();
    return () => {
      live = false;
    };
    // opens once; later moves are the pages' own
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = (changed = false) => {
    ref.current?.close();
    onClose(changed);
  };

  /** Ignores clicks while a call of the modal is running (spec §4: repeat clicks are ignored). */
  const once = async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      console.error(error);
      toast.show(t("errors.generic"), "error");
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // ----- page 1 and 40: choosing a plan

  const choosePlan = (chosen: PlanJson) =>
    once(async () => {
      const action = planChoiceAction(chosen.planGrade);
      if (action.action === "paymentHistory") {
        await loadMembership();
        setPage(30);
        return;
      }
      if (action.action === "downgrade") {
        // spec §4: a downgrade is posted directly, then the modal closes and the page reloads
        const result = await callApi(`/plans/${chosen.id}/downgrade`, { method: "POST" });
        if (!result.success) return showFailure(result);
        toast.show(t("toast.downgraded"), "info");
        close(true);
        return;
      }
      const result = await callApi<CartPayload>("/me/carts", { method: "POST", body: { type: "Plan", id: chosen.id, target_type: action.targetType } });
      if (!result.success) return showFailure(result);
      takeCart(result.payload);
      setPaymentType(result.payload.total === 0 ? PAYMENT_TYPE.allCoin : null);
      setCoinInput("0");
      setPage(action.nextPage);
    });

  // ----- page 2: payment method

  const total = cart?.total ?? 0;
  const cartHasPlan = Boolean(cart?.carts.some((i) => i.type === "Plan"));

  const refreshBalance = async () => {
    // spec §4: while refreshing the button reads 'updating balance' and repeat clicks are ignored
    if (refreshingRef.current) return;
    refreshingRef.current = true;
    setRefreshing(true);
    try {
      const result = await callApi<{ coinBalance: number }>("/me/coin_balance");
      if (result.success) {
        setBalance(result.payload.coinBalance);
        toast.show(t("toast.balanceUpdated"), "info");
      } else {
        toast.show(t("errors.generic"), "error");
      }
    } catch {
      toast.show(t("errors.generic"), "error");
    } finally {
      refreshingRef.current = false;
      setRefreshing(false);
    }
  };

  const toggleRenewal = async (checked: boolean) => {
    setRenewal((prev) => (prev ? { ...prev, checked } : prev));
    // spec §7: PUT the user settings root with form data user[use_coin_subscription]; saved at once
    const form = new FormData();
    form.set("user[use_coin_subscription]", checked ? "1" : "0");
    try {
      const res = await fetch("/api/v1/me/user", { method: "PUT", body: form, credentials: "same-origin", headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" } });
      const json = (await res.json()) as { success?: boolean };
      if (!json.success) throw new Error(String(res.status));
      toast.show(t("toast.settingsUpdated"), "info");
    } catch {
      setRenewal((prev) => (prev ? { ...prev, checked: !checked } : prev));
      toast.show(t("toast.settingsFailed"), "error");
    }
  };

  const registerCard = (type: PaymentType, coins: number) => {
    // spec §4: go to card registration, saving the return path and page 3
    const back = new URL(window.location.href);
    for (const key of PAYMENT_QUERY) back.searchParams.delete(key);
    back.searchParams.set("paymentPage", "3");
    back.searchParams.set("paymentType", String(type));
    back.searchParams.set("coinPayment", String(coins));
    // the card page is served on this host, so the way back is a path of this origin
    window.location.assign(`/me/card_registration?returnTo=${encodeURIComponent(back.pathname + back.search)}`);
  };

  const toConfirm = () => {
    if (!cart) return;
    const step = paymentMethodStep({ paymentType, total, coinInput, coinBalance: balance, hasCard: cart.card !== null });
    if (step.next === "error") {
      toast.show(t(`errors.${step.error}`), "error");
      return;
    }
    if (cardPartProblem(step.card)) {
      toast.show(t("errors.cardTooSmall", { min: String(cart.minCardAmount) }), "error");
      return;
    }
    if (step.next === "registerCard") {
      registerCard(paymentType ?? PAYMENT_TYPE.card, step.coins);
      return;
    }
    setSplit({ coins: step.coins, card: step.card });
    setPage(3);
  };

  // ----- page 3: confirm and pay

  const pay = () =>
    once(async () => {
      if (!cart || !split) return;
      let sandboxAuthentication: "approve" | "fail" | undefined;
      // at most one 3-D Secure round: the second answer is final (paid or refused)
      for (let round = 0; round < 2; round++) {
        const body = {
          payment: purchaseKind(split.coins, cart.total),
          isUsedCoin: split.coins > 0,
          otherPayment: { toraCoin: split.coins },
          cartVersion: cart.cartVersion,
          ...(sandboxAuthentication ? { sandboxAuthentication } : {}),
        };
        const result = await callApi<PurchaseResponse>("/me/carts/purchase", { method: "POST", body });
        if (!result.success) {
          showFailure(result);
          // the cart moved on (declined card, changed price): show it as it is now
          const fresh = await loadCart();
          if (!fresh || fresh.carts.length === 0) close(false);
          else if (fresh.total !== cart.total) setPage(2);
          return;
        }
        if (!("requiresAction" in result.payload)) {
          setDone(result.payload.purchase);
          setPage(4);
          return;
        }
        const action = result.payload.requiresAction;
        if (action.provider === "sandbox") {
          const approved = await dialog.confirm({ title: t("authentication.title"), message: t("authentication.message"), okText: t("authentication.approve"), cancelText: t("authentication.fail") });
          sandboxAuthentication = approved ? "approve" : "fail";
        } else if (action.publishableKey) {
          await confirmStripeAction(action.publishableKey, action.clientSecret);
        }
      }
      toast.show(t("errors.authentication_required"), "error");
    });

  // ----- page 31: leave

  const leave = () =>
    once(async () => {
      if (!current) return;
      const result = await callApi(`/plans/${current.id}/leave`, { method: "POST" });
      if (!result.success) return showFailure(result);
      toast.show(t("toast.left"), "info");
      close(true);
    });

  const item = page !== null ? itemPage(page) : null;
  const titles: Record<Exclude<Page, ItemPageNumber>, string> = {
    1: plan?.planGrade === "upgrade" || plan?.planGrade === "downgrade" ? t("titles.changePlan") : t("titles.join"),
    2: t("titles.method"),
    3: t("titles.confirm"),
    4: t("titles.done"),
    20: t("titles.expired"),
    30: t("titles.current"),
    31: t("titles.leave"),
    40: t("titles.plans"),
  };

  let body: ReactNode = null;
  if (item && start.kind === "item") {
    body = (
      <Suspense fallback={<p className="muted">{t("loading")}</p>}>
        <item.Page
          id={start.id}
          busy={busy}
          once={once}
          onCart={(payload) => {
            takeCart(payload);
            setPaymentType(payload.total === 0 ? PAYMENT_TYPE.allCoin : null);
            setCoinInput("0");
            setPage(2);
          }}
          onFinished={(payload, purchase) => {
            takeCart(payload);
            setDone(purchase);
            setPage(4);
          }}
          onFailure={showFailure}
          onClose={close}
        />
      </Suspense>
    );
  }
  switch (page) {
    case null:
      body = <p className="muted">{t("loading")}</p>;
      break;
    case 1:
      body = plan ? <PlanPage plan={plan} busy={busy} onChoose={choosePlan} onPlans={current ? () => setPage(40) : null} onExpired={() => void openExpired()} /> : null;
      break;
    case 40:
      body = (
        <ul className="payment-plan-list">
          {plans.map((p) => (
            <li key={p.id} className="payment-plan-row" data-plan={p.name}>
              <div>
                <strong>{p.name}</strong>
                <span className="muted small"> {t("plan.monthly", { price: formatYen(p.price) })}</span>
              </div>
              {p.planGrade === "current" ? (
                <span className="badge">{t("grade.current")}</span>
              ) : (
                <button type="button" className="button button-small" onClick={() => (setPlanId(p.id), setPage(1))}>
                  {t(`grade.${p.planGrade}`)}
                </button>
              )}
            </li>
          ))}
        </ul>
      );
      break;
    case 20:
      body = (
        <>
          {notice ? <p className="flash flash-muted">{notice}</p> : null}
          {cart && !notice ? (
            <>
              <p>{t("expired.lead", { day: String(AUTO_LEAVE_DAY) })}</p>
              <CartItems cart={cart} />
              <div className="dialog-actions">
                <button type="button" className="button" onClick={() => (setPaymentType(null), setPage(2))}>
                  {t("actions.toPayment")}
                </button>
              </div>
            </>
          ) : null}
        </>
      );
      break;
    case 2:
      body = cart ? (
        <>
          <p className="payment-total">
            {t("total", { total: formatYen(total) })}
            <span className="muted small"> {t("taxIncluded")}</span>
          </p>
          {total === 0 ? <p className="muted">{t("method.free")}</p> : null}
          <fieldset className="payment-methods">
            <legend>{t("method.legend")}</legend>
            {([PAYMENT_TYPE.card, PAYMENT_TYPE.allCoin, PAYMENT_TYPE.partCoin] as const).map((type) => (
              <label key={type} className="payment-method">
                <input type="radio" name="paymentType" value={type} checked={paymentType === type} onChange={() => setPaymentType(type)} />
                {t(`method.type${type}`)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="coin-payment">{t("method.coinAmount")}</label>
            <input
              id="coin-payment"
              type="number"
              inputMode="numeric"
              min={0}
              max={total}
              step={1}
              value={coinInput}
              disabled={paymentType !== PAYMENT_TYPE.partCoin}
              onChange={(e) => setCoinInput(e.target.value)}
              onBlur={() => setCoinInput(String(clampCoinAmount(parseCoinAmount(coinInput), total)))}
            />
            {paymentType === PAYMENT_TYPE.partCoin ? <p className="muted small">{t("method.cardMinimum", { min: formatYen(cart.minCardAmount) })}</p> : null}
          </div>
          <div className="payment-balance">
            <span data-testid="coin-balance">{t("balance", { balance: formatCoins(balance) })}</span>
            <button type="button" className="button button-small button-secondary" onClick={() => void refreshBalance()} aria-busy={refreshing}>
              {refreshing ? t("actions.refreshing") : t("actions.refresh")}
            </button>
            <a className="small" href={links.user("/me/coins")}>
              {t("actions.chargeCoins")}
            </a>
          </div>
          <p className="muted small">{cart.card ? t("method.cardOnFile", { brand: cart.card.brand.toUpperCase(), last4: cart.card.last4 }) : t("method.noCard")}</p>
          {renewal && showCoinForRenewalCheckbox({ cartHasPlan, paymentType, alreadyEnabled: renewal.alreadyEnabled }) ? (
            <label className="checkbox">
              <input type="checkbox" checked={renewal.checked} onChange={(e) => void toggleRenewal(e.target.checked)} /> {t("method.coinForRenewal")}
            </label>
          ) : null}
          <div className="dialog-actions">
            {start.kind === "plan" || start.kind === "item" ? (
              <button type="button" className="button button-secondary" onClick={() => setPage(start.kind === "item" ? start.page : 1)}>
                {t("actions.back")}
              </button>
            ) : null}
            <button type="button" className="button" onClick={toConfirm}>
              {t("actions.next")}
            </button>
          </div>
        </>
      ) : null;
      break;
    case 3:
      body =
        cart && split ? (
          <>
            <CartItems cart={cart} detailed />
            <dl className="payment-summary">
              <div>
                <dt>{t("confirm.chargeNow")}</dt>
                <dd data-testid="charge-now">{formatYen(cart.total)}</dd>
              </div>
              {split.card > 0 ? (
                <div>
                  <dt>{cart.card ? t("confirm.card", { brand: cart.card.brand.toUpperCase(), last4: cart.card.last4 }) : t("method.type0")}</dt>
                  <dd>{formatYen(split.card)}</dd>
                </div>
              ) : null}
              {split.coins > 0 ? (
                <div>
                  <dt>{t("confirm.coins")}</dt>
                  <dd>{formatCoins(split.coins)}</dd>
                </div>
              ) : null}
            </dl>
            <p className="payment-no-refund">{t("common:money.noRefund")}</p>
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={() => setPage(2)} disabled={busy}>
                {t("actions.back")}
              </button>
              <button type="button" className="button" onClick={() => void pay()} disabled={busy} data-testid="pay">
                {cart.total === 0 ? t("actions.joinFree") : t("actions.pay", { amount: formatYen(cart.total) })}
              </button>
            </div>
          </>
        ) : null;
      break;
    case 4:
      body = (
        <>
          <p className="flash">{t("done.lead")}</p>
          {cart ? <CartItems cart={cart} detailed /> : null}
          {done ? (
            <p className="muted small">
              {t("done.paid", { total: formatYen(done.total) })}
              {done.cardAmount > 0 ? ` ${t("done.card", { amount: formatYen(done.cardAmount) })}` : ""}
              {done.coinAmount > 0 ? ` ${t("done.coins", { amount: formatCoins(done.coinAmount) })}` : ""}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => close(true)}>
              {t("actions.close")}
            </button>
          </div>
        </>
      );
      break;
    case 30:
      body = current ? (
        <>
          <p>
            <strong>{current.name}</strong> <span className="muted small">{t("plan.monthly", { price: formatYen(current.price) })}</span>
          </p>
          {membership ? (
            <>
              <p className="muted small">
                {t("history.memberNumber", { number: String(membership.memberNumber) })}
                {membership.nextRenewalAt && membership.status === "active" ? ` · ${t("history.nextRenewal", { date: formatLocalDate(locale, membership.nextRenewalAt), price: formatYen(current.price) })}` : ""}
              </p>
              {membership.status === "unpaid" ? (
                <p className="flash flash-warn">
                  {t("history.unpaid")}{" "}
                  <button type="button" className="link-button" onClick={() => void openExpired()}>
                    {t("actions.toPayment")}
                  </button>
                </p>
              ) : null}
              <h3>{t("history.title")}</h3>
              {membership.payments.length === 0 ? (
                <p className="muted">{t("history.empty")}</p>
              ) : (
                <table className="payment-history">
                  <tbody>
                    {membership.payments.map((p, i) => (
                      <tr key={i}>
                        <td>{formatLocalMonth(locale, p.month)}</td>
                        <td>{t(`history.kind.${p.kind}`)}</td>
                        <td>{p.planName}</td>
                        <td className="number">{formatYen(p.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setPage(31)}>
              {t("actions.stopSupport")}
            </button>
            <button type="button" className="button" onClick={() => setPage(40)}>
              {t("actions.changePlan")}
            </button>
          </div>
        </>
      ) : null;
      break;
    case 31:
      body = current ? (
        <>
          <p>{t("leave.lead", { plan: current.name })}</p>
          <ul className="payment-warnings" data-testid="leave-warnings">
            <li>{t("leave.warnPosts", { date: membership?.nextRenewalAt && membership.status === "active" ? formatLocalDate(locale, membership.nextRenewalAt - 1) : formatLocalDate(locale, Date.now()) })}</li>
            <li>{t("leave.warnFullMonth")}</li>
            <li>{t("leave.warnRejoin")}</li>
            <li>{t("leave.warnNumber")}</li>
          </ul>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setPage(30)} disabled={busy}>
              {t("actions.back")}
            </button>
            <button type="button" className="button button-danger" onClick={() => void leave()} disabled={busy}>
              {t("actions.confirmLeave")}
            </button>
          </div>
        </>
      ) : null;
      break;
  }

  return (
    <dialog
      ref={ref}
      className="modal payment-modal"
      aria-labelledby="payment-modal-title"
      data-testid="payment-modal"
      data-page={page ?? "loading"}
      onCancel={(e) => {
        e.preventDefault();
        close(page === 4);
      }}
    >
      <div className="modal-header">
        <h2 id="payment-modal-title">{page === null ? t("loading") : item ? t(item.titleKey) : titles[page as Exclude<Page, ItemPageNumber>]}</h2>
        <button type="button" className="modal-close" aria-label={t("actions.close")} onClick={() => close(page === 4)}>
          ×
        </button>
      </div>
      <div className="modal-body">{body}</div>
    </dialog>
  );
}

/** What paying promises, in words: yen now, from when, the month it pays, the next renewal. */
type QuoteView = { chargeNow: number; effectiveAt: number; month: string | null; nextRenewalAt: number; renewalPrice: number };

function quoteView(quote: PlanQuote | null): QuoteView | null {
  if (!quote || quote.kind === "current" || quote.kind === "unavailable" || quote.kind === "leave") return null;
  return { chargeNow: quote.chargeNow, effectiveAt: quote.effectiveAt, month: quote.grantsMonth, nextRenewalAt: quote.nextRenewalAt, renewalPrice: quote.renewalPrice };
}

function QuoteLines({ quote }: { quote: QuoteView }) {
  const { t, locale } = useTranslation("payments");
  return (
    <dl className="payment-quote">
      <div>
        <dt>{t("quote.chargeNow")}</dt>
        <dd>{quote.chargeNow === 0 ? t("quote.nothing") : formatYen(quote.chargeNow)}</dd>
      </div>
      <div>
        <dt>{t("quote.effective")}</dt>
        <dd>{t("quote.now", { date: formatLocalDate(locale, quote.effectiveAt) })}</dd>
      </div>
      {quote.month ? (
        <div>
          <dt>{t("quote.month")}</dt>
          <dd>{formatLocalMonth(locale, quote.month)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t("quote.nextRenewal")}</dt>
        <dd>{t("quote.renewalLine", { date: formatLocalDate(locale, quote.nextRenewalAt), price: formatYen(quote.renewalPrice) })}</dd>
      </div>
    </dl>
  );
}

function PlanPage({ plan, busy, onChoose, onPlans, onExpired }: { plan: PlanJson; busy: boolean; onChoose: (p: PlanJson) => void; onPlans: (() => void) | null; onExpired: () => void }) {
  const { t } = useTranslation("payments");
  const quote = plan.quote;
  const view = quoteView(quote);
  const closed = plan.disabledAt !== null || plan.isCloseApplied || (quote?.kind === "unavailable" && quote.reason === "planClosed");
  const unpaid = quote?.kind === "unavailable" && quote.reason === "unpaid";
  const action = plan.planGrade === "downgrade" ? t("actions.downgrade") : plan.planGrade === "upgrade" ? t("actions.upgrade") : t("actions.join");
  return (
    <>
      <div className="payment-plan" data-plan={plan.name}>
        {plan.iconImageUrl ? <img src={plan.iconImageUrl} alt="" width={56} height={56} /> : null}
        <div>
          <p className="muted small">{plan.fanclubName}</p>
          <h3>{plan.name}</h3>
          <p>
            {plan.price === 0 ? t("plan.free") : t("plan.monthly", { price: formatYen(plan.price) })} <span className="muted small">{t("taxIncluded")}</span>
          </p>
        </div>
      </div>
      {plan.description ? <p className="pre-wrap payment-plan-description">{plan.description}</p> : null}
      {closed ? (
        <p className="flash flash-error">{t("errors.planUnavailable")}</p>
      ) : unpaid ? (
        <p className="flash flash-warn">
          {t("errors.planUnpaid")}{" "}
          <button type="button" className="link-button" onClick={onExpired}>
            {t("actions.toPayment")}
          </button>
        </p>
      ) : view ? (
        <>
          {plan.planGrade === "downgrade" ? <p className="muted small">{t("quote.downgradeNote")}</p> : null}
          <QuoteLines quote={view} />
        </>
      ) : null}
      <div className="dialog-actions">
        {onPlans ? (
          <button type="button" className="button button-secondary" onClick={onPlans}>
            {t("actions.planList")}
          </button>
        ) : null}
        {!closed && !unpaid ? (
          <button type="button" className="button" disabled={busy} onClick={() => onChoose(plan)} data-testid="choose-plan">
            {action}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The cart's items; `detailed` adds each one's quote or its kind's lines (page 3 and the finish page). */
function CartItems({ cart, detailed = false }: { cart: CartPayload; detailed?: boolean }) {
  const { t } = useTranslation("payments");
  return (
    <ul className="payment-items">
      {cart.carts.map((item) => (
        <li key={item.id} className="payment-item" data-item-type={item.type} data-plan={item.plan?.name}>
          <div className="payment-item-head">
            <span>
              <span className="muted small">{item.fanclub.name}</span> <strong>{item.title}</strong>
              {item.quantity > 1 ? <span className="small"> × {item.quantity}</span> : null}
            </span>
            <span className="badge">{item.quote ? t(`quote.kind.${item.quote.kind}`) : t(`itemType.${item.type}`)}</span>
          </div>
          {detailed && item.quote ? <QuoteLines quote={item.quote} /> : null}
          {detailed && !item.quote ? <ItemLines item={item} /> : null}
          {!detailed || !item.quote ? <p className="small">{formatYen(item.price)}</p> : null}
        </li>
      ))}
    </ul>
  );
}
