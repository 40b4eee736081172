import type { Db } from "../../db/client";
import {
  canDeleteTalkComment,
  canDeleteTopic,
  commentRefusal,
  moderatesTalks,
  parseTalkComment,
  parseTopicInput,
  spamWait,
  startRefusal,
  TALK_LIMITS,
  TALK_SPAM,
  type TalkRefusal,
  type TalkStarters,
} from "../domain/talks";
import { waitMinutes } from "../domain/throttle";
import type { PostViewer } from "./post-access";
import {
  addTopicComment,
  blockFromTalks,
  createTopic,
  deleteTopicComment,
  loadTalkGate,
  loadTopicGate,
  moderateTopic,
  planOfFanclub,
  setTalkStarters,
  setTopicCommentLike,
  setTopicLike,
  talkBlockTarget,
  topicCommentOf,
  unblockFromTalks,
  type ModerationAction,
} from "./talks";

/**
 * Every write on talks, for the pages' actions and the API alike: the gate, the rules of
 * server/domain/talks.ts, then the write. A refusal comes back as a status and an i18n key (with
 * its values and the field it concerns), which the caller translates; nothing is written then.
 */

export interface TalkProblem {
  status: 400 | 401 | 403 | 404 | 429;
  key: string;
  values?: Record<string, string | number>;
  field?: string;
}
export type TalkOutcome<T> = { ok: true; value: T } | { ok: false; problem: TalkProblem };

const fail = (problem: TalkProblem): { ok: false; problem: TalkProblem } => ({ ok: false, problem });
const NOT_FOUND: TalkProblem = { status: 404, key: "api.notFound" };

function refusal(r: TalkRefusal): TalkProblem {
  return { status: r === "signIn" ? 401 : 403, key: r === "signIn" ? "api.signInRequired" : `talks:refusals.${r}` };
}

function spam(rules: Parameters<typeof spamWait>[0], times: number[], now: number): TalkProblem | null {
  const wait = spamWait(rules, times, now);
  return wait === null ? null : { status: 429, key: "talks:errors.spam", values: { minutes: waitMinutes(wait) } };
}

export async function startTopic(
  db: Db,
  input: { fanclubId: number; viewer: PostViewer; raw: { title?: unknown; body?: unknown; planId?: unknown }; now: number },
): Promise<TalkOutcome<{ id: number }>> {
  const gate = await loadTalkGate(db, input.fanclubId, input.viewer, input.now);
  if (!gate) return fail(NOT_FOUND);
  const refused = startRefusal(gate.fanclub.starters, gate.relation);
  if (refused) return fail(refusal(refused));
  const moderator = moderatesTalks(gate.relation.role);
  const parsed = parseTopicInput(input.raw, moderator);
  if (!parsed.ok) {
    const first = parsed.problems[0]!;
    return fail(
      first.problem === "required"
        ? { status: 400, key: "validation.required", values: { field: `talks:fields.${first.field}` }, field: first.field }
        : first.problem === "tooLong"
          ? { status: 400, key: "validation.maxLength", values: { max: TALK_LIMITS[first.field as "title" | "body"] }, field: first.field }
          : { status: 400, key: "talks:errors.plan", field: first.field },
    );
  }
  if (!moderator) {
    const limited = spam(TALK_SPAM.topics, gate.recent.topics, input.now);
    if (limited) return fail(limited);
  }
  if (parsed.value.planId !== null && !(await planOfFanclub(db, input.fanclubId, parsed.value.planId))) {
    return fail({ status: 400, key: "talks:errors.plan", field: "planId" });
  }
  const id = await createTopic(db, { fanclubId: input.fanclubId, userId: input.viewer.userId!, ...parsed.value, now: input.now });
  return { ok: true, value: { id } };
}

export async function commentOnTopic(
  db: Db,
  input: { fanclubId: number; topicId: number; viewer: PostViewer; body: unknown; parentId: number | null; now: number },
): Promise<TalkOutcome<{ commentId: number; commentCount: number }>> {
  const found = await loadTopicGate(db, input);
  if (!found) return fail(NOT_FOUND);
  const { gate, topic } = found;
  const refused = commentRefusal({ closed: topic.closed, canView: !topic.locked }, gate.relation);
  if (refused) return fail(refusal(refused));
  const parsed = parseTalkComment(input.body);
  if (!parsed.ok) {
    return fail(
      parsed.problem === "required"
        ? { status: 400, key: "validation.required", values: { field: "talks:fields.comment" }, field: "body" }
        : { status: 400, key: "validation.maxLength", values: { max: TALK_LIMITS.comment }, field: "body" },
    );
  }
  if (!moderatesTalks(gate.relation.role)) {
    const limited = spam(TALK_SPAM.comments, gate.recent.comments, input.now);
    if (limited) return fail(limited);
  }
  const result = await addTopicComment(db, {
    topic: { id: topic.id, fanclubId: topic.fanclubId, title: topic.title },
    userId: input.viewer.userId!,
    body: parsed.body,
    parentId: input.parentId,
    now: input.now,
  });
  if (!result.ok) return fail({ status: 400, key: "talks:errors.parent" });
  return { ok: true, value: { commentId: result.commentId, commentCount: result.commentCount } };
}

