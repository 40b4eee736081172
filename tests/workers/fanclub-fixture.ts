import { env } from "cloudflare:test";
import type { EditorPermission } from "../../server/domain/fanclub-permissions";

/**
 * Fan club rows made directly in D1, for tests whose subject is something other than opening a
 * fan club (that flow has its own tests through the pages).
 */
export async function insertFanclub(ownerId: number, options: { serviceId?: number; name?: string; creatorName?: string; status?: "open" | "closed"; uniquePath?: string | null } = {}) {
  const now = Date.now();
  const row = await env.DB.prepare(
    "INSERT INTO fanclubs (service_id, owner_id, name, creator_name, unique_path, status, actived_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(options.serviceId ?? 1, ownerId, options.name ?? "テスト", options.creatorName ?? "あかり", options.uniquePath ?? null, options.status ?? "open", now, now, now)
    .first<{ id: number }>();
  return row!.id;
}

export async function insertPlan(fanclubId: number, options: { name?: string; price?: number; joinLimit?: number | null; closed?: boolean } = {}) {
  const now = Date.now();
  const row = await env.DB.prepare(
    "INSERT INTO plans (fanclub_id, name, price, join_limit, closed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(fanclubId, options.name ?? "ベーシック", options.price ?? 500, options.joinLimit ?? null, options.closed ? now : null, now, now)
    .first<{ id: number }>();
  return row!.id;
}

/** An accepted editor with the given permissions. */
export async function insertEditor(fanclubId: number, userId: number, permissions: readonly EditorPermission[]) {
  const now = Date.now();
  await env.DB.prepare("INSERT INTO fanclub_editors (fanclub_id, user_id, permissions, invited_at, accepted_at) VALUES (?, ?, ?, ?, ?)")
    .bind(fanclubId, userId, JSON.stringify(permissions), now, now)
    .run();
}

/** A current membership, with the plan's and fan club's member counts kept in step. */
export async function insertMembership(userId: number, fanclubId: number, planId: number) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO memberships (user_id, fanclub_id, plan_id, member_number, status, joined_at) VALUES (?, ?, ?, (SELECT COALESCE(MAX(member_number), 0) + 1 FROM memberships WHERE fanclub_id = ?), 'active', ?)",
    ).bind(userId, fanclubId, planId, fanclubId, now),
    env.DB.prepare("UPDATE plans SET member_count = member_count + 1 WHERE id = ?").bind(planId),
    env.DB.prepare("UPDATE fanclubs SET member_count = member_count + 1 WHERE id = ?").bind(fanclubId),
  ]);
}

/**
 * A post made directly in D1 (a picture post published an hour ago by default), for tests of what
 * readers do with posts. `planId` null is a post for anyone.
 */
export async function insertPost(
  fanclubId: number,
  authorId: number,
  options: { type?: number; title?: string; comment?: string; isPublish?: boolean; publishedAt?: number; planId?: number | null; allowComment?: boolean; commentScope?: string } = {},
) {
  const now = Date.now();
  const row = await env.DB.prepare(
    "INSERT INTO posts (fanclub_id, author_id, type, title, comment, is_publish, published_at, plan_id, allow_comment, comment_scope, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      fanclubId,
      authorId,
      options.type ?? 1,
      options.title ?? "テスト投稿",
      options.comment ?? "",
      options.isPublish === false ? 0 : 1,
      options.publishedAt ?? now - 3_600_000,
      options.planId ?? null,
      options.allowComment === false ? 0 : 1,
      options.commentScope ?? "everyone",
      now,
      now,
    )
    .first<{ id: number }>();
  return row!.id;
}
