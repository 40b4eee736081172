import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { earningEntries, earningPostings, earningRates, type EarningEntryRow } from "../../../db/schema";
import {
  creatorChange,
  earningMonth,
  entryPostings,
  rateAt,
  refundSplit,
  saleSplit,
  type DatedRate,
  type EarningKind,
  type EntryMovement,
  type Split,
} from "../../domain/earnings";

/**
 * Writing to the earnings ledger (docs/decisions/029). Callers put these statements into the
 * same D1 batch as the money effect that causes them; the entry's own UNIQUE key makes them
 * idempotent by themselves too: a second run inserts no entry, and the postings are only written
 * for an entry that has none, so a replayed batch or the backfill posts nothing twice.
 */

type Stmt = BatchItem<"sqlite">;

/** The stored rate changes (few rows: one per change); the defaults of server/domain/earnings.ts apply before them. */
export async function loadEarningRates(db: Db): Promise<DatedRate[]> {
  const rows = await db.select().from(earningRates);
  return rows.map((r) => ({ kind: r.kind, rateBp: r.rateBp, effectiveFrom: r.effectiveFrom.getTime() }));
}

export type SaleInput = {
  /** the entry's key: '{payment key}:earning' or with the item, unique per item of a payment */
  key: string;
  /** the payment's own idempotency key ('purchase:…', 'renewal:…') */
  sourceKey: string;
  fanclubId: number;
  kind: EarningKind;
  subjectType: string;
  subjectId: number;
  payerUserId: number;
  gross: number;
  at: number;
};

/** The figures of a sale at its instant's rates. */
function saleFigures(rates: readonly DatedRate[], kind: EarningKind, gross: number, at: number) {
  const feeRateBp = rateAt(rates, kind, at);
  const taxRateBp = rateAt(rates, "consumption_tax", at);
  return { split: saleSplit(gross, feeRateBp, taxRateBp), feeRateBp, taxRateBp };
}

/** The statements that post one sale (nothing for a free item: it moved no money). */
export function saleStatements(db: Db, rates: readonly DatedRate[], input: SaleInput): Stmt[] {
  if (input.gross === 0) return [];
  const { split, feeRateBp, taxRateBp } = saleFigures(rates, input.kind, input.gross, input.at);
  return entryStatements(db, {
    key: input.key,
    sourceKey: input.sourceKey,
    movement: { type: "sale", fanclubId: input.fanclubId, split },
    kind: input.kind,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    payerUserId: input.payerUserId,
    feeRateBp,
    taxRateBp,
    at: input.at,
  });
}

export type RefundInput = {
  key: string;
  sourceKey: string;
  /** the sale entry given back */
  sale: Pick<EarningEntryRow, "id" | "fanclubId" | "subjectType" | "subjectId" | "payerUserId" | "feeRateBp" | "taxRateBp"> & {
    kind: EarningKind;
  };
  /** the sale's figures, what earlier refunds of it took (positive) and this refund's amount */
  figures: { sale: Split; refundedBefore: Split; amount: number };
  /** fail on a key already used instead of doing nothing: a refund that lost a race must read again */
  strict?: boolean;
  at: number;
};

/** The statements that post a refund of a sale (refundSplit: in proportion, never more than is left). */
export function refundStatements(db: Db, input: RefundInput): Stmt[] {
  const split = refundSplit(input.figures.sale, input.figures.refundedBefore, input.figures.amount);
  if (split.gross === 0) return [];
  return entryStatements(db, {
    key: input.key,
    sourceKey: input.sourceKey,
    movement: { type: "refund", fanclubId: input.sale.fanclubId, split },
    kind: input.sale.kind,
    subjectType: input.sale.subjectType,
    subjectId: input.sale.subjectId,
    payerUserId: input.sale.payerUserId,
    reversesEntryId: input.sale.id,
    feeRateBp: input.sale.feeRateBp,
    taxRateBp: input.sale.taxRateBp,
    strict: input.strict ?? false,
    at: input.at,
  });
}

/**
 * A payout's movement (the payouts side calls this): 'payout' when requested (the amount leaves
 * the balance), then 'payout_paid' or 'payout_failed' (the amount returns to the balance), each
 * under its own key, e.g. 'payout:{id}', 'payout:{id}:paid', 'payout:{id}:failed'.
 */
export function payoutStatements(
  db: Db,
  input: {
    key: string;
    sourceKey: string;
    type: "payout" | "payout_paid" | "payout_failed";
    fanclubId: number;
    amount: number;
    at: number;
  },
): Stmt[] {
  return entryStatements(db, {
    key: input.key,
    sourceKey: input.sourceKey,
    movement: { type: input.type, fanclubId: input.fanclubId, amount: input.amount },
    kind: null,
    subjectType: null,
    subjectId: null,
    payerUserId: null,
    feeRateBp: 0,
    taxRateBp: 0,
    at: input.at,
  });
}

function entryStatements(
  db: Db,
  input: {
    key: string;
    sourceKey: string;
    movement: EntryMovement;
    kind: EarningKind | null;
    subjectType: string | null;
    subjectId: number | null;
    payerUserId: number | null;
    reversesEntryId?: number;
    feeRateBp: number;
    taxRateBp: number;
    strict?: boolean;
    at: number;
  },
): Stmt[] {
  const { movement } = input;
  const postings = entryPostings(movement);
  const sign = movement.type === "refund" ? -1 : 1;
  const figures =
    movement.type === "sale" || movement.type === "refund"
      ? {
          gross: sign * movement.split.gross,
          fee: sign * movement.split.fee,
          tax: sign * movement.split.tax,
          net: sign * movement.split.net,
        }
      : { gross: 0, fee: 0, tax: 0, net: creatorChange(movement) };
  const at = new Date(input.at);
  const insert = db.insert(earningEntries).values({
    idempotencyKey: input.key,
    type: movement.type,
    fanclubId: movement.fanclubId,
    kind: input.kind,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    payerUserId: input.payerUserId,
    sourceKey: input.sourceKey,
    reversesEntryId: input.reversesEntryId ?? null,
    ...figures,
    feeRateBp: input.feeRateBp,
    taxRateBp: input.taxRateBp,
    month: earningMonth(input.at),
    occurredAt: at,
    createdAt: at,
  });
  const entry = input.strict ? insert : insert.onConflictDoNothing({ target: earningEntries.idempotencyKey });
  const values = sql.join(
    postings.map((p) => sql`(${p.account}, ${p.fanclubId}, ${p.amount})`),
    sql`, `,
  );
  // the postings of the entry just written (columns in table order, a NULL id numbers itself);
  // none when the entry already had its postings (a replay)
  const rows = db.insert(earningPostings).select(sql`
    SELECT NULL, e."id", v."column1", v."column2", v."column3"
    FROM "earning_entries" e, (VALUES ${values}) v
    WHERE e."idempotency_key" = ${input.key}
      AND NOT EXISTS (SELECT 1 FROM "earning_postings" p WHERE p."entry_id" = e."id")`);
  return [entry, rows];
}
