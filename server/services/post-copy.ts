import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { postFiles, posts } from "../../db/schema";
import { can } from "../domain/fanclub-permissions";
import { variantKindOfFile, variantKindOfKey, type VariantKind } from "../domain/image-variants";
import { copiedObjectKey, replaceKeys } from "../domain/post-copy";
import type { JobMessage } from "../jobs/messages";
import { queueVariants } from "../media/variants";
import { POST_TYPE_STR, type PostType } from "../domain/posts";
import { randomToken } from "../security/crypto";
import type { OperatingFanclub } from "./creator";
import { accessOfRows, accessStatements } from "./post-access";
import { linkedProductIdQuery, productLinkStatements } from "./post-product";
import { filesOfPostQuery, operatorViewer } from "./posts";

/**
 * Post copy (spec §2 `copyPostId`): a post of the operating fan club becomes a new draft with the
 * same title, text, blog body, plan and settings. Every stored object (files, blog images, cover)
 * is copied to a new R2 key with new file rows, so deleting either post's files never breaks the
 * other (decision 041). Objects are copied first; the post and its file rows are written in one
 * batch afterwards, and a failed copy removes the objects it already wrote: no row is left behind.
 */

/** The copied pictures that have variants, each with its kind: album and blog pictures by their row, the cover by its key. */
function copiedImages(
  stored: readonly { kind: string; r2Key: string }[],
  coverKey: string | null,
  keyMap: ReadonlyMap<string, string>,
): { key: string; kind: VariantKind }[] {
  const images: { key: string; kind: VariantKind }[] = [];
  for (const f of stored) {
    const kind = variantKindOfFile(f.kind);
    if (kind) images.push({ key: keyMap.get(f.r2Key)!, kind });
  }
  if (coverKey) {
    const key = keyMap.get(coverKey)!;
    const kind = variantKindOfKey(key);
    if (kind) images.push({ key, kind });
  }
  return images;
}

export type CopyResult =
  { ok: true; postId: number; postTypeStr: PostType } | { ok: false; reason: "forbidden" | "notFound" | "storageFailed" };

async function copyObject(bucket: R2Bucket, from: string, to: string): Promise<void> {
  const source = await bucket.get(from);
  if (!source) throw new Error(`missing object ${from}`);
  const contentType = source.httpMetadata?.contentType;
  await bucket.put(to, source.body, contentType ? { httpMetadata: { contentType } } : undefined);
}

