import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payoutPeriods, transfers, type TransferRow } from "../../../db/schema";
import { payoutKey, payoutPeriodFor, payoutRulesAt, quotePayout, type PayoutQuote } from "../../domain/payouts";
import { maskAccountNumber } from "../../domain/bank-account";
import { getBankAccount, maskedBankAccount } from "./bank-accounts";
import { payoutLedgerStatements, withdrawableBalance } from "./ledger";
import { emailIdsFrom, transferNoticeStatements } from "./notices";
import { payeeOf, payeesOf, type PayoutFanclub } from "./payees";

/**
 * Creator payouts (/me/fanclub/transfer): the withdrawable balance, the request (once a period,
 * under the key `payout:{fanclub}:{period}`), and the history. A request writes, in one batch,
 * the transfer with a copy of the payee's bank account, its ledger entry (the amount leaves the
 * creator's balance and is held in payout_in_progress, docs/decisions/029) and its notices.
 */

/** The periods the operator has closed (a small table: one row a month). */
export async function closedPeriods(db: Db): Promise<Set<string>> {
  const rows = await db.select({ period: payoutPeriods.period }).from(payoutPeriods).all();
  return new Set(rows.map((r) => r.period));
}

/** What the history and the label pages show of a transfer. */
export function transferView(row: TransferRow) {
  return {
    id: row.id,
    kind: row.kind,
    fanclubId: row.fanclubId,
    period: row.period,
    status: row.status,
    amount: row.amount,
    fee: row.fee,
    net: row.amount - row.fee,
    reason: row.reason,
    memo: row.memo,
    bank:
      row.bankCode && row.accountNumber
        ? {
            bankCode: row.bankCode,
            branchCode: row.branchCode,
            accountType: row.accountType,
            accountNumber: maskAccountNumber(row.accountNumber),
            holderName: row.holderName,
          }
        : null,
    requestedAt: row.requestedAt?.toISOString() ?? null,
    inTransferAt: row.inTransferAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type TransferView = ReturnType<typeof transferView>;

/** Everything the transfer page needs, read together. */
export async function payoutOverview(db: Db, fanclub: PayoutFanclub, now: number) {
  const [payee, balance, closed] = await Promise.all([payeeOf(db, fanclub), withdrawableBalance(db, fanclub.id, now), closedPeriods(db)]);
  const period = payoutPeriodFor(now, closed);
  const [account, current, inProgress] = await Promise.all([
    getBankAccount(db, payee.userId),
    db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, payoutKey(fanclub.id, period)))
      .get(),
    db
      .select({ total: sql<number>`COALESCE(SUM(${transfers.amount}), 0)` })
      .from(transfers)
      .where(
        and(eq(transfers.kind, "payout"), eq(transfers.fanclubId, fanclub.id), inArray(transfers.status, ["requested", "in_transfer"])),
      )
      .get(),
  ]);
  const rule = payoutRulesAt(now);
  return {
    balance,
    inProgress: Number(inProgress?.total ?? 0),
    rule,
    period,
    payee: { kind: payee.kind, name: payee.name, isOwner: payee.userId === fanclub.ownerId },
    bankAccount: account ? maskedBankAccount(account) : null,
    current: current ? transferView(current) : null,
  };
}

export type RequestPayoutResult =
  | { ok: true; transfer: TransferView; emailIds: number[] }
  | { ok: false; reason: "noBankAccount" | "alreadyRequested" }
  | { ok: false; reason: Exclude<PayoutQuote, { ok: true }>["reason"]; minimum: number; balance: number };

/** The transfer row of a key in the state one change left it in (see `transfers.stateToken`). */
const stateIs = (key: string, token: string): SQL => and(eq(transfers.idempotencyKey, key), eq(transfers.stateToken, token))!;

/**
 * Requests this period's payout of `amount` yen. Checked: a bank account of the payee, the
 * amount against the rule and the withdrawable balance. Two requests racing make one payout: the
 * key is UNIQUE, the loser's insert does nothing, and its ledger entry and notices (conditioned
 * on its own state token) do nothing either.
 */
