import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import type { ServiceRow } from "../../db/schema";

/**
 * The brand list is kept per isolate for a short while, and only its rows are shared between
 * requests: a read in flight belongs to the request that started it (workerd refuses another
 * request's access to its I/O, and such requests answered 500 under load).
 */

type Load = typeof import("../../server/services/brand-directory").loadBrands;
let loadBrands: Load;

beforeEach(async () => {
  vi.resetModules();
  ({ loadBrands } = await import("../../server/services/brand-directory"));
});

const rows = (name: string) => [{ id: 1, name }] as unknown as ServiceRow[];

/** A D1 client whose brand query answers with each of `answers` in turn (an Error rejects), counting the reads. */
function fakeDb(...answers: (ServiceRow[] | Error)[]) {
  const db = {
    reads: 0,
    select: () => ({
      from: () => ({
        orderBy: () => {
          const answer = answers[Math.min(db.reads, answers.length - 1)]!;
          db.reads++;
          return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
        },
      }),
    }),
  };
  return db;
}
const asDb = (db: ReturnType<typeof fakeDb>) => db as unknown as Db;

describe("brand list per isolate", () => {
  it("on a cold isolate, requests arriving together each read it themselves: no read is shared", async () => {
    const db = fakeDb(rows("A"));
    const answers = await Promise.all([loadBrands(asDb(db), 0), loadBrands(asDb(db), 0), loadBrands(asDb(db), 0)]);
    expect(db.reads).toBe(3);
    for (const answer of answers) expect(answer).toEqual(rows("A"));
  });

  it("is read again once 30 s have passed, by one request while the others go on with the copy they have", async () => {
    const db = fakeDb(rows("A"), rows("B"));
    await loadBrands(asDb(db), 0);
    expect(await loadBrands(asDb(db), 29_999)).toEqual(rows("A"));
    expect(db.reads).toBe(1);

    const refreshing = loadBrands(asDb(db), 30_000);
    const meanwhile = await loadBrands(asDb(db), 30_001);
    expect(meanwhile).toEqual(rows("A"));
    expect(await refreshing).toEqual(rows("B"));
    expect(db.reads).toBe(2);
    expect(await loadBrands(asDb(db), 30_002)).toEqual(rows("B"));
  });

  it("keeps the copy it has when reading it again fails, and tries again after a few seconds", async () => {
    const db = fakeDb(rows("A"), new Error("D1 is away"), rows("C"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await loadBrands(asDb(db), 0);
    expect(await loadBrands(asDb(db), 31_000)).toEqual(rows("A"));
    expect(log).toHaveBeenCalledOnce();
    expect(await loadBrands(asDb(db), 33_000)).toEqual(rows("A"));
    expect(db.reads).toBe(2);
    expect(await loadBrands(asDb(db), 36_001)).toEqual(rows("C"));
    expect(db.reads).toBe(3);
  });

  it("fails a cold isolate's request when the first read fails, and the next request reads again", async () => {
    const db = fakeDb(new Error("D1 is away"), rows("A"));
    await expect(loadBrands(asDb(db), 0)).rejects.toThrow("D1 is away");
    expect(await loadBrands(asDb(db), 1)).toEqual(rows("A"));
  });
});
