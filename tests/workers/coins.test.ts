import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCoinCampaign, createUser } from "../factories";
import { createDb } from "../../db/client";
import { processedEvents, purchases } from "../../db/schema";
import { ledgerAudit, type LedgerAudit } from "../../server/services/coin-audit";
import { activeCampaigns, grantCampaignBonus, vestingCampaigns } from "../../server/services/coin-campaigns";
import {
  coinBalance,
  coinHistory,
  CoinKeyConflictError,
  creditCoins,
  expireBonusCoins,
  spendCoins,
  type SpendResult,
} from "../../server/services/coins";

const db = createDb(env.DB);
const NOW = Date.UTC(2026, 4, 15, 3, 0, 0);
const DAY = 86_400_000;

let seq = 0;
async function newUser(): Promise<number> {
  const n = `${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 8)}`;
  const epoch = new Date(0);
  const row = await createUser(env.DB, {
    name: `coin fan ${n}`,
    identifyToken: `coin-${n}`,
    termsAcceptedAt: epoch,
    createdAt: epoch,
    updatedAt: epoch,
  });
  return row.id;
}

const key = (label: string) => `test:${label}:${seq++}:${Math.random().toString(36).slice(2, 8)}`;

const CLEAN: LedgerAudit = {
  postingSum: 0,
  entries: expect.any(Number) as unknown as number,
  unbalancedEntries: 0,
  misstatedEntries: 0,
  accountsOffPostings: 0,
  accountsOffLots: 0,
  lotsOffPostings: 0,
  negativeAccounts: 0,
};

/** Everything the ledger holds for one person, to compare before and after a refused batch. */
async function footprint(userId: number) {
  const [entries, lots, account, postings, system] = await env.DB.batch([
    env.DB.prepare("SELECT COUNT(*) AS n FROM coin_entries WHERE user_id = ?").bind(userId),
    env.DB.prepare(
      "SELECT id, remaining FROM coin_lots WHERE account_id = (SELECT id FROM coin_accounts WHERE user_id = ?) ORDER BY id",
    ).bind(userId),
    env.DB.prepare("SELECT balance FROM coin_accounts WHERE user_id = ?").bind(userId),
    env.DB.prepare("SELECT COUNT(*) AS n FROM coin_postings"),
    env.DB.prepare("SELECT code, balance FROM coin_accounts WHERE kind = 'system' ORDER BY code"),
  ]);
  return {
    entries: entries!.results,
    lots: lots!.results,
    account: account!.results,
    postings: postings!.results,
    system: system!.results,
  };
}

async function entriesWithKey(k: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM coin_entries WHERE idempotency_key = ?").bind(k).first<{ n: number }>();
  return row!.n;
}

