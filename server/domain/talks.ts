/**
 * Talks (docs/decisions/036): who may start topics and comment, what a locked topic shows, the
 * spam limits, the input rules. Pure: no I/O, times as epoch milliseconds.
 */

import { can, type FanclubRole } from "./fanclub-permissions";
import { canViewPaidPost, type PaywallMembership } from "./paywall";
import type { PaidMonth } from "./plan-change";
import { commentLength } from "./post-comments";
import { ceilingWait, longestWait, type Ceiling } from "./throttle";

export const TALK_LIMITS = { title: 100, body: 5000, comment: 1000 } as const;
/** Topics per page of the board (pinned ones first). */
export const TOPICS_PAGE_SIZE = 20;

export type TalkStarters = "creator" | "members" | "followers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Spam limits per person and fan club, counted from the rows they wrote (no extra table): a burst
 * of comments is a script or a flame war, a dozen topics an hour floods the board. Moderators are
 * not limited.
 */
export const TALK_SPAM = {
  topics: [
    { max: 3, window: 10 * MINUTE },
    { max: 10, window: 24 * HOUR },
  ],
  comments: [
    { max: 5, window: MINUTE },
    { max: 60, window: HOUR },
  ],
} as const satisfies Record<string, readonly Ceiling[]>;

/** How long the person must wait before writing again (ms), or null when they may now. */
export function spamWait(rules: readonly Ceiling[], recentTimes: readonly number[], now: number): number | null {
  return longestWait(...rules.map((rule) => ceilingWait(rule, recentTimes, now)));
}

/** Moderators: the owner and editors with can_talk_manage. */
export function moderatesTalks(role: FanclubRole): boolean {
  return can(role, "manageTalks");
}

/** The viewer's standing in the fan club, read with the request. */
export interface TalkRelation {
  role: FanclubRole;
  /** fan club block or a talks-only block */
  blocked: boolean;
  following: boolean;
  /** a membership that grants access now */
  member: boolean;
}

export type TalkRefusal = "signIn" | "blocked" | "creatorOnly" | "membersOnly" | "followersOnly" | "closed" | "locked";

/** Why the viewer may not start a topic, or null when they may. */
export function startRefusal(starters: TalkStarters, viewer: TalkRelation): TalkRefusal | null {
  if (viewer.role.userId === null) return "signIn";
  if (moderatesTalks(viewer.role)) return null;
  if (viewer.blocked) return "blocked";
  if (starters === "creator") return "creatorOnly";
  if (starters === "members") return viewer.member ? null : "membersOnly";
  return viewer.member || viewer.following ? null : "followersOnly";
}

/**
 * Why the viewer may not comment on (or reply in) a topic they can see, or null. Moderators always
 * may, even on a closed topic (to close it with a last word); everyone else must follow or be a
 * member, not be blocked, and the topic must be open.
 */
export function commentRefusal(topic: { closed: boolean; canView: boolean }, viewer: TalkRelation): TalkRefusal | null {
  if (viewer.role.userId === null) return "signIn";
  if (!topic.canView) return "locked";
  if (moderatesTalks(viewer.role)) return null;
  if (viewer.blocked) return "blocked";
  if (topic.closed) return "closed";
  return viewer.member || viewer.following ? null : "followersOnly";
}

/**
 * Whether the viewer may read a topic's body and comments: the post paywall, with the topic's
 * creation as its publication (a month the fan paid for keeps the topics started in it).
 */
export function canViewTopic(input: {
  topic: { fanclubId: number; planId: number | null; planPrice: number | null; createdAt: number };
  viewer: { isOwner: boolean; isEditor: boolean; memberships: readonly PaywallMembership[]; paidMonths: readonly PaidMonth[] };
  now: number;
}): boolean {
  const { topic } = input;
  return canViewPaidPost({
    post: { fanclubId: topic.fanclubId, planId: topic.planId, planPrice: topic.planPrice, publishedAt: topic.createdAt },
    viewer: input.viewer,
    now: input.now,
  });
}

/** A comment may be deleted by its writer and by moderators. */
export function canDeleteTalkComment(comment: { userId: number }, role: FanclubRole): boolean {
  return role.userId !== null && (role.userId === comment.userId || moderatesTalks(role));
}

/** A topic may be deleted by its author and by moderators; pinned, closed and blocks are moderators' only. */
export function canDeleteTopic(topic: { userId: number }, role: FanclubRole): boolean {
  return role.userId !== null && (role.userId === topic.userId || moderatesTalks(role));
}

const clean = (raw: unknown) => (typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "");

type TopicField = "title" | "body" | "planId";
export type TopicProblem = { field: TopicField; problem: "required" | "tooLong" | "invalid" };

/**
 * A new topic's fields. `planId` is a moderator's choice only (a fan's topic is open to everyone who
 * may see the board); the caller checks that the plan is the fan club's.
 */
export function parseTopicInput(
  raw: { title?: unknown; body?: unknown; planId?: unknown },
  mayLock: boolean,
): { ok: true; value: { title: string; body: string; planId: number | null } } | { ok: false; problems: TopicProblem[] } {
  const title = clean(raw.title);
  const body = clean(raw.body);
  const problems: TopicProblem[] = [];
  if (!title) problems.push({ field: "title", problem: "required" });
  else if (commentLength(title) > TALK_LIMITS.title) problems.push({ field: "title", problem: "tooLong" });
  if (!body) problems.push({ field: "body", problem: "required" });
  else if (commentLength(body) > TALK_LIMITS.body) problems.push({ field: "body", problem: "tooLong" });
  let planId: number | null = null;
  const planRaw = typeof raw.planId === "string" ? raw.planId.trim() : typeof raw.planId === "number" ? String(raw.planId) : "";
  if (planRaw !== "" && planRaw !== "0") {
    const n = Number(planRaw);
    if (!mayLock || !/^\d{1,15}$/.test(planRaw) || !Number.isSafeInteger(n)) problems.push({ field: "planId", problem: "invalid" });
    else planId = n;
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: { title, body, planId } };
}

export function parseTalkComment(raw: unknown): { ok: true; body: string } | { ok: false; problem: "required" | "tooLong" } {
  const body = clean(raw);
  if (!body) return { ok: false, problem: "required" };
  if (commentLength(body) > TALK_LIMITS.comment) return { ok: false, problem: "tooLong" };
  return { ok: true, body };
}

/** The board's order: pinned topics first (latest pin first), then by last activity, newest first. */
export function boardOrder<T extends { id: number; pinnedAt: number | null; lastActivityAt: number }>(topics: readonly T[]): T[] {
  return [...topics].sort(
    (a, b) =>
      Number(b.pinnedAt !== null) - Number(a.pinnedAt !== null) ||
      (b.pinnedAt ?? 0) - (a.pinnedAt ?? 0) ||
      b.lastActivityAt - a.lastActivityAt ||
      b.id - a.id,
  );
}
