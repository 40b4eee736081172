/**
 * The earnings ledger's rules, free of the database (docs/decisions/029): which fee and tax rate
 * applies when, how a sale and a refund split into the creator's net, the platform fee and the
 * consumption tax on the fee, the postings of every entry, and when a month closes.
 *
 * Rounding: fee = floor(gross × fee rate), tax = floor(fee × tax rate), net = gross − fee − tax.
 * Every yen of the gross lands in exactly one of the three, so no yen appears or vanishes; the
 * platform bears the fractions (the creator's net is never rounded down). A refund reverses its
 * sale in proportion, never taking more of a part than is left of it, so a sale refunded in parts
 * ends exactly at zero (`refundSplit`).
 */

import { billingMonthOf, compareMonths, jstDayStartMs, nextMonth, type BillingMonth } from "./billing-month";

export type EarningKind = "plan" | "product" | "live_ticket" | "raffle" | "tip" | "lesson";
export type RateKind = EarningKind | "consumption_tax";

/** A rate in basis points (1/100 %): 1000 = 10 %. */
export type DatedRate = { kind: RateKind; rateBp: number; effectiveFrom: number };

const BP = 10_000;

/**
 * The default rates, from the beginning of time until a row of `earning_rates` with a later
 * `effectiveFrom` says otherwise (issue 19's defaults): plans 10 %, products 8 %, live tickets
 * 30 %, raffles and tips 10 %, consumption tax on the fee 10 %.
 */
const DEFAULT_EARNING_RATES: readonly DatedRate[] = [
  { kind: "plan", rateBp: 1000, effectiveFrom: 0 },
  { kind: "product", rateBp: 800, effectiveFrom: 0 },
  { kind: "live_ticket", rateBp: 3000, effectiveFrom: 0 },
  { kind: "raffle", rateBp: 1000, effectiveFrom: 0 },
  { kind: "tip", rateBp: 1000, effectiveFrom: 0 },
  // lessons are held like live events (our room or the creator's tool): the live ticket rate
  { kind: "lesson", rateBp: 3000, effectiveFrom: 0 },
  { kind: "consumption_tax", rateBp: 1000, effectiveFrom: 0 },
];

/** The rate of `kind` at instant `at`: the latest one whose date has come (a change applies from its instant on). */
export function rateAt(rates: readonly DatedRate[], kind: RateKind, at: number): number {
  let best: DatedRate | null = null;
  for (const rate of [...DEFAULT_EARNING_RATES, ...rates]) {
    if (rate.kind !== kind || rate.effectiveFrom > at) continue;
    // on the same instant a stored row wins over a default (it comes later in the list)
    if (!best || rate.effectiveFrom >= best.effectiveFrom) best = rate;
  }
  if (!best) throw new Error(`no ${kind} rate at ${at}`);
  return best.rateBp;
}

export type Split = { gross: number; fee: number; tax: number; net: number };