describe("credits and spends", () => {
  it("a charge adds paid coins; a spend takes them; the history shows both, newest first", async () => {
    const userId = await newUser();
    const charge = await creditCoins(db, {
      userId,
      amount: 1000,
      kind: "charge",
      idempotencyKey: key("charge"),
      now: NOW,
      ref: { type: "card_charge", id: "ch_1" },
    });
    expect(charge.replayed).toBe(false);
    expect(charge.entry).toMatchObject({ kind: "charge", amount: 1000, userId, refType: "card_charge", refId: "ch_1" });
    const spend = await spendCoins(db, {
      userId,
      amount: 300,
      idempotencyKey: key("spend"),
      now: NOW + 1000,
      ref: { type: "purchase", id: 9 },
    });
    expect(spend).toMatchObject({ ok: true, replayed: false, attempts: 1, entry: { kind: "spend", amount: 300 } });
    expect(await coinBalance(db, userId, NOW + 2000)).toEqual({ balance: 700, paid: 700, bonus: [] });
    const history = await coinHistory(db, userId);
    expect(history.items.map((i) => [i.kind, i.amount])).toEqual([
      ["spend", -300],
      ["charge", 1000],
    ]);
    expect(history.next).toBeNull();
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });

  it("the same key again changes nothing and answers the first entry; a different movement under that key is refused", async () => {
    const userId = await newUser();
    const k = key("charge");
    const first = await creditCoins(db, { userId, amount: 500, kind: "charge", idempotencyKey: k, now: NOW });
    const again = await creditCoins(db, { userId, amount: 500, kind: "charge", idempotencyKey: k, now: NOW + 5000 });
    expect(again).toMatchObject({ replayed: true, entry: { id: first.entry.id } });
    await expect(creditCoins(db, { userId, amount: 600, kind: "charge", idempotencyKey: k, now: NOW })).rejects.toBeInstanceOf(
      CoinKeyConflictError,
    );
    const s = key("spend");
    const spent = await spendCoins(db, { userId, amount: 200, idempotencyKey: s, now: NOW });
    const spentAgain = await spendCoins(db, { userId, amount: 200, idempotencyKey: s, now: NOW });
    expect(spentAgain).toMatchObject({ ok: true, replayed: true, entry: { id: spent.ok ? spent.entry.id : -1 } });
    await expect(spendCoins(db, { userId, amount: 201, idempotencyKey: s, now: NOW })).rejects.toBeInstanceOf(CoinKeyConflictError);
    expect((await coinBalance(db, userId, NOW)).balance).toBe(300);
    expect(await entriesWithKey(k)).toBe(1);
    expect(await entriesWithKey(s)).toBe(1);
  });

  it("a double click (the same spend sent five times at once) spends once", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 1000, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    const s = key("purchase");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => spendCoins(db, { userId, amount: 400, idempotencyKey: s, now: NOW })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => (r.ok ? r.entry.id : 0))).size).toBe(1);
    expect(await entriesWithKey(s)).toBe(1);
    expect((await coinBalance(db, userId, NOW)).balance).toBe(600);
  });

  it("a spend larger than the balance is a shortage and writes nothing", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 300, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    await creditCoins(db, { userId, amount: 100, kind: "bonus", idempotencyKey: key("bonus"), now: NOW, expiresAt: NOW + DAY });
    const before = await footprint(userId);
    const s = key("spend");
    expect(await spendCoins(db, { userId, amount: 401, idempotencyKey: s, now: NOW })).toEqual({
      ok: false,
      error: "shortage",
      available: 400,
      attempts: 1,
    });
    expect(await footprint(userId)).toEqual(before);
    expect(await entriesWithKey(s)).toBe(0);
    // a person who never had coins has no account and nothing to spend
    const nobody = await newUser();
    expect(await spendCoins(db, { userId: nobody, amount: 1, idempotencyKey: key("spend"), now: NOW })).toMatchObject({
      ok: false,
      error: "shortage",
      available: 0,
    });
  });

  it("ten spends racing for the same lot: exactly as many succeed as the coins cover, the rest are shortages", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 100, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => spendCoins(db, { userId, amount: 30, idempotencyKey: key("race"), now: NOW })),
    );
    const ok = results.filter((r): r is Extract<SpendResult, { ok: true }> => r.ok);
    expect(ok).toHaveLength(3);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toEqual(
      Array.from({ length: 7 }, () => ({ ok: false, error: "shortage", available: 10, attempts: expect.any(Number) })),
    );
    // they all read 100 coins before any batch landed: the CHECK refused the losers, which re-read and found 10
    expect(refused.every((r) => r.attempts === 2)).toBe(true);
    expect((await coinBalance(db, userId, NOW)).balance).toBe(10);
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });

  it("a spend that lost the race for a lot re-reads and takes the rest from the next lot", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 100, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    await creditCoins(db, { userId, amount: 50, kind: "bonus", idempotencyKey: key("bonus"), now: NOW, expiresAt: NOW + DAY });
    // both read the bonus lot with 50 left and take 40 from it; the CHECK refuses the second batch
    const results = await Promise.all([1, 2].map(() => spendCoins(db, { userId, amount: 40, idempotencyKey: key("race"), now: NOW })));
    expect(results.map((r) => (r.ok ? r.attempts : 0)).sort()).toEqual([1, 2]);
    const lots = await env.DB.prepare(
      "SELECT kind, remaining FROM coin_lots WHERE account_id = (SELECT id FROM coin_accounts WHERE user_id = ?) ORDER BY kind",
    )
      .bind(userId)
      .all<{ kind: string; remaining: number }>();
    expect(lots.results).toEqual([
      { kind: "bonus", remaining: 0 },
      { kind: "paid", remaining: 70 },
    ]);
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });

  it("a spend across more lots than one statement can bind still lands whole", async () => {
    const userId = await newUser();
    for (let i = 0; i < 45; i++) {
      await creditCoins(db, { userId, amount: 3, kind: "bonus", idempotencyKey: key("b"), now: NOW, expiresAt: NOW + DAY + i });
    }
    await creditCoins(db, { userId, amount: 100, kind: "charge", idempotencyKey: key("c"), now: NOW });
    const s = key("spend");
    expect(await spendCoins(db, { userId, amount: 200, idempotencyKey: s, now: NOW })).toMatchObject({ ok: true, entry: { amount: 200 } });
    const postings = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM coin_postings WHERE entry_id = (SELECT id FROM coin_entries WHERE idempotency_key = ?)",
    )
      .bind(s)
      .first<{ n: number }>();
    // 45 bonus lots, the paid lot, and revenue
    expect(postings!.n).toBe(47);
    expect(await coinBalance(db, userId, NOW)).toEqual({ balance: 35, paid: 35, bonus: [] });
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });
});

