import { useTranslation } from "~/lib/i18n";
import { cardExpiryLabel, maskedCardNumber } from "../../../server/domain/wallet";

/** Brand names as printed on cards; not translated. */
const BRANDS: Record<string, string> = {
  visa: "VISA",
  mastercard: "Mastercard",
  jcb: "JCB",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  unionpay: "UnionPay",
};

function cardBrandName(brand: string, unknown: string): string {
  return BRANDS[brand] ?? unknown;
}

export interface CardView {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** "VISA •••• 4242 (expires 12/30)": all a fan ever sees of a card. */
export function cardLabel(t: ReturnType<typeof useTranslation>["t"], card: CardView): string {
  return t("wallet:card.label", {
    brand: cardBrandName(card.brand, t("wallet:card.unknownBrand")),
    number: maskedCardNumber(card.last4),
    expiry: cardExpiryLabel(card.expMonth, card.expYear),
  });
}

export function CardSummary({ card }: { card: CardView }) {
  const { t } = useTranslation("wallet");
  return (
    <p className="card-summary" data-testid="registered-card">
      <span className="card-brand">{cardBrandName(card.brand, t("card.unknownBrand"))}</span>{" "}
      <span className="card-number">{maskedCardNumber(card.last4)}</span>{" "}
      <span className="muted">{t("card.expires", { expiry: cardExpiryLabel(card.expMonth, card.expYear) })}</span>
    </p>
  );
}
