import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useMemo, useState } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { Field, FormErrors } from "~/components/form/field";
import { CardSummary } from "~/components/wallet/card-summary";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import walletStyles from "~/styles/wallet.css?url";
import { isUserDomainPath } from "../../../../server/domain/route-guard";
import { cardFormSchema } from "../../../../server/domain/wallet";
import { safeReturnPath } from "../../../../server/domain/return-path";
import type { AppContext } from "../../../../server/context";
import { setFlash } from "../../../../server/http/flash";
import { requireUser } from "../../../../server/http/require-user";
import { cardProblemKey } from "../../../../server/http/wallet-messages";
import { translatorFor } from "../../../../server/i18n";
import { paymentProviderFrom, TEST_CARDS } from "../../../../server/integrations/payments";
import {
  cardRegistrationState,
  finishStripeSetup,
  registerSandboxCard,
  removeRegisteredCard,
} from "../../../../server/services/card-registration";

// Stripe Elements only where Stripe is configured, in its own chunk
const StripeCardForm = lazy(() => import("./stripe-card-form"));

export const handle = { i18n: ["common", "wallet"], breadcrumb: () => ({ label: "wallet:card.title" }) };
export const clientLoader = withNamespaces(["wallet"]);
export const links = () => [{ rel: "stylesheet", href: walletStyles }];

const SETUP_INTENT_ID = /^seti_[A-Za-z0-9_]{1,200}$/;

/**
 * Where a registered card sends the fan: `returnTo` or this page. A user-domain page (/me/coins)
 * is addressed there at once: the route guard would move it anyway, and its redirect would take
 * the 'card registered' message with it.
 */
function landing(app: AppContext, returnTo: string | null): string {
  const path = returnTo ?? "/me/card_registration";
  const pathname = new URL(path, "http://same-origin.invalid").pathname;
  return isUserDomainPath(pathname) && app.hostname !== app.config.userDomain ? `${app.origins.user}${path}` : path;
}

/**
 * /me/card_registration: the fan's card, registered, replaced or removed. `returnTo` (a path on
 * this host) brings the fan back where they came from once a card is registered: the payment
 * dialog sends them here and expects its confirm page back.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"));
  const provider = paymentProviderFrom(app.env);
  const now = Date.now();
  let stripeProblem: "notYours" | "pending" | "canceled" | null = null;
  const setupIntentId = url.searchParams.get("setup_intent");
  if (provider.kind === "stripe" && setupIntentId !== null) {
    // Stripe sent the fan back after confirmSetup; the query proves nothing, Stripe is asked
    if (!SETUP_INTENT_ID.test(setupIntentId)) throw new Response(null, { status: 400 });
    const done = await finishStripeSetup(app.db, provider, user.id, setupIntentId, now);
    if (done.ok) {
      setFlash(app, [{ type: "info", key: "flash.cardRegistered" }]);
      throw redirect(landing(app, returnTo));
    }
    stripeProblem = done.reason;
  }
  const state = await cardRegistrationState(app.db, provider, user.id, now);
  return {
    title: translatorFor(app.locale, "wallet")("card.title"),
    card: state.card,
    returnTo,
    stripeProblem,
    provider:
      provider.kind === "stripe"
        ? { kind: "stripe" as const, publishableKey: provider.publishableKey }
        : // the sandbox takes Stripe's test numbers only: the page lists them
          {
            kind: "sandbox" as const,
            testCards: TEST_CARDS.filter((c) => c.brand === "visa").map((c) => ({ number: c.number, behaviour: c.behaviour })),
          },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const intentSchema = z.enum(["register", "remove"]);

interface Reply {
  result: SubmissionResult<string[]> | null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "wallet");
  const formData = await request.formData();
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data<Reply>({ result: null }, { status: 400 });
  const returnTo = safeReturnPath(String(formData.get("returnTo") ?? ""));
  const provider = paymentProviderFrom(app.env);
  const now = Date.now();

  if (intent.data === "remove") {
    await removeRegisteredCard(app.db, provider, user.id, now);
    setFlash(app, [{ type: "info", key: "flash.cardRemoved" }]);
    throw redirect(returnTo ? `/me/card_registration?returnTo=${encodeURIComponent(returnTo)}` : "/me/card_registration");
  }

  // With Stripe the number never comes here: Stripe Elements registers the card.
  if (provider.kind !== "sandbox") return data<Reply>({ result: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: cardFormSchema(t) });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply({ hideFields: ["number", "cvc"] }) }, { status: 400 });
  const { number, expiry, cvc } = submission.value;
  const registered = await registerSandboxCard(app.db, provider, user, { number, expMonth: expiry.month, expYear: expiry.year, cvc }, now);
  if (!registered.ok) {
    // the card number and CVC are never sent back into the page
    return data<Reply>(
      {
        result: submission.reply({
          fieldErrors: { [registered.field]: [t(cardProblemKey(registered.code))] },
          hideFields: ["number", "cvc"],
        }),
      },
      { status: 400 },
    );
  }
  setFlash(app, [{ type: "info", key: "flash.cardRegistered" }]);
  throw redirect(landing(app, returnTo));
}

export default function CardRegistration() {
  const { t } = useTranslation("wallet");
  const { card, provider, returnTo, stripeProblem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // a failed registration keeps the form open with its errors
  const [replacing, setReplacing] = useState(() => Boolean(actionData?.result));
  const showForm = !card || replacing;

  return (
    <div className="page wallet-page card-registration">
      <h1>{t("card.title")}</h1>
      <p className="muted">{t("card.lead")}</p>
      {returnTo ? (
        <p className="flash flash-muted">
          {/* a document navigation: the path may belong to another host's pages (the guard moves it) */}
          {t("card.returnNote")} <a href={returnTo}>{t("card.returnLink")}</a>
        </p>
      ) : null}
      {stripeProblem ? (
        <p className="flash flash-error" role="alert">
          {t(`card.stripeProblem.${stripeProblem}`)}
        </p>
      ) : null}

      <section className="card" aria-labelledby="current-card-title">
        <h2 id="current-card-title">{t("card.current")}</h2>
        {card ? (
          <>
            <CardSummary card={card} />
            {card.expired ? (
              <p className="flash flash-warn" role="alert">
                {t("card.expiredNote")}
              </p>
            ) : null}
            <div className="form-actions">
              {replacing ? null : (
                <button type="button" className="button button-secondary" onClick={() => setReplacing(true)}>
                  {t("card.replace")}
                </button>
              )}
              <RemoveCardForm returnTo={returnTo} />
            </div>
          </>
        ) : (
          <p className="empty-state">{t("card.none")}</p>
        )}
      </section>

      {showForm ? (
        <section className="card" aria-labelledby="card-form-title">
          <h2 id="card-form-title">{card ? t("card.replaceTitle") : t("card.registerTitle")}</h2>
          {provider.kind === "stripe" ? (
            <Suspense fallback={<p className="muted">{t("card.loading")}</p>}>
              <StripeCardForm publishableKey={provider.publishableKey} returnTo={returnTo} />
            </Suspense>
          ) : (
            <SandboxCardForm
              returnTo={returnTo}
              lastResult={actionData?.result ?? null}
              testCards={provider.testCards}
              onCancel={card ? () => setReplacing(false) : undefined}
            />
          )}
          <p className="muted small">{t("card.brands")}</p>
        </section>
      ) : null}
    </div>
  );
}

function RemoveCardForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation("wallet");
  const dialog = useDialog();
  const submit = useSubmit();
  const navigation = useNavigation();
  return (
    <Form
      method="post"
      onSubmit={async (event) => {
        // ask first; without JavaScript the form posts directly
        event.preventDefault();
        const form = event.currentTarget;
        if (await dialog.confirm({ message: t("card.confirmRemove"), okText: t("card.remove") })) submit(form);
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <button type="submit" className="button button-secondary" disabled={navigation.state !== "idle"}>
        {t("card.remove")}
      </button>
    </Form>
  );
}

const BEHAVIOUR_KEYS: Record<string, string> = {
  succeed: "card.testCards.succeed",
  decline_charges: "card.testCards.declineCharges",
  insufficient_funds: "card.testCards.insufficientFunds",
  authenticate: "card.testCards.authenticate",
  decline_registration: "card.testCards.declineRegistration",
};

/** The sandbox's own card form: number, expiry as printed on the card, CVC. */
function SandboxCardForm({
  returnTo,
  lastResult,
  testCards,
  onCancel,
}: {
  returnTo: string | null;
  lastResult: SubmissionResult<string[]> | null;
  testCards: Array<{ number: string; behaviour: string }>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("wallet");
  const navigation = useNavigation();
  const schema = useMemo(() => cardFormSchema(t), [t]);
  const [form, fields] = useForm({
    id: "card-form",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state !== "idle";
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="form card-form" autoComplete="on">
        <input type="hidden" name="intent" value="register" />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <FormErrors errors={form.errors} />
        <Field label={t("card.fields.number")} errors={fields.number.errors} id={fields.number.id}>
          <input
            {...getInputProps(fields.number, { type: "text" })}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
          />
        </Field>
        <div className="card-form-row">
          <Field label={t("card.fields.expiry")} errors={fields.expiry.errors} id={fields.expiry.id} hint={t("card.hints.expiry")}>
            <input {...getInputProps(fields.expiry, { type: "text" })} inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" />
          </Field>
          <Field label={t("card.fields.cvc")} errors={fields.cvc.errors} id={fields.cvc.id} hint={t("card.hints.cvc")}>
            <input {...getInputProps(fields.cvc, { type: "text" })} inputMode="numeric" autoComplete="cc-csc" />
          </Field>
        </div>
        <div className="form-actions">
          {onCancel ? (
            <button type="button" className="button button-secondary" onClick={onCancel}>
              {t("card.cancel")}
            </button>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("card.submitting") : t("card.submit")}
          </button>
        </div>
      </Form>
      <details className="sandbox-note">
        <summary>{t("card.testCards.title")}</summary>
        <p className="muted small">{t("card.testCards.lead")}</p>
        <ul className="small">
          {testCards.map((c) => (
            <li key={c.number}>
              <code>{c.number.replace(/(\d{4})(?=\d)/g, "$1 ")}</code> — {t(BEHAVIOUR_KEYS[c.behaviour] ?? "card.testCards.succeed")}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
