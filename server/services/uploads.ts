import { and, eq, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dc3Contents, postFiles, uploadParts, type PostFileRow } from "../../db/schema";
import { bytesMatchExtension, extensionOf, uploadProblem, type UploadKind, type UploadProblem } from "../domain/posts";
import { COLLECTED_KINDS, STALE_UPLOAD_MS, UNUSED_FILE_MS, contentTypeFor, partSizeFor, uploadKey } from "../domain/uploads";
import { randomToken } from "../security/crypto";
import { deleteAllWithVariants } from "../media/variants";

/**
 * Uploads of post files straight to R2 in parts (spec issue 5). The server decides the key and
 * judges the declared name and size before anything is stored; after the browser has sent the
 * parts it completes the upload and checks what R2 holds before any post may use it.
 */

export interface IssueInput {
  fanclubId: number;
  uploaderId: number;
  kind: UploadKind;
  filename: string;
  size: number;
  /** what the browser declares; stored objects get the type of their extension instead */
  contentType: string;
  /** files the post already has in this list */
  existingCount: number;
}

export type IssueResult = { ok: true; file: PostFileRow; partSize: number } | { ok: false; problem: UploadProblem };

export async function issueUpload(db: Db, bucket: R2Bucket, input: IssueInput, now: number): Promise<IssueResult> {
  const problem = uploadProblem(input.kind, { filename: input.filename, size: input.size }, input.existingCount);
  if (problem) return { ok: false, problem };
  const extension = extensionOf(input.filename);
  const key = uploadKey(input.fanclubId, randomToken(18), extension);
  const contentType = contentTypeFor(extension);
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType } });
  try {
    const [file] = await db
      .insert(postFiles)
      .values({
        fanclubId: input.fanclubId,
        uploaderId: input.uploaderId,
        kind: input.kind,
        filename: input.filename,
        extension,
        contentType,
        size: input.size,
        r2Key: key,
        uploadId: upload.uploadId,
        status: "uploading",
        createdAt: new Date(now),
      })
      .returning();
    return { ok: true, file: file!, partSize: partSizeFor(input.size) };
  } catch (error) {
    // no row points at it, so nothing would ever abort it
    await upload.abort().catch(() => {});
    throw error;
  }
}

/** A file of this fan club, or null (another fan club's file is as good as absent). */
export async function getUploadFile(db: Db, fanclubId: number, fileId: number): Promise<PostFileRow | null> {
  const [row] = await db
    .select()
    .from(postFiles)
    .where(and(eq(postFiles.id, fileId), eq(postFiles.fanclubId, fanclubId)))
    .limit(1);
  return row ?? null;
}

/** The file behind a signed part URL (the signature already named it). */
export async function getUploadingFile(db: Db, fileId: number): Promise<PostFileRow | null> {
  const [row] = await db
    .select()
    .from(postFiles)
    .where(and(eq(postFiles.id, fileId), eq(postFiles.status, "uploading")))
    .limit(1);
  return row ?? null;
}

/** Remembers a part written through the local endpoint; a part sent again replaces the first. */
export async function recordPart(db: Db, part: { fileId: number; partNumber: number; etag: string; size: number }): Promise<void> {
  await db
    .insert(uploadParts)
    .values(part)
    .onConflictDoUpdate({ target: [uploadParts.fileId, uploadParts.partNumber], set: { etag: part.etag, size: part.size } });
}

export type CompleteResult =
  | { ok: true; file: PostFileRow }
  /** the parts do not make up the file (yet): the upload stays open, the browser may send them */
  | { ok: false; reason: "incomplete" }
  /** the upload is over (aborted or refused before) */
  | { ok: false; reason: "gone" }
  /** R2 holds something else than declared: deleted and refused */
  | { ok: false; reason: "size" | "type" };

/**
 * Completes the multipart upload with `parts`, then verifies the object: its size is the declared
 * one and its first bytes match the extension. A mismatch deletes the object and marks the file
 * rejected, so no post can take it.
 */
export async function completeUpload(
  db: Db,
  bucket: R2Bucket,
  file: PostFileRow,
  parts: Array<{ partNumber: number; etag: string }> | null,
  now: number,
): Promise<CompleteResult> {
  // a repeated completion (the browser retried after a lost answer) gets the same answer
  if (file.status === "stored") return { ok: true, file };
  if (file.status !== "uploading" || !file.uploadId) return { ok: false, reason: "gone" };
  if (!parts) return { ok: false, reason: "incomplete" };
  try {
    await bucket.resumeMultipartUpload(file.r2Key, file.uploadId).complete(parts);
  } catch (error) {
    console.warn(`[uploads] completing file ${file.id} failed`, error);
    return { ok: false, reason: "incomplete" };
  }
  const head = await bucket.get(file.r2Key, { range: { offset: 0, length: Math.min(16, file.size) } });
  const stored = head ? new Uint8Array(await head.arrayBuffer()) : null;
  const problem = !head || head.size !== file.size ? "size" : !bytesMatchExtension(file.extension, stored!) ? "type" : null;
  if (problem) {
    await bucket.delete(file.r2Key);
    await db.batch([
      db
        .update(postFiles)
        .set({ status: "rejected", completedAt: new Date(now) })
        .where(eq(postFiles.id, file.id)),
      db.delete(uploadParts).where(eq(uploadParts.fileId, file.id)),
    ]);
    return { ok: false, reason: problem };
  }
  const [, [updated]] = await db.batch([
    db.delete(uploadParts).where(eq(uploadParts.fileId, file.id)),
    db
      .update(postFiles)
      .set({ status: "stored", completedAt: new Date(now) })
      .where(eq(postFiles.id, file.id))
      .returning(),
  ]);
  return { ok: true, file: updated ?? { ...file, status: "stored", completedAt: new Date(now) } };
}

