import { and, asc, desc, eq, inArray, isNull, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dc3ContentPlans, dc3Contents, fanclubs, plans, postFiles } from "../../db/schema";
import { canDownloadDc3, type Dc3Audience, type Dc3Input } from "../domain/dc3";
import { privateMediaUrl, type MediaSigner } from "../media/private-urls";
import { viewerMembershipsQuery, type PostViewer, type ViewerMembershipRow } from "./post-access";

/**
 * DC3 contents (docs/decisions/045): a fan club's downloadable items of one file each. The file is
 * a stored upload of kind `dc3` (the post uploader's multipart path); an item takes it by pointing
 * at it. Deleting an item, or replacing its file, frees the old object in R2 once the rows say so.
 */

export interface Dc3Item {
  id: number;
  title: string;
  description: string;
  audience: Dc3Audience;
  planIds: number[];
  file: { id: number; filename: string; size: number; contentType: string; r2Key: string };
  updatedAt: number;
}

export type Dc3Problem = "notFound" | "badFile" | "badPlans";

async function itemsOf(db: Db, fanclubId: number, id: number | null): Promise<Dc3Item[]> {
  const [rows, planRows] = await db.batch([
    db
      .select({
        id: dc3Contents.id,
        title: dc3Contents.title,
        description: dc3Contents.description,
        audience: dc3Contents.audience,
        updatedAt: dc3Contents.updatedAt,
        // aliased: D1 batch rows are keyed by column name, and the file's "id" would shadow the item's
        fileId: sql<number>`${postFiles.id}`.as("dc3_file_id"),
        filename: postFiles.filename,
        size: postFiles.size,
        contentType: postFiles.contentType,
        r2Key: postFiles.r2Key,
      })
      .from(dc3Contents)
      .innerJoin(postFiles, eq(postFiles.id, dc3Contents.fileId))
      .where(and(eq(dc3Contents.fanclubId, fanclubId), id === null ? undefined : eq(dc3Contents.id, id)))
      .orderBy(desc(dc3Contents.id)),
    db
      .select({ contentId: dc3ContentPlans.contentId, planId: dc3ContentPlans.planId })
      .from(dc3ContentPlans)
      .innerJoin(dc3Contents, eq(dc3Contents.id, dc3ContentPlans.contentId))
      .where(and(eq(dc3Contents.fanclubId, fanclubId), id === null ? undefined : eq(dc3Contents.id, id)))
      .orderBy(asc(dc3ContentPlans.planId)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    audience: r.audience,
    planIds: planRows.filter((p) => p.contentId === r.id).map((p) => p.planId),
    file: { id: r.fileId, filename: r.filename, size: r.size, contentType: r.contentType, r2Key: r.r2Key },
    updatedAt: r.updatedAt.getTime(),
  }));
}

/** The fan club's items, newest first, as its owner manages them. */
export function listDc3Contents(db: Db, fanclubId: number): Promise<Dc3Item[]> {
  return itemsOf(db, fanclubId, null);
}

async function getDc3Content(db: Db, fanclubId: number, id: number): Promise<Dc3Item | null> {
  return (await itemsOf(db, fanclubId, id))[0] ?? null;
}

/** A stored `dc3` upload of this fan club that no post and no other item holds, or null. */
async function usableFile(db: Db, fanclubId: number, fileId: number) {
  const row = await db
    .select({ id: postFiles.id, r2Key: postFiles.r2Key })
    .from(postFiles)
    .where(
      and(
        eq(postFiles.id, fileId),
        eq(postFiles.fanclubId, fanclubId),
        eq(postFiles.kind, "dc3"),
        eq(postFiles.status, "stored"),
        isNull(postFiles.postId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(dc3Contents)
            .where(eq(dc3Contents.fileId, postFiles.id)),
        ),
      ),
    )
    .get();
  return row ?? null;
}

async function plansAreTheFanclubs(db: Db, fanclubId: number, planIds: readonly number[]): Promise<boolean> {
  if (planIds.length === 0) return true;
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.fanclubId, fanclubId), inArray(plans.id, [...planIds])))
    .all();
  return rows.length === planIds.length;
}

/** A UNIQUE file_id refused a second item: another request took the file first. */
function isFileTaken(error: unknown): boolean {
  return String((error as { message?: unknown })?.message ?? error).includes("UNIQUE");
}