export async function requestPayout(
  db: Db,
  input: { fanclub: PayoutFanclub; amount: number; now: number; historyUrl: string },
): Promise<RequestPayoutResult> {
  const { fanclub, amount, now } = input;
  const [payee, closed] = await Promise.all([payeeOf(db, fanclub), closedPeriods(db)]);
  const period = payoutPeriodFor(now, closed);
  const key = payoutKey(fanclub.id, period);
  const existing = await db.select({ id: transfers.id }).from(transfers).where(eq(transfers.idempotencyKey, key)).get();
  if (existing) return { ok: false, reason: "alreadyRequested" };
  if (!(await getBankAccount(db, payee.userId))) return { ok: false, reason: "noBankAccount" };
  const balance = await withdrawableBalance(db, fanclub.id, now);
  const quote = quotePayout(amount, balance, payoutRulesAt(now));
  if (!quote.ok) return quote;

  const token = crypto.randomUUID();
  const account = (column: string) => sql.raw(`(SELECT ${column} FROM bank_accounts WHERE user_id = ${Number(payee.userId)})`);
  // a plain INSERT: a second request's key, a payee without an account or a period closed
  // meanwhile make it fail (UNIQUE, or the transfers_requested_complete CHECK on the NULLs the
  // sub-selects give), and with it the whole batch: the ledger entry is never written alone
  const at = new Date(now);
  const insert = db.insert(transfers).values({
    kind: "payout",
    userId: payee.userId,
    fanclubId: fanclub.id,
    period: sql`(SELECT ${period} WHERE NOT EXISTS (SELECT 1 FROM ${payoutPeriods} WHERE ${payoutPeriods.period} = ${period}))`,
    status: "requested",
    amount: quote.amount,
    fee: quote.fee,
    bankCode: account("bank_code"),
    bankKana: account("bank_kana"),
    branchCode: account("branch_code"),
    branchKana: account("branch_kana"),
    accountType: account("account_type"),
    accountNumber: account("account_number"),
    holderName: account("holder_name"),
    idempotencyKey: key,
    stateToken: token,
    requestedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  const ledger = payoutLedgerStatements(db, { type: "payout", fanclubId: fanclub.id, amount: quote.amount }, key, key, now);
  const notices = transferNoticeStatements(
    db,
    payee,
    { kind: "payoutRequested", amount: quote.net, fanclubName: fanclub.name, url: input.historyUrl },
    now,
    stateIs(key, token),
  );
  let results: unknown[];
  try {
    results = await db.batch([insert, ...ledger, ...notices.statements]);
  } catch (error) {
    const problem = requestProblem(error);
    if (!problem) throw error;
    return { ok: false, reason: problem };
  }
  const row = await db.select().from(transfers).where(eq(transfers.idempotencyKey, key)).get();
  if (!row) throw new Error(`payout ${key} was written but cannot be read`);
  return { ok: true, transfer: transferView(row), emailIds: emailIdsFrom(results, 1 + ledger.length, notices.emailAt) };
}

/** Which refusal a failed request batch means; null for an error that is not a refusal. */
function requestProblem(error: unknown): "alreadyRequested" | "noBankAccount" | null {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  if (/UNIQUE constraint failed: transfers\.idempotency_key/.test(text)) return "alreadyRequested";
  // no account (deleted meanwhile), or the period closed meanwhile: either way, ask again
  if (/CHECK constraint failed: transfers_requested_complete/.test(text)) return "noBankAccount";
  return null;
}

/** A fan club's payouts, newest first. */
export async function payoutHistory(db: Db, fanclubIds: readonly number[], limit = 100): Promise<TransferView[]> {
  if (fanclubIds.length === 0) return [];
  const rows = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.kind, "payout"), inArray(transfers.fanclubId, [...fanclubIds])))
    .orderBy(desc(transfers.id))
    .limit(limit)
    .all();
  return rows.map(transferView);
}

/**
 * The label pages (/me/managed_fanclubs/transfers): each managed fan club's balance, payouts on
 * their way and payee, and the totals. Fan clubs come from the label's management rows.
 */
export async function managedPayouts(db: Db, fanclubList: readonly PayoutFanclub[], now: number) {
  const [payees, balances, history] = await Promise.all([
    payeesOf(db, fanclubList),
    Promise.all(fanclubList.map((f) => withdrawableBalance(db, f.id, now))),
    payoutHistory(
      db,
      fanclubList.map((f) => f.id),
      1000,
    ),
  ]);
  const rows = fanclubList.map((f, i) => {
    const mine = history.filter((h) => h.fanclubId === f.id);
    const payee = payees.get(f.id);
    return {
      fanclubId: f.id,
      fanclubName: f.name,
      balance: balances[i] ?? 0,
      inProgress: mine.filter((h) => h.status === "requested" || h.status === "in_transfer").reduce((s, h) => s + h.amount, 0),
      paid: mine.filter((h) => h.status === "paid").reduce((s, h) => s + h.net, 0),
      payee: payee ? { kind: payee.kind, name: payee.name } : null,
    };
  });
  const totals = rows.reduce(
    (s, r) => ({ balance: s.balance + r.balance, inProgress: s.inProgress + r.inProgress, paid: s.paid + r.paid }),
    {
      balance: 0,
      inProgress: 0,
      paid: 0,
    },
  );
  const names = new Map(fanclubList.map((f) => [f.id, f.name]));
  return { rows, totals, history: history.map((h) => ({ ...h, fanclubName: names.get(h.fanclubId ?? 0) ?? null })) };
}
