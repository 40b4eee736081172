import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { payoutPeriodFor } from "../../server/domain/payouts";
import { creatorBalance, earningsAudit } from "../../server/services/earnings/balance";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertPostRow } from "./fanclub-fixture";
import { hosts, rows } from "./helpers";
import { callApi as call, giveCoins, payCart, registerSandboxCard } from "./money-fixture";
import { makeOperator, payoutCreator } from "./payouts-fixture";
import { deliverWebhook, refundedSeat, seatRefundFailure } from "./refund-failure-fixture";

/*
 * The money property over HTTP (issue 19, Reliability), beside the ledger-level one in
 * earnings-property.test.ts: fast-check drives the real routes a browser calls, with
 * concurrent and redelivered posts: tips by card or coins, paid lesson seats that the creator
 * cancels (the refund), payout requests, the operator closing the period and marking transfers
 * paid or failed, and card refunds that fail later at the provider (the signed webhook, maybe
 * redelivered), owed to the fan by bank. After every step: captured − refunded = creators' earnings + platform fees +
 * tax (+ payouts on their way and paid out, which left the creators' accounts); each creator's
 * balance = earnings − payouts paid or in progress; no balance below zero; one payout per
 * request key; the refunds owed to the fan are exactly the failed card refunds, once each, and
 * leave the ledger as it was. Renewals are the queue's, held by renewals-property.test.ts; this one keeps to
 * what pages and the API do.
 */

const db = createDb(env.DB);
type Creator = Awaited<ReturnType<typeof payoutCreator>>;
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
const opsPage = at(hosts.www, "/ops/payouts");

const stepArb = fc.oneof(
  fc.record({
    op: fc.constant("tip" as const),
    club: fc.nat(1),
    amount: fc.integer({ min: 100, max: 20_000 }),
    coins: fc.boolean(),
    redeliver: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("lesson" as const),
    club: fc.nat(1),
    price: fc.integer({ min: 100, max: 9_000 }),
    twice: fc.boolean(),
    // the card refund fails later at the provider (its webhook delivered once, or redelivered at once)
    refundFails: fc.constantFrom("no" as const, "once" as const, "redelivered" as const),
  }),
  fc.record({ op: fc.constant("payout" as const), club: fc.nat(1), amount: fc.integer({ min: 1, max: 60_000 }), concurrent: fc.boolean() }),
  fc.record({ op: fc.constant("close" as const) }),
  fc.record({
    op: fc.constant("mark" as const),
    pick: fc.nat(10),
    outcome: fc.constantFrom("paid" as const, "failed" as const),
    twice: fc.boolean(),
  }),
);

let creators: Creator[];
let posts: number[];
let fan: Account;
let staff: Account;
let seq = 0;

beforeAll(async () => {
  // each creator starts with 50,000 yen of a closed month, so payouts are possible from step one
  creators = [await payoutCreator({ earned: 50_000, prefix: "proa" }), await payoutCreator({ earned: 50_000, prefix: "prob" })];
  posts = [];
  for (const c of creators) posts.push(await insertPostRow(c.fanclubId, c.id, { title: "応援の投稿", allowTipping: true }));
  fan = await confirmedAccount({ prefix: "propfan" });
  await registerSandboxCard(fan);
  staff = await confirmedAccount({ prefix: "propstaff" });
  await makeOperator(staff.id);
});

/** A paid lesson seat, bought by the fan through the reserve and purchase routes; answers the slot. */
async function paidLesson(c: Creator, price: number): Promise<number> {
  const start = jstParts(Math.ceil((Date.now() + 3 * 86_400_000) / 1_800_000) * 1_800_000 + seq++ * 1_800_000);
  const slot = await call<{ id: number }>(c, "POST", "/me/fanclub/lesson_reserve", {
    title: `性質の講座${seq}`,
    description: "",
    startDate: start.date,
    startTime: start.time,
    duration: "30",
    capacity: "3",
    method: "external",
    externalUrl: "https://meet.example.com/prop",
    price: String(price),
  });
  expect(slot.status, JSON.stringify(slot.json)).toBe(200);
  const slotId = slot.json.payload.id;
  expect((await call(fan, "POST", `/lessons/${slotId}/reserve`)).status).toBe(200);
  expect((await payCart(fan, 0)).result.status).toBe(200);
  return slotId;
}

async function owedToFan(): Promise<{ amount: number }> {
  const [owed] = await rows<{ amount: number }>(
    "SELECT coalesce(sum(amount), 0) AS amount FROM transfers WHERE kind = 'refund' AND user_id = ?",
    fan.id,
  );
  return owed!;
}

