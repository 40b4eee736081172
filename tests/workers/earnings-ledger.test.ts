import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { earningRates } from "../../db/schema";
import { jstInstantOf } from "../../server/domain/jst-time";
import { saleSplit } from "../../server/domain/earnings";
import {
  creatorBalance,
  earningsAudit,
  earningsByMonth,
  earningsClosing,
  withdrawableEarnings,
} from "../../server/services/earnings/balance";
import { loadEarningRates, payoutStatements, refundStatements, saleStatements } from "../../server/services/earnings/post";
import { postRefundsTo } from "../../server/services/earnings/refunds";
import { createFanclub, createUser } from "../factories";

/*
 * The earnings ledger's writing and reading against D1: postings that sum to zero, statements
 * that post nothing twice, dated rates, monthly figures and the withdrawable balance.
 */

const db = createDb(env.DB);
type Stmts = ReturnType<typeof saleStatements>;
const run = (stmts: Stmts) => db.batch(stmts as [Stmts[number], ...Stmts]);

async function club() {
  const owner = await createUser(env.DB);
  const fan = await createUser(env.DB);
  const fanclub = await createFanclub(env.DB, { ownerId: owner.id });
  return { fanclubId: fanclub.id, fanId: fan.id };
}

describe("earnings ledger", () => {
  it("posts a sale once however often its batch runs, and its postings sum to zero", async () => {
    const { fanclubId, fanId } = await club();
    const at = jstInstantOf(2026, 5, 20, 12);
    const rates = await loadEarningRates(db);
    const sale = saleStatements(db, rates, {
      key: `test-sale:${fanclubId}`,
      sourceKey: `purchase:test:${fanclubId}`,
      fanclubId,
      kind: "plan",
      subjectType: "plan",
      subjectId: 1,
      payerUserId: fanId,
      gross: 1234,
      at,
    });
    await run(sale);
    await run(sale);
    expect(await earningsByMonth(db, fanclubId, "2026-05", "2026-05")).toEqual([
      { month: "2026-05", kind: "plan", gross: 1234, fee: 123, tax: 12, net: 1099 },
    ]);
    const audit = await earningsAudit(db);
    expect(audit.unbalancedEntries).toBe(0);
    expect(audit.netMismatches).toBe(0);
    expect(Object.values(audit.byAccount).reduce((s, n) => s! + n!, 0)).toBe(0);
  });

  it("uses the rate in force at the sale's instant and keeps it on the entry", async () => {
    const { fanclubId, fanId } = await club();
    const from = jstInstantOf(2031, 1, 1);
    await db.insert(earningRates).values({ kind: "live_ticket", rateBp: 2000, effectiveFrom: new Date(from), createdAt: new Date() });
    const rates = await loadEarningRates(db);
    const post = (key: string, at: number) =>
      run(
        saleStatements(db, rates, {
          key,
          sourceKey: key,
          fanclubId,
          kind: "live_ticket",
          subjectType: "live_event",
          subjectId: 9,
          payerUserId: fanId,
          gross: 1000,
          at,
        }),
      );
    await post(`before:${fanclubId}`, from - 1);
    await post(`after:${fanclubId}`, from);
    const rows = await earningsByMonth(db, fanclubId, "2030-12", "2031-01");
    expect(rows.map((r) => [r.month, r.fee])).toEqual([
      ["2030-12", 300],
      ["2031-01", 200],
    ]);
  });

  it("a refund reverses its sale; withdrawable counts closed months and subtracts payouts until one fails", async () => {
    const { fanclubId, fanId } = await club();
    const may = jstInstantOf(2026, 5, 3);
    const rates = await loadEarningRates(db);
    await run(
      saleStatements(db, rates, {
        key: `s1:${fanclubId}`,
        sourceKey: "p1",
        fanclubId,
        kind: "product",
        subjectType: "product",
        subjectId: 5,
        payerUserId: fanId,
        gross: 3000,
        at: may,
      }),
    );
    await run(
      saleStatements(db, rates, {
        key: `s2:${fanclubId}`,
        sourceKey: "p2",
        fanclubId,
        kind: "tip",
        subjectType: "fanclub",
        subjectId: fanclubId,
        payerUserId: fanId,
        gross: 1000,
        at: may,
      }),
    );
    const saleRow = await db.query.earningEntries.findFirst({ where: (e, { eq }) => eq(e.idempotencyKey, `s2:${fanclubId}`) });
    const refund = refundStatements(db, {
      key: `r2:${fanclubId}`,
      sourceKey: "p2:refund",
      sale: { ...saleRow!, kind: saleRow!.kind! },
      figures: { sale: saleSplit(1000, 1000, 1000), refundedBefore: { gross: 0, fee: 0, tax: 0, net: 0 }, amount: 1000 },
      at: jstInstantOf(2026, 6, 2),
    });
    await run(refund);
    await run(refund);
    // product 3,000: fee 8 % = 240, tax 24, net 2,736; the tip is refunded in June
    expect(await earningsByMonth(db, fanclubId, "2026-05", "2026-06")).toEqual([
      { month: "2026-05", kind: "product", gross: 3000, fee: 240, tax: 24, net: 2736 },
      { month: "2026-05", kind: "tip", gross: 1000, fee: 100, tax: 10, net: 890 },
      { month: "2026-06", kind: "tip", gross: -1000, fee: -100, tax: -10, net: -890 },
    ]);
    // May closes when June 10 ends; June is open until July 10 ends
    expect(await withdrawableEarnings(db, fanclubId, jstInstantOf(2026, 6, 10, 23))).toEqual({ amount: 0, closedThrough: "2026-04" });
    expect(await withdrawableEarnings(db, fanclubId, jstInstantOf(2026, 6, 11))).toEqual({ amount: 3626, closedThrough: "2026-05" });
    expect((await withdrawableEarnings(db, fanclubId, jstInstantOf(2026, 7, 11))).amount).toBe(2736);
    expect(earningsClosing(jstInstantOf(2026, 6, 11)).nextToClose).toBe("2026-06");

    const payout = (type: "payout" | "payout_failed" | "payout_paid", key: string) =>
      run(payoutStatements(db, { key, sourceKey: `payout:${fanclubId}`, type, fanclubId, amount: 2000, at: jstInstantOf(2026, 7, 12) }));
    await payout("payout", `payout:${fanclubId}:1`);
    expect((await withdrawableEarnings(db, fanclubId, jstInstantOf(2026, 7, 12))).amount).toBe(736);
    await payout("payout_failed", `payout:${fanclubId}:1:failed`);
    expect((await withdrawableEarnings(db, fanclubId, jstInstantOf(2026, 7, 12))).amount).toBe(2736);
    await payout("payout", `payout:${fanclubId}:2`);
    await payout("payout_paid", `payout:${fanclubId}:2:paid`);
    expect(await creatorBalance(db, fanclubId)).toBe(736);
    const audit = await earningsAudit(db);
    expect(audit.unbalancedEntries).toBe(0);
    expect(audit.netMismatches).toBe(0);
  });

  it("brings a payment's refunds to the refunded total, across its items, once however often it is told", async () => {
    const { fanclubId, fanId } = await club();
    const at = jstInstantOf(2026, 8, 5);
    const source = `purchase:refund-test:${fanclubId}`;
    const item = (index: number, kind: "product" | "live_ticket", gross: number) =>
      saleStatements(db, [], {
        key: `${source}:earning:${index}`,
        sourceKey: source,
        fanclubId,
        kind,
        subjectType: kind === "product" ? "product" : "live_event",
        subjectId: index,
        payerUserId: fanId,
        gross,
        at,
      });
    await run([...item(0, "product", 1000), ...item(1, "live_ticket", 500)]);
    // the card provider reports cumulative totals: 700, then 700 again (a redelivery), then all 1,500
    expect(await postRefundsTo(db, { sourceKey: source, refundedTotal: 700, now: at + 1 })).toBe(true);
    expect(await postRefundsTo(db, { sourceKey: source, refundedTotal: 700, now: at + 2 })).toBe(false);
    const partial = await earningsByMonth(db, fanclubId, "2026-08", "2026-08");
    expect(partial.reduce((s, r) => s + r.gross, 0)).toBe(800);
    await Promise.all([
      postRefundsTo(db, { sourceKey: source, refundedTotal: 1500, now: at + 3 }),
      postRefundsTo(db, { sourceKey: source, refundedTotal: 1500, now: at + 3 }),
    ]);
    expect(await earningsByMonth(db, fanclubId, "2026-08", "2026-08")).toEqual([
      { month: "2026-08", kind: "live_ticket", gross: 0, fee: 0, tax: 0, net: 0 },
      { month: "2026-08", kind: "product", gross: 0, fee: 0, tax: 0, net: 0 },
    ]);
    expect(await creatorBalance(db, fanclubId)).toBe(0);
  });

  it("refuses to edit or delete an entry", async () => {
    const { fanclubId, fanId } = await club();
    await run(
      saleStatements(db, [], {
        key: `x:${fanclubId}`,
        sourceKey: "x",
        fanclubId,
        kind: "raffle",
        subjectType: "raffle",
        subjectId: 1,
        payerUserId: fanId,
        gross: 500,
        at: Date.now(),
      }),
    );
    await expect(env.DB.prepare("UPDATE earning_entries SET fee = fee").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM earning_postings").run()).rejects.toThrow(/append-only/);
  });
});