export type AbortResult = "aborted" | "inUse";

/**
 * Stops an upload and frees what it stored. A stored file that no post has taken is deleted too
 * (the creator removed it from the form); one a post uses stays. The row changes first, on the
 * condition that nothing took the file meanwhile; only then are the bytes freed.
 */
export async function abortUpload(db: Db, bucket: R2Bucket, file: PostFileRow, now: number): Promise<AbortResult> {
  if (file.status !== "uploading" && file.status !== "stored") return "aborted";
  const [, marked] = await db.batch([
    db.delete(uploadParts).where(eq(uploadParts.fileId, file.id)),
    db
      .update(postFiles)
      .set({ status: "aborted", completedAt: new Date(now) })
      .where(and(eq(postFiles.id, file.id), eq(postFiles.status, file.status), isNull(postFiles.postId), notHeldByDc3(db)))
      .returning({ id: postFiles.id }),
  ]);
  if (marked.length === 0) return file.postId !== null || file.status === "stored" ? "inUse" : "aborted";
  if (file.status === "uploading" && file.uploadId) await abortInR2(bucket, file.r2Key, file.uploadId);
  // with the sizes the variants job made of it since (docs/decisions/044)
  else await deleteAllWithVariants(bucket, [file.r2Key]);
  return "aborted";
}

/** The file is no DC3 content's (docs/decisions/045): a content holds its file without `post_id`. */
function notHeldByDc3(db: Db) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(dc3Contents)
      .where(eq(dc3Contents.fileId, postFiles.id)),
  );
}

async function abortInR2(bucket: R2Bucket, key: string, uploadId: string): Promise<void> {
  try {
    await bucket.resumeMultipartUpload(key, uploadId).abort();
  } catch (error) {
    // already completed or aborted in R2: nothing is left to free
    console.warn(`[uploads] abort of ${key} failed`, error);
  }
}

const CLEANUP_PAGE = 100;
/** One job run stops after this many files; the next day's run continues. */
const CLEANUP_MAX = 2000;

/**
 * The daily clean-up: uploads left unfinished for a day are aborted (their parts cost storage
 * and nobody will finish them), and stored files no post took within a week are deleted.
 */
export async function cleanUpUploads(db: Db, bucket: R2Bucket, now: number): Promise<{ aborted: number; deleted: number }> {
  let aborted = 0;
  let deleted = 0;
  const staleBefore = new Date(now - STALE_UPLOAD_MS);
  while (aborted < CLEANUP_MAX) {
    const stale = await db
      .select({ id: postFiles.id })
      .from(postFiles)
      .where(and(eq(postFiles.status, "uploading"), lt(postFiles.createdAt, staleBefore)))
      .limit(CLEANUP_PAGE);
    if (stale.length === 0) break;
    const ids = stale.map((f) => f.id);
    // marked first: a completion racing with the job then finds the upload gone, not half freed
    const [, marked] = await db.batch([
      db.delete(uploadParts).where(inArray(uploadParts.fileId, ids)),
      db
        .update(postFiles)
        .set({ status: "aborted", completedAt: new Date(now) })
        .where(and(inArray(postFiles.id, ids), eq(postFiles.status, "uploading")))
        .returning({ r2Key: postFiles.r2Key, uploadId: postFiles.uploadId }),
    ]);
    for (const file of marked) if (file.uploadId) await abortInR2(bucket, file.r2Key, file.uploadId);
    aborted += marked.length;
    if (stale.length < CLEANUP_PAGE) break;
  }
  const unusedBefore = new Date(now - UNUSED_FILE_MS);
  while (deleted < CLEANUP_MAX) {
    const unused = await db
      .select({ id: postFiles.id })
      .from(postFiles)
      .where(
        and(
          eq(postFiles.status, "stored"),
          isNull(postFiles.postId),
          inArray(postFiles.kind, [...COLLECTED_KINDS]),
          lt(postFiles.completedAt, unusedBefore),
          notHeldByDc3(db),
        ),
      )
      .limit(CLEANUP_PAGE);
    if (unused.length === 0) break;
    // a post that took one of them meanwhile keeps it: only rows still free are marked and freed
    const marked = await db
      .update(postFiles)
      .set({ status: "aborted" })
      .where(
        and(
          inArray(
            postFiles.id,
            unused.map((f) => f.id),
          ),
          isNull(postFiles.postId),
          eq(postFiles.status, "stored"),
          notHeldByDc3(db),
        ),
      )
      .returning({ r2Key: postFiles.r2Key });
    // each with its variants (ten keys a file), in calls under R2's 1,000 keys
    if (marked.length > 0)
      await deleteAllWithVariants(
        bucket,
        marked.map((f) => f.r2Key),
      );
    deleted += marked.length;
    if (unused.length < CLEANUP_PAGE) break;
  }
  return { aborted, deleted };
}
