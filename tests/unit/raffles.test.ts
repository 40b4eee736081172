import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canDraw,
  drawTickets,
  drawWinners,
  entriesLeft,
  entryProblem,
  isSeed,
  newSeed,
  raffleEditProblem,
  rafflePhase,
  SeededIntegers,
  type DrawEntry,
} from "../../server/domain/raffles";

const START = Date.UTC(2025, 5, 1, 3, 0);
const END = Date.UTC(2025, 5, 8, 3, 0);
const published = { status: "published" as const, entryStartAt: START, entryEndAt: END, maxEntriesPerFan: 3 };

describe("the entry window", () => {
  it("opens at the start (inclusive) and closes at the end (exclusive)", () => {
    expect(rafflePhase(published, START - 1)).toBe("upcoming");
    expect(rafflePhase(published, START)).toBe("open");
    expect(rafflePhase(published, END - 1)).toBe("open");
    expect(rafflePhase(published, END)).toBe("closed");
  });

  it("keeps drafts and drawn raffles out of the window whatever the time", () => {
    expect(rafflePhase({ ...published, status: "draft" }, START + 1)).toBe("draft");
    expect(rafflePhase({ ...published, status: "drawn" }, START + 1)).toBe("drawn");
  });

  it("lets the creator draw only after the window closed, and once", () => {
    expect(canDraw(published, END - 1)).toBe(false);
    expect(canDraw(published, END)).toBe(true);
    expect(canDraw({ ...published, status: "drawn" }, END + 1)).toBe(false);
    expect(canDraw({ ...published, status: "draft" }, END + 1)).toBe(false);
  });
});

describe("the per-fan limit", () => {
  it("takes entries up to the limit and no more", () => {
    expect(entryProblem(published, 0, 3, START)).toBeNull();
    expect(entryProblem(published, 2, 1, START)).toBeNull();
    expect(entryProblem(published, 2, 2, START)).toBe("limitReached");
    expect(entryProblem(published, 3, 1, START)).toBe("limitReached");
    expect(entriesLeft(3, 2)).toBe(1);
    expect(entriesLeft(3, 5)).toBe(0);
  });

  it("refuses entries outside the window before looking at the count", () => {
    expect(entryProblem(published, 0, 1, END)).toBe("raffleClosed");
    expect(entryProblem(published, 0, 1, START - 1)).toBe("raffleClosed");
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses %d entries", (quantity) => {
    expect(entryProblem(published, 0, quantity, START)).toBe("invalidQuantity");
  });
});

describe("editing", () => {
  const input = {
    title: "t",
    description: "",
    prizeDescription: "",
    entryPrice: 500,
    winnerCount: 1,
    entryStartAt: START,
    entryEndAt: END,
    maxEntriesPerFan: 3,
  };
  it("refuses a drawn raffle, a window ending before it starts, and a new price after entries", () => {
    expect(raffleEditProblem({ ...published, entryPrice: 500 }, input, 0)).toBeNull();
    expect(raffleEditProblem({ ...published, status: "drawn", entryPrice: 500 }, input, 0)).toBe("drawn");
    expect(raffleEditProblem({ ...published, entryPrice: 500 }, { ...input, entryEndAt: START }, 0)).toBe("window");
    expect(raffleEditProblem({ ...published, entryPrice: 500 }, { ...input, entryPrice: 600 }, 1)).toBe("priceLocked");
    expect(raffleEditProblem({ ...published, entryPrice: 500 }, { ...input, entryPrice: 600 }, 0)).toBeNull();
  });
});

/** The algorithm as the draw page describes it, written again with Node's own SHA-256 and no shared code. */
function referenceDraw(seed: string, entries: readonly DrawEntry[], winnerCount: number) {
  const tickets = [...entries].sort((a, b) => a.id - b.id).flatMap((e) => Array.from({ length: e.count }, () => e));
  const words: number[] = [];
  let counter = 0;
  const word = () => {
    if (!words.length) {
      const c = Buffer.alloc(4);
      c.writeUInt32BE(counter++);
      const block = createHash("sha256")
        .update(Buffer.concat([Buffer.from(seed, "hex"), c]))
        .digest();
      for (let i = 0; i < 8; i++) words.push(block.readUInt32BE(i * 4));
    }
    return words.shift()!;
  };
  const below = (m: number) => {
    const limit = Math.floor(2 ** 32 / m) * m;
    for (;;) {
      const w = word();
      if (w < limit) return w % m;
    }
  };
  const winners: Array<{ rank: number; entryId: number; userId: number }> = [];
  const won = new Set<number>();
  for (let i = 0; i < tickets.length && winners.length < winnerCount; i++) {
    const j = i + below(tickets.length - i);
    [tickets[i], tickets[j]] = [tickets[j]!, tickets[i]!];
    if (won.has(tickets[i]!.userId)) continue;
    won.add(tickets[i]!.userId);
    winners.push({ rank: winners.length + 1, entryId: tickets[i]!.id, userId: tickets[i]!.userId });
  }
  return winners;
}

