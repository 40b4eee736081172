import type { CartItemKind } from "./kind";
import { lessonKind } from "./lesson";
import { liveTicketKind } from "./live-ticket";
import { planKind } from "./plan";
import { productKind } from "./product";
import { raffleKind } from "./raffle";
import { specialTicketKind } from "./special-ticket";
import { tippingKind } from "./tipping";

export * from "./kind";

/**
 * The kinds the cart sells. A new kind is a module beside ./plan.ts and one line here; the cart,
 * the purchase, the modal's generic lines and the purchase histories pick it up.
 */
const KINDS: readonly CartItemKind[] = [planKind, tippingKind, liveTicketKind, raffleKind, productKind, specialTicketKind, lessonKind];

const BY_TYPE = new Map<string, CartItemKind>(KINDS.map((k) => [k.type, k]));

export function cartItemKind(type: string): CartItemKind | null {
  return BY_TYPE.get(type) ?? null;
}
