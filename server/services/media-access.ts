import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubMarkSettings, postFiles } from "../../db/schema";
import { downloadFileName } from "../domain/posts";
import { dc3FileAccess } from "./dc3";
import { loadPostAccess, type PostViewer } from "./post-access";

/**
 * Whether a viewer may read a private object: a file of a post they may see, or (not yet in a
 * post) a file of a fan club they manage. Returns the file's type, the name its download may
 * carry (the original only when the post shows file names), and whether it goes out with the
 * viewer's mark (docs/decisions/042): a file of a paid post, to a fan (not to those who manage
 * the fan club), with the fan club's choice of a visible mark read in the same query.
 */
export async function mediaEntitlement(db: Db, key: string, viewer: PostViewer, now: number) {
  const file = await db
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
    .where(and(eq(postFiles.r2Key, key), eq(postFiles.status, "stored")))
    .get();
  if (!file) return null;
  const manages = viewer.ownFanclubId === file.fanclubId || viewer.editing.has(file.fanclubId);
  const visibleMark = file.visibleMark ?? false;
  // a DC3 content's file (docs/decisions/045): the item's plans decide, and a fan's copy is marked
  // like a paid post's (every DC3 content is for members)
  const dc3 = file.postId === null && file.kind === "dc3" ? await dc3FileAccess(db, file, viewer, now) : null;
  if (dc3) {
    if (!dc3.canDownload) return null;
    const markFor = !dc3.manages && viewer.userId !== null ? viewer.userId : null;
    return { ...file, visibleMark, downloadName: file.filename, markFor };
  }
  // a file not yet in a post is seen only by those who manage the fan club, who know its name
  if (file.postId === null) return manages ? { ...file, visibleMark, downloadName: file.filename, markFor: null } : null;
  const access = await loadPostAccess(db, file.postId, viewer, now);
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
