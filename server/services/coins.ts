import { and, desc, eq, lt, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { coinAccounts, coinEntries, coinLots, coinPostings, type CoinEntryRow } from "../../db/schema";
import {
  allocateSpend,
  balanceDeltas,
  coinKeys,
  entryPostings,
  ENTRY_SIGN,
  isWholePositive,
  spendableBalance,
  type CoinEntryKind,
  type CoinLotView,
  type Movement,
  type PostingAccount,
  type PostingPlan,
  type SpendableBalance,
} from "../domain/coin-ledger";

/**
 * The coin wallet (docs/decisions/014). Every effect is one D1 `batch()` (a transaction): the
 * entry with its UNIQUE idempotency key, its postings, the lots and the balances, plus whatever
 * the caller's purpose adds, land together or not at all. Overdrafts are refused by CHECK
 * constraints inside that batch, never by a read-then-write in code.
 */

export type CoinEntry = CoinEntryRow;

/**
 * Statements the caller adds to the money batch so the money and its purpose land together (a
 * purchase row, a membership month). `entryId` is an SQL expression for the new entry's id.
 * Called again for every attempt: return fresh builders each time.
 */
type ExtraStatements = (entry: { key: string; entryId: SQL }) => BatchItem<"sqlite">[];

/** The same key was used for a different movement: a bug in the caller, never retried. */
export class CoinKeyConflictError extends Error {
  override name = "CoinKeyConflictError";
  constructor(readonly key: string) {
    super(`idempotency key ${key} already names a different coin movement`);
  }
}

/** How many times a spend re-reads and retries after a concurrent spend won the race. */
const SPEND_ATTEMPTS = 6;

const POSTINGS_PER_STATEMENT = 20;

const entryIdOf = (key: string) => sql`(SELECT "id" FROM "coin_entries" WHERE "idempotency_key" = ${key})`;
const newLotIdOf = (key: string) => sql`(SELECT "id" FROM "coin_lots" WHERE "entry_id" = ${entryIdOf(key)})`;
const systemAccountId = (code: string) => sql`(SELECT "id" FROM "coin_accounts" WHERE "code" = ${code})`;

function accountIdSql(account: PostingAccount): SQL | number {
  return "system" in account ? systemAccountId(account.system) : account.userAccountId;
}

/** A CHECK of the ledger refused the batch: someone else spent the same coins first. */
function isOverdraft(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /CHECK constraint failed/i.test(text) && /coin_lots_remaining_range|coin_accounts_balance_not_negative/.test(text);
}

async function entryByKey(db: Db, key: string): Promise<CoinEntry | undefined> {
  return db.select().from(coinEntries).where(eq(coinEntries.idempotencyKey, key)).get();
}

/** The first movement under `key`, after checking it is the same movement being asked again. */
function replayOf(existing: CoinEntry, expected: { userId: number; kind: CoinEntryKind; amount: number }): CoinEntry {
  if (existing.userId !== expected.userId || existing.kind !== expected.kind || existing.amount !== expected.amount) {
    throw new CoinKeyConflictError(existing.idempotencyKey);
  }
  return existing;
}

/** The person's account id, or null before their first credit. */
async function coinAccountId(db: Db, userId: number): Promise<number | null> {
  const row = await db.select({ id: coinAccounts.id }).from(coinAccounts).where(eq(coinAccounts.userId, userId)).get();
  return row?.id ?? null;
}

async function ensureCoinAccount(db: Db, userId: number, now: number): Promise<number> {
  const existing = await coinAccountId(db, userId);
  if (existing !== null) return existing;
  // a bare account moves no money; racing creators meet on the unique user_id
  await db
    .insert(coinAccounts)
    .values({ kind: "user", userId, balance: 0, createdAt: new Date(now) })
    .onConflictDoNothing({ target: coinAccounts.userId });
  const id = await coinAccountId(db, userId);
  if (id === null) throw new Error(`no coin account for user ${userId}`);
  return id;
}

function lotView(row: { id: number; kind: "paid" | "bonus"; remaining: number; expiresAt: Date | null; createdAt: Date }): CoinLotView {
  return {
    id: row.id,
    kind: row.kind,
    remaining: row.remaining,
    expiresAt: row.expiresAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}

const openLotColumns = {
  id: coinLots.id,
  accountId: coinLots.accountId,
  kind: coinLots.kind,
  remaining: coinLots.remaining,
  expiresAt: coinLots.expiresAt,
  createdAt: coinLots.createdAt,
};

// literal conditions (not bound parameters) so SQLite can use the partial indexes on coin_lots
const hasCoinsLeft = sql`${coinLots.remaining} > 0`;
const isBonus = sql`${coinLots.kind} = 'bonus'`;

/** The person's lots with coins left; a page may put it in its own batch (`balanceOfLots` reads it). */
export function openLotsQuery(db: Db, userId: number) {
  return db
    .select(openLotColumns)
    .from(coinLots)
    .innerJoin(coinAccounts, eq(coinAccounts.id, coinLots.accountId))
    .where(and(eq(coinAccounts.userId, userId), hasCoinsLeft));
}

export type CoinBalance = Omit<SpendableBalance, "bonus"> & { bonus: Array<{ amount: number; expiresAt: Date }> };

/**
 * What the person can spend now: paid coins and bonus coins by expiry. Bonus coins past their
 * expiry are not counted even before the daily sweep moves them out.
 */
export async function coinBalance(db: Db, userId: number, now: number): Promise<CoinBalance> {
  return balanceOfLots(await openLotsQuery(db, userId), now);
}

/** The balance of `openLotsQuery`'s rows at `now`. */
export function balanceOfLots(rows: ReadonlyArray<Awaited<ReturnType<typeof openLotsQuery>>[number]>, now: number): CoinBalance {
  const spendable = spendableBalance(rows.map(lotView), now);
  return { ...spendable, bonus: spendable.bonus.map((b) => ({ amount: b.amount, expiresAt: new Date(b.expiresAt) })) };
}

type EntryFields = {
  userId: number;
  idempotencyKey: string;
  now: number;
  memo?: string | null;
  ref?: { type: string; id: string | number } | null;
};

/**
 * The statements of one ledger entry: the entry (first, so a replayed key fails before anything
 * else), the lot it creates, its postings, the balances, the lots it spends down.
 */
function entryStatements(
  db: Db,
  fields: EntryFields,
  kind: CoinEntryKind,
  movement: { amount: number; postings: PostingPlan[] },
  newLot: { accountId: number; kind: "paid" | "bonus"; expiresAt: number | null; campaignId: number | null } | null,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const key = fields.idempotencyKey;
  const at = new Date(fields.now);
  const entry = db
    .insert(coinEntries)
    .values({
      idempotencyKey: key,
      kind,
      userId: fields.userId,
      amount: movement.amount,
      memo: fields.memo ?? null,
      refType: fields.ref?.type ?? null,
      refId: fields.ref ? String(fields.ref.id) : null,
      createdAt: at,
    })
    .returning();
  const lot = newLot
    ? [
        db.insert(coinLots).values({
          accountId: newLot.accountId,
          entryId: entryIdOf(key),
          kind: newLot.kind,
          amount: movement.amount,
          remaining: movement.amount,
          expiresAt: newLot.expiresAt === null ? null : new Date(newLot.expiresAt),
          campaignId: newLot.campaignId,
          createdAt: at,
        }),
      ]
    : [];
  const postingRows = movement.postings.map((p) => ({
    entryId: entryIdOf(key),
    accountId: accountIdSql(p.account),
    lotId: p.lot === "new" ? newLotIdOf(key) : p.lot,
    amount: p.amount,
  }));
  // D1 binds at most 100 parameters per statement and a row binds up to 4: a spend over many lots
  // inserts its postings in several statements of the same batch
  const postings = [];
  for (let i = 0; i < postingRows.length; i += POSTINGS_PER_STATEMENT) {
    postings.push(db.insert(coinPostings).values(postingRows.slice(i, i + POSTINGS_PER_STATEMENT)));
  }
  // lots spent down (the posting is negative): under the CHECK, a lot a racer emptied first fails the whole batch
  const spentLots = movement.postings
    .filter((p): p is PostingPlan & { lot: number } => typeof p.lot === "number")
    .map((p) =>
      db
        .update(coinLots)
        .set({ remaining: sql`"remaining" + ${p.amount}` })
        .where(eq(coinLots.id, p.lot)),
    );
  const balances = balanceDeltas(movement.postings).map(({ account, delta }) =>
    db
      .update(coinAccounts)
      .set({ balance: sql`"balance" + ${delta}` })
      .where("system" in account ? eq(coinAccounts.code, account.system) : eq(coinAccounts.id, account.userAccountId)),
  );
  return [entry, ...lot, ...postings, ...spentLots, ...balances];
}

export type CreditInput = EntryFields & {
  amount: number;
  kind: "charge" | "bonus";
  /** required for bonus coins, which always expire; paid coins never do */
  expiresAt?: number | null;
  campaignId?: number | null;
  extraStatements?: ExtraStatements;
};

export type CreditResult = { entry: CoinEntry; replayed: boolean; extraResults: unknown[] };

/**
 * Adds coins: 'charge' for coins bought by card (a paid lot), 'bonus' for campaign coins (a lot
 * that expires). Asking again with the same key changes nothing and answers the first entry.
 */
export async function creditCoins(db: Db, input: CreditInput): Promise<CreditResult> {
  if (!isWholePositive(input.amount)) throw new RangeError(`a credit is a positive whole number of coins, got ${input.amount}`);
  const expiresAt = input.kind === "bonus" ? (input.expiresAt ?? null) : null;
  if (input.kind === "bonus" && (expiresAt === null || expiresAt <= input.now))
    throw new RangeError("bonus coins need an expiry in the future");
  const expected = { userId: input.userId, kind: input.kind, amount: input.amount };
  const existing = await entryByKey(db, input.idempotencyKey);
  if (existing) return { entry: replayOf(existing, expected), replayed: true, extraResults: [] };

  const accountId = await ensureCoinAccount(db, input.userId, input.now);
  const movement = entryPostings({ kind: input.kind, userAccountId: accountId, amount: input.amount } satisfies Movement);
  const own = entryStatements(db, input, input.kind, movement, {
    accountId,
    kind: input.kind === "bonus" ? "bonus" : "paid",
    expiresAt,
    campaignId: input.campaignId ?? null,
  });
  const extra = input.extraStatements?.({ key: input.idempotencyKey, entryId: entryIdOf(input.idempotencyKey) }) ?? [];
  try {
    const results = await db.batch([...own, ...extra]);
    const [entry] = results[0] as CoinEntry[];
    return { entry: entry!, replayed: false, extraResults: results.slice(own.length) };
  } catch (error) {
    // a concurrent request with the same key committed first
    const first = await entryByKey(db, input.idempotencyKey);
    if (first) return { entry: replayOf(first, expected), replayed: true, extraResults: [] };
    throw error;
  }
}

export type SpendInput = EntryFields & { amount: number; extraStatements?: ExtraStatements };

/** `attempts`: batches tried (more than 1 when a concurrent spend took the same coins first). */
export type SpendResult =
  | { ok: true; entry: CoinEntry; replayed: boolean; extraResults: unknown[]; attempts: number }
  | { ok: false; error: "shortage"; available: number; attempts: number }
  /** concurrent spends of the same person kept winning the race for SPEND_ATTEMPTS tries */
  | { ok: false; error: "busy"; attempts: number };

/**
 * Spends coins: bonus lots first (soonest expiry first), then paid lots (oldest first). The lots
 * are read, allocated and spent down in one batch; if a concurrent spend took the same coins in
 * between, a CHECK fails that batch, nothing of it is written, and the spend re-reads and tries
 * again. With the same key again it changes nothing and answers the first entry.
 */
export async function spendCoins(db: Db, input: SpendInput): Promise<SpendResult> {
  if (!isWholePositive(input.amount)) throw new RangeError(`a spend is a positive whole number of coins, got ${input.amount}`);
  const expected = { userId: input.userId, kind: "spend" as const, amount: input.amount };
  for (let attempt = 1; attempt <= SPEND_ATTEMPTS; attempt++) {
    const [existingRows, lotRows] = await db.batch([
      db.select().from(coinEntries).where(eq(coinEntries.idempotencyKey, input.idempotencyKey)),
      openLotsQuery(db, input.userId),
    ]);
    const existing = existingRows[0];
    if (existing) return { ok: true, entry: replayOf(existing, expected), replayed: true, extraResults: [], attempts: attempt };
    const allocation = allocateSpend(lotRows.map(lotView), input.amount, input.now);
    if (!allocation.ok) return { ok: false, error: "shortage", available: allocation.available, attempts: attempt };
    const accountId = lotRows[0]!.accountId;
    const movement = entryPostings({ kind: "spend", userAccountId: accountId, allocations: allocation.allocations });
    const own = entryStatements(db, input, "spend", movement, null);
    const extra = input.extraStatements?.({ key: input.idempotencyKey, entryId: entryIdOf(input.idempotencyKey) }) ?? [];
    try {
      const results = await db.batch([...own, ...extra]);
      const [entry] = results[0] as CoinEntry[];
      return { ok: true, entry: entry!, replayed: false, extraResults: results.slice(own.length), attempts: attempt };
    } catch (error) {
      const first = await entryByKey(db, input.idempotencyKey);
      if (first) return { ok: true, entry: replayOf(first, expected), replayed: true, extraResults: [], attempts: attempt };
      if (!isOverdraft(error)) throw error;
    }
  }
  return { ok: false, error: "busy", attempts: SPEND_ATTEMPTS };
}

/** How many expired lots the sweep handles per call; the cron calls again while there are more. */
const EXPIRE_BATCH = 200;

/**
 * Moves what is left of expired bonus lots to the 'expired' system account, one entry per lot
 * with the key `expire:{lotId}`. Safe to run twice or concurrently: a lot already swept has
 * nothing left, and a spend racing the sweep makes the sweep re-read that lot.
 */
export async function expireBonusCoins(db: Db, now: number, limit = EXPIRE_BATCH): Promise<{ lots: number; coins: number; more: boolean }> {
  const due = await db
    .select({ ...openLotColumns, userId: coinAccounts.userId })
    .from(coinLots)
    .innerJoin(coinAccounts, eq(coinAccounts.id, coinLots.accountId))
    .where(and(isBonus, hasCoinsLeft, lte(coinLots.expiresAt, new Date(now))))
    .orderBy(coinLots.expiresAt, coinLots.id)
    .limit(limit);
  let lots = 0;
  let coins = 0;
  for (const lot of due) {
    const moved = await expireLot(db, { lotId: lot.id, accountId: lot.accountId, userId: lot.userId!, remaining: lot.remaining }, now);
    if (moved > 0) {
      lots += 1;
      coins += moved;
    }
  }
  return { lots, coins, more: due.length === limit };
}

async function expireLot(
  db: Db,
  lot: { lotId: number; accountId: number; userId: number; remaining: number },
  now: number,
): Promise<number> {
  const key = coinKeys.expire(lot.lotId);
  let remaining = lot.remaining;
  for (let attempt = 1; attempt <= SPEND_ATTEMPTS && remaining > 0; attempt++) {
    const movement = entryPostings({ kind: "expire", userAccountId: lot.accountId, lotId: lot.lotId, amount: remaining });
    try {
      await db.batch(
        entryStatements(
          db,
          { userId: lot.userId, idempotencyKey: key, now, ref: { type: "lot", id: lot.lotId } },
          "expire",
          movement,
          null,
        ),
      );
      return remaining;
    } catch (error) {
      // swept by a concurrent run: nothing is left, and nothing more to do
      if (await entryByKey(db, key)) return 0;
      if (!isOverdraft(error)) throw error;
      const fresh = await db.select({ remaining: coinLots.remaining }).from(coinLots).where(eq(coinLots.id, lot.lotId)).get();
      remaining = fresh?.remaining ?? 0;
    }
  }
  return 0;
}

const HISTORY_PAGE_SIZE = 20;

export type CoinHistoryItem = {
  id: number;
  kind: CoinEntryKind;
  /** signed for the person: + received, − spent or expired */
  amount: number;
  memo: string | null;
  refType: string | null;
  refId: string | null;
  createdAt: Date;
  /** for bonus credits: when those coins expire */
  expiresAt: Date | null;
};

/** /me/coins history: the person's entries, newest first, paged by the last id seen. */
export async function coinHistory(
  db: Db,
  userId: number,
  options: { cursor?: number | null; limit?: number } = {},
): Promise<{ items: CoinHistoryItem[]; next: number | null }> {
  return historyPage(await coinHistoryQuery(db, userId, options), options.limit);
}

/** A page of the history as a statement (one more row than the page, to know whether another follows). */
export function coinHistoryQuery(db: Db, userId: number, options: { cursor?: number | null; limit?: number } = {}) {
  const limit = options.limit ?? HISTORY_PAGE_SIZE;
  return db
    .select({
      id: coinEntries.id,
      kind: coinEntries.kind,
      amount: coinEntries.amount,
      memo: coinEntries.memo,
      refType: coinEntries.refType,
      refId: coinEntries.refId,
      createdAt: coinEntries.createdAt,
      expiresAt: sql<number | null>`(SELECT "expires_at" FROM "coin_lots" WHERE "coin_lots"."entry_id" = "coin_entries"."id")`.as(
        "lot_expires_at",
      ),
    })
    .from(coinEntries)
    .where(and(eq(coinEntries.userId, userId), options.cursor ? lt(coinEntries.id, options.cursor) : undefined))
    .orderBy(desc(coinEntries.id))
    .limit(limit + 1);
}

/** The page `coinHistoryQuery`'s rows make, with the cursor of the next one. */
export function historyPage(
  rows: ReadonlyArray<Awaited<ReturnType<typeof coinHistoryQuery>>[number]>,
  limit: number = HISTORY_PAGE_SIZE,
): { items: CoinHistoryItem[]; next: number | null } {
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: ENTRY_SIGN[r.kind] * r.amount,
      memo: r.memo,
      refType: r.refType,
      refId: r.refId,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt),
    })),
    next: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
