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


const POST_TYPE_NUMBERS = { picture: 1, streaming: 2, attachment: 3, blog: 4, lesson: 5 } as const;

/**
 * A post row made directly in D1 (for reader tests; creating posts has its own tests through the
 * API). Published now, public, with comments allowed, unless told otherwise.
 */
export async function insertPostRow(
  fanclubId: number,
  authorId: number,
  options: {
    type?: keyof typeof POST_TYPE_NUMBERS;
    title?: string;
    comment?: string;
    blogJson?: string | null;
    coverKey?: string | null;
    isPublish?: boolean;
    publishedAt?: number;
    unpublishedAt?: number | null;
    planId?: number | null;
    groupId?: number | null;
    showFilename?: boolean;
    allowTipping?: boolean;
    lesson?: { limitLesson: number; lessonPlatformType: string; reservationStartAt: number; lessonDuration: number };
  } = {},
) {
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO posts (fanclub_id, author_id, type, title, comment, blog_json, cover_key, is_publish, published_at, unpublished_at, plan_id, group_id,
       show_filename, allow_tipping, limit_lesson, lesson_platform_type, reservation_start_at, lesson_duration, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      fanclubId,
      authorId,
      POST_TYPE_NUMBERS[options.type ?? "picture"],
      options.title ?? "テスト投稿",
      options.comment ?? "",
      options.blogJson ?? null,
      options.coverKey ?? null,
      options.isPublish === false ? 0 : 1,
      options.publishedAt ?? now - 1000,
      options.unpublishedAt ?? null,
      options.planId ?? null,
      options.groupId ?? null,
      options.showFilename ? 1 : 0,
      options.allowTipping ? 1 : 0,
      options.lesson?.limitLesson ?? null,
      options.lesson?.lessonPlatformType ?? null,
      options.lesson?.reservationStartAt ?? null,
      options.lesson?.lessonDuration ?? null,
      now,
      now,
    )
    .first<{ id: number }>();
  return row!.id;
}

let fileSeq = 0;

/** A finished upload: the bytes in R2 under `posts/` and a stored `post_files` row owned by the post. */
export async function insertPostFileRow(
  postId: number | null,
  fanclubId: number,
  uploaderId: number,
  options: { kind?: "picture" | "streaming" | "attachment" | "blog_image"; filename?: string; contentType?: string; bytes?: Uint8Array; sortOrder?: number } = {},
) {
  const filename = options.filename ?? "photo.png";
  const extension = filename.split(".").pop()!.toLowerCase();
  const bytes = options.bytes ?? new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const contentType = options.contentType ?? "image/png";
  const key = `posts/${fanclubId}/t${Date.now()}${fileSeq++}${Math.random().toString(36).slice(2, 8)}.${extension}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO post_files (fanclub_id, uploader_id, post_id, kind, filename, extension, content_type, size, r2_key, status, sort_order, created_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'stored', ?, ?, ?) RETURNING id`,
  )
    .bind(fanclubId, uploaderId, postId, options.kind ?? "picture", filename, extension, contentType, bytes.byteLength, key, options.sortOrder ?? 0, now, now)
    .first<{ id: number }>();
  return { id: row!.id, key };
}
