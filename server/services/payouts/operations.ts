import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { fanclubs, payoutPeriods, services, transfers, users, type TransferRow } from "../../../db/schema";
import { canTransition, type TransferStatus } from "../../domain/payouts";
import { payoutProvider, type PayoutFile } from "../../integrations/payouts";
import type { ZenginPayerConfig } from "../../domain/zengin";
import { payoutLedgerStatements } from "./ledger";
import { emailIdsFrom, transferNoticeStatements, type TransferNoticeKind } from "./notices";
import { transferView } from "./payouts";

/**
 * The operator's side of money out (/ops/payouts): close a period (its requested transfers go
 * in transfer), download the period's bank file from the payout provider, and mark each transfer
 * paid or failed from the bank's result. Every status change writes its notices, and for payouts
 * its ledger entry, in the same batch, conditioned on the change's state token.
 */

/** Where a recipient's notice leads, by kind of transfer and recipient (built by the caller from the hosts). */
export interface NoticeUrls {
  /** the user domain's origin: refunds are followed at /me/transfer/history there */
  userOrigin: string;
}

interface TransferWithPeople {
  t: TransferRow;
  recipientName: string;
  recipientEmail: string | null;
  recipientLocale: string;
  fanclubName: string | null;
  fanclubOwnerId: number | null;
  frontUrl: string | null;
}

function withPeople(db: Db, where: SQL) {
  return db
    .select({
      t: transfers,
      recipientName: users.name,
      recipientEmail: users.email,
      recipientLocale: users.locale,
      fanclubName: fanclubs.name,
      fanclubOwnerId: fanclubs.ownerId,
      frontUrl: services.frontUrl,
    })
    .from(transfers)
    .innerJoin(users, eq(users.id, transfers.userId))
    .leftJoin(fanclubs, eq(fanclubs.id, transfers.fanclubId))
    .leftJoin(services, eq(services.id, fanclubs.serviceId))
    .where(where);
}

const NOTICE: Record<TransferRow["kind"], Partial<Record<TransferStatus, TransferNoticeKind>>> = {
  payout: { in_transfer: "payoutInTransfer", paid: "payoutPaid", failed: "payoutFailed" },
  refund: { in_transfer: "refundInTransfer", paid: "refundPaid", failed: "refundFailed" },
};

function noticeUrl(row: TransferWithPeople, urls: NoticeUrls): string {
  if (row.t.kind === "refund") return `${urls.userOrigin}/me/transfer/history`;
  const front = row.frontUrl ?? urls.userOrigin;
  return row.t.userId === row.fanclubOwnerId ? `${front}/me/fanclub/transfer/history` : `${front}/me/managed_fanclubs/transfer_histories`;
}

/** The statements of one status change of one transfer: the update, its ledger entry, its notices. */
function changeStatements(db: Db, row: TransferWithPeople, to: TransferStatus, now: number, urls: NoticeUrls) {
  const token = crypto.randomUUID();
  const when = new Date(now);
  const stamp = to === "in_transfer" ? { inTransferAt: when } : to === "paid" ? { paidAt: when } : { failedAt: when };
  const update = db
    .update(transfers)
    .set({ status: to, stateToken: token, ...stamp, updatedAt: when })
    .where(and(eq(transfers.id, row.t.id), eq(transfers.status, row.t.status)));
  const where = and(eq(transfers.id, row.t.id), eq(transfers.stateToken, token))!;
  const statements: BatchItem<"sqlite">[] = [update];
  if (row.t.kind === "payout" && row.t.fanclubId !== null && (to === "paid" || to === "failed")) {
    statements.push(
      ...payoutLedgerStatements(
        db,
        { type: to === "paid" ? "payout_paid" : "payout_failed", fanclubId: row.t.fanclubId, amount: row.t.amount },
        // one key for either outcome: marking paid and failed at once posts only the first
        `${row.t.idempotencyKey}:outcome`,
        row.t.idempotencyKey,
        now,
      ),
    );
  }
  const kind = NOTICE[row.t.kind][to];
  let emailAt: number | null = null;
  if (kind) {
    const n = transferNoticeStatements(
      db,
      { userId: row.t.userId, name: row.recipientName, email: row.recipientEmail, locale: row.recipientLocale },
      { kind, amount: row.t.amount - row.t.fee, fanclubName: row.fanclubName ?? "", url: noticeUrl(row, urls) },
      now,
      where,
    );
    if (n.emailAt !== null) emailAt = statements.length + n.emailAt;
    statements.push(...n.statements);
  }
  return { statements, emailAt, token };
}

