import { describe, expect, it } from "vitest";
import { parsePostModalFlags, queryAfterClose } from "../../server/domain/post-modal";
import { linkedProductShown, productChoiceOf } from "../../server/domain/post-product";

const q = (s: string) => new URLSearchParams(s);

describe("post modal flags (spec §2)", () => {
  it("reads copyPostId as a post id, and anything else given as invalid", () => {
    expect(parsePostModalFlags(q("fanclubPost=new&copyPostId=42")).copyPostId).toBe(42);
    expect(parsePostModalFlags(q("fanclubPost=new")).copyPostId).toBeNull();
    expect(parsePostModalFlags(q("copyPostId=")).copyPostId).toBeNull();
    for (const bad of ["abc", "0", "-3", "1.5", "1e3", "12345678901"]) {
      expect(parsePostModalFlags(q(`copyPostId=${encodeURIComponent(bad)}`)).copyPostId).toBe("invalid");
    }
  });

  it("reads visibleShow as the plan the visibility selector opens with, -1 for anyone", () => {
    expect(parsePostModalFlags(q("visibleShow=7")).visiblePlanId).toBe(7);
    expect(parsePostModalFlags(q("visibleShow=-1")).visiblePlanId).toBe(-1);
    expect(parsePostModalFlags(q("visibleShow=true")).visiblePlanId).toBeNull();
    expect(parsePostModalFlags(q("visibleShow=0")).visiblePlanId).toBeNull();
    expect(parsePostModalFlags(q("")).visiblePlanId).toBeNull();
  });

  it("reads page as the management page to return to, within the list's bounds", () => {
    expect(parsePostModalFlags(q("page=3")).returnPage).toBe(3);
    expect(parsePostModalFlags(q("page=0")).returnPage).toBeNull();
    expect(parsePostModalFlags(q("page=10001")).returnPage).toBeNull();
    expect(parsePostModalFlags(q("page=two")).returnPage).toBeNull();
  });

  it("closing removes every flag, keeps the list's filters and lands on the named page", () => {
    const after = queryAfterClose(
      q(
        "status=draft&type=blog&fanclubPost=complete&postId=9&postTitle=x&hashTag=a&scheduled=1&copyPostId=3&visibleShow=2&page=4&isGroupPost=1&isGroup=true&postModalDisabled=true",
      ),
    );
    expect(Object.fromEntries(after)).toEqual({ status: "draft", type: "blog", p: "4" });
  });

  it("closing without page keeps the page the list was on; page=1 goes back to the first", () => {
    expect(queryAfterClose(q("p=2&fanclubPost=new")).toString()).toBe("p=2");
    expect(queryAfterClose(q("p=2&fanclubPost=new&page=1")).toString()).toBe("");
    expect(queryAfterClose(q("p=2&fanclubPost=new&page=oops")).toString()).toBe("p=2");
  });
});

describe("a post's linked product choice", () => {
  it("keeps when absent, clears with -1 or empty, links a positive id, refuses anything else", () => {
    expect(productChoiceOf(undefined)).toEqual({ kind: "keep" });
    expect(productChoiceOf("-1")).toEqual({ kind: "clear" });
    expect(productChoiceOf(" ")).toEqual({ kind: "clear" });
    expect(productChoiceOf("1003")).toEqual({ kind: "link", productId: 1003 });
    for (const bad of ["0", "-2", "abc", "1.5", "1e3", "9999999999999999"]) expect(productChoiceOf(bad)).toBeNull();
  });

  it("shows readers a published product only", () => {
    expect(linkedProductShown({ status: "published" })).toBe(true);
    expect(linkedProductShown({ status: "draft" })).toBe(false);
    expect(linkedProductShown(null)).toBe(false);
  });
});
