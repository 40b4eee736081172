import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/idempotency";
import { earningEntries, membershipPayments, purchases } from "../../../db/schema";
import { allocateRefund, type Split } from "../../domain/earnings";
import { refundStatements } from "./post";

/**
 * Refunds in the earnings ledger (decision 029): money given back to a fan after its sale was
 * posted takes back the sale's net, fee and tax in proportion. A refund entry's key counts the
 * refunds of its sale ('{sale key}:refund:{n}'), and the entry is inserted strictly: two refunds
 * that read the same state race for the same key and the loser reads again, so refunds never
 * exceed their sale and a replay (which reads the refunds already posted) posts nothing.
 */

type Stmt = BatchItem<"sqlite">;

/** The sale entries of a payment with what their refunds took so far (positive figures). */
async function salesOf(db: Db, sourceKey: string) {
  const rows = await db
    .select()
    .from(earningEntries)
    .where(and(eq(earningEntries.sourceKey, sourceKey), inArray(earningEntries.type, ["sale", "refund"])))
    .orderBy(asc(earningEntries.id));
  const sales = rows.filter((r) => r.type === "sale");
  return sales.map((sale) => {
    const refunds = rows.filter((r) => r.reversesEntryId === sale.id);
    const refunded: Split = {
      gross: -refunds.reduce((s, r) => s + r.gross, 0),
      fee: -refunds.reduce((s, r) => s + r.fee, 0),
      tax: -refunds.reduce((s, r) => s + r.tax, 0),
      net: -refunds.reduce((s, r) => s + r.net, 0),
    };
    return { sale, refunded, count: refunds.length };
  });
}

/**
 * The statements that bring the refunds of a payment (`sourceKey`: 'purchase:…', 'renewal:…') to
 * `refundedTotal` yen in all; nothing when they are there already.
 */
async function refundToStatements(db: Db, input: { sourceKey: string; refundedTotal: number; now: number }): Promise<Stmt[]> {
  const sales = await salesOf(db, input.sourceKey);
  const parts = allocateRefund(
    sales.map((s) => ({ gross: s.sale.gross, refunded: s.refunded.gross })),
    input.refundedTotal,
  );
  return sales.flatMap((s, i) => {
    const amount = parts[i] ?? 0;
    if (amount === 0) return [];
    return refundStatements(db, {
      key: `${s.sale.idempotencyKey}:refund:${s.count + 1}`,
      sourceKey: input.sourceKey,
      sale: { ...s.sale, kind: s.sale.kind ?? "plan" },
      figures: { sale: s.sale, refundedBefore: s.refunded, amount },
      strict: true,
      at: input.now,
    });
  });
}

/** Posts the refunds of a payment up to `refundedTotal`, reading again when a concurrent refund won the race. */
export async function postRefundsTo(db: Db, input: { sourceKey: string; refundedTotal: number; now: number }): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const statements = await refundToStatements(db, input);
    if (statements.length === 0) return false;
    try {
      await db.batch(statements as [Stmt, ...Stmt[]]);
      return true;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 2) throw error;
    }
  }
  return false;
}

/**
 * A card payment refunded at the provider (Stripe's `charge.refunded`, cumulative): the purchase
 * or renewal it paid, found by its charge id, has its refunds brought to the refunded total.
 * A charge the ledger does not know (coins bought by card, a purchase given back before its
 * effect landed) changes nothing.
 */
export async function postCardRefund(db: Db, input: { chargeId: string; refundedTotal: number; now: number }): Promise<boolean> {
  const [purchase, renewal] = await db.batch([
    db
      .select({ key: purchases.idempotencyKey })
      .from(purchases)
      .where(and(eq(purchases.cardChargeId, input.chargeId), eq(purchases.status, "paid"))),
    db
      .select({ key: membershipPayments.idempotencyKey })
      .from(membershipPayments)
      .where(and(eq(membershipPayments.cardChargeId, input.chargeId), sql`${membershipPayments.purchaseId} IS NULL`)),
  ]);
  const sourceKey = purchase[0]?.key ?? renewal[0]?.key;
  if (!sourceKey) return false;
  return postRefundsTo(db, { sourceKey, refundedTotal: input.refundedTotal, now: input.now });
}
