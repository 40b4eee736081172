import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../../server/domain/number-display";
import type { PlanQuote } from "../../../../server/domain/plan-change";
import { ItemLines } from "../item-lines";
import { formatLocalDate, formatLocalMonth } from "../../../../server/domain/jst-time";
import type { CartPayload } from "../types";

// The cart and quote lines several pages of the payment modal show (1, 3, 4, 20).

/** What paying promises, in words: yen now, from when, the month it pays, the next renewal. */
export type QuoteView = { chargeNow: number; effectiveAt: number; month: string | null; nextRenewalAt: number; renewalPrice: number };

export function quoteView(quote: PlanQuote | null): QuoteView | null {
  if (!quote || quote.kind === "current" || quote.kind === "unavailable" || quote.kind === "leave") return null;
  return {
    chargeNow: quote.chargeNow,
    effectiveAt: quote.effectiveAt,
    month: quote.grantsMonth,
    nextRenewalAt: quote.nextRenewalAt,
    renewalPrice: quote.renewalPrice,
  };
}

export function QuoteLines({ quote }: { quote: QuoteView }) {
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

/** The cart's items; `detailed` adds each one's quote or its kind's lines (page 3 and the finish page). */
export function CartItems({ cart, detailed = false }: { cart: CartPayload; detailed?: boolean }) {
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