describe("one batch: the money and its purpose land together or not at all", () => {
  it("the caller's statements join the spend's batch and can point at its entry", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 800, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    const pk = key("purchase");
    const spend = await spendCoins(db, {
      userId,
      amount: 500,
      idempotencyKey: pk,
      now: NOW,
      extraStatements: ({ entryId }) => [
        db
          .insert(purchases)
          .values({
            userId,
            idempotencyKey: pk,
            status: "paid",
            total: 700,
            coinAmount: 500,
            cardAmount: 200,
            coinEntryId: entryId,
            createdAt: new Date(NOW),
            updatedAt: new Date(NOW),
          })
          .returning({ id: purchases.id, coinEntryId: purchases.coinEntryId }),
      ],
    });
    expect(spend.ok).toBe(true);
    if (!spend.ok) return;
    const [purchase] = spend.extraResults[0] as Array<{ id: number; coinEntryId: number }>;
    expect(purchase!.coinEntryId).toBe(spend.entry.id);
  });

  it("a spend whose last statement fails leaves no entry, no lot change and no balance change", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 300, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    await creditCoins(db, { userId, amount: 50, kind: "bonus", idempotencyKey: key("bonus"), now: NOW, expiresAt: NOW + DAY });
    const taken = key("taken");
    await db.insert(processedEvents).values({ key: taken, processedAt: new Date(NOW) });
    const before = await footprint(userId);
    const s = key("spend");
    await expect(
      spendCoins(db, {
        userId,
        amount: 120,
        idempotencyKey: s,
        now: NOW,
        // the purpose's own key was used already: its UNIQUE fails the batch after every ledger statement ran
        extraStatements: () => [db.insert(processedEvents).values({ key: taken, processedAt: new Date(NOW) })],
      }),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await footprint(userId)).toEqual(before);
    expect(await entriesWithKey(s)).toBe(0);
  });

  it("a credit whose last statement fails leaves nothing either", async () => {
    const userId = await newUser();
    const taken = key("taken");
    await db.insert(processedEvents).values({ key: taken, processedAt: new Date(NOW) });
    const c = key("charge");
    await expect(
      creditCoins(db, {
        userId,
        amount: 1000,
        kind: "charge",
        idempotencyKey: c,
        now: NOW,
        extraStatements: () => [db.insert(processedEvents).values({ key: taken, processedAt: new Date(NOW) })],
      }),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await entriesWithKey(c)).toBe(0);
    expect(await coinBalance(db, userId, NOW)).toEqual({ balance: 0, paid: 0, bonus: [] });
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });
});

