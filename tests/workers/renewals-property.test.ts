import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renewalKey } from "../../server/domain/renewal";
import type { JobMessage } from "../../server/jobs/messages";
import { ledgerAudit } from "../../server/services/coin-audit";
import {
  all,
  countingProvider,
  db,
  deliver,
  giveCard,
  giveCoins,
  insertClubWithPlan,
  insertPaidMembership,
  insertUser,
  MAX_DELIVERIES_PER_MESSAGE,
  one,
  runMoneyCron,
  setCoinForRenewal,
  TEST_CARDS,
  withLoggedErrors,
} from "./renewals-fixture";

const JUNE_1 = Date.UTC(2026, 4, 31, 15, 0);
const RUN_AT = JUNE_1 + 5_000;
const JUNE = "2026-06";

/** One fan's situation on the 1st, and what goes wrong while they are renewed. */
const fanArb = fc.record({
  card: fc.constantFrom("ok" as const, "declines" as const, "none" as const),
  coinForRenewal: fc.boolean(),
  coins: fc.constantFrom("none" as const, "short" as const, "enough" as const),
  price: fc.constantFrom(500, 1200),
  /** the consumer dies after the card was charged, before the record */
  crash: fc.boolean(),
  /** the provider's answer is lost: before the charge reached the card network, or after */
  lost: fc.constantFrom("no" as const, "before" as const, "after" as const),
});

type Fan = typeof fanArb extends fc.Arbitrary<infer T> ? T : never;

function expectedOutcome(fan: Fan): "card" | "coin" | "unpaid" {
  if (fan.card === "ok") return "card";
  if (fan.coinForRenewal && fan.coins === "enough") return "coin";
  return "unpaid";
}

