import { afterEach, describe, expect, it, vi } from "vitest";
import { FANCLUB_HISTORY_KEY, readFanclubHistory, rememberFanclubVisit } from "../../app/lib/browsing-history";
import { mediaUrl } from "../../app/lib/media";
import { JOINED_PAGE_MAX, pageSize, parseJoinedCursor, toJoinedPage, type JoinedFanclub } from "../../server/services/joined";
import { boundedCount, groupByCategory, inRequestedOrder, parseFanclubIds } from "../../server/services/recommendations";

describe("joined list cursor", () => {
  it("starts at the first page without a cursor", () => {
    expect(parseJoinedCursor(null, null)).toEqual({ ok: true, cursor: null });
    expect(parseJoinedCursor("", " ")).toEqual({ ok: true, cursor: null });
  });

  it("takes the ISO time the previous page gave, or epoch milliseconds", () => {
    expect(parseJoinedCursor("42", "2024-05-01T12:34:56.789Z")).toEqual({
      ok: true,
      cursor: { prevLastId: 42, prevActivedAt: Date.UTC(2024, 4, 1, 12, 34, 56, 789) },
    });
    expect(parseJoinedCursor("7", "1700000000000")).toEqual({ ok: true, cursor: { prevLastId: 7, prevActivedAt: 1_700_000_000_000 } });
  });

  it("refuses half a cursor and anything that is not an id and a time", () => {
    for (const [id, at] of [
      ["42", null],
      [null, "1700000000000"],
      ["0", "1"],
      ["-3", "1"],
      ["4.5", "1"],
      ["abc", "1"],
      ["1", "yesterday"],
      ["1", "2024-05-01"],
      ["1", "2024-05-01T12:34:56+09:00"],
      ["1", "2024-13-45T99:99:99Z"],
      ["99999999999999999", "1"],
    ] as const) {
      expect(parseJoinedCursor(id, at), `${id} ${at}`).toEqual({ ok: false });
    }
  });

  it("keeps page sizes within bounds", () => {
    expect(pageSize(null, 10)).toBe(10);
    expect(pageSize("abc", 10)).toBe(10);
    expect(pageSize("0", 10)).toBe(10);
    expect(pageSize("3", 10)).toBe(3);
    expect(pageSize("1000", 10)).toBe(JOINED_PAGE_MAX);
  });

  const row = (id: number): JoinedFanclub => ({
    id,
    name: `f${id}`,
    creatorName: "c",
    uniquePath: null,
    iconKey: null,
    planName: "p",
    planPrice: 500,
    activedAt: `2024-01-0${id}T00:00:00.000Z`,
    serviceId: 1,
    frontUrl: "http://x",
  });

  it("turns limit + 1 rows into a page whose cursor is its last row", () => {
    const page = toJoinedPage([row(5), row(4), row(3)], 2);
    expect(page.fanclubs.map((f) => f.id)).toEqual([5, 4]);
    expect(page.next).toEqual({ hasNext: true, lastId: 4, lastActionedAt: "2024-01-04T00:00:00.000Z" });
    expect(toJoinedPage([row(2)], 2).next).toEqual({ hasNext: false, lastId: 2, lastActionedAt: "2024-01-02T00:00:00.000Z" });
    expect(toJoinedPage([], 2).next).toEqual({ hasNext: false, lastId: null, lastActionedAt: null });
  });
});

describe("recommendation helpers", () => {
  const card = (id: number, category: string, rank: number) => ({
    id,
    name: `f${id}`,
    creatorName: "c",
    uniquePath: null,
    iconKey: null,
    category,
    memberCount: 3,
    followerCount: 1,
    displayMemberCount: id % 2 === 0,
    rank,
  });

  it("groups ranked rows by category in the order given, and stops at the limit", () => {
    const rows = [card(1, "music", 1), card(2, "music", 2), card(3, "game", 1), card(4, "other", 1)];
    const groups = groupByCategory(rows, 2);
    expect(groups.map((g) => [g.category, g.fanclubs.map((f) => f.id)])).toEqual([
      ["music", [1, 2]],
      ["game", [3]],
    ]);
    // a hidden member count is not passed on
    expect(groups[0]!.fanclubs.map((f) => f.memberCount)).toEqual([null, 3]);
    expect(groupByCategory([])).toEqual([]);
  });

  it("reads browsing-history ids: at most four positive ids, repeats dropped", () => {
    expect(parseFanclubIds("3,1,2")).toEqual([3, 1, 2]);
    expect(parseFanclubIds(" 3 , 3 ,1")).toEqual([3, 1]);
    expect(parseFanclubIds("")).toEqual([]);
    expect(parseFanclubIds(null)).toEqual([]);
    for (const bad of ["1,2,3,4,5", "1,,2", "0", "-1", "1.5", "a", "1;2"]) expect(parseFanclubIds(bad), bad).toBeNull();
  });

  it("puts rows back in the order asked for and leaves out missing ones", () => {
    expect(inRequestedOrder([3, 9, 1, 2], [{ id: 1 }, { id: 2 }, { id: 3 }]).map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it("bounds counts from query strings", () => {
    expect(boundedCount(undefined, 8, 30)).toBe(8);
    expect(boundedCount("-1", 8, 30)).toBe(8);
    expect(boundedCount("12", 8, 30)).toBe(12);
    expect(boundedCount("500", 8, 30)).toBe(30);
  });
});

describe("media addresses", () => {
  it("serves bucket keys under /media and static paths as they are", () => {
    expect(mediaUrl("fanclubs/1/icon.webp")).toBe("/media/fanclubs/1/icon.webp");
    expect(mediaUrl("/brands/fanclub/logo.svg")).toBe("/brands/fanclub/logo.svg");
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl("")).toBeNull();
  });
});

describe("fan club browsing history", () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeStorage(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    vi.stubGlobal("localStorage", storage);
    return data;
  }

  it("keeps the four most recent fan clubs, a repeat moving to the end", () => {
    const data = fakeStorage();
    for (const id of [1, 2, 3, 4, 5, 3]) rememberFanclubVisit(id);
    expect(JSON.parse(data.get(FANCLUB_HISTORY_KEY)!)).toEqual([2, 4, 5, 3]);
    expect(readFanclubHistory()).toEqual([2, 4, 5, 3]);
  });

  it("reads garbage or blocked storage as an empty history, and never throws", () => {
    fakeStorage({ [FANCLUB_HISTORY_KEY]: "{not json" });
    expect(readFanclubHistory()).toEqual([]);
    fakeStorage({ [FANCLUB_HISTORY_KEY]: "[-1, 0, 7]" });
    expect(readFanclubHistory()).toEqual([7]);
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    expect(readFanclubHistory()).toEqual([]);
    expect(() => rememberFanclubVisit(1)).not.toThrow();
  });
});
