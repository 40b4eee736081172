import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubBlocks, fanclubEditors, fanclubManagers, fanclubs, posts, tips, type CartItemRow } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { formatYen } from "../../domain/number-display";
import { normalizeTipMessage, parseTipAmount, tipKey, tipRefusal, type TipTargetType } from "../../domain/tips";
import { notificationInsert } from "../notifications";
import { loadPostAccess, type PostAccess } from "../post-access";
import { defineKind, EMPTY_ITEM_FIELDS, type CartProblem, type NewCartRow } from "./kind";

/**
 * Tips in the cart: `post_tipping` (target: the post) and `fanclub_tipping` (target: the fan
 * club). The fan chooses the price (the amount); the note is the optional message. Paying writes
 * the tip row (UNIQUE key derived from the purchase key) and a notice to the fan club's owner.
 */

type FanclubInfo = { id: number; name: string; iconKey: string | null; ownerId: number };

export type TipContext = {
  /** each post row's gate, seen as this fan (null: not there for them) */
  access: Map<number, PostAccess | null>;
  fanclubs: Map<number, FanclubInfo>;
  /** fan clubs this fan owns, edits or manages: nobody tips themselves */
  manages: Set<number>;
  blockedIn: Set<number>;
};

export type TipDetail = {
  targetType: TipTargetType;
  fanclub: FanclubInfo;
  post: { id: number; title: string } | null;
};

async function loadTipContext(
  db: Db,
  userId: number,
  targets: readonly { targetType: string; targetId: number }[],
  now: number,
): Promise<TipContext> {
  const postIds = [...new Set(targets.filter((t) => t.targetType === "post_tipping").map((t) => t.targetId))];
  const fanclubIds = [...new Set(targets.filter((t) => t.targetType === "fanclub_tipping").map((t) => t.targetId))];
  // The gate is asked as a plain fan: whether this fan runs the fan club comes from the batch below.
  const viewer = { userId, ownFanclubId: null, editing: new Map() };
  const [accessList, [clubs, editing, managed, blocks]] = await Promise.all([
    Promise.all(postIds.map((id) => loadPostAccess(db, id, viewer, now))),
    db.batch([
      db
        .select({ id: fanclubs.id, name: fanclubs.name, iconKey: fanclubs.iconKey, ownerId: fanclubs.ownerId })
        .from(fanclubs)
        .where(
          and(
            eq(fanclubs.status, "open"),
            or(
              inArray(fanclubs.id, fanclubIds.length ? fanclubIds : [0]),
              inArray(
                fanclubs.id,
                db
                  .select({ id: posts.fanclubId })
                  .from(posts)
                  .where(inArray(posts.id, postIds.length ? postIds : [0])),
              ),
            ),
          ),
        ),
      db
        .select({ fanclubId: fanclubEditors.fanclubId })
        .from(fanclubEditors)
        .where(and(eq(fanclubEditors.userId, userId), isNotNull(fanclubEditors.acceptedAt))),
      db.select({ fanclubId: fanclubManagers.fanclubId }).from(fanclubManagers).where(eq(fanclubManagers.userId, userId)),
      db.select({ fanclubId: fanclubBlocks.fanclubId }).from(fanclubBlocks).where(eq(fanclubBlocks.userId, userId)),
    ]),
  ]);
  const clubMap = new Map(clubs.map((c) => [c.id, c]));
  const manages = new Set([
    ...editing.map((e) => e.fanclubId),
    ...managed.map((m) => m.fanclubId),
    ...clubs.filter((c) => c.ownerId === userId).map((c) => c.id),
  ]);
  return {
    access: new Map(postIds.map((id, i) => [id, accessList[i] ?? null])),
    fanclubs: clubMap,
    manages,
    blockedIn: new Set(blocks.map((b) => b.fanclubId)),
  };
}

