import { useTranslation } from "~/lib/i18n";
import { formatYen, formatCoins } from "../../../../server/domain/number-display";
import type { PurchaseSummary } from "../../../../server/services/cart-purchase";
import type { CartPayload } from "../types";
import { CartItems } from "./cart-items";

/** Page 4: the purchase went through; what was bought and how it was paid. */
export function DonePage({ cart, done, onClose }: { cart: CartPayload | null; done: PurchaseSummary | null; onClose: () => void }) {
  const { t } = useTranslation("payments");
  return (
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
        <button type="button" className="button" onClick={onClose}>
          {t("actions.close")}
        </button>
      </div>
    </>
  );
}
