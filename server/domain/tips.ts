/**
 * Tips (issue 6: post tippings and fan club tips, with an optional message). Pure rules shared by
 * the cart kind (server/services/cart-items/tipping.ts) and the tip page of the payment modal;
 * the amounts are docs/decisions/019.
 */

/** Smallest tip in yen: above the card minimum (50 yen), so a tip can always be paid by card alone. */
export const TIP_MIN_YEN = 100;
/** Largest tip in yen: one tip is a gesture, not a transfer; larger sums go through plans or products. */
export const TIP_MAX_YEN = 100_000;
/** The amounts the tip page offers as buttons; any whole yen in the range can be typed instead. */
export const TIP_PRESETS_YEN = [100, 300, 500, 1_000, 3_000, 5_000, 10_000] as const;
/** Longest message, in characters as a person counts them (code points, so an emoji is one). */
export const TIP_MESSAGE_MAX = 200;

export type TipTargetType = "post_tipping" | "fanclub_tipping";

/** How many characters a message has, the way the page's counter counts them. */
export function messageLength(message: string): number {
  return [...message].length;
}

/** A whole number of yen within the range, or why not. Strings are parsed like the page's field (digits only). */
export function parseTipAmount(raw: unknown): { ok: true; amount: number } | { ok: false; problem: "invalidAmount" } {
  let amount: number;
  if (typeof raw === "number") amount = raw;
  else if (typeof raw === "string" && /^\s*\d{1,9}\s*$/.test(raw)) amount = Number(raw.trim());
  else return { ok: false, problem: "invalidAmount" };
  if (!Number.isSafeInteger(amount) || amount < TIP_MIN_YEN || amount > TIP_MAX_YEN) return { ok: false, problem: "invalidAmount" };
  return { ok: true, amount };
}

/** The message as stored: trimmed, empty = none; too long is refused rather than cut. */
export function normalizeTipMessage(raw: unknown): { ok: true; message: string | null } | { ok: false; problem: "messageTooLong" } {
  if (raw === null || raw === undefined) return { ok: true, message: null };
  const text = String(raw).replace(/\r\n?/g, "\n").trim();
  if (!text) return { ok: true, message: null };
  if (messageLength(text) > TIP_MESSAGE_MAX) return { ok: false, problem: "messageTooLong" };
  return { ok: true, message: text };
}

/** What decides whether this fan may tip this target now. */
export type TipEligibility = {
  /** the fan owns or edits the fan club: nobody tips themselves */
  manages: boolean;
  /** the fan club blocked this fan */
  blocked: boolean;
  /** a post tip: the post's allowTipping, whether this fan may see its body, and whether it is a group announcement; null for a fan club tip */
  post: { allowTipping: boolean; canView: boolean; isGroupPost: boolean } | null;
};

/**
 * Why the fan may not tip, or null. A post must allow tipping (a group announcement never does),
 * and the fan must be able to see it: a locked post is not tipped by someone who cannot read it.
 */
export function tipRefusal(input: TipEligibility): "tippingClosed" | "invalidItem" | null {
  if (input.manages || input.blocked) return "invalidItem";
  if (input.post && (!input.post.allowTipping || input.post.isGroupPost || !input.post.canView)) return "tippingClosed";
  return null;
}

/** The tip's own UNIQUE key, derived from the purchase's: one tip per paid cart line. */
export function tipKey(purchaseKey: string, targetType: TipTargetType, targetId: number): string {
  return `${purchaseKey}:tip:${targetType}:${targetId}`;
}

/** Totals of a list of tips (the creator's page and the post's summary). */
export function tipTotals(rows: readonly { amount: number }[]): { count: number; total: number } {
  return { count: rows.length, total: rows.reduce((sum, r) => sum + r.amount, 0) };
}