/** A small PRNG so one generated seed decides the whole delivery schedule. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("renewals exactly once (property)", () => {
  it("the cron run twice, messages redelivered in any order and concurrently, crashes between charge and record: every membership is charged once for the month and the ledger balances", async () => {
    const { logged, warned } = await withLoggedErrors(() =>
      fc.assert(
        fc.asyncProperty(fc.array(fanArb, { minLength: 1, maxLength: 7 }), fc.integer(), async (fans, seed) => {
          const random = mulberry32(seed);
          const clubs = new Map<number, { fanclubId: number; planId: number }>();
          for (const price of new Set(fans.map((f) => f.price))) clubs.set(price, await insertClubWithPlan(price));
          const provider = countingProvider();
          const crashed = new Set<number>();
          const members: Array<{ fan: Fan; userId: number; membershipId: number }> = [];
          for (const fan of fans) {
            const user = await insertUser();
            if (fan.card !== "none") await giveCard(user, fan.card === "ok" ? TEST_CARDS.ok : TEST_CARDS.declines);
            if (fan.coinForRenewal) await setCoinForRenewal(user.id, true);
            if (fan.coins !== "none")
              await giveCoins(user.id, fan.coins === "enough" ? fan.price + 100 : fan.price - 1, JUNE_1 - 86_400_000);
            const membershipId = await insertPaidMembership(user.id, clubs.get(fan.price)!);
            if (fan.lost !== "no") provider.failNext(renewalKey(membershipId, JUNE), fan.lost);
            members.push({ fan, userId: user.id, membershipId });
          }
          const crashFor = new Set(members.filter((m) => m.fan.crash).map((m) => m.membershipId));
          const deps = {
            now: () => RUN_AT,
            provider: () => provider.provider,
            afterCharge: ({ membershipId }: { membershipId: number }) => {
              if (crashFor.has(membershipId) && !crashed.has(membershipId)) {
                crashed.add(membershipId);
                throw new Error(`consumer killed after charging membership ${membershipId}`);
              }
            },
          };

          // the cron fires twice (a retried trigger, or an operator running it again)
          const pool: Array<{ body: JobMessage; attempts: number }> = [
            ...(await runMoneyCron(JUNE_1)),
            ...(await runMoneyCron(JUNE_1)),
          ].map((body) => ({
            body,
            attempts: 1,
          }));
          let deliveries = 0;
          while (pool.length > 0) {
            if (++deliveries > 500) throw new Error("the queue did not drain");
            // up to two consumers at once, each taking a random handful; some messages are also
            // delivered again later (at-least-once)
            const batches: Array<Array<{ body: JobMessage; attempts: number }>> = [];
            for (let c = 0; c < 2 && pool.length > 0; c++) {
              const take = 1 + Math.floor(random() * Math.min(4, pool.length));
              const batch: Array<{ body: JobMessage; attempts: number }> = [];
              for (let i = 0; i < take && pool.length > 0; i++) {
                const [picked] = pool.splice(Math.floor(random() * pool.length), 1);
                batch.push(picked!);
                if (random() < 0.25) pool.push({ ...picked!, attempts: 1 });
              }
              batches.push(batch);
            }
            const sent: Array<{ body: JobMessage; attempts: number }> = [];
            const results = await Promise.all(batches.map((batch) => deliver(batch, deps, sent)));
            for (const result of results) {
              for (const retry of result.retried) {
                if (retry.attempts > MAX_DELIVERIES_PER_MESSAGE) throw new Error(`message ${retry.body.key} failed every delivery`);
                pool.push(retry);
              }
            }
            pool.push(...sent);
          }

          for (const { fan, userId, membershipId } of members) {
            const key = renewalKey(membershipId, JUNE);
            const outcome = expectedOutcome(fan);
            // the card was only ever asked with this membership's one key for the month
            const keys = [...provider.calls.keys()].filter((k) => k.startsWith(`renewal:${membershipId}:`));
            expect(keys).toEqual(fan.card === "none" ? [] : [key]);
            // every answer for that key is the first payment: one charge at the provider
            const answers = new Set((provider.calls.get(key) ?? []).map((r) => JSON.stringify(r)));
            expect(answers.size).toBeLessThanOrEqual(1);
            const rows = await all<{ card_charge_id: string | null; coin_entry_id: number | null; amount: number }>(
              "SELECT card_charge_id, coin_entry_id, amount FROM membership_payments WHERE membership_id = ? AND month = ?",
              membershipId,
              JUNE,
            );
            const coinEntries = await all<{ id: number; amount: number }>(
              "SELECT id, amount FROM coin_entries WHERE idempotency_key = ?",
              key,
            );
            const state = await one<{ status: string; paid_through: string }>(
              "SELECT status, paid_through FROM memberships WHERE id = ?",
              membershipId,
            );
            const notices = await all<{ kind: string }>("SELECT kind FROM notifications WHERE user_id = ?", userId);
            if (outcome === "unpaid") {
              expect(rows).toEqual([]);
              expect(coinEntries).toEqual([]);
              expect(state).toEqual({ status: "unpaid", paid_through: "2026-05" });
              expect(notices).toEqual([{ kind: "renewalFailed" }]);
              continue;
            }
            expect(rows).toHaveLength(1);
            expect(rows[0]!.amount).toBe(fan.price);
            expect(state).toEqual({ status: "active", paid_through: JUNE });
            expect(notices).toEqual([{ kind: "renewalSucceeded" }]);
            if (outcome === "card") {
              const charge = provider.executed.get(key);
              expect(charge?.status).toBe("succeeded");
              expect(rows[0]).toMatchObject({
                card_charge_id: charge?.status === "succeeded" ? charge.chargeId : null,
                coin_entry_id: null,
              });
              expect(coinEntries).toEqual([]);
            } else {
              expect(coinEntries).toEqual([{ id: rows[0]!.coin_entry_id, amount: fan.price }]);
              expect(rows[0]!.card_charge_id).toBeNull();
            }
          }
          const audit = await ledgerAudit(db);
          expect(audit).toMatchObject({
            postingSum: 0,
            unbalancedEntries: 0,
            misstatedEntries: 0,
            accountsOffPostings: 0,
            accountsOffLots: 0,
            lotsOffPostings: 0,
            negativeAccounts: 0,
          });
        }),
        { numRuns: 50 },
      ),
    );
    // only the injected crashes were logged as defects
    for (const args of logged) expect(String(args[0])).toContain("failed, will retry");
    for (const args of warned)
      expect(String(args[0])).toMatch(/will be retried: (PaymentProviderError: connection reset talking to the card provider(; )?)+$/);
  }, 300_000);
});
