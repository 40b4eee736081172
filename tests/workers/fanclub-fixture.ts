import { env } from "cloudflare:test";
import type { EditorPermission } from "../../server/domain/fanclub-permissions";
import { createEditor, createFanclub, createMembership, createPlan, createPost, createPostFile } from "../factories";

/**
 * Fan club rows made directly in D1, for tests whose subject is something other than opening a
 * fan club (that flow has its own tests through the pages).
 */
export async function insertFanclub(
  ownerId: number,
  options: { serviceId?: number; name?: string; creatorName?: string; status?: "open" | "closed"; uniquePath?: string | null } = {},
) {
  // only the listed fields: callers pass their own extras (counts, times) in the same object
  const { serviceId, name, creatorName, status, uniquePath } = options;
  return (await createFanclub(env.DB, { ownerId, serviceId, name, creatorName, status, uniquePath })).id;
}

export async function insertPlan(
  fanclubId: number,
  options: { name?: string; price?: number; joinLimit?: number | null; closed?: boolean } = {},
) {
  const { name, price, joinLimit, closed } = options;
  return (await createPlan(env.DB, { fanclubId, name, price, joinLimit, closedAt: closed ? new Date() : null })).id;
}

/** An accepted editor with the given permissions. */
export async function insertEditor(fanclubId: number, userId: number, permissions: readonly EditorPermission[]) {
  await createEditor(env.DB, { fanclubId, userId, permissions });
}

/** A current membership, with the plan's and fan club's member counts kept in step. */
export async function insertMembership(userId: number, fanclubId: number, planId: number) {
  await createMembership(env.DB, { userId, fanclubId, planId });
}

/**
 * A post made directly in D1 (a picture post published an hour ago by default), for tests of what
 * readers do with posts. `planId` null is a post for anyone.
 */
export async function insertPost(
  fanclubId: number,
  authorId: number,
  options: {
    type?: number;
    title?: string;
    comment?: string;
    isPublish?: boolean;
    publishedAt?: number;
    planId?: number | null;
    allowComment?: boolean;
    commentScope?: string;
  } = {},
) {
  const now = Date.now();
  const post = await createPost(env.DB, {
    fanclubId,
    authorId,
    type: options.type,
    title: options.title,
    comment: options.comment,
    isPublish: options.isPublish !== false,
    publishedAt: new Date(options.publishedAt ?? now - 3_600_000),
    planId: options.planId ?? null,
    allowComment: options.allowComment !== false,
    commentScope: options.commentScope,
  });
  return post.id;
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
  const post = await createPost(env.DB, {
    fanclubId,
    authorId,
    type: POST_TYPE_NUMBERS[options.type ?? "picture"],
    title: options.title,
    comment: options.comment,
    blogJson: options.blogJson ?? null,
    coverKey: options.coverKey ?? null,
    isPublish: options.isPublish !== false,
    publishedAt: options.publishedAt === undefined ? undefined : new Date(options.publishedAt),
    unpublishedAt: options.unpublishedAt == null ? null : new Date(options.unpublishedAt),
    planId: options.planId ?? null,
    groupId: options.groupId ?? null,
    showFilename: options.showFilename ?? false,
    allowTipping: options.allowTipping ?? false,
    limitLesson: options.lesson?.limitLesson ?? null,
    lessonPlatformType: options.lesson?.lessonPlatformType ?? null,
    reservationStartAt: options.lesson ? new Date(options.lesson.reservationStartAt) : null,
    lessonDuration: options.lesson?.lessonDuration ?? null,
  });
  return post.id;
}

let fileSeq = 0;

/** A finished upload: the bytes in R2 under `posts/` and a stored `post_files` row owned by the post. */
export async function insertPostFileRow(
  postId: number | null,
  fanclubId: number,
  uploaderId: number,
  options: {
    kind?: "picture" | "streaming" | "attachment" | "blog_image";
    filename?: string;
    contentType?: string;
    bytes?: Uint8Array;
    sortOrder?: number;
  } = {},
) {
  const filename = options.filename ?? "photo.png";
  const extension = filename.split(".").pop()!.toLowerCase();
  const bytes = options.bytes ?? new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const contentType = options.contentType ?? "image/png";
  const key = `posts/${fanclubId}/t${Date.now()}${fileSeq++}${Math.random().toString(36).slice(2, 8)}.${extension}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  const file = await createPostFile(env.DB, {
    fanclubId,
    uploaderId,
    postId,
    kind: options.kind ?? "picture",
    filename,
    extension,
    contentType,
    size: bytes.byteLength,
    r2Key: key,
    sortOrder: options.sortOrder ?? 0,
  });
  return { id: file.id, key };
}
