import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postFiles } from "../../db/schema";
import { downloadFileName } from "../domain/posts";
import { loadPostAccess, type PostViewer } from "./post-access";

/**
 * Whether a viewer may read a private object: a file of a post they may see, or (not yet in a
 * post) a file of a fan club they manage. Returns the file's type and the name its download may
 * carry (the original only when the post shows file names).
 */
export async function mediaEntitlement(db: Db, key: string, viewer: PostViewer, now: number) {
  const file = await db
    .select({
      id: postFiles.id,
      postId: postFiles.postId,
      fanclubId: postFiles.fanclubId,
      filename: postFiles.filename,
      contentType: postFiles.contentType,
    })
    .from(postFiles)
    .where(and(eq(postFiles.r2Key, key), eq(postFiles.status, "stored")))
    .get();
  if (!file) return null;
  const manages = viewer.ownFanclubId === file.fanclubId || viewer.editing.has(file.fanclubId);
  // a file not yet in a post is seen only by those who manage the fan club, who know its name
  if (file.postId === null) return manages ? { ...file, downloadName: file.filename } : null;
  const access = await loadPostAccess(db, file.postId, viewer, now);
  return access?.canView ? { ...file, downloadName: downloadFileName(access.post.showFilename, file) } : null;
}