export async function createDc3Content(
  db: Db,
  fanclubId: number,
  input: Dc3Input,
  now: number,
): Promise<{ ok: true; item: Dc3Item } | { ok: false; problem: Dc3Problem }> {
  if (input.fileId === null || !(await usableFile(db, fanclubId, input.fileId))) return { ok: false, problem: "badFile" };
  if (!(await plansAreTheFanclubs(db, fanclubId, input.planIds))) return { ok: false, problem: "badPlans" };
  const at = new Date(now);
  const fileId = input.fileId;
  // one batch: the item and its plans are written together or not at all
  const contentOfFile = sql`(SELECT ${dc3Contents.id} FROM ${dc3Contents} WHERE ${dc3Contents.fileId} = ${fileId})`;
  try {
    const [inserted] = await db.batch([
      db
        .insert(dc3Contents)
        .values({
          fanclubId,
          title: input.title,
          description: input.description,
          audience: input.audience,
          fileId,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: dc3Contents.id }),
      ...input.planIds.map((planId) => db.insert(dc3ContentPlans).values({ contentId: contentOfFile, planId })),
    ] as const);
    const item = await getDc3Content(db, fanclubId, inserted[0]!.id);
    return { ok: true, item: item! };
  } catch (error) {
    if (isFileTaken(error)) return { ok: false, problem: "badFile" };
    throw error;
  }
}

/**
 * Title, description and plans, and the file when a new one is given. The rows change first, in
 * one batch (the old upload is marked aborted there); only then is the old object deleted, so a
 * failure never leaves an item pointing at a missing file.
 */
export async function updateDc3Content(
  db: Db,
  bucket: R2Bucket,
  fanclubId: number,
  id: number,
  input: Dc3Input,
  now: number,
): Promise<{ ok: true; item: Dc3Item } | { ok: false; problem: Dc3Problem }> {
  const existing = await getDc3Content(db, fanclubId, id);
  if (!existing) return { ok: false, problem: "notFound" };
  const replaces = input.fileId !== null && input.fileId !== existing.file.id;
  if (replaces && !(await usableFile(db, fanclubId, input.fileId!))) return { ok: false, problem: "badFile" };
  if (!(await plansAreTheFanclubs(db, fanclubId, input.planIds))) return { ok: false, problem: "badPlans" };
  const at = new Date(now);
  try {
    await db.batch([
      db
        .update(dc3Contents)
        .set({
          title: input.title,
          description: input.description,
          audience: input.audience,
          fileId: replaces ? input.fileId! : existing.file.id,
          updatedAt: at,
        })
        .where(and(eq(dc3Contents.id, id), eq(dc3Contents.fanclubId, fanclubId))),
      db.delete(dc3ContentPlans).where(eq(dc3ContentPlans.contentId, id)),
      ...input.planIds.map((planId) => db.insert(dc3ContentPlans).values({ contentId: id, planId })),
      ...(replaces ? [db.update(postFiles).set({ status: "aborted" }).where(eq(postFiles.id, existing.file.id))] : []),
    ] as unknown as Parameters<Db["batch"]>[0]);
  } catch (error) {
    if (isFileTaken(error)) return { ok: false, problem: "badFile" };
    throw error;
  }
  if (replaces) await bucket.delete(existing.file.r2Key);
  return { ok: true, item: (await getDc3Content(db, fanclubId, id))! };
}

/** Deletes the item and then its file's object; false when the fan club has no such item. */
export async function deleteDc3Content(db: Db, bucket: R2Bucket, fanclubId: number, id: number): Promise<boolean> {
  const existing = await getDc3Content(db, fanclubId, id);
  if (!existing) return false;
  await db.batch([
    db.delete(dc3ContentPlans).where(eq(dc3ContentPlans.contentId, id)),
    db.delete(dc3Contents).where(and(eq(dc3Contents.id, id), eq(dc3Contents.fanclubId, fanclubId))),
    db.update(postFiles).set({ status: "aborted" }).where(eq(postFiles.id, existing.file.id)),
  ]);
  await bucket.delete(existing.file.r2Key);
  return true;
}

function viewerIsStaff(viewer: PostViewer, fanclubId: number) {
  return { isOwner: viewer.ownFanclubId === fanclubId, isEditor: viewer.editing.has(fanclubId) };
}

