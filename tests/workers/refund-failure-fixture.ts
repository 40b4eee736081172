import { env, SELF } from "cloudflare:test";
import { sandboxPaymentProvider } from "../../server/integrations/payments";
import { hosts } from "./helpers";

/**
 * Stripe's late refund failure, as the local sandbox simulates it: a `refund.failed` event signed
 * with the sandbox's webhook secret, posted to the real webhook route like Stripe's own delivery.
 */

const sandbox = sandboxPaymentProvider();

type FailedRefund = { refundId: string; chargeId: string; amountYen: number; metadata?: Record<string, string>; eventId?: string };

/** The signed delivery of a refund's failure (kept, so it can be delivered again as Stripe retries). */
export function refundFailure(refund: FailedRefund): Promise<{ payload: string; signature: string }> {
  return sandbox.simulateRefundFailure(refund);
}

/** Posts a signed delivery to the webhook route; answers the status and body. */
export async function deliverWebhook(delivery: { payload: string; signature: string }): Promise<{ status: number; body: unknown }> {
  const res = await SELF.fetch(`http://${hosts.www}/webhooks/stripe`, {
    method: "POST",
    body: delivery.payload,
    headers: { "stripe-signature": delivery.signature, "content-type": "application/json" },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** The paid seat of `userId` in a cancelled slot, with the card refund the cancel made for it. */
export async function refundedSeat(slotId: number, userId: number) {
  const seat = await env.DB.prepare(
    `SELECT r.id, r.refund_id, r.refunded_at, r.price, p.card_charge_id, p.card_amount
       FROM lesson_reservations r JOIN purchases p ON p.id = r.purchase_id WHERE r.slot_id = ? AND r.user_id = ?`,
  )
    .bind(slotId, userId)
    .first<{
      id: number;
      refund_id: string | null;
      refunded_at: number | null;
      price: number;
      card_charge_id: string;
      card_amount: number;
    }>();
  if (!seat) throw new Error(`no seat of user ${userId} in slot ${slotId}`);
  return seat;
}

/** The failure of the card refund a cancelled seat received, as Stripe would deliver it. */
export function seatRefundFailure(seat: Awaited<ReturnType<typeof refundedSeat>>, eventId?: string) {
  if (!seat.refund_id) throw new Error(`seat ${seat.id} has no card refund`);
  return refundFailure({
    refundId: seat.refund_id,
    chargeId: seat.card_charge_id,
    amountYen: Math.min(seat.card_amount, seat.price),
    metadata: { lessonReservationId: String(seat.id) },
    ...(eventId ? { eventId } : {}),
  });
}
