/**
 * The coin ledger's rules, free of the database: which lots a spend takes from, and the postings
 * of every kind of movement. `entryPostings` is the only place postings are built, so the
 * double-entry rule (the postings of an entry sum to zero) is checked in one spot before anything
 * is written (docs/decisions/014).
 */

/** Kinds of ledger entries the services write. */
export type CoinEntryKind = "charge" | "bonus" | "spend" | "expire";

/** System accounts, seeded by migration 0007: the other side of each movement. */
type SystemAccountCode = "issued:card" | "issued:bonus" | "revenue" | "expired";

/** Where the coins of each kind of entry come from or go to. */
const COUNTER_ACCOUNT: Record<CoinEntryKind, SystemAccountCode> = {
  charge: "issued:card",
  bonus: "issued:bonus",
  spend: "revenue",
  expire: "expired",
};

/** Whether the entry adds coins to the person (+1) or takes them (−1). */
export const ENTRY_SIGN: Record<CoinEntryKind, 1 | -1> = { charge: 1, bonus: 1, spend: -1, expire: -1 };

export type CoinLotView = {
  id: number;
  kind: "paid" | "bonus";
  remaining: number;
  /** ms since epoch; null for paid coins, which never expire */
  expiresAt: number | null;
  createdAt: number;
};

export function isWholePositive(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

/** A lot can be spent at `now` while it has coins left and has not expired (expiry is exclusive). */
function isLotUsable(lot: CoinLotView, now: number): boolean {
  return lot.remaining > 0 && (lot.expiresAt === null || lot.expiresAt > now);
}

/**
 * The order a spend takes coins in: bonus lots first, the one expiring soonest first (they would
 * otherwise be lost), then paid lots oldest first. Ties fall back to creation and id, so the
 * order is total and a retry after a race allocates the same way.
 */
export function spendOrder(lots: readonly CoinLotView[], now: number): CoinLotView[] {
  return lots
    .filter((lot) => isLotUsable(lot, now))
    .sort((a, b) => {
      if (a.kind !== b.kind) return a.kind === "bonus" ? -1 : 1;
      if (a.kind === "bonus" && a.expiresAt !== b.expiresAt) return a.expiresAt! - b.expiresAt!;
      if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
      return a.id - b.id;
    });
}

type Allocation = { lotId: number; amount: number };
export type AllocationResult = { ok: true; allocations: Allocation[] } | { ok: false; available: number };

/** Takes `amount` coins from the lots in spend order, or says how many are available. */
export function allocateSpend(lots: readonly CoinLotView[], amount: number, now: number): AllocationResult {
  if (!isWholePositive(amount)) throw new RangeError(`a spend is a positive whole number of coins, got ${amount}`);
  const ordered = spendOrder(lots, now);
  const allocations: Allocation[] = [];
  let left = amount;
  for (const lot of ordered) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    allocations.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  if (left > 0) return { ok: false, available: amount - left };
  return { ok: true, allocations };
}

export type SpendableBalance = {
  /** coins that can be spent now */
  balance: number;
  paid: number;
  /** bonus coins by expiry, soonest first */
  bonus: Array<{ amount: number; expiresAt: number }>;
};

/** What a person can spend at `now`; bonus coins that share an expiry are shown together. */
export function spendableBalance(lots: readonly CoinLotView[], now: number): SpendableBalance {
  let paid = 0;
  const bonus = new Map<number, number>();
  for (const lot of spendOrder(lots, now)) {
    if (lot.kind === "paid") paid += lot.remaining;
    else bonus.set(lot.expiresAt!, (bonus.get(lot.expiresAt!) ?? 0) + lot.remaining);
  }
  const bonusList = [...bonus].map(([expiresAt, amount]) => ({ amount, expiresAt }));
  return { balance: paid + bonusList.reduce((sum, b) => sum + b.amount, 0), paid, bonus: bonusList };
}

/** An account as the postings name it: a person's account by id, or a system account by code. */
export type PostingAccount = { userAccountId: number } | { system: SystemAccountCode };

export type PostingPlan = {
  account: PostingAccount;
  /** signed: + into the account */
  amount: number;
  /** the lot taken from; "new" = the lot this entry creates; null on system accounts */
  lot: number | "new" | null;
};

/** A movement of coins for one person; `entryPostings` turns it into balanced postings. */
export type Movement =
  | { kind: "charge" | "bonus"; userAccountId: number; amount: number }
  | { kind: "spend"; userAccountId: number; allocations: readonly Allocation[] }
  | { kind: "expire"; userAccountId: number; lotId: number; amount: number };

export class LedgerInvariantError extends Error {
  override name = "LedgerInvariantError";
}

/**
 * The postings of one entry and the entry's amount. Every person-side posting names a lot; the
 * counter-posting goes to the kind's system account. Throws (before anything is written) when
 * the movement is malformed or the postings would not sum to zero.
 */
export function entryPostings(move: Movement): { amount: number; postings: PostingPlan[] } {
  const user = { userAccountId: move.userAccountId };
  const counter = { system: COUNTER_ACCOUNT[move.kind] };
  let userSide: PostingPlan[];
  switch (move.kind) {
    case "charge":
    case "bonus":
      userSide = [{ account: user, amount: move.amount, lot: "new" }];
      break;
    case "spend": {
      const lots = new Set(move.allocations.map((a) => a.lotId));
      if (lots.size !== move.allocations.length) throw new LedgerInvariantError("a spend takes from each lot once");
      userSide = move.allocations.map((a) => ({ account: user, amount: -a.amount, lot: a.lotId }));
      break;
    }
    case "expire":
      userSide = [{ account: user, amount: -move.amount, lot: move.lotId }];
      break;
  }
  if (userSide.length === 0) throw new LedgerInvariantError("an entry moves at least one coin");
  if (userSide.some((p) => !isWholePositive(Math.abs(p.amount))))
    throw new LedgerInvariantError("postings are whole, non-zero numbers of coins");
  if (userSide.some((p) => Math.sign(p.amount) !== ENTRY_SIGN[move.kind]))
    throw new LedgerInvariantError(`a ${move.kind} moves coins the other way`);
  const userTotal = userSide.reduce((sum, p) => sum + p.amount, 0);
  if (!Number.isSafeInteger(userTotal)) throw new LedgerInvariantError("an entry's amount is a safe integer");
  const postings: PostingPlan[] = [...userSide, { account: counter, amount: -userTotal, lot: null }];
  if (postings.reduce((sum, p) => sum + p.amount, 0) !== 0) throw new LedgerInvariantError("the postings of an entry sum to zero");
  return { amount: Math.abs(userTotal), postings };
}

/** Balance change per account of a set of postings (one UPDATE per account in the batch). */
export function balanceDeltas(postings: readonly PostingPlan[]): Array<{ account: PostingAccount; delta: number }> {
  const byKey = new Map<string, { account: PostingAccount; delta: number }>();
  for (const p of postings) {
    const key = "system" in p.account ? `s:${p.account.system}` : `u:${p.account.userAccountId}`;
    const current = byKey.get(key) ?? { account: p.account, delta: 0 };
    current.delta += p.amount;
    byKey.set(key, current);
  }
  return [...byKey.values()].filter((d) => d.delta !== 0);
}

/** Idempotency keys the ledger writes itself. */
export const coinKeys = {
  expire: (lotId: number) => `expire:${lotId}`,
  campaign: (campaignId: number, userId: number) => `campaign:${campaignId}:${userId}`,
};
