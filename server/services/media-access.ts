import { and, eq, sql, type Column } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubMarkSettings, postFiles } from "../../db/schema";
import { downloadFileName } from "../domain/posts";
import { dc3AccessOfRows, dc3FileAccessStatements } from "./dc3";
import { accessOfRows, accessStatements, type PostViewer } from "./post-access";

/**
 * Whether a viewer may read a private object: a file of a post they may see, or (not yet in a
 * post) a file of a fan club they manage. Returns the file's type, the name its download may
 * carry (the original only when the post shows file names), and whether it goes out with the
 * viewer's mark (docs/decisions/042): a file of a paid post, to a fan (not to those who manage
 * the fan club), with the fan club's choice of a visible mark read in the same query.
 *
 * One D1 round trip: the file row, its post's gate and the DC3 gate go in one batch, the gates
 * naming the file by its key (subqueries), since its post and fan club are not known before. A
 * file answers only one of the two gates; the other's statements find nothing, which costs less
 * than a second round trip.
 */
export async function mediaEntitlement(db: Db, key: string, viewer: PostViewer, now: number) {
  const stored = and(eq(postFiles.r2Key, key), eq(postFiles.status, "stored"));
  const ofFile = (column: Column) => sql`(SELECT ${column} FROM ${postFiles} WHERE ${stored})`;
  const [fileRows, ...gates] = await db.batch([
    db
      .select({
        id: postFiles.id,
        postId: postFiles.postId,
        fanclubId: postFiles.fanclubId,
        filename: postFiles.filename,
        contentType: postFiles.contentType,
        kind: postFiles.kind,
        visibleMark: fanclubMarkSettings.visibleMark,
      })
      .from(postFiles)
      .leftJoin(fanclubMarkSettings, eq(fanclubMarkSettings.fanclubId, postFiles.fanclubId))
      .where(stored)
      .limit(1),
    ...accessStatements(db, ofFile(postFiles.postId), viewer.userId, now),
    ...dc3FileAccessStatements(db, { id: ofFile(postFiles.id), fanclubId: ofFile(postFiles.fanclubId) }, viewer.userId, now),
  ]);
  const file = fileRows[0];
  if (!file) return null;
  const [post, memberships, paidMonths, campaignRewards, dc3Content, dc3Plans, dc3Memberships] = gates;
  const manages = viewer.ownFanclubId === file.fanclubId || viewer.editing.has(file.fanclubId);
  const visibleMark = file.visibleMark ?? false;
  // a DC3 content's file (docs/decisions/045): the item's plans decide, and a fan's copy is marked
  // like a paid post's (every DC3 content is for members)
  const dc3 =
    file.postId === null && file.kind === "dc3"
      ? dc3AccessOfRows([dc3Content, dc3Plans, dc3Memberships], file.fanclubId, viewer, now)
      : null;
  if (dc3) {
    if (!dc3.canDownload) return null;
    const markFor = !dc3.manages && viewer.userId !== null ? viewer.userId : null;
    return { ...file, visibleMark, downloadName: file.filename, markFor };
  }
  // a file not yet in a post is seen only by those who manage the fan club, who know its name
  if (file.postId === null) return manages ? { ...file, visibleMark, downloadName: file.filename, markFor: null } : null;
  const access = accessOfRows([post, memberships, paidMonths, campaignRewards], viewer, now);
  if (!access?.canView) return null;
  const paid = access.planPrice !== null;
  return {
    ...file,
    visibleMark,
    downloadName: downloadFileName(access.post.showFilename, file),
    /** the fan whose mark this delivery carries, or null (free post, a manager, a visitor) */
    markFor: paid && !access.manages && viewer.userId !== null ? viewer.userId : null,
  };
}
