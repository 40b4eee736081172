import { useTranslation } from "~/lib/i18n";
import { formatCoins, formatYen } from "../../../server/domain/number-display";

/**
 * What a payment took from each means (spec §9: coins, a card, or both), in the same words on every
 * purchase history. The cart pays one thing at a time, so a purchase's split is its line's.
 */
export function PaymentSplit({ coins, card }: { coins: number; card: number }) {
  const { t } = useTranslation("common");
  const parts = [
    card > 0 ? t("paymentSplit.card", { amount: formatYen(card) }) : null,
    coins > 0 ? t("paymentSplit.coins", { amount: formatCoins(coins) }) : null,
  ].filter((p): p is string => p !== null);
  return <span className="payment-split">{parts.length > 0 ? parts.join(" / ") : t("paymentSplit.free")}</span>;
}
