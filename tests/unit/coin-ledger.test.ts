import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateSpend,
  balanceDeltas,
  entryPostings,
  LedgerInvariantError,
  spendableBalance,
  spendOrder,
  type CoinLotView,
  type Movement,
} from "../../server/domain/coin-ledger";

const NOW = Date.UTC(2026, 4, 15, 3, 0, 0);
const DAY = 86_400_000;

const paid = (id: number, remaining: number, createdAt = NOW - id * DAY): CoinLotView => ({
  id,
  kind: "paid",
  remaining,
  expiresAt: null,
  createdAt,
});
const bonus = (id: number, remaining: number, expiresAt: number, createdAt = NOW - id * DAY): CoinLotView => ({
  id,
  kind: "bonus",
  remaining,
  expiresAt,
  createdAt,
});

describe("spend order", () => {
  it("takes bonus coins before paid ones, the soonest expiry first, then paid coins oldest first", () => {
    const lots = [paid(1, 100, NOW - 2 * DAY), bonus(2, 50, NOW + 30 * DAY), paid(3, 100, NOW - 9 * DAY), bonus(4, 50, NOW + 3 * DAY)];
    expect(spendOrder(lots, NOW).map((l) => l.id)).toEqual([4, 2, 3, 1]);
  });

  it("never uses an expired bonus lot, including one expiring exactly now, nor an empty lot", () => {
    const lots = [bonus(1, 50, NOW - 1), bonus(2, 50, NOW), bonus(3, 50, NOW + 1), paid(4, 0)];
    expect(spendOrder(lots, NOW).map((l) => l.id)).toEqual([3]);
    expect(allocateSpend(lots, 60, NOW)).toEqual({ ok: false, available: 50 });
  });

  it("splits a spend across lots in that order", () => {
    const lots = [paid(1, 300), bonus(2, 100, NOW + DAY)];
    expect(allocateSpend(lots, 250, NOW)).toEqual({
      ok: true,
      allocations: [
        { lotId: 2, amount: 100 },
        { lotId: 1, amount: 150 },
      ],
    });
  });

  it("answers a shortage with what is available", () => {
    expect(allocateSpend([paid(1, 120), bonus(2, 30, NOW + DAY)], 151, NOW)).toEqual({ ok: false, available: 150 });
    expect(allocateSpend([], 1, NOW)).toEqual({ ok: false, available: 0 });
  });

  it("refuses zero, negative and fractional spends", () => {
    expect(() => allocateSpend([paid(1, 10)], 0, NOW)).toThrow(RangeError);
    expect(() => allocateSpend([paid(1, 10)], -5, NOW)).toThrow(RangeError);
    expect(() => allocateSpend([paid(1, 10)], 1.5, NOW)).toThrow(RangeError);
  });

  it("shows the spendable balance with bonus coins grouped by expiry, expired ones left out", () => {
    const lots = [paid(1, 500), bonus(2, 100, NOW + DAY), bonus(3, 20, NOW + DAY), bonus(4, 70, NOW - DAY), bonus(5, 5, NOW + 7 * DAY)];
    expect(spendableBalance(lots, NOW)).toEqual({
      balance: 625,
      paid: 500,
      bonus: [
        { amount: 120, expiresAt: NOW + DAY },
        { amount: 5, expiresAt: NOW + 7 * DAY },
      ],
    });
  });
});

const lotArb = fc.record({
  kind: fc.constantFrom("paid" as const, "bonus" as const),
  remaining: fc.integer({ min: 0, max: 5000 }),
  // bonus expiry from a week ago to a month ahead
  expiresIn: fc.integer({ min: -7 * DAY, max: 30 * DAY }),
  age: fc.integer({ min: 0, max: 365 * DAY }),
});
const lotsArb = fc.array(lotArb, { maxLength: 12 }).map((rows) =>
  rows.map((r, i): CoinLotView => ({
    id: i + 1,
    kind: r.kind,
    remaining: r.remaining,
    expiresAt: r.kind === "bonus" ? NOW + r.expiresIn : null,
    createdAt: NOW - r.age,
  })),
);

