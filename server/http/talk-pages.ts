import { data, redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { moderatesTalks, startRefusal } from "../domain/talks";
import { formatYen } from "../domain/number-display";
import { postViewerFrom } from "../services/post-access";
import {
  changeTopic,
  commentOnTopic,
  likeTopic,
  likeTopicComment,
  removeTopicComment,
  saveTalkStarters,
  setTalkBlock,
  startTopic,
  type TalkOutcome,
} from "../services/talk-actions";
import { loadTalkManagement, type TalkGate } from "../services/talks";
import { talkProblemMessage } from "./talk-problems";

/**
 * The talk pages' loaders and actions share these: what the viewer may do on the board, and the
 * topic page's form intents, each a call into the same services as the API.
 */

export function boardAbilities(gate: TalkGate) {
  const refusal = startRefusal(gate.fanclub.starters, gate.relation);
  return {
    moderates: moderatesTalks(gate.relation.role),
    canStart: refusal === null,
    // a visitor is asked to sign in; others learn why they may not start one
    startRefusal: refusal,
    signedIn: gate.relation.role.userId !== null,
  };
}

function planLabel(plan: { name: string; price: number } | null): string | null {
  return plan ? `${plan.name}（${formatYen(plan.price)}）` : null;
}

export type TalkActionReply = { ok: boolean; message: string | null; field: string | null; intent: string };

function replyOf(app: AppContext, intent: string, outcome: TalkOutcome<unknown>) {
  if (outcome.ok) return null;
  return data<TalkActionReply>(
    { ok: false, message: talkProblemMessage(app.t, outcome.problem), field: outcome.problem.field ?? null, intent },
    { status: outcome.problem.status },
  );
}

const positive = (v: FormDataEntryValue | null): number | null => {
  const s = typeof v === "string" ? v : "";
  const n = Number(s);
  return /^\d{1,15}$/.test(s) && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The new-topic form. */
export async function newTopicAction(app: AppContext, request: Request, fanclubId: number) {
  const form = await request.formData();
  const outcome = await startTopic(app.db, {
    fanclubId,
    viewer: postViewerFrom(app.session),
    raw: { title: form.get("title"), body: form.get("body"), planId: form.get("planId") },
    now: Date.now(),
  });
  const refused = replyOf(app, "start", outcome);
  if (refused) return refused;
  throw redirect(`/fanclubs/${fanclubId}/talks/${(outcome as { ok: true; value: { id: number } }).value.id}`);
}

/** The topic page's forms: comment, reply, like, comment like, delete, moderation, block. */
export async function topicPageAction(app: AppContext, request: Request, fanclubId: number, topicId: number) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const viewer = postViewerFrom(app.session);
  const now = Date.now();
  const base = { fanclubId, topicId, viewer, now };
  const commentId = positive(form.get("commentId"));
  let outcome: TalkOutcome<unknown>;
  switch (intent) {
    case "comment":
    case "reply":
      outcome = await commentOnTopic(app.db, {
        ...base,
        body: form.get("body"),
        parentId: intent === "reply" ? (positive(form.get("parentId")) ?? -1) : null,
      });
      break;
    case "like":
    case "unlike":
      outcome = await likeTopic(app.db, { ...base, liked: intent === "like" });
      break;
    case "likeComment":
    case "unlikeComment":
      outcome = await likeTopicComment(app.db, { ...base, commentId: commentId ?? 0, liked: intent === "likeComment" });
      break;
    case "deleteComment":
      outcome = await removeTopicComment(app.db, { ...base, commentId: commentId ?? 0 });
      break;
    case "pin":
    case "unpin":
    case "close":
    case "reopen":
    case "delete":
      outcome = await changeTopic(app.db, { ...base, action: intent });
      break;
    case "block":
      outcome = await setTalkBlock(app.db, { fanclubId, userId: positive(form.get("userId")) ?? 0, viewer, blocked: true, now });
      break;
    default:
      return data<TalkActionReply>({ ok: false, message: app.t("api.invalid"), field: null, intent }, { status: 400 });
  }
  const refused = replyOf(app, intent, outcome);
  if (refused) return refused;
  if (intent === "delete") throw redirect(`/fanclubs/${fanclubId}/talks`);
  return data<TalkActionReply>({ ok: true, message: null, field: null, intent });
}

/** /me/fanclub/talks: who may start topics, every topic with its moderation buttons, the blocked fans. */
export async function talkManagementPage(app: AppContext, fanclubId: number) {
  const m = await loadTalkManagement(app.db, fanclubId);
  return {
    starters: m.starters,
    topics: m.topics.map((t) => ({
      id: t.id,
      title: t.title,
      authorName: t.authorName,
      userId: t.userId,
      plan: planLabel(t.planName !== null && t.planPrice !== null ? { name: t.planName, price: t.planPrice } : null),
      pinned: t.pinnedAt !== null,
      closed: t.closedAt !== null,
      commentCount: t.commentCount,
      likeCount: t.likeCount,
      createdAt: t.createdAt.getTime(),
    })),
    blocks: m.blocks.map((b) => ({ userId: b.userId, name: b.name, createdAt: b.createdAt.getTime() })),
  };
}

/**
 * The management page's forms, through the same services as the topic page and the API (which
 * check the moderator's permission again): starters, pin, close, delete, block and unblock.
 */
export async function talkManagementAction(app: AppContext, request: Request, fanclubId: number) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const viewer = postViewerFrom(app.session);
  const now = Date.now();
  let outcome: TalkOutcome<unknown>;
  switch (intent) {
    case "starters":
      outcome = await saveTalkStarters(app.db, { fanclubId, starters: form.get("starters"), now });
      break;
    case "pin":
    case "unpin":
    case "close":
    case "reopen":
    case "delete":
      outcome = await changeTopic(app.db, { fanclubId, topicId: positive(form.get("topicId")) ?? 0, viewer, action: intent, now });
      break;
    case "block":
    case "unblock":
      outcome = await setTalkBlock(app.db, {
        fanclubId,
        userId: positive(form.get("userId")) ?? 0,
        viewer,
        blocked: intent === "block",
        now,
      });
      break;
    default:
      return data<TalkActionReply>({ ok: false, message: app.t("api.invalid"), field: null, intent }, { status: 400 });
  }
  const refused = replyOf(app, intent, outcome);
  if (refused) return refused;
  return data<TalkActionReply>({ ok: true, message: app.t(`talks:manage.done.${intent}`), field: null, intent });
}
