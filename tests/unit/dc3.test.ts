import { describe, expect, it } from "vitest";
import { canDownloadDc3, parseDc3Input, DC3_LIMITS } from "../../server/domain/dc3";
import type { PaywallMembership } from "../../server/domain/paywall";
import { UPLOAD_RULES, uploadProblem } from "../../server/domain/posts";
import { pickedCountProblem } from "../../server/domain/uploads";

const NOW = Date.UTC(2026, 5, 15, 3, 0, 0);
const member = (planId: number, status: PaywallMembership["status"] = "active", fanclubId = 1): PaywallMembership => ({
  fanclubId,
  planId,
  planPrice: 500,
  status,
  paidThroughMonth: "2026-06",
});
const fan = (memberships: PaywallMembership[]) => ({ isOwner: false, isEditor: false, memberships });

describe("who may download a DC3 content", () => {
  const forPlans = { fanclubId: 1, audience: "plans" as const, planIds: [11, 12] };
  const forMembers = { fanclubId: 1, audience: "members" as const, planIds: [] };

  it("gives a member of a chosen plan the file, and not a member of another plan", () => {
    expect(canDownloadDc3({ item: forPlans, viewer: fan([member(12)]), now: NOW })).toBe(true);
    expect(canDownloadDc3({ item: forPlans, viewer: fan([member(13)]), now: NOW })).toBe(false);
  });

  it("gives any member the file of an item for all members, but no visitor or follower", () => {
    expect(canDownloadDc3({ item: forMembers, viewer: fan([member(13)]), now: NOW })).toBe(true);
    expect(canDownloadDc3({ item: forMembers, viewer: fan([]), now: NOW })).toBe(false);
  });

  it("ignores memberships of another fan club", () => {
    expect(canDownloadDc3({ item: forMembers, viewer: fan([member(11, "active", 2)]), now: NOW })).toBe(false);
    expect(canDownloadDc3({ item: forPlans, viewer: fan([member(11, "active", 2)]), now: NOW })).toBe(false);
  });

  it("follows the paywall: an unpaid member gets nothing, one who left keeps it to the end of the paid month", () => {
    expect(canDownloadDc3({ item: forPlans, viewer: fan([member(11, "unpaid")]), now: NOW })).toBe(false);
    expect(canDownloadDc3({ item: forPlans, viewer: fan([member(11, "left")]), now: NOW })).toBe(true);
    const july = Date.UTC(2026, 6, 2);
    expect(canDownloadDc3({ item: forPlans, viewer: fan([member(11, "left")]), now: july })).toBe(false);
  });

  it("always lets the owner and the editors download", () => {
    expect(canDownloadDc3({ item: forPlans, viewer: { isOwner: true, isEditor: false, memberships: [] }, now: NOW })).toBe(true);
    expect(canDownloadDc3({ item: forPlans, viewer: { isOwner: false, isEditor: true, memberships: [] }, now: NOW })).toBe(true);
  });
});

describe("the DC3 content form", () => {
  it("reads a new item for chosen plans, form fields or JSON alike", () => {
    const fromForm = parseDc3Input(
      { title: " 壁紙 ", description: "a\r\nb", audience: "plans", planIds: ["3", "4", "3"], fileId: "9" },
      "create",
    );
    expect(fromForm).toEqual({
      ok: true,
      value: { title: "壁紙", description: "a\nb", audience: "plans", planIds: [3, 4], fileId: 9 },
    });
    const fromJson = parseDc3Input({ title: "x", audience: "members", planIds: [3], fileId: 9 }, "create");
    // an item for all members keeps no plan list
    expect(fromJson.ok && fromJson.value.planIds).toEqual([]);
  });

  it("needs a title, a file on create and a plan when the audience is plans", () => {
    const result = parseDc3Input({ title: "  ", audience: "plans" }, "create");
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "title", problem: "required" },
        { field: "planIds", problem: "required" },
        { field: "file", problem: "required" },
      ],
    });
  });

  it("lets an edit keep its file, but refuses a file id that is no id", () => {
    expect(parseDc3Input({ title: "x" }, "update")).toMatchObject({ ok: true, value: { fileId: null, audience: "members" } });
    expect(parseDc3Input({ title: "x", fileId: "abc" }, "update")).toEqual({
      ok: false,
      problems: [{ field: "file", problem: "invalid" }],
    });
  });

  it("refuses titles and descriptions over their limits, counted in characters", () => {
    const title = "あ".repeat(DC3_LIMITS.title);
    expect(parseDc3Input({ title, fileId: 1 }, "create").ok).toBe(true);
    expect(parseDc3Input({ title: `${title}あ`, fileId: 1 }, "create")).toEqual({
      ok: false,
      problems: [{ field: "title", problem: "tooLong" }],
    });
    expect(parseDc3Input({ title: "x", description: "x".repeat(DC3_LIMITS.description + 1), fileId: 1 }, "create")).toEqual({
      ok: false,
      problems: [{ field: "description", problem: "tooLong" }],
    });
  });

  it("refuses an unknown audience and plan ids that are not ids", () => {
    expect(parseDc3Input({ title: "x", audience: "everyone", fileId: 1 }, "create")).toEqual({
      ok: false,
      problems: [{ field: "audience", problem: "invalid" }],
    });
    expect(parseDc3Input({ title: "x", audience: "plans", planIds: ["1", "-2"], fileId: 1 }, "create")).toEqual({
      ok: false,
      problems: [{ field: "planIds", problem: "invalid" }],
    });
  });
});

describe("a DC3 content's one file", () => {
  it("takes one file of an attachment's types, up to the attachment's limit", () => {
    expect(UPLOAD_RULES.dc3.maxFiles).toBe(1);
    expect(UPLOAD_RULES.dc3.maxBytes).toBe(UPLOAD_RULES.attachment.maxBytes);
    expect(uploadProblem("dc3", { filename: "book.epub", size: 10 }, 0)).toBeNull();
    expect(uploadProblem("dc3", { filename: "page.html", size: 10 }, 0)).toBe("badType");
    expect(uploadProblem("dc3", { filename: "big.zip", size: UPLOAD_RULES.attachment.maxBytes + 1 }, 0)).toBe("tooLarge");
    expect(uploadProblem("dc3", { filename: "second.zip", size: 10 }, 1)).toBe("tooMany");
  });

  it("refuses a drop of two files at once with 'only one file at a time', but not on lists of several", () => {
    expect(pickedCountProblem(UPLOAD_RULES.dc3.maxFiles, 2)).toBe("oneFile");
    expect(pickedCountProblem(UPLOAD_RULES.dc3.maxFiles, 1)).toBeNull();
    expect(pickedCountProblem(UPLOAD_RULES.attachment.maxFiles, 2)).toBeNull();
  });
});