export async function copyPost(
  db: Db,
  media: { bucket: R2Bucket; jobs: Queue<JobMessage> },
  args: { op: OperatingFanclub; userId: number; postId: number; now: number },
): Promise<CopyResult> {
  const { bucket } = media;
  const { op, userId, now } = args;
  if (!can(op.role, "createDraft") && !can(op.role, "publishPost")) return { ok: false, reason: "forbidden" };
  // the gate, the post's stored files and its linked product in one round trip; the files are used only once the gate allows
  const [rows, memberRows, paidMonths, rewards, stored, linked] = await db.batch([
    ...accessStatements(db, args.postId, userId, now),
    filesOfPostQuery(db, args.postId),
    linkedProductIdQuery(db, args.postId),
  ]);
  const access = accessOfRows([rows, memberRows, paidMonths, rewards], operatorViewer(op, userId), now);
  if (!access || access.fanclub.id !== op.fanclubId || access.post.deletedAt) return { ok: false, reason: "notFound" };
  // an editor copies only what they may edit: an owner-only post stays the owner's
  if (!access.editable) return { ok: false, reason: "forbidden" };
  const source = access.post;

  const linkedProductId = linked[0]?.id ?? -1;
  const keyMap = new Map<string, string>();
  for (const f of stored) keyMap.set(f.r2Key, copiedObjectKey(f.r2Key, randomToken(18)));
  if (source.coverKey) keyMap.set(source.coverKey, copiedObjectKey(source.coverKey, randomToken(12)));

  // side by side (a post holds at most a few files); each finished copy is remembered so a
  // failure of another removes it again
  const written: string[] = [];
  const copies = await Promise.allSettled(
    [...keyMap].map(async ([from, to]) => {
      await copyObject(bucket, from, to);
      written.push(to);
    }),
  );
  if (copies.some((c) => c.status === "rejected")) {
    if (written.length) await bucket.delete(written).catch(() => {});
    return { ok: false, reason: "storageFailed" };
  }

  const isOwner = op.mode === "owner";
  const newKeys = stored.map((f) => keyMap.get(f.r2Key)!);
  const fileInserts = stored.map((f, i) =>
    db.insert(postFiles).values({
      fanclubId: op.fanclubId,
      uploaderId: userId,
      postId: null,
      kind: f.kind,
      filename: f.filename,
      extension: f.extension,
      contentType: f.contentType,
      size: f.size,
      r2Key: keyMap.get(f.r2Key)!,
      status: "stored",
      // the rows come in the source's order
      sortOrder: i,
      createdAt: new Date(now),
      completedAt: new Date(now),
    }),
  );
  const insertPost = db
    .insert(posts)
    .values({
      fanclubId: op.fanclubId,
      authorId: userId,
      type: source.type,
      title: source.title,
      comment: source.comment,
      blogJson: source.blogJson === null ? null : replaceKeys(source.blogJson, keyMap),
      blogHtml: source.blogHtml === null ? null : replaceKeys(source.blogHtml, keyMap),
      blogCharCount: source.blogCharCount,
      coverKey: source.coverKey ? keyMap.get(source.coverKey)! : null,
      coverName: source.coverName,
      // always a draft: never visible to fans until the creator publishes it
      isPublish: false,
      publishedAt: new Date(now),
      unpublishedAt: null,
      planId: source.planId,
      allowComment: source.allowComment,
      commentScope: source.commentScope,
      showFilename: source.showFilename,
      allowTipping: source.allowTipping,
      editScope: source.editScope,
      editorUserId: source.editorUserId,
      // a contest entry is made by publishing into the contest, not inherited
      contestId: null,
      // only the group's owner fan club posts announcements (spec §6)
      groupId: isOwner ? source.groupId : null,
      limitLesson: source.limitLesson,
      lessonPlatformType: source.lessonPlatformType,
      reservationStartAt: source.reservationStartAt,
      lessonDuration: source.lessonDuration,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning({ id: posts.id });
  // files first (with no post), then the post, then the files take its id: the update leaves
  // last_insert_rowid() on the post, and the whole batch is one transaction
  const attach = newKeys.length
    ? [
        db
          .update(postFiles)
          .set({ postId: sql`last_insert_rowid()` })
          .where(inArray(postFiles.r2Key, newKeys)),
      ]
    : [];
  // the linked product is a setting like the plan; an update leaves last_insert_rowid() on the post
  const link = linkedProductId > 0 ? productLinkStatements(db, sql`last_insert_rowid()`, linkedProductId, now).slice(1) : [];
  let postId: number;
  try {
    const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [insertPost];
    const results = await db.batch([...fileInserts, ...statements, ...attach, ...link] as unknown as typeof statements);
    const created = results[fileInserts.length] as { id: number }[];
    postId = created[0]!.id;
  } catch (error) {
    if (written.length) await bucket.delete(written).catch(() => {});
    throw error;
  }
  // the copies are new keys, so their smaller sizes are made again (docs/decisions/044); until
  // the job has run, the copy's pages answer their links with the originals, as after an upload.
  // Queued once the rows are written: the objects are then the post's, never removed by a failure here
  await queueVariants(media.jobs, copiedImages(stored, source.coverKey, keyMap));
  return { ok: true, postId, postTypeStr: POST_TYPE_STR[source.type] ?? "picture" };
}
