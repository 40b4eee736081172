/**
 * Which Discord role a fan holds in a fan club's server (docs/decisions/040). The role follows
 * the plan the fan's money covers now, by the billing rules of decision 012:
 *
 * - a current, active membership gives its plan's role at once (joining, upgrading);
 * - an unpaid (expired) membership gives none: its month is not paid;
 * - a month the fan paid for keeps that plan's role to the end of the month (JST), after a
 *   downgrade or leaving, as the paywall keeps that plan's posts; a left membership likewise
 *   keeps its plan until its last paid month ends;
 * - of several such plans, the dearest one with a mapped role wins: within a month a fan holds
 *   the highest plan they paid for (decision 012), and a plan without a role gives none.
 *
 * The answer also says when to look again (`recheckAt`): when a kept role runs out.
 */

import { billingMonthOf, monthEndMs, type BillingMonth } from "./billing-month";
import { membershipGrantsAccess, type MembershipStatus } from "./plan-change";

type DiscordRoleMembership = {
  planId: number;
  planPrice: number;
  status: MembershipStatus;
  paidThroughMonth: BillingMonth | null;
};

export type DiscordRoleInput = {
  now: number;
  /** the fan's memberships of the fan club, current and left */
  memberships: readonly DiscordRoleMembership[];
  /** months the fan paid for in the fan club (membership payments) */
  paidMonths: ReadonlyArray<{ month: BillingMonth; planId: number; planPrice: number }>;
  /** the fan club's plan → role map */
  roles: ReadonlyArray<{ planId: number; roleId: string }>;
};

export type DiscordRoleDecision = {
  /** the role to hold, or null for none */
  roleId: string | null;
  planId: number | null;
  /** when the held role runs out and the decision must be made again; null = only on a change */
  recheckAt: number | null;
};

type Candidate = { planId: number; planPrice: number; until: number | null };

export function discordRoleFor(input: DiscordRoleInput): DiscordRoleDecision {
  const month = billingMonthOf(input.now);
  const roleOf = new Map(input.roles.map((r) => [r.planId, r.roleId]));
  const candidates: Candidate[] = [];
  for (const m of input.memberships) {
    if (!membershipGrantsAccess(m, input.now)) continue;
    // an active membership holds its plan until it changes; a left one until its paid month ends
    const until = m.status === "active" ? null : m.paidThroughMonth === null ? input.now : monthEndMs(m.paidThroughMonth);
    candidates.push({ planId: m.planId, planPrice: m.planPrice, until });
  }
  for (const p of input.paidMonths) {
    if (p.month === month) candidates.push({ planId: p.planId, planPrice: p.planPrice, until: monthEndMs(month) });
  }
  let best: Candidate | null = null;
  for (const c of candidates) {
    if (!roleOf.has(c.planId)) continue;
    if (
      best === null ||
      c.planPrice > best.planPrice ||
      // the same plan held both ways: the open-ended hold wins
      (c.planPrice === best.planPrice && c.planId === best.planId && c.until === null)
    )
      best = c;
  }
  if (best === null) return { roleId: null, planId: null, recheckAt: null };
  return { roleId: roleOf.get(best.planId) ?? null, planId: best.planId, recheckAt: best.until };
}

/**
 * What to change on the fan's Discord member so it holds exactly `want` of the roles this fan
 * club manages. Roles the fan club does not map (the server's own) are never touched.
 */
export function discordRoleChanges(input: { managed: readonly string[]; held: readonly string[]; want: string | null }): {
  add: string[];
  remove: string[];
} {
  const held = new Set(input.held);
  const add = input.want !== null && !held.has(input.want) ? [input.want] : [];
  const remove = [...new Set(input.managed)].filter((r) => r !== input.want && held.has(r));
  return { add, remove };
}

/** A Discord snowflake: what guild, role and user ids look like (17–20 digits). */
export function isSnowflake(value: string): boolean {
  return /^\d{17,20}$/.test(value);
}

/** Seconds between sync retries grow, and a row stops being retried after this many failures. */
export const DISCORD_SYNC_MAX_ATTEMPTS = 8;