/** Runs the changes in one batch; answers the ids of the e-mails stored, for the queue. */
async function applyChanges(
  db: Db,
  changes: ReadonlyArray<{ statements: BatchItem<"sqlite">[]; emailAt: number | null }>,
  head: BatchItem<"sqlite">[] = [],
) {
  const all: BatchItem<"sqlite">[] = [...head];
  const offsets: number[] = [];
  for (const c of changes) {
    offsets.push(all.length);
    all.push(...c.statements);
  }
  if (all.length === 0) return [];
  const results = await db.batch(all as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return changes.flatMap((c, i) => emailIdsFrom(results, offsets[i]!, c.emailAt));
}

/** The operator page: transfers by period, open requests first, then closed periods, newest first. */
export async function payoutDesk(db: Db, limit = 500) {
  const [rows, periods] = await Promise.all([
    withPeople(db, inArray(transfers.status, ["requested", "in_transfer", "paid", "failed"]))
      .orderBy(desc(transfers.period), asc(transfers.id))
      .limit(limit)
      .all(),
    db.select().from(payoutPeriods).orderBy(desc(payoutPeriods.period)).all(),
  ]);
  const closed = new Map(periods.map((p) => [p.period, p]));
  const byPeriod = new Map<string, typeof rows>();
  for (const r of rows) {
    const p = r.t.period ?? "";
    byPeriod.set(p, [...(byPeriod.get(p) ?? []), r]);
  }
  return [...byPeriod.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([period, list]) => ({
      period,
      closed: closed.has(period)
        ? { transferDate: closed.get(period)!.transferDate, closedAt: closed.get(period)!.closedAt.toISOString() }
        : null,
      transfers: list.map((r) => ({ ...transferView(r.t), recipientName: r.recipientName, fanclubName: r.fanclubName })),
    }));
}

export type ClosePeriodResult = { ok: true; moved: number; emailIds: number[] } | { ok: false; reason: "alreadyClosed" | "nothingToClose" };

/**
 * Closes a period: records it (its PRIMARY KEY makes a second close fail cleanly) and moves
 * every requested transfer of it to in transfer, each with its notice. A request cannot join a
 * closed period (its insert checks), so nothing is left behind in requested.
 */
export async function closePeriod(
  db: Db,
  input: { period: string; transferDate: string; operatorId: number; now: number; urls: NoticeUrls },
): Promise<ClosePeriodResult> {
  const already = await db.select({ period: payoutPeriods.period }).from(payoutPeriods).where(eq(payoutPeriods.period, input.period)).get();
  if (already) return { ok: false, reason: "alreadyClosed" };
  const rows = await withPeople(db, and(eq(transfers.period, input.period), eq(transfers.status, "requested"))!).all();
  if (rows.length === 0) return { ok: false, reason: "nothingToClose" };
  const head = db
    .insert(payoutPeriods)
    .values({ period: input.period, transferDate: input.transferDate, closedBy: input.operatorId, closedAt: new Date(input.now) })
    .onConflictDoNothing();
  const changes = rows.map((r) => changeStatements(db, r, "in_transfer", input.now, input.urls));
  const emailIds = await applyChanges(db, changes, [head]);
  const closedNow = await db.select().from(payoutPeriods).where(eq(payoutPeriods.period, input.period)).get();
  if (!closedNow || closedNow.closedAt.getTime() !== input.now) return { ok: false, reason: "alreadyClosed" };
  return { ok: true, moved: rows.length, emailIds };
}

export type MarkResult = { ok: true; emailIds: number[] } | { ok: false; reason: "notFound" | "notInTransfer" };

/** Marks one transfer in transfer as paid or failed (the bank's result). A failed payout returns to the balance. */
export async function markTransfer(
  db: Db,
  input: { id: number; outcome: "paid" | "failed"; now: number; urls: NoticeUrls },
): Promise<MarkResult> {
  const row = await withPeople(db, eq(transfers.id, input.id)).get();
  if (!row) return { ok: false, reason: "notFound" };
  if (!canTransition(row.t.kind, row.t.status, input.outcome)) return { ok: false, reason: "notInTransfer" };
  const change = changeStatements(db, row, input.outcome, input.now, input.urls);
  const emailIds = await applyChanges(db, [change]);
  const after = await db.select({ stateToken: transfers.stateToken }).from(transfers).where(eq(transfers.id, input.id)).get();
  // this mark's own token, not merely the status it asked for: of two marks sent at once, the one
  // whose guarded update did not match (the other changed the status first) is told so
  if (after?.stateToken !== change.token) return { ok: false, reason: "notInTransfer" };
  return { ok: true, emailIds };
}

export type PeriodFileResult = { ok: true; file: PayoutFile; count: number } | { ok: false; reason: "notClosed" | "empty" };

/** The bank file of a closed period: its transfers still in transfer (paid or failed ones are done). */
export async function periodFile(db: Db, config: ZenginPayerConfig, period: string): Promise<PeriodFileResult> {
  const closed = await db.select().from(payoutPeriods).where(eq(payoutPeriods.period, period)).get();
  if (!closed) return { ok: false, reason: "notClosed" };
  const rows = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.period, period), eq(transfers.status, "in_transfer")))
    .orderBy(asc(transfers.id))
    .all();
  if (rows.length === 0) return { ok: false, reason: "empty" };
  const file = payoutProvider(config).file({
    period,
    transferDate: closed.transferDate,
    instructions: rows.map((t) => ({
      transferId: t.id,
      bankCode: t.bankCode!,
      bankKana: t.bankKana!,
      branchCode: t.branchCode!,
      branchKana: t.branchKana!,
      accountType: t.accountType!,
      accountNumber: t.accountNumber!,
      holderName: t.holderName!,
      amount: t.amount - t.fee,
    })),
  });
  return { ok: true, file, count: rows.length };
}