function assertYen(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number of yen >= 0, got ${n}`);
}

function assertRate(bp: number): void {
  if (!Number.isInteger(bp) || bp < 0 || bp > BP) throw new RangeError(`a rate is 0–10000 basis points, got ${bp}`);
}

/** floor(amount × bp / 10000) in integers only (no floating point on yen). */
function floorShare(amount: number, bp: number): number {
  return Math.floor((amount * bp) / BP);
}

/** A sale of `gross` yen: fee floored, tax on the fee floored, the rest is the creator's. */
export function saleSplit(gross: number, feeRateBp: number, taxRateBp: number): Split {
  assertYen(gross, "gross");
  assertRate(feeRateBp);
  assertRate(taxRateBp);
  // fee plus the tax on it must fit in the gross whatever the amount: fee rate × (1 + tax rate) <= 100 %
  if (feeRateBp * (BP + taxRateBp) > BP * BP) throw new RangeError(`fee ${feeRateBp} bp with tax ${taxRateBp} bp exceeds the gross`);
  const fee = floorShare(gross, feeRateBp);
  const tax = floorShare(fee, taxRateBp);
  return { gross, fee, tax, net: gross - fee - tax };
}

/**
 * A refund of `amount` yen of `sale`, after earlier refunds of the same sale that took
 * `refundedBefore` (positive figures). Returns the positive figures to take back: fee and tax
 * floored in proportion, as in the sale, and never more of any part than is left of it; when the
 * creator's part would exceed what is left of it, the excess comes from the fee, then the tax.
 * So a refund of the whole sale takes back exactly the sale, and refunds in parts add up to it.
 */
export function refundSplit(sale: Split, refundedBefore: Split, amount: number): Split {
  assertYen(amount, "refund");
  const left = {
    gross: sale.gross - refundedBefore.gross,
    fee: sale.fee - refundedBefore.fee,
    tax: sale.tax - refundedBefore.tax,
    net: sale.net - refundedBefore.net,
  };
  if (amount > left.gross) throw new RangeError(`refund of ${amount} exceeds what is left of the sale (${left.gross})`);
  if (left.fee < 0 || left.tax < 0 || left.net < 0) throw new EarningsInvariantError("earlier refunds exceed the sale");
  if (amount === 0) return { gross: 0, fee: 0, tax: 0, net: 0 };
  let fee = Math.min(Math.floor((sale.fee * amount) / sale.gross), left.fee);
  let tax = Math.min(Math.floor((sale.tax * amount) / sale.gross), left.tax);
  let net = amount - fee - tax;
  if (net > left.net) {
    let excess = net - left.net;
    const fromFee = Math.min(excess, left.fee - fee);
    fee += fromFee;
    excess -= fromFee;
    // what is left of the sale covers the refund, so the tax has room for the rest
    tax += excess;
    net = left.net;
  }
  return { gross: amount, fee, tax, net };
}

/**
 * How much of each sale of one payment a refund takes, given each sale's gross and what its
 * refunds took so far, so that the payment's refunds come to `refundedTotal` (cumulative, as the
 * card provider reports it). Sales are taken in order, each up to what is left of it; a total
 * already reached takes nothing, and more than the sales hold is capped at what they hold.
 */
export function allocateRefund(sales: readonly { gross: number; refunded: number }[], refundedTotal: number): number[] {
  assertYen(refundedTotal, "refunded total");
  let need = refundedTotal - sales.reduce((s, x) => s + x.refunded, 0);
  return sales.map((x) => {
    const take = Math.max(0, Math.min(need, x.gross - x.refunded));
    need -= take;
    return take;
  });
}

/**
 * Accounts of the ledger. System accounts have no fan club: 'fans' is the money received from
 * fans (it goes negative by what was captured, back by what was refunded), 'platform_fee' and
 * 'consumption_tax' what the platform keeps. Per fan club: 'creator' is its balance,
 * 'payout_in_progress' what a requested payout holds, 'paid_out' what reached its bank.
 */
type EarningAccount = "fans" | "platform_fee" | "consumption_tax" | "creator" | "payout_in_progress" | "paid_out";

export type Posting = { account: EarningAccount; fanclubId: number | null; amount: number };

export type EntryMovement =
  | { type: "sale"; fanclubId: number; split: Split }
  | { type: "refund"; fanclubId: number; split: Split }
  /** a payout requested: the amount leaves the creator's balance and is held while the transfer runs */
  | { type: "payout"; fanclubId: number; amount: number }
  /** the bank confirmed it */
  | { type: "payout_paid"; fanclubId: number; amount: number }
  /** the transfer failed: the amount returns to the creator's balance */
  | { type: "payout_failed"; fanclubId: number; amount: number };

export class EarningsInvariantError extends Error {}

/**
 * The postings of a movement: the only place they are built. They always sum to zero and none
 * is zero (a zero fee posts nothing). A refund's split is given in positive figures.
 */
export function entryPostings(movement: EntryMovement): Posting[] {
  const f = movement.fanclubId;
  let postings: Posting[];
  switch (movement.type) {
    case "sale":
    case "refund": {
      const s = movement.type === "sale" ? 1 : -1;
      const { gross, fee, tax, net } = movement.split;
      if (gross !== fee + tax + net || [gross, fee, tax, net].some((n) => !Number.isSafeInteger(n) || n < 0))
        throw new EarningsInvariantError(`bad split ${JSON.stringify(movement.split)}`);
      postings = [
        { account: "fans", fanclubId: null, amount: -s * gross },
        { account: "creator", fanclubId: f, amount: s * net },
        { account: "platform_fee", fanclubId: null, amount: s * fee },
        { account: "consumption_tax", fanclubId: null, amount: s * tax },
      ];
      break;
    }
    case "payout":
      postings = [
        { account: "creator", fanclubId: f, amount: -movement.amount },
        { account: "payout_in_progress", fanclubId: f, amount: movement.amount },
      ];
      break;
    case "payout_paid":
      postings = [
        { account: "payout_in_progress", fanclubId: f, amount: -movement.amount },
        { account: "paid_out", fanclubId: f, amount: movement.amount },
      ];
      break;
    case "payout_failed":
      postings = [
        { account: "payout_in_progress", fanclubId: f, amount: -movement.amount },
        { account: "creator", fanclubId: f, amount: movement.amount },
      ];
      break;
  }
  if ("amount" in movement && (!Number.isSafeInteger(movement.amount) || movement.amount <= 0))
    throw new EarningsInvariantError(`a payout moves a positive whole number of yen, got ${movement.amount}`);
  const nonZero = postings.filter((p) => p.amount !== 0);
  if (nonZero.reduce((sum, p) => sum + p.amount, 0) !== 0) throw new EarningsInvariantError("postings do not sum to zero");
  return nonZero;
}

/** What an entry changes on the fan club's 'creator' account: the `net` column every entry stores. */
export function creatorChange(movement: EntryMovement): number {
  return entryPostings(movement)
    .filter((p) => p.account === "creator")
    .reduce((sum, p) => sum + p.amount, 0);
}

/** What a cart line or a membership payment earns as. */
export function earningKindOfTarget(targetType: string): EarningKind {
  switch (targetType) {
    case "join_plan_type":
    case "upgrade_plan_type":
    case "subscribe_plan_type":
      return "plan";
    case "live_event_ticket":
      return "live_ticket";
    // a special ticket sold is digital content, at the product's fee (docs/decisions/037)
    case "special_ticket":
    case "product":
      return "product";
    case "post_tipping":
    case "fanclub_tipping":
      return "tip";
    case "raffle_entry":
      return "raffle";
    case "lesson_slot":
      return "lesson";
    default:
      throw new RangeError(`no earning kind for ${targetType}`);
  }
}

/**
 * The key of the earning of a purchase's item: the purchase's key and the item's place among the
 * purchase's items (their insertion order, which `purchase_items` ids keep), so the purchase's
 * batch and the backfill name the same entry.
 */
export function purchaseEarningKey(purchaseKeyValue: string, itemIndex: number): string {
  return `${purchaseKeyValue}:earning:${itemIndex}`;
}

/** The key of the earning of a renewal: its month's key ('renewal:{membershipId}:{yyyy-mm}'). */
export function renewalEarningKey(renewalKeyValue: string): string {
  return `${renewalKeyValue}:earning`;
}

/** The Japan-time month a movement at `at` counts in. */
export function earningMonth(at: number): BillingMonth {
  return billingMonthOf(at);
}

/**
 * When a month's earnings become withdrawable: a month closes at 00:00 JST on the day after the
 * `closingDay`-th of the next month (default 10: May closes when June 10 ends), which leaves time
 * for late card captures, chargebacks and the operator's checks.
 */
export type ClosingRule = { closingDay: number };

export const DEFAULT_CLOSING_RULE: ClosingRule = { closingDay: 10 };

export function monthClosesAt(month: BillingMonth, rule: ClosingRule = DEFAULT_CLOSING_RULE): number {
  if (!Number.isInteger(rule.closingDay) || rule.closingDay < 0 || rule.closingDay > 27)
    throw new RangeError(`closing day must be 0–27, got ${rule.closingDay}`);
  return jstDayStartMs(nextMonth(month), rule.closingDay + 1);
}

/** The latest month closed at `now` (every month up to it is withdrawable). */
export function lastClosedMonth(now: number, rule: ClosingRule = DEFAULT_CLOSING_RULE): BillingMonth {
  // the month before last is always closed; the last month is closed once its closing instant passed
  const current = billingMonthOf(now);
  const previous = previousMonth(current);
  return monthClosesAt(previous, rule) <= now ? previous : previousMonth(previous);
}

function previousMonth(month: BillingMonth): BillingMonth {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

export function isMonthClosed(month: BillingMonth, now: number, rule: ClosingRule = DEFAULT_CLOSING_RULE): boolean {
  return compareMonths(month, lastClosedMonth(now, rule)) <= 0;
}

/** The last `count` months up to `month`, oldest first (the sales chart's axis). */
export function monthsEndingAt(month: BillingMonth, count: number): BillingMonth[] {
  const months: BillingMonth[] = [month];
  while (months.length < count) months.unshift(previousMonth(months[0]!));
  return months;
}
