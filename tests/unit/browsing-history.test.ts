import { describe, expect, it } from "vitest";
import { parseBrowsingHistory, recordBrowsing } from "../../server/domain/browsing-history";

describe("recordBrowsing", () => {
  it("appends new post ids", () => {
    expect(recordBrowsing([1, 2], 3)).toEqual([1, 2, 3]);
  });

  it("keeps the 4 most recent", () => {
    expect(recordBrowsing([1, 2, 3, 4], 5)).toEqual([2, 3, 4, 5]);
  });

  it("moves a repeat to the end without duplicating it", () => {
    expect(recordBrowsing([1, 2, 3, 4], 2)).toEqual([1, 3, 4, 2]);
  });

  it("does not change the input", () => {
    const before = [1, 2];
    recordBrowsing(before, 3);
    expect(before).toEqual([1, 2]);
  });
});

describe("parseBrowsingHistory", () => {
  it("reads what was stored", () => {
    expect(parseBrowsingHistory("[4,5]")).toEqual([4, 5]);
  });

  it("treats broken storage as empty", () => {
    expect(parseBrowsingHistory(null)).toEqual([]);
    expect(parseBrowsingHistory("{")).toEqual([]);
    expect(parseBrowsingHistory('{"a":1}')).toEqual([]);
    expect(parseBrowsingHistory('[1,"x",2.5,3]')).toEqual([1, 3]);
  });
});