describe("the database itself refuses what the code must never do", () => {
  it("no overdraft, no growing lot, no edited or deleted ledger row", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 100, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    const run = (q: string) => env.DB.prepare(q).bind(userId).run();
    const lot = "(SELECT l.id FROM coin_lots l JOIN coin_accounts a ON a.id = l.account_id WHERE a.user_id = ?)";
    await expect(run("UPDATE coin_accounts SET balance = balance - 101 WHERE user_id = ?")).rejects.toThrow(
      /coin_accounts_balance_not_negative/,
    );
    await expect(run(`UPDATE coin_lots SET remaining = remaining - 101 WHERE id = ${lot}`)).rejects.toThrow(/coin_lots_remaining_range/);
    await expect(run(`UPDATE coin_lots SET remaining = remaining + 1 WHERE id = ${lot}`)).rejects.toThrow(/only spent down/);
    await expect(run("UPDATE coin_entries SET amount = 1 WHERE user_id = ?")).rejects.toThrow(/append-only/);
    await expect(run("DELETE FROM coin_entries WHERE user_id = ?")).rejects.toThrow(/append-only/);
    await expect(run("DELETE FROM coin_postings WHERE entry_id IN (SELECT id FROM coin_entries WHERE user_id = ?)")).rejects.toThrow(
      /append-only/,
    );
    await expect(run("DELETE FROM coin_accounts WHERE user_id = ?")).rejects.toThrow(/never deleted/);
    expect((await coinBalance(db, userId, NOW)).balance).toBe(100);
  });
});

describe("bonus coins", () => {
  it("are spent first, soonest expiry first; past their expiry they are not spendable, and the sweep moves them out once", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 500, kind: "charge", idempotencyKey: key("charge"), now: NOW });
    await creditCoins(db, { userId, amount: 50, kind: "bonus", idempotencyKey: key("late"), now: NOW, expiresAt: NOW + 2 * DAY });
    await creditCoins(db, { userId, amount: 100, kind: "bonus", idempotencyKey: key("soon"), now: NOW, expiresAt: NOW + DAY });
    await expect(creditCoins(db, { userId, amount: 10, kind: "bonus", idempotencyKey: key("bonus"), now: NOW })).rejects.toThrow(
      RangeError,
    );

    expect(await spendCoins(db, { userId, amount: 120, idempotencyKey: key("spend"), now: NOW })).toMatchObject({ ok: true });
    expect(await coinBalance(db, userId, NOW)).toEqual({
      balance: 530,
      paid: 500,
      bonus: [{ amount: 30, expiresAt: new Date(NOW + 2 * DAY) }],
    });
    // after the 30 left expire they no longer count, before and after the sweep
    const later = NOW + 3 * DAY;
    expect(await coinBalance(db, userId, later)).toEqual({ balance: 500, paid: 500, bonus: [] });
    expect(await spendCoins(db, { userId, amount: 501, idempotencyKey: key("spend"), now: later })).toMatchObject({
      ok: false,
      error: "shortage",
      available: 500,
    });

    const swept = await expireBonusCoins(db, later);
    expect(swept.lots).toBeGreaterThanOrEqual(1);
    const mine = await coinHistory(db, userId);
    expect(mine.items[0]).toMatchObject({ kind: "expire", amount: -30, refType: "lot" });
    expect(await coinBalance(db, userId, later)).toEqual({ balance: 500, paid: 500, bonus: [] });
    const account = await env.DB.prepare("SELECT balance FROM coin_accounts WHERE user_id = ?").bind(userId).first<{ balance: number }>();
    expect(account!.balance).toBe(500);
    // running again (or the cron twice) moves nothing more
    expect(await expireBonusCoins(db, later)).toEqual({ lots: 0, coins: 0, more: false });
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });

  it("a sweep racing spends of the same bonus lot never takes a coin twice", async () => {
    const userId = await newUser();
    await creditCoins(db, { userId, amount: 90, kind: "bonus", idempotencyKey: key("bonus"), now: NOW, expiresAt: NOW + DAY });
    // spends decided just before the expiry race a sweep run just after it
    const spends = Array.from({ length: 4 }, () =>
      spendCoins(db, { userId, amount: 20, idempotencyKey: key("spend"), now: NOW + DAY - 1 }),
    );
    const [sweep, ...results] = await Promise.all([expireBonusCoins(db, NOW + DAY), ...spends]);
    const spent = results.filter((r) => r.ok).length * 20;
    const row = await env.DB.prepare(
      "SELECT l.remaining, a.balance FROM coin_lots l JOIN coin_accounts a ON a.id = l.account_id WHERE a.user_id = ?",
    )
      .bind(userId)
      .first<{ remaining: number; balance: number }>();
    expect(row).toEqual({ remaining: 0, balance: 0 });
    const expired = await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM coin_entries WHERE user_id = ? AND kind = 'expire'")
      .bind(userId)
      .first<{ n: number }>();
    expect(spent + expired!.n).toBe(90);
    expect(sweep.coins).toBeGreaterThanOrEqual(expired!.n);
    expect(await ledgerAudit(db)).toEqual(CLEAN);
  });
});

