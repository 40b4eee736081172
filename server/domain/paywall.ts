/**
 * The paywall once money is involved (docs/decisions/011, 012): the plan rule of `canViewPost`
 * applies to a membership only while it grants access (`membershipGrantsAccess`: active; left,
 * until the end of its last paid month; not while unpaid), and a month the fan paid for keeps the
 * posts published in it (`paidMonthCovers`), whatever became of the membership since.
 */

import type { BillingMonth } from "./billing-month";
import { membershipGrantsAccess, paidMonthCovers, type MembershipStatus, type PaidMonth } from "./plan-change";
import { canViewPost } from "./posts";

export type PaywallMembership = {
  fanclubId: number;
  planId: number;
  planPrice: number;
  status: MembershipStatus;
  paidThroughMonth: BillingMonth | null;
};

/** Memberships that open posts now: current ones, and left ones until their paid month ends (not unpaid ones). */
export function accessGrantingMemberships(memberships: readonly PaywallMembership[], fanclubId: number, now: number): PaywallMembership[] {
  return memberships.filter((m) => m.fanclubId === fanclubId && membershipGrantsAccess(m, now));
}

/**
 * Whether the viewer may open a post: owner and editors always; any membership that grants access
 * by the plan rule (a fan who left one plan and joined a cheaper one in the same month keeps the
 * first until the month ends); or a paid month covering the post's publication.
 */
export function canViewPaidPost(input: {
  post: { fanclubId: number; planId: number | null; planPrice: number | null; publishedAt: number };
  viewer: { isOwner: boolean; isEditor: boolean; memberships: readonly PaywallMembership[]; paidMonths: readonly PaidMonth[] };
  now: number;
}): boolean {
  const { post, viewer, now } = input;
  const staff = { isOwner: viewer.isOwner, isEditor: viewer.isEditor };
  if (canViewPost({ post, viewer: { ...staff, membership: null } })) return true;
  if (
    accessGrantingMemberships(viewer.memberships, post.fanclubId, now).some((membership) =>
      canViewPost({ post, viewer: { ...staff, membership } }),
    )
  )
    return true;
  return paidMonthCovers(viewer.paidMonths, post);
}
