import { describe, expect, it } from "vitest";
import { COVER_IDS_MAX, coverIdsQuery, postListQuery } from "../../server/domain/post-list";

const q = (s: string) => new URLSearchParams(s);

describe("postListQuery", () => {
  it("defaults to the first page of every kind", () => {
    expect(postListQuery(q(""))).toEqual({ ok: true, value: { page: 1, type: null } });
    expect(postListQuery(q("page=&type="))).toEqual({ ok: true, value: { page: 1, type: null } });
  });

  it("takes a page from 1 to 10,000 and a post kind", () => {
    expect(postListQuery(q("page=3&type=blog"))).toEqual({ ok: true, value: { page: 3, type: "blog" } });
    expect(postListQuery(q("page=10000"))).toEqual({ ok: true, value: { page: 10000, type: null } });
  });

  it("names the parameter that is wrong", () => {
    for (const page of ["0", "-1", "1.5", "abc", "10001", "1e3", " 2"]) {
      expect(postListQuery(q(`page=${encodeURIComponent(page)}`)), page).toEqual({ ok: false, problem: { param: "page" } });
    }
    for (const type of ["video", "toString", "constructor", "Picture"]) {
      expect(postListQuery(q(`type=${type}`)), type).toEqual({ ok: false, problem: { param: "type" } });
    }
  });
});

describe("coverIdsQuery", () => {
  it("keeps the order and folds duplicates", () => {
    expect(coverIdsQuery(q("ids=5,2,5,9"))).toEqual({ ok: true, value: [5, 2, 9] });
  });

  it(`accepts up to ${COVER_IDS_MAX} distinct ids`, () => {
    const ids = Array.from({ length: COVER_IDS_MAX }, (_, i) => i + 1);
    expect(coverIdsQuery(q(`ids=${ids.join(",")},1`))).toEqual({ ok: true, value: ids });
    expect(coverIdsQuery(q(`ids=${[...ids, 21].join(",")}`))).toEqual({ ok: false, problem: { param: "ids" } });
  });

  it("refuses no ids or ids that are not positive integers", () => {
    for (const raw of ["", "ids=", "ids=,", "ids=a", "ids=0", "ids=1,-2", "ids=1.5", "ids=99999999999999999"]) {
      expect(coverIdsQuery(q(raw)), raw).toEqual({ ok: false, problem: { param: "ids" } });
    }
  });
});