describe("history", () => {
  it("pages newest first by the last id seen, with signed amounts and the bonus expiry", async () => {
    const userId = await newUser();
    for (let i = 0; i < 23; i++) await creditCoins(db, { userId, amount: 10 + i, kind: "charge", idempotencyKey: key("c"), now: NOW + i });
    await creditCoins(db, { userId, amount: 5, kind: "bonus", idempotencyKey: key("b"), now: NOW + 100, expiresAt: NOW + 9 * DAY });
    await spendCoins(db, { userId, amount: 7, idempotencyKey: key("s"), now: NOW + 200 });
    const first = await coinHistory(db, userId);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ kind: "spend", amount: -7, expiresAt: null });
    expect(first.items[1]).toMatchObject({ kind: "bonus", amount: 5, expiresAt: new Date(NOW + 9 * DAY) });
    expect(first.items[2]).toMatchObject({ kind: "charge", amount: 32 });
    expect(first.next).not.toBeNull();
    const second = await coinHistory(db, userId, { cursor: first.next });
    expect(second.items.map((i) => i.amount)).toEqual([14, 13, 12, 11, 10]);
    expect(second.next).toBeNull();
    // another person's entries never show
    expect((await coinHistory(db, await newUser())).items).toEqual([]);
  });
});

describe("vesting campaigns", () => {
  it("grant their bonus once per person while they run", async () => {
    const campaign = await createCoinCampaign(env.DB, {
      name: "入会キャンペーン",
      bonusAmount: 100,
      vestOn: "plan_join",
      startsAt: new Date(NOW - DAY),
      endsAt: new Date(NOW + DAY),
      expiresAfterDays: 30,
      createdAt: new Date(NOW - DAY),
    });
    const userId = await newUser();
    expect((await activeCampaigns(db, NOW, "plan_join")).map((c) => c.id)).toContain(campaign!.id);
    const [a, b] = await Promise.all([
      grantCampaignBonus(db, { campaignId: campaign!.id, userId, now: NOW }),
      grantCampaignBonus(db, { campaignId: campaign!.id, userId, now: NOW }),
    ]);
    expect(a.ok && b.ok && a.entry.id === b.entry.id).toBe(true);
    expect(await coinBalance(db, userId, NOW)).toEqual({
      balance: 100,
      paid: 0,
      bonus: [{ amount: 100, expiresAt: new Date(NOW + 30 * DAY) }],
    });
    const listed = (await vestingCampaigns(db, userId, NOW)).find((v) => v.campaign.id === campaign!.id);
    expect(listed?.grant).toEqual({ amount: 100, remaining: 100, expiresAt: new Date(NOW + 30 * DAY), grantedAt: new Date(NOW) });
    // the grant's created_at does not shadow the campaign's (D1 batch rows are keyed by column name)
    expect(listed?.campaign.createdAt).toEqual(new Date(NOW - DAY));
    // after the campaign ends: the first grant is still answered, a newcomer gets nothing
    expect(await grantCampaignBonus(db, { campaignId: campaign!.id, userId, now: NOW + 2 * DAY })).toMatchObject({
      ok: true,
      replayed: true,
    });
    expect(await grantCampaignBonus(db, { campaignId: campaign!.id, userId: await newUser(), now: NOW + 2 * DAY })).toEqual({
      ok: false,
      reason: "notRunning",
    });
    expect(await grantCampaignBonus(db, { campaignId: 999_999, userId, now: NOW })).toEqual({ ok: false, reason: "missing" });
  });
});

type Op = { user: number; type: "charge" | "bonus" | "spend"; amount: number; repeats: number };

