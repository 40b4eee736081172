import { useEffect, useRef, useState } from "react";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { stripeJs, stripeLocale, type StripeElements, type StripeJs } from "~/components/wallet/stripe-js";

/**
 * Card registration with Stripe Elements (lazy chunk, only with a Stripe key): the card number is
 * typed into Stripe's frame and never reaches our server. Our server makes the SetupIntent, the
 * browser confirms it, Stripe sends the fan back to this page with `?setup_intent=…`, and the
 * page's loader stores the card after checking the SetupIntent belongs to this fan.
 */
export default function StripeCardForm({ publishableKey, returnTo }: { publishableKey: string; returnTo: string | null }) {
  const { t, locale } = useTranslation("wallet");
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "submitting" | "failed">("loading");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    let element: { destroy(): void } | null = null;
    (async () => {
      const setup = await callApi<{ clientSecret?: string }>("/me/card_registration", { method: "POST", body: {} });
      if (!setup.success || !setup.payload.clientSecret)
        throw new Error(setup.payload.message ?? `card_registration answered ${setup.status}`);
      const stripe = await stripeJs(publishableKey);
      if (!alive || !mountRef.current) return;
      const elements = stripe.elements({ clientSecret: setup.payload.clientSecret, locale: stripeLocale(locale) });
      const payment = elements.create("payment");
      payment.mount(mountRef.current);
      element = payment;
      stripeRef.current = { stripe, elements };
      setState("ready");
    })().catch(() => {
      if (!alive) return;
      setState("failed");
      setError(t("card.stripeUnavailable"));
    });
    return () => {
      alive = false;
      element?.destroy();
    };
  }, [publishableKey, locale, t]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const s = stripeRef.current;
    if (!s || state !== "ready") return;
    setState("submitting");
    setError(null);
    const back = new URL("/me/card_registration", window.location.origin);
    if (returnTo) back.searchParams.set("returnTo", returnTo);
    // On success the browser leaves for the bank's page or straight back to `back`.
    const { error: failure } = await s.stripe.confirmSetup({ elements: s.elements, confirmParams: { return_url: back.toString() } });
    setError(failure?.message ?? t("cardErrors.card_declined"));
    setState("ready");
  };

  return (
    <form className="form stripe-card-form" onSubmit={submit} aria-busy={state === "loading" || state === "submitting"}>
      <div ref={mountRef} className="stripe-element" />
      {state === "loading" ? <p className="muted">{t("card.loading")}</p> : null}
      {error ? (
        <p className="flash flash-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={state !== "ready"}>
          {state === "submitting" ? t("card.submitting") : t("card.submit")}
        </button>
      </div>
    </form>
  );
}
