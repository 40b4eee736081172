import { describe, expect, it } from "vitest";
import { accessGrantingMemberships, canViewPaidPost, type PaywallMembership } from "../../server/domain/paywall";
import type { PaidMonth } from "../../server/domain/plan-change";

const at = (iso: string) => Date.parse(iso);
const FANCLUB = 101;
const LIGHT = { planId: 1, planPrice: 500 };
const GOLD = { planId: 2, planPrice: 1000 };
const member = (
  plan: { planId: number; planPrice: number },
  status: PaywallMembership["status"],
  paidThroughMonth: string | null,
): PaywallMembership => ({
  fanclubId: FANCLUB,
  ...plan,
  status,
  paidThroughMonth,
});
const goldPost = (publishedAt: string) => ({
  fanclubId: FANCLUB,
  planId: GOLD.planId,
  planPrice: GOLD.planPrice,
  publishedAt: at(publishedAt),
});
const fan = (memberships: PaywallMembership[], paidMonths: PaidMonth[] = []) => ({
  isOwner: false,
  isEditor: false,
  memberships,
  paidMonths,
});

describe("canViewPaidPost: the paywall with memberships and paid months (decision 012)", () => {
  it("an active member of the plan or a dearer one sees it; a cheaper one does not", () => {
    const now = at("2024-06-20T12:00:00+09:00");
    const post = goldPost("2024-05-01T12:00:00+09:00");
    expect(canViewPaidPost({ post, viewer: fan([member(GOLD, "active", "2024-06")]), now })).toBe(true);
    expect(canViewPaidPost({ post, viewer: fan([member(LIGHT, "active", "2024-06")]), now })).toBe(false);
  });

  it("a member who left keeps the plan's posts until 00:00 JST on the 1st after the paid month", () => {
    const post = goldPost("2024-04-01T12:00:00+09:00");
    const left = [member(GOLD, "left", "2024-06")];
    expect(canViewPaidPost({ post, viewer: fan(left), now: at("2024-06-30T23:59:59+09:00") })).toBe(true);
    expect(canViewPaidPost({ post, viewer: fan(left), now: at("2024-07-01T00:00:00+09:00") })).toBe(false);
  });

  it("an unpaid (expired) membership opens nothing until the month is paid", () => {
    const post = goldPost("2024-04-01T12:00:00+09:00");
    expect(canViewPaidPost({ post, viewer: fan([member(GOLD, "unpaid", "2024-05")]), now: at("2024-06-03T12:00:00+09:00") })).toBe(false);
  });

  it("posts published in a paid month stay viewable after leaving, at that plan or a cheaper one", () => {
    const paid: PaidMonth[] = [{ fanclubId: FANCLUB, month: "2024-05", ...GOLD }];
    const now = at("2025-01-10T12:00:00+09:00");
    expect(canViewPaidPost({ post: goldPost("2024-05-31T23:00:00+09:00"), viewer: fan([], paid), now })).toBe(true);
    expect(
      canViewPaidPost({
        post: { ...goldPost("2024-05-10T12:00:00+09:00"), planId: LIGHT.planId, planPrice: LIGHT.planPrice },
        viewer: fan([], paid),
        now,
      }),
    ).toBe(true);
    // the next month, in Japan time, was not paid
    expect(canViewPaidPost({ post: goldPost("2024-06-01T00:00:00+09:00"), viewer: fan([], paid), now })).toBe(false);
  });

  it("after leaving gold and joining light in the same month, gold stays open until the month ends", () => {
    const memberships = [member(GOLD, "left", "2024-06"), member(LIGHT, "active", "2024-06")];
    const post = goldPost("2024-03-01T12:00:00+09:00");
    expect(canViewPaidPost({ post, viewer: fan(memberships), now: at("2024-06-25T12:00:00+09:00") })).toBe(true);
    expect(canViewPaidPost({ post, viewer: fan(memberships), now: at("2024-07-02T12:00:00+09:00") })).toBe(false);
  });

  it("owners, editors and posts for anyone", () => {
    const now = at("2024-06-20T12:00:00+09:00");
    const post = goldPost("2024-05-01T12:00:00+09:00");
    expect(canViewPaidPost({ post, viewer: { ...fan([]), isOwner: true }, now })).toBe(true);
    expect(canViewPaidPost({ post, viewer: { ...fan([]), isEditor: true }, now })).toBe(true);
    expect(canViewPaidPost({ post: { ...post, planId: null, planPrice: null }, viewer: fan([]), now })).toBe(true);
    expect(canViewPaidPost({ post, viewer: fan([]), now })).toBe(false);
  });

  it("memberships of other fan clubs count for nothing", () => {
    const now = at("2024-06-20T12:00:00+09:00");
    const elsewhere = { ...member(GOLD, "active", "2024-06"), fanclubId: 202 };
    expect(accessGrantingMemberships([elsewhere], FANCLUB, now)).toEqual([]);
    expect(
      canViewPaidPost({
        post: goldPost("2024-05-01T12:00:00+09:00"),
        viewer: fan([elsewhere], [{ fanclubId: 202, month: "2024-05", ...GOLD }]),
        now,
      }),
    ).toBe(false);
  });
});
