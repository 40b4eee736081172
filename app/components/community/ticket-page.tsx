import { useEffect, useState } from "react";
import type { ItemPageProps } from "~/components/payments/item-pages";
import type { CartPayload } from "~/components/payments/types";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import type { TicketOnSale } from "../../../server/services/community/special-tickets";

/** GET /special_ticket_types/{id} as the modal reads it. */
type TicketJson = { fanclub: { id: number; name: string; iconImageUrl: string | null }; ticket: TicketOnSale };

const MAX_QUANTITY = 10;

/**
 * Payment modal page 90, a special ticket (docs/decisions/037): what it grants, its price, how long
 * it stays usable and how many the fan holds. Buying follows the fan club first when needed (spec
 * §4, as with products), puts the tickets in the cart and goes on to the payment pages; paying
 * issues them. A ticket no longer on sale shows the server's message and closes.
 */
export default function TicketPage({ id, busy, once, onCart, onFailure, onClose }: ItemPageProps) {
  const { t } = useTranslation("community");
  const [data, setData] = useState<TicketJson | null>(null);
  const [quantity, setQuantity] = useState(1);

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await callApi<TicketJson>(`/special_ticket_types/${id}`);
      if (!live) return;
      if (!result.success) {
        onFailure(result);
        onClose(false);
        return;
      }
      setData(result.payload);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once for the ticket the modal opened with; the callbacks are the modal's
  }, [id]);

  if (!data) return null;
  const { ticket, fanclub } = data;
  const canBuy = ticket.button === "buy" || ticket.button === "followAndBuy";

  const buy = () =>
    once(async () => {
      if (ticket.button === "followAndBuy") {
        const followed = await callApi(`/fanclubs/${fanclub.id}/follow`, { method: "POST" });
        if (!followed.success) return onFailure(followed);
      }
      const result = await callApi<CartPayload>("/me/carts/special_ticket_purchase", { method: "POST", body: { id: ticket.id, quantity } });
      if (!result.success) return onFailure(result);
      onCart(result.payload);
    });

  return (
    <div className="special-ticket-page" data-testid="special-ticket-page">
      <dl className="payment-quote">
        <div>
          <dt>{t("tickets.fields.name")}</dt>
          <dd>
            <span className="muted small">{fanclub.name}</span> <strong>{ticket.name}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("tickets.fields.grants")}</dt>
          <dd className="pre-wrap">{ticket.grants}</dd>
        </div>
        <div>
          <dt>{t("shop.validity")}</dt>
          <dd>{ticket.validDays === null ? t("tickets.noExpiry") : t("shop.validDays", { n: ticket.validDays })}</dd>
        </div>
        <div>
          <dt>{t("shop.price")}</dt>
          <dd>{formatYen(ticket.price)}</dd>
        </div>
        {ticket.held > 0 ? (
          <div>
            <dt>{t("shop.heldLabel")}</dt>
            <dd>{t("shop.held", { n: ticket.held })}</dd>
          </div>
        ) : null}
      </dl>
      <p className="muted small">{t("shop.oneUse")}</p>
      {canBuy ? (
        <label className="field">
          <span className="label">{t("shop.quantity")}</span>
          <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} data-testid="ticket-quantity">
            {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="flash flash-muted small">{t(`shop.buttons.${ticket.button}`)}</p>
      )}
      {ticket.button === "followAndBuy" ? <p className="muted small">{t("shop.followNote")}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => onClose(false)}>
          {t("back")}
        </button>
        {canBuy ? (
          <button type="button" className="button" disabled={busy} onClick={() => void buy()} data-testid="ticket-action">
            {t(`shop.buttons.${ticket.button}`)}
          </button>
        ) : null}
      </div>
    </div>
  );
}
