import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bankAccounts, fanclubs, payoutPeriods, transfers, users } from "../../../db/schema";
import { PAYOUT_MAX, payoutPeriodFor } from "../../domain/payouts";
import { emailIdsFrom, transferNoticeStatements } from "./notices";
import { closedPeriods, transferView, type TransferView } from "./payouts";

/**
 * Refund receipts for fans (/me/transfer, /api/v1/transfers): money the platform owes a fan that
 * cannot go back to a card (the card was removed before the refund; a fan club closed with paid
 * time left). The debt is recorded as a transfer in status owed; the fan gives a bank account and
 * applies (requested); the operator pays it from the same Zengin file as the payouts.
 */

export type OweRefundResult = { ok: true; transfer: TransferView; emailIds: number[] } | { ok: false; reason: "unknownUser" | "duplicate" };

/**
 * Records a refund owed to a fan under its source's key (`refund-owed:{cause}`): recording the
 * same debt twice does nothing. The fan is told in their language.
 */
export async function oweRefund(
  db: Db,
  input: {
    userId: number;
    fanclubId: number | null;
    amount: number;
    reason: "card_removed" | "card_unavailable" | "fanclub_closed";
    memo: string;
    key: string;
    now: number;
    url: string;
  },
): Promise<OweRefundResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > PAYOUT_MAX)
    throw new RangeError(`refund of ${input.amount}`);
  const fan = await db
    .select({ userId: users.id, name: users.name, email: users.email, locale: users.locale, leftAt: users.leftAt })
    .from(users)
    .where(eq(users.id, input.userId))
    .get();
  if (!fan) return { ok: false, reason: "unknownUser" };
  const fanclub = input.fanclubId
    ? await db.select({ name: fanclubs.name }).from(fanclubs).where(eq(fanclubs.id, input.fanclubId)).get()
    : undefined;
  const token = crypto.randomUUID();
  const insert = db
    .insert(transfers)
    .values({
      kind: "refund",
      userId: input.userId,
      fanclubId: input.fanclubId,
      status: "owed",
      amount: input.amount,
      fee: 0,
      reason: input.reason,
      memo: input.memo,
      idempotencyKey: input.key,
      stateToken: token,
      createdAt: new Date(input.now),
      updatedAt: new Date(input.now),
    })
    .onConflictDoNothing();
  const n = transferNoticeStatements(
    db,
    fan,
    { kind: "refundOwed", amount: input.amount, fanclubName: fanclub?.name ?? "", url: input.url },
    input.now,
    and(eq(transfers.idempotencyKey, input.key), eq(transfers.stateToken, token))!,
  );
  const results = await db.batch([insert, ...n.statements]);
  const row = await db.select().from(transfers).where(eq(transfers.idempotencyKey, input.key)).get();
  if (!row || row.stateToken !== token) return { ok: false, reason: "duplicate" };
  return { ok: true, transfer: transferView(row), emailIds: emailIdsFrom(results, 1, n.emailAt) };
}

/** The fan's refunds, newest first, with the fan club they came from. */
export async function listRefunds(db: Db, userId: number): Promise<Array<TransferView & { fanclubName: string | null }>> {
  const rows = await db
    .select({ t: transfers, fanclubName: fanclubs.name })
    .from(transfers)
    .leftJoin(fanclubs, eq(fanclubs.id, transfers.fanclubId))
    .where(and(eq(transfers.userId, userId), eq(transfers.kind, "refund")))
    .orderBy(desc(transfers.id))
    .all();
  return rows.map((r) => ({ ...transferView(r.t), fanclubName: r.fanclubName }));
}

export type ApplyRefundResult = { ok: true; transfer: TransferView } | { ok: false; reason: "notFound" | "notOwed" | "noBankAccount" };

/**
 * The fan applies for a refund owed to them (or again, after a failed transfer): the bank
 * account is copied in and the refund joins the current payout period. One statement, checked
 * inside: the refund is theirs and owed or failed, they have an account, the period is open.
 */
export async function applyForRefund(db: Db, input: { userId: number; transferId: number; now: number }): Promise<ApplyRefundResult> {
  const period = payoutPeriodFor(input.now, await closedPeriods(db));
  const token = crypto.randomUUID();
  const updated = await db.all<{ id: number }>(sql`
    UPDATE ${transfers} SET status = 'requested', period = ${period}, state_token = ${token}, requested_at = ${input.now},
      updated_at = ${input.now}, failed_at = NULL,
      bank_code = b.bank_code, bank_kana = b.bank_kana, branch_code = b.branch_code, branch_kana = b.branch_kana,
      account_type = b.account_type, account_number = b.account_number, holder_name = b.holder_name
    FROM (SELECT * FROM ${bankAccounts} WHERE ${bankAccounts.userId} = ${input.userId}) AS b
    WHERE ${transfers.id} = ${input.transferId} AND ${transfers.userId} = ${input.userId} AND ${transfers.kind} = 'refund'
      AND ${transfers.status} IN ('owed', 'failed')
      AND NOT EXISTS (SELECT 1 FROM ${payoutPeriods} WHERE ${payoutPeriods.period} = ${period})
    RETURNING ${transfers.id}`);
  const row = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.id, input.transferId), eq(transfers.userId, input.userId), eq(transfers.kind, "refund")))
    .get();
  if (!row) return { ok: false, reason: "notFound" };
  if (updated[0]) return { ok: true, transfer: transferView(row) };
  if (row.status !== "owed" && row.status !== "failed") return { ok: false, reason: "notOwed" };
  return { ok: false, reason: "noBankAccount" };
}

/** The operator records a refund owed to the fan with this e-mail address (see `oweRefund`). */
export async function oweRefundByEmail(
  db: Db,
  input: Omit<Parameters<typeof oweRefund>[1], "userId" | "fanclubId"> & { email: string },
): Promise<OweRefundResult> {
  const fan = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email.trim().toLowerCase())).get();
  if (!fan) return { ok: false, reason: "unknownUser" };
  return oweRefund(db, {
    userId: fan.id,
    fanclubId: null,
    amount: input.amount,
    reason: input.reason,
    memo: input.memo,
    key: input.key,
    now: input.now,
    url: input.url,
  });
}