describe("money over HTTP with payouts (property)", () => {
  it("keeps captured − refunded = earnings + fees + tax, balance = earnings − payouts, none below zero, one payout per key", async () => {
    const base = await earningsAudit(db);
    // the model: what the fan was charged and given back, from what the routes answered
    let captured = 0;
    let refunded = 0;
    // what the fan is owed by bank: card refunds that failed after the cancel
    let owed = 0;
    const owedBase = await owedToFan();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 8 }), async (steps) => {
        for (const step of steps) {
          if (step.op === "tip") {
            if (step.coins) await giveCoins(fan, step.amount);
            const added = await call(fan, "POST", "/me/carts/tipping_purchase", {
              target_type: "post_tipping",
              id: posts[step.club],
              amount: step.amount,
            });
            expect(added.status, JSON.stringify(added.json)).toBe(200);
            const paid = await payCart(fan, step.coins ? step.amount : 0);
            expect(paid.result.status, JSON.stringify(paid.result.json)).toBe(200);
            // a redelivered post of the same purchase (a double submit, a retried request), twice at once
            if (step.redeliver) {
              const again = await Promise.all([
                call(fan, "POST", "/me/carts/purchase", paid.body),
                call(fan, "POST", "/me/carts/purchase", paid.body),
              ]);
              for (const r of again) expect([200, 409]).toContain(r.status);
            }
            captured += step.amount;
          } else if (step.op === "lesson") {
            const c = creators[step.club]!;
            const slotId = await paidLesson(c, step.price);
            captured += step.price;
            // the creator cancels (sent twice at once when `twice`): the seat is refunded once
            const cancel = () => call(c, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`);
            const answers = await (step.twice ? Promise.all([cancel(), cancel()]) : Promise.all([cancel()]));
            expect(answers.some((a) => a.status === 200)).toBe(true);
            refunded += step.price;
            if (step.refundFails !== "no") {
              const delivery = await seatRefundFailure(await refundedSeat(slotId, fan.id));
              const deliveries = step.refundFails === "redelivered" ? [delivery, delivery] : [delivery];
              for (const r of await Promise.all(deliveries.map(deliverWebhook))) expect(r.status).toBe(200);
              owed += step.price;
            }
          } else if (step.op === "payout") {
            const c = creators[step.club]!;
            const ask = () => call(c, "POST", "/me/fanclub/transfers", { amount: step.amount });
            const answers = await (step.concurrent ? Promise.all([ask(), ask()]) : Promise.all([ask()]));
            // a request is made, or refused with a reason (already this period, below the minimum, over the balance)
            for (const a of answers) expect([201, 400, 409]).toContain(a.status);
            if (step.concurrent) expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(1);
          } else if (step.op === "close") {
            const closed = new Set((await rows<{ period: string }>("SELECT period FROM payout_periods")).map((r) => r.period));
            const period = payoutPeriodFor(Date.now(), closed);
            const res = await staff.b.post(opsPage, { intent: "close", period, transferDate: "2030-01-25" });
            expect([200, 409]).toContain(res.status);
          } else {
            const open = await rows<{ id: number }>(
              "SELECT id FROM transfers WHERE kind = 'payout' AND status = 'in_transfer' ORDER BY id",
            );
            if (open.length > 0) {
              const id = String(open[step.pick % open.length]!.id);
              const mark = () => staff.b.post(opsPage, { intent: "mark", id, outcome: step.outcome });
              const answers = await (step.twice ? Promise.all([mark(), mark()]) : Promise.all([mark()]));
              expect(answers.filter((a) => a.status === 200).length).toBe(1);
            }
          }

          const audit = await earningsAudit(db);
          const a = (name: string) => (audit.byAccount[name] ?? 0) - (base.byAccount[name] ?? 0);
          // what left the fans is what they paid less what came back
          expect(0 - a("fans")).toBe(captured - refunded);
          expect(a("creator") + a("platform_fee") + a("consumption_tax") + a("payout_in_progress") + a("paid_out")).toBe(
            captured - refunded,
          );
          expect(audit.unbalancedEntries).toBe(0);
          expect(audit.netMismatches).toBe(0);
          for (const c of creators) {
            const [earned] = await rows<{ net: number }>(
              "SELECT coalesce(sum(net), 0) AS net FROM earning_entries WHERE fanclub_id = ? AND type IN ('sale', 'refund')",
              c.fanclubId,
            );
            const [paidOut] = await rows<{ amount: number }>(
              "SELECT coalesce(sum(amount), 0) AS amount FROM transfers WHERE kind = 'payout' AND fanclub_id = ? AND status IN ('requested', 'in_transfer', 'paid')",
              c.fanclubId,
            );
            const balance = await creatorBalance(db, c.fanclubId);
            expect(balance).toBe(earned!.net - paidOut!.amount);
            expect(balance).toBeGreaterThanOrEqual(0);
            const api = await call<{ balance: number }>(c, "GET", "/me/fanclub/transfers");
            expect(api.json.payload.balance).toBeGreaterThanOrEqual(0);
          }
          // one payout per request key, and one ledger movement of each kind per payout
          const perKey = await rows<{ n: number }>(
            "SELECT count(*) AS n FROM transfers WHERE kind = 'payout' GROUP BY fanclub_id, period HAVING count(*) > 1",
          );
          expect(perKey).toEqual([]);
          const perEntry = await rows<{ n: number }>(
            "SELECT count(*) AS n FROM earning_entries e JOIN transfers t ON e.source_key = t.idempotency_key WHERE t.kind = 'payout' GROUP BY t.id, e.type HAVING count(*) > 1",
          );
          expect(perEntry).toEqual([]);
          // the failed card refunds are owed to the fan once each; the ledger above did not move for them
          expect((await owedToFan()).amount - owedBase.amount).toBe(owed);
          expect(await rows("SELECT idempotency_key FROM transfers GROUP BY idempotency_key HAVING count(*) > 1")).toEqual([]);
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
