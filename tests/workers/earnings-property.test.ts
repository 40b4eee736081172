import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { creatorBalance, earningsAudit } from "../../server/services/earnings/balance";
import { saleStatements } from "../../server/services/earnings/post";
import { postRefundsTo } from "../../server/services/earnings/refunds";
import { createFanclub, createUser } from "../factories";

/*
 * Property: whatever mix of payments (several items, every kind), their redeliveries and
 * concurrent, cumulative refunds arrives, after every step captured − refunded equals the
 * creators' earnings + platform fees + tax, every entry balances, and no creator balance is
 * below zero.
 */

const db = createDb(env.DB);
type Stmts = ReturnType<typeof saleStatements>;
const KINDS = ["plan", "product", "live_ticket", "raffle", "tip"] as const;

const stepArb = fc.oneof(
  fc.record({
    op: fc.constant("pay" as const),
    club: fc.nat(2),
    items: fc.array(fc.record({ kind: fc.constantFrom(...KINDS), price: fc.integer({ min: 0, max: 50_000 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    redeliver: fc.boolean(),
  }),
  fc.record({ op: fc.constant("refund" as const), payment: fc.nat(20), share: fc.integer({ min: 0, max: 100 }), concurrent: fc.boolean() }),
);

let run = 0;

describe("earnings ledger property", () => {
  it("keeps captured − refunded = creators + fees + tax, and no balance below zero", async () => {
    const owner = await createUser(env.DB);
    const fan = await createUser(env.DB);
    const clubs = [
      (await createFanclub(env.DB, { ownerId: owner.id })).id,
      (await createFanclub(env.DB, { ownerId: (await createUser(env.DB)).id })).id,
      (await createFanclub(env.DB, { ownerId: (await createUser(env.DB)).id })).id,
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        run++;
        const before = await earningsAudit(db);
        let captured = 0 - (before.byAccount.fans ?? 0);
        const payments: Array<{ key: string; total: number; refunded: number }> = [];
        for (const [s, step] of steps.entries()) {
          if (step.op === "pay") {
            const key = `prop:${run}:${s}`;
            const statements = step.items.flatMap((item, i) =>
              saleStatements(db, [], {
                key: `${key}:earning:${i}`,
                sourceKey: key,
                fanclubId: clubs[step.club]!,
                kind: item.kind,
                subjectType: "plan",
                subjectId: 1,
                payerUserId: fan.id,
                gross: item.price,
                at: Date.now(),
              }),
            );
            const total = step.items.reduce((sum, item) => sum + item.price, 0);
            if (statements.length) {
              await db.batch(statements as [Stmts[number], ...Stmts]);
              // a redelivered payment runs its batch again, concurrently with nothing or with itself
              if (step.redeliver)
                await Promise.all([db.batch(statements as [Stmts[number], ...Stmts]), db.batch(statements as [Stmts[number], ...Stmts])]);
            }
            captured += total;
            payments.push({ key, total, refunded: 0 });
          } else if (payments.length) {
            const p = payments[step.payment % payments.length]!;
            // the provider reports cumulative refunds; two deliveries of the same report may race
            const target = Math.max(p.refunded, Math.floor((p.total * step.share) / 100));
            const refund = () => postRefundsTo(db, { sourceKey: p.key, refundedTotal: target, now: Date.now() });
            await (step.concurrent ? Promise.all([refund(), refund()]) : refund());
            captured -= target - p.refunded;
            p.refunded = target;
          }
          const audit = await earningsAudit(db);
          const a = (name: string) => audit.byAccount[name] ?? 0;
          expect(0 - a("fans")).toBe(captured);
          expect(a("creator") + a("platform_fee") + a("consumption_tax") + a("payout_in_progress") + a("paid_out")).toBe(captured);
          expect(audit.unbalancedEntries).toBe(0);
          expect(audit.netMismatches).toBe(0);
          for (const club of clubs) expect(await creatorBalance(db, club)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