function checkTarget(
  ctx: TipContext,
  target: { targetType: string; targetId: number },
): { ok: true; detail: TipDetail } | { ok: false; problem: CartProblem } {
  if (target.targetType === "post_tipping") {
    const access = ctx.access.get(target.targetId);
    // a post that is not there for this fan (deleted, draft, closed fan club) cannot be tipped either
    if (!access) return { ok: false, problem: "tippingClosed" };
    const fanclub = ctx.fanclubs.get(access.fanclub.id);
    if (!fanclub) return { ok: false, problem: "tippingClosed" };
    const problem = tipRefusal({
      manages: ctx.manages.has(fanclub.id) || access.manages,
      blocked: ctx.blockedIn.has(fanclub.id),
      post: { allowTipping: access.post.allowTipping, canView: access.canView, isGroupPost: access.post.groupId !== null },
    });
    if (problem) return { ok: false, problem };
    return { ok: true, detail: { targetType: "post_tipping", fanclub, post: { id: access.post.id, title: access.post.title } } };
  }
  const fanclub = ctx.fanclubs.get(target.targetId);
  if (!fanclub) return { ok: false, problem: "invalidItem" };
  const problem = tipRefusal({ manages: ctx.manages.has(fanclub.id), blocked: ctx.blockedIn.has(fanclub.id), post: null });
  if (problem) return { ok: false, problem };
  return { ok: true, detail: { targetType: "fanclub_tipping", fanclub, post: null } };
}

export const tippingKind = defineKind<TipContext, TipDetail>({
  type: "Tipping",
  targetTypes: ["post_tipping", "fanclub_tipping"],

  async prepare(db, request) {
    const amount = parseTipAmount(request.amount);
    if (!amount.ok) return amount;
    const message = normalizeTipMessage(request.note);
    if (!message.ok) return message;
    const target = { targetType: request.targetType, targetId: request.id };
    const checked = checkTarget(await loadTipContext(db, request.userId, [target], request.now), target);
    if (!checked.ok) return checked;
    const row: NewCartRow = {
      type: "Tipping",
      targetType: request.targetType,
      targetId: request.id,
      fanclubId: checked.detail.fanclub.id,
      price: amount.amount,
      quantity: 1,
      note: message.message,
    };
    return { ok: true, rows: [row] };
  },

  load: (db, userId, rows, now) => loadTipContext(db, userId, rows, now),

  check(ctx, row: CartItemRow) {
    const checked = checkTarget(ctx, row);
    if (!checked.ok) return checked;
    // the fan chose the price; it is checked again so a row can never pay outside the range
    const amount = parseTipAmount(row.price);
    if (!amount.ok) return amount;
    return { ok: true, price: amount.amount, detail: checked.detail };
  },

  view: (row, price, detail) => ({
    ...EMPTY_ITEM_FIELDS,
    id: row.id,
    type: "Tipping",
    target_type: row.targetType,
    price,
    quantity: 1,
    note: row.note,
    title: detail.post ? detail.post.title : detail.fanclub.name,
    fanclub: { id: detail.fanclub.id, name: detail.fanclub.name, iconImageUrl: mediaUrl(detail.fanclub.iconKey) },
    detail: { postId: detail.post?.id ?? null },
  }),

  effect(db, input) {
    const { detail, row, now } = input;
    const at = new Date(now);
    return [
      db.insert(tips).values({
        userId: input.userId,
        fanclubId: detail.fanclub.id,
        postId: detail.post?.id ?? null,
        amount: input.price,
        message: row.note,
        purchaseId: sql`${input.purchaseId}`,
        idempotencyKey: tipKey(input.purchaseKey, detail.targetType, row.targetId),
        createdAt: at,
      }),
      notificationInsert(db, {
        userId: detail.fanclub.ownerId,
        kind: detail.post ? "postTipReceived" : "fanclubTipReceived",
        params: { amount: formatYen(input.price), post: detail.post?.title ?? "", fanclub: detail.fanclub.name },
        url: "/me/fanclub/tips",
        now,
      }),
    ];
  },

  memo: (detail) => (detail.post ? `${detail.fanclub.name} ${detail.post.title}` : detail.fanclub.name),
  month: () => null,
  earningSubject: (row) => ({ type: row.targetType === "post_tipping" ? "post" : "fanclub", id: row.targetId }),
});
