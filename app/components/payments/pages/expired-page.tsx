import { useTranslation } from "~/lib/i18n";
import type { CartPayload } from "../types";
import { CartItems } from "./cart-items";

const AUTO_LEAVE_DAY = 7;

/** Page 20: an expired (unpaid) plan, paid through its cart; or why that cart could not be made. */
export function ExpiredPage({ notice, cart, onToPayment }: { notice: string | null; cart: CartPayload | null; onToPayment: () => void }) {
  const { t } = useTranslation("payments");
  return (
    <>
      {notice ? <p className="flash flash-muted">{notice}</p> : null}
      {cart && !notice ? (
        <>
          <p>{t("expired.lead", { day: String(AUTO_LEAVE_DAY) })}</p>
          <CartItems cart={cart} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onToPayment}>
              {t("actions.toPayment")}
            </button>
          </div>
        </>
      ) : null}
    </>
  );
}