const seedArb = fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.from(b).toString("hex"));
const entriesArb = fc
  .array(fc.record({ userId: fc.integer({ min: 1, max: 12 }), count: fc.integer({ min: 1, max: 5 }) }), { maxLength: 30 })
  .chain((rows) =>
    fc
      .shuffledSubarray(
        Array.from({ length: 200 }, (_, i) => i + 1),
        { minLength: rows.length, maxLength: rows.length },
      )
      .map((ids) => rows.map((r, i) => ({ id: ids[i]!, ...r }))),
  );

describe("the draw", () => {
  it("makes 64-digit hex seeds from the CSPRNG, different every time", () => {
    const a = newSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(isSeed(a)).toBe(true);
    expect(newSeed()).not.toBe(a);
    expect(isSeed("ABC")).toBe(false);
  });

  it("lays out tickets by entry id, each entry as many times as its count", () => {
    const tickets = drawTickets([
      { id: 9, userId: 1, count: 1 },
      { id: 3, userId: 2, count: 2 },
    ]);
    expect(tickets.map((t) => t.id)).toEqual([3, 3, 9]);
  });

  it("takes uniform integers from SHA-256 blocks in counter mode", async () => {
    const seed = "00ff";
    const block0 = createHash("sha256").update(Buffer.from("00ff00000000", "hex")).digest();
    const random = new SeededIntegers(seed);
    // m = 2^32 never rejects: the first words come out as they are
    expect(await random.below(2 ** 32)).toBe(block0.readUInt32BE(0));
    expect(await random.below(2 ** 32)).toBe(block0.readUInt32BE(4));
  });

  it("matches the published algorithm written independently", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, entriesArb, fc.integer({ min: 1, max: 8 }), async (seed, entries, winners) => {
        expect(await drawWinners(seed, entries, winners)).toEqual(referenceDraw(seed, entries, winners));
      }),
      { numRuns: 150 },
    );
  });

  it("gives the same winners for the same seed, whatever order the entries are read in", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, entriesArb, fc.integer({ min: 1, max: 8 }), async (seed, entries, winners) => {
        const first = await drawWinners(seed, entries, winners);
        const again = await drawWinners(seed, [...entries].reverse(), winners);
        expect(again).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it("picks distinct fans who entered, as many as asked or every fan when fewer entered", async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, entriesArb, fc.integer({ min: 1, max: 8 }), async (seed, entries, winnerCount) => {
        const winners = await drawWinners(seed, entries, winnerCount);
        const fans = new Set(entries.map((e) => e.userId));
        expect(winners.length).toBe(Math.min(winnerCount, fans.size));
        expect(new Set(winners.map((w) => w.userId)).size).toBe(winners.length);
        expect(winners.map((w) => w.rank)).toEqual(winners.map((_, i) => i + 1));
        for (const w of winners) expect(entries.some((e) => e.id === w.entryId && e.userId === w.userId)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("depends on the seed", async () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, userId: i + 1, count: 1 }));
    const results = new Set<string>();
    for (const seed of ["01", "02", "03", "04", "05"]) results.add(JSON.stringify(await drawWinners(seed, entries, 3)));
    expect(results.size).toBeGreaterThan(1);
  });

  it("gives a fan with more entries proportionally more chances", async () => {
    // fan 1 holds 3 of 4 tickets: over many seeds they win the single prize about 3 times in 4
    const entries = [
      { id: 1, userId: 1, count: 3 },
      { id: 2, userId: 2, count: 1 },
    ];
    let fanOneWins = 0;
    const runs = 800;
    for (let i = 0; i < runs; i++) if ((await drawWinners(i.toString(16).padStart(4, "0"), entries, 1))[0]!.userId === 1) fanOneWins++;
    expect(fanOneWins / runs).toBeGreaterThan(0.69);
    expect(fanOneWins / runs).toBeLessThan(0.81);
  });

  it("draws nobody from no entries", async () => {
    expect(await drawWinners("aa", [], 3)).toEqual([]);
  });
});

describe("the demo's drawn raffle", () => {
  it("records the winners its seed gives", async () => {
    const { raffleDemoStatements } = await import("../../db/seed/raffles-demo.mjs");
    const statements = raffleDemoStatements({ now: Date.UTC(2025, 0, 1), fanclubId: 101, fanIds: [1101, 1102, 1103, 1104, 1105, 1106] });
    const seed = /'([0-9a-f]{64})'/.exec(statements.find((s: string) => s.includes("'sha256-ctr-fisher-yates-v1'"))!)![1]!;
    const recorded = statements
      .filter((s: string) => s.startsWith("INSERT INTO raffle_winners"))
      .map((s: string) => Number(/e\.id = (\d+)/.exec(s)![1]));
    const entries = [1101, 1102, 1103, 1104, 1105, 1106].map((userId, i) => ({ id: 101 + i, userId, count: 1 }));
    expect((await drawWinners(seed, entries, 2)).map((w) => w.entryId)).toEqual(recorded);
  });
});