describe("allocation properties", () => {
  it("takes exactly the amount from usable lots, never more than a lot has, in spend order, or reports a true shortage", () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 30000 }), (lots, amount) => {
        const usable = spendOrder(lots, NOW);
        const available = usable.reduce((s, l) => s + l.remaining, 0);
        const result = allocateSpend(lots, amount, NOW);
        if (!result.ok) {
          expect(amount).toBeGreaterThan(available);
          expect(result.available).toBe(available);
          return;
        }
        expect(amount).toBeLessThanOrEqual(available);
        expect(result.allocations.reduce((s, a) => s + a.amount, 0)).toBe(amount);
        const byId = new Map(lots.map((l) => [l.id, l]));
        for (const a of result.allocations) {
          const lot = byId.get(a.lotId)!;
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(lot.remaining);
          expect(lot.expiresAt === null || lot.expiresAt > NOW).toBe(true);
        }
        // a prefix of the spend order, every lot but the last emptied
        expect(result.allocations.map((a) => a.lotId)).toEqual(usable.slice(0, result.allocations.length).map((l) => l.id));
        for (const a of result.allocations.slice(0, -1)) expect(a.amount).toBe(byId.get(a.lotId)!.remaining);
        // no paid coin is used while bonus coins remain
        const usedPaid = result.allocations.some((a) => byId.get(a.lotId)!.kind === "paid");
        if (usedPaid) {
          const bonusLeft =
            usable.filter((l) => l.kind === "bonus").reduce((s, l) => s + l.remaining, 0) -
            result.allocations.filter((a) => byId.get(a.lotId)!.kind === "bonus").reduce((s, a) => s + a.amount, 0);
          expect(bonusLeft).toBe(0);
        }
      }),
    );
  });
});

describe("postings", () => {
  it("a charge credits a new lot and debits coins sold by card", () => {
    expect(entryPostings({ kind: "charge", userAccountId: 7, amount: 1000 })).toEqual({
      amount: 1000,
      postings: [
        { account: { userAccountId: 7 }, amount: 1000, lot: "new" },
        { account: { system: "issued:card" }, amount: -1000, lot: null },
      ],
    });
  });

  it("a spend takes from each lot and credits revenue once", () => {
    const { amount, postings } = entryPostings({
      kind: "spend",
      userAccountId: 7,
      allocations: [
        { lotId: 3, amount: 100 },
        { lotId: 9, amount: 50 },
      ],
    });
    expect(amount).toBe(150);
    expect(postings).toEqual([
      { account: { userAccountId: 7 }, amount: -100, lot: 3 },
      { account: { userAccountId: 7 }, amount: -50, lot: 9 },
      { account: { system: "revenue" }, amount: 150, lot: null },
    ]);
    expect(balanceDeltas(postings)).toEqual([
      { account: { userAccountId: 7 }, delta: -150 },
      { account: { system: "revenue" }, delta: 150 },
    ]);
  });

  it("bonus and expiry go through their own system accounts", () => {
    expect(entryPostings({ kind: "bonus", userAccountId: 1, amount: 100 }).postings[1]!.account).toEqual({ system: "issued:bonus" });
    expect(entryPostings({ kind: "expire", userAccountId: 1, lotId: 4, amount: 30 }).postings).toEqual([
      { account: { userAccountId: 1 }, amount: -30, lot: 4 },
      { account: { system: "expired" }, amount: 30, lot: null },
    ]);
  });

  it("refuses malformed movements before anything is written", () => {
    expect(() => entryPostings({ kind: "charge", userAccountId: 1, amount: 0 })).toThrow(LedgerInvariantError);
    expect(() => entryPostings({ kind: "charge", userAccountId: 1, amount: -10 })).toThrow(LedgerInvariantError);
    expect(() => entryPostings({ kind: "charge", userAccountId: 1, amount: 2.5 })).toThrow(LedgerInvariantError);
    expect(() => entryPostings({ kind: "spend", userAccountId: 1, allocations: [] })).toThrow(LedgerInvariantError);
    expect(() => entryPostings({ kind: "spend", userAccountId: 1, allocations: [{ lotId: 1, amount: -5 }] })).toThrow(LedgerInvariantError);
    expect(() =>
      entryPostings({
        kind: "spend",
        userAccountId: 1,
        allocations: [
          { lotId: 1, amount: 5 },
          { lotId: 1, amount: 5 },
        ],
      }),
    ).toThrow(LedgerInvariantError);
  });

  it("every movement's postings sum to zero and the person side is the entry's amount", () => {
    const movementArb: fc.Arbitrary<Movement> = fc.oneof(
      fc.record({
        kind: fc.constantFrom("charge" as const, "bonus" as const),
        userAccountId: fc.nat(),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
      fc.record({
        kind: fc.constant("spend" as const),
        userAccountId: fc.nat(),
        allocations: fc.uniqueArray(fc.record({ lotId: fc.nat(), amount: fc.integer({ min: 1, max: 100_000 }) }), {
          minLength: 1,
          maxLength: 8,
          selector: (a) => a.lotId,
        }),
      }),
      fc.record({
        kind: fc.constant("expire" as const),
        userAccountId: fc.nat(),
        lotId: fc.nat(),
        amount: fc.integer({ min: 1, max: 100_000 }),
      }),
    );
    fc.assert(
      fc.property(movementArb, (move) => {
        const { amount, postings } = entryPostings(move);
        expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
        expect(postings.every((p) => p.amount !== 0)).toBe(true);
        const personSide = postings.filter((p) => "userAccountId" in p.account).reduce((s, p) => s + p.amount, 0);
        expect(Math.abs(personSide)).toBe(amount);
        expect(balanceDeltas(postings).reduce((s, d) => s + d.delta, 0)).toBe(0);
      }),
    );
  });
});
