import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { mergedReads } from "../../server/http/merged-reads";

/** A stand-in client that answers each "query" with its own name and counts its batches. */
function fakeDb(fail = false) {
  const calls: unknown[][] = [];
  const db = {
    batch: async (queries: unknown[]) => {
      calls.push(queries);
      if (fail) throw new Error("D1 said no");
      return queries.map((q) => `result of ${String(q)}`);
    },
    select: () => "the ordinary client",
  };
  return { app: { db: db as unknown as Db }, calls };
}

describe("mergedReads: a page's loaders in one D1 round trip", () => {
  it("sends the batches started by two loaders in one turn as one batch, and gives each its own results", async () => {
    const { app, calls } = fakeDb();
    const reads = mergedReads(app) as unknown as { batch: (q: string[]) => Promise<string[]> };
    // the layout's loader and the tab's loader, a few promise hops apart
    const layout = reads.batch(["club", "plans"]);
    const tab = Promise.resolve().then(() => (mergedReads(app) as unknown as typeof reads).batch(["topics"]));
    expect(await layout).toEqual(["result of club", "result of plans"]);
    expect(await tab).toEqual(["result of topics"]);
    expect(calls).toEqual([["club", "plans", "topics"]]);
  });

  it("starts a new batch for reads that come after the first went out, and leaves the rest of the client alone", async () => {
    const { app, calls } = fakeDb();
    const reads = mergedReads(app) as unknown as { batch: (q: string[]) => Promise<string[]>; select: () => string };
    await reads.batch(["first"]);
    await reads.batch(["second"]);
    expect(calls).toEqual([["first"], ["second"]]);
    expect(reads.select()).toBe("the ordinary client");
  });

  it("fails every caller of a failed batch (nothing is reported as read)", async () => {
    const { app } = fakeDb(true);
    const reads = mergedReads(app) as unknown as { batch: (q: string[]) => Promise<string[]> };
    const results = await Promise.allSettled([reads.batch(["a"]), reads.batch(["b"])]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