/** Likes need what comments need, short of an open topic: a signed-in, unblocked viewer who may read it. */
async function likeGate(db: Db, input: { fanclubId: number; topicId: number; viewer: PostViewer; now: number }) {
  const found = await loadTopicGate(db, input);
  if (!found) return fail(NOT_FOUND);
  if (input.viewer.userId === null) return fail(refusal("signIn"));
  if (found.topic.locked) return fail(refusal("locked"));
  if (found.gate.relation.blocked && !moderatesTalks(found.gate.relation.role)) return fail(refusal("blocked"));
  return { ok: true as const, value: found };
}

export async function likeTopic(
  db: Db,
  input: { fanclubId: number; topicId: number; viewer: PostViewer; liked: boolean; now: number },
): Promise<TalkOutcome<{ liked: boolean; likeCount: number }>> {
  const g = await likeGate(db, input);
  if (!g.ok) return g;
  return {
    ok: true,
    value: await setTopicLike(db, { topicId: input.topicId, userId: input.viewer.userId!, liked: input.liked, now: input.now }),
  };
}

export async function likeTopicComment(
  db: Db,
  input: { fanclubId: number; topicId: number; commentId: number; viewer: PostViewer; liked: boolean; now: number },
): Promise<TalkOutcome<{ liked: boolean; likeCount: number }>> {
  const g = await likeGate(db, input);
  if (!g.ok) return g;
  const result = await setTopicCommentLike(db, { ...input, userId: input.viewer.userId! });
  return result ? { ok: true, value: result } : fail(NOT_FOUND);
}

export async function removeTopicComment(
  db: Db,
  input: { fanclubId: number; topicId: number; commentId: number; viewer: PostViewer; now: number },
): Promise<TalkOutcome<null>> {
  const found = await loadTopicGate(db, input);
  if (!found) return fail(NOT_FOUND);
  if (input.viewer.userId === null) return fail(refusal("signIn"));
  const comment = await topicCommentOf(db, input.topicId, input.commentId);
  if (!comment || comment.deletedAt) return fail(NOT_FOUND);
  if (!canDeleteTalkComment(comment, found.gate.relation.role)) return fail({ status: 403, key: "api.forbidden" });
  await deleteTopicComment(db, input);
  return { ok: true, value: null };
}

/** Delete (the author or a moderator), pin, unpin, close, reopen (moderators). */
export async function changeTopic(
  db: Db,
  input: { fanclubId: number; topicId: number; viewer: PostViewer; action: ModerationAction; now: number },
): Promise<TalkOutcome<null>> {
  const found = await loadTopicGate(db, input);
  if (!found) return fail(NOT_FOUND);
  if (input.viewer.userId === null) return fail(refusal("signIn"));
  const role = found.gate.relation.role;
  const allowed = input.action === "delete" ? canDeleteTopic(found.topic, role) : moderatesTalks(role);
  if (!allowed) return fail({ status: 403, key: "api.forbidden" });
  await moderateTopic(db, input);
  return { ok: true, value: null };
}

/** Bars a fan from talks, or lets them back (moderators; the fan club's own staff cannot be barred). */
export async function setTalkBlock(
  db: Db,
  input: { fanclubId: number; userId: number; viewer: PostViewer; blocked: boolean; now: number },
): Promise<TalkOutcome<null>> {
  const gate = await loadTalkGate(db, input.fanclubId, input.viewer, input.now);
  if (!gate) return fail(NOT_FOUND);
  if (input.viewer.userId === null) return fail(refusal("signIn"));
  if (!moderatesTalks(gate.relation.role)) return fail({ status: 403, key: "api.forbidden" });
  if (!input.blocked) {
    await unblockFromTalks(db, input);
    return { ok: true, value: null };
  }
  const target = await talkBlockTarget(db, input.fanclubId, input.userId);
  if (!target.exists) return fail(NOT_FOUND);
  if (target.staff) return fail({ status: 400, key: "talks:errors.blockStaff" });
  await blockFromTalks(db, { fanclubId: input.fanclubId, userId: input.userId, blockedBy: input.viewer.userId, now: input.now });
  return { ok: true, value: null };
}

export async function saveTalkStarters(db: Db, input: { fanclubId: number; starters: unknown; now: number }): Promise<TalkOutcome<null>> {
  const starters = input.starters;
  if (starters !== "creator" && starters !== "members" && starters !== "followers") {
    return fail({ status: 400, key: "validation.choice", field: "starters" });
  }
  await setTalkStarters(db, { fanclubId: input.fanclubId, starters: starters as TalkStarters, now: input.now });
  return { ok: true, value: null };
}