describe("property: concurrent credits and spends keep the books", () => {
  it("no balance goes negative, postings sum to zero, balances = postings = lots, each successful spend is one entry", async () => {
    const stats = { runs: 0, ops: 0, spends: 0, spent: 0, shortages: 0, busy: 0, retried: 0, maxAttempts: 0, replays: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            user: fc.integer({ min: 0, max: 2 }),
            type: fc.constantFrom("charge" as const, "bonus" as const, "spend" as const, "spend" as const),
            // amounts near the opening balance, so concurrent spends often fight over the same coins
            amount: fc.integer({ min: 1, max: 300 }),
            // the same request sent 1 to 3 times at once (double clicks, retries)
            repeats: fc.integer({ min: 1, max: 3 }),
          }),
          { minLength: 1, maxLength: 24 },
        ),
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 3, maxLength: 3 }),
        async (ops: Op[], opening: number[]) => {
          const users = [await newUser(), await newUser(), await newUser()];
          // coins to race for: each person starts with an awaited charge
          const expected = new Map(users.map((u) => [u, 0]));
          for (const [i, amount] of opening.entries()) {
            if (amount === 0) continue;
            await creditCoins(db, { userId: users[i]!, amount, kind: "charge", idempotencyKey: key("opening"), now: NOW });
            expected.set(users[i]!, amount);
          }
          const calls = ops.flatMap((op) => {
            const k = key(op.type);
            const userId = users[op.user]!;
            const once = () =>
              op.type === "spend"
                ? spendCoins(db, { userId, amount: op.amount, idempotencyKey: k, now: NOW })
                : creditCoins(db, {
                    userId,
                    amount: op.amount,
                    kind: op.type,
                    idempotencyKey: k,
                    now: NOW,
                    expiresAt: op.type === "bonus" ? NOW + DAY : null,
                  });
            return Array.from({ length: op.repeats }, () => ({ op, k, userId, run: once }));
          });
          const outcomes = await Promise.all(calls.map(async (c) => ({ ...c, result: await c.run() })));

          const byKey = new Map<string, typeof outcomes>();
          for (const o of outcomes) byKey.set(o.k, [...(byKey.get(o.k) ?? []), o]);
          for (const [k, group] of byKey) {
            const { op, userId } = group[0]!;
            const results = group.map((g) => g.result);
            const written = await entriesWithKey(k);
            const succeeded = results.some((r) => !("ok" in r) || r.ok);
            // one entry per key however often it was sent, and only if the movement happened
            expect(written).toBe(succeeded ? 1 : 0);
            if (succeeded) {
              const fresh = results.filter((r) => (!("ok" in r) || r.ok) && !(r as { replayed: boolean }).replayed);
              expect(fresh).toHaveLength(1);
              stats.replays += results.length - 1;
              expected.set(userId, expected.get(userId)! + (op.type === "spend" ? -op.amount : op.amount));
            }
            if (op.type === "spend") {
              stats.spends += 1;
              for (const r of results as SpendResult[]) {
                stats.maxAttempts = Math.max(stats.maxAttempts, r.attempts);
                if (r.attempts > 1) stats.retried += 1;
                if (r.ok) {
                  if (!r.replayed) stats.spent += 1;
                } else if (r.error === "shortage") stats.shortages += 1;
                else stats.busy += 1;
              }
            }
          }
          for (const userId of users) {
            const balance = await coinBalance(db, userId, NOW);
            expect(balance.balance).toBeGreaterThanOrEqual(0);
            expect(balance.balance).toBe(expected.get(userId));
          }
          expect(await ledgerAudit(db)).toEqual(CLEAN);
          stats.runs += 1;
          stats.ops += calls.length;
        },
      ),
      { numRuns: 30 },
    );
    const total = await db.get<{ postings: number; entries: number }>(
      sql`SELECT (SELECT COUNT(*) FROM coin_postings) AS postings, (SELECT COUNT(*) FROM coin_entries) AS entries`,
    );
    console.log(`coin property: ${JSON.stringify({ ...stats, ...total })}`);
    expect(stats.runs).toBe(30);
  }, 120_000);
});
