import { useTranslation } from "~/lib/i18n";
import { formatYen, formatCoins } from "../../../../server/domain/number-display";
import type { CartPayload } from "../types";
import { CartItems } from "./cart-items";

/** Page 3: the cart with each item's quote, what the card and the coins pay, and the pay button. */
export function ConfirmPage({
  cart,
  split,
  busy,
  onBack,
  onPay,
}: {
  cart: CartPayload;
  split: { coins: number; card: number };
  busy: boolean;
  onBack: () => void;
  onPay: () => void;
}) {
  const { t } = useTranslation("payments");
  return (
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
        <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
          {t("actions.back")}
        </button>
        <button type="button" className="button" onClick={onPay} disabled={busy} data-testid="pay">
          {cart.total === 0 ? t("actions.joinFree") : t("actions.pay", { amount: formatYen(cart.total) })}
        </button>
      </div>
    </>
  );
}