export interface Dc3Listing {
  id: number;
  title: string;
  description: string;
  audience: Dc3Audience;
  /** names of the plans whose members may download (audience `plans`) */
  planNames: string[];
  /** the file, only to a viewer who may download it: everyone else sees the title, not a byte */
  file: { filename: string; size: number; downloadUrl: string } | null;
}

/**
 * The items as the fan club page shows them to a viewer: every title, and a signed download link
 * (bound to the viewer's session, decision 042) only on the items the viewer may download.
 * Null when the fan club is not open.
 */
export async function fanclubDc3Listing(
  db: Db,
  fanclubId: number,
  viewer: PostViewer,
  signer: MediaSigner,
  now: number,
): Promise<Dc3Listing[] | null> {
  const [clubRows, memberRows, planRows] = await db.batch([
    db
      .select({ id: fanclubs.id })
      .from(fanclubs)
      .where(and(eq(fanclubs.id, fanclubId), eq(fanclubs.status, "open"))),
    viewerMembershipsQuery(db, viewer.userId, now, sql`${fanclubId}`),
    db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.fanclubId, fanclubId)),
  ]);
  if (!clubRows[0]) return null;
  const items = await listDc3Contents(db, fanclubId);
  const staff = viewerIsStaff(viewer, fanclubId);
  const planName = new Map(planRows.map((p) => [p.id, p.name]));
  return Promise.all(
    items.map(async (item) => {
      const may = canDownloadDc3({ item: { fanclubId, ...item }, viewer: { ...staff, memberships: memberRows }, now });
      const url = may ? await privateMediaUrl(signer, item.file.r2Key) : null;
      return {
        id: item.id,
        title: item.title,
        description: item.description,
        audience: item.audience,
        planNames: item.planIds.map((id) => planName.get(id) ?? "").filter(Boolean),
        file: url ? { filename: item.file.filename, size: item.file.size, downloadUrl: `${url}&download=1` } : null,
      };
    }),
  );
}

/**
 * The `/media` gate's statements for a `dc3` upload (docs/decisions/045): the item holding the
 * file, its plans and the viewer's memberships in the fan club. `file` may name the upload by SQL
 * expressions, so the gate reads them in the same batch as the file row itself.
 */
export function dc3FileAccessStatements(db: Db, file: { id: number | SQL; fanclubId: number | SQL }, userId: number | null, now: number) {
  return [
    db
      .select({ id: dc3Contents.id, audience: dc3Contents.audience })
      .from(dc3Contents)
      .innerJoin(fanclubs, and(eq(fanclubs.id, dc3Contents.fanclubId), eq(fanclubs.status, "open")))
      .where(eq(dc3Contents.fileId, file.id)),
    db
      .select({ planId: dc3ContentPlans.planId })
      .from(dc3ContentPlans)
      .innerJoin(dc3Contents, eq(dc3Contents.id, dc3ContentPlans.contentId))
      .where(eq(dc3Contents.fileId, file.id)),
    viewerMembershipsQuery(db, userId, now, sql`${file.fanclubId}`),
  ] as const;
}

/** What the batch answers for `dc3FileAccessStatements`, in order. */
type Dc3AccessRows = readonly [ReadonlyArray<{ audience: Dc3Audience }>, ReadonlyArray<{ planId: number }>, readonly ViewerMembershipRow[]];

/**
 * The gate's answer from the rows of `dc3FileAccessStatements`: null when no item holds the file
 * (only the fan club's managers may read it then, as a fresh upload) or, for an item, whether this
 * viewer may download it now and whether they manage the fan club.
 */
export function dc3AccessOfRows(
  [contentRows, planRows, memberRows]: Dc3AccessRows,
  fanclubId: number,
  viewer: PostViewer,
  now: number,
): { canDownload: boolean; manages: boolean } | null {
  const content = contentRows[0];
  if (!content) return null;
  const staff = viewerIsStaff(viewer, fanclubId);
  const canDownload = canDownloadDc3({
    item: { fanclubId, audience: content.audience, planIds: planRows.map((p) => p.planId) },
    viewer: { ...staff, memberships: memberRows },
    now,
  });
  return { canDownload, manages: staff.isOwner || staff.isEditor };
}
