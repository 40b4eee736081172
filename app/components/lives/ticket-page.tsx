import { useEffect, useState } from "react";
import type { ItemPageProps } from "~/components/payments/item-pages";

import type { CartPayload } from "~/components/payments/types";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import type { CartItemView } from "../../../server/services/cart-items/kind";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import type { LiveDetail } from "../../../server/services/live-events";
import { formatYen } from "../../../server/domain/number-display";
import { formatJstDateTime } from "../../../server/domain/jst-time";

type TicketInfo = NonNullable<LiveDetail> & { ticketTypeId: number };

/**
 * Payment modal page 10, live ticket (spec §4 live ticket flow): the event, its schedule, the
 * ticket type and price. Paid: follow first when needed, add the cart, on to page 2. Free: follow
 * when needed, get it at once (free_ticket_purchase), on to page 4. A ticket that cannot be found
 * shows the error and closes.
 */
export default function LiveTicketPage({ id, busy, once, onCart, onFinished, onFailure, onClose }: ItemPageProps) {
  const { t } = useTranslation("lives");
  const [info, setInfo] = useState<TicketInfo | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await callApi<TicketInfo>(`/live_events/ticket_types/${id}`);
      if (!live) return;
      if (!result.success || !result.payload.ticketTypes.some((tt) => tt.id === id)) {
        onFailure(result.success ? { ...result, payload: { message: t("modal.missing") } } : result);
        onClose(false);
        return;
      }
      setInfo(result.payload);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page loads its ticket once per id; the callbacks are the modal's
  }, [id]);

  if (!info) return <p className="muted">{t("modal.title")}…</p>;
  const type = info.ticketTypes.find((tt) => tt.id === id)!;
  const free = type.price === 0;
  const following = info.viewer.following;
  const label = free ? (following ? t("public.get") : t("public.followAndGet")) : following ? t("public.buy") : t("public.followAndBuy");

  const take = () =>
    once(async () => {
      if (!following) {
        const followed = await callApi(`/fanclubs/${info.fanclub.id}/follow`, { method: "POST" });
        if (!followed.success) return onFailure(followed);
      }
      if (!free) {
        const added = await callApi<CartPayload>("/me/carts", {
          method: "POST",
          body: { type: "LiveEventTicket", id, target_type: "live_event_ticket" },
        });
        if (!added.success) return onFailure(added);
        return onCart(added.payload);
      }
      const got = await callApi<CartItemView & { purchase: PurchaseSummary | null }>("/me/carts/free_ticket_purchase", {
        method: "POST",
        body: { id },
      });
      if (!got.success) return onFailure(got);
      const { purchase, ...item } = got.payload;
      const cart: CartPayload = {
        carts: [item],
        cartVersion: 0,
        total: 0,
        coinBalance: 0,
        card: null,
        useCoinSubscription: false,
        minCardAmount: 0,
      };
      onFinished(cart, purchase ?? { id: 0, total: 0, coinAmount: 0, cardAmount: 0, createdAt: Date.now(), items: [] });
    });

  return (
    <div className="live-ticket-page" data-live-ticket-page={id}>
      <dl className="payment-quote">
        <div>
          <dt>{t("modal.event")}</dt>
          <dd>
            <span className="muted small">{info.fanclub.name}</span> <strong>{info.event.title}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("modal.schedule")}</dt>
          <dd>{t("public.schedule", { start: formatJstDateTime(info.event.startAt), end: formatJstDateTime(info.event.endAt) })}</dd>
        </div>
        <div>
          <dt>{t("modal.ticket")}</dt>
          <dd>{type.title}</dd>
        </div>
        <div>
          <dt>{t("modal.price")}</dt>
          <dd>{free ? t("modal.free") : formatYen(type.price)}</dd>
        </div>
      </dl>
      {info.viewer.ticket ? (
        <p className="flash flash-muted">{t("public.yourTicket", { title: info.viewer.ticket.title })}</p>
      ) : type.saleState !== "onSale" ? (
        <p className="flash flash-muted">{type.saleState === "soldOut" ? t("public.soldOut") : t("public.closed")}</p>
      ) : (
        <>
          {following ? null : <p className="muted small">{t("modal.followNote")}</p>}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => onClose(false)}>
              {t("payments:actions.close")}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void take()} data-live-ticket-action>
              {label}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
