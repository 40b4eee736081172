import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contests, users, type PostRow } from "../../db/schema";
import { mediaUrl } from "../domain/images";
import { POST_TYPE_STR } from "../domain/posts";
import { privateMediaUrl, type MediaSigner } from "../media/private-urls";
import { filesOfPostQuery, listFiles } from "./posts";
import { contestSelectorShown } from "../domain/contests";
import { windowsOf } from "./contests/queries";
import { linkedProductIdQuery } from "./post-product";

/** The edit form's values (spec §3 post and setting). */
export async function editData(db: Db, input: { post: PostRow; signer: MediaSigner }) {
  const { post, signer } = input;
  const { now } = signer;
  // the form's reads in one round trip; an absent editor or contest matches no row (ids start at 1)
  const [files, editors, enteredRows, linked] = await db.batch([
    filesOfPostQuery(db, post.id),
    db
      .select({ t: users.identifyToken })
      .from(users)
      .where(eq(users.id, post.editorUserId ?? 0))
      .limit(1),
    db
      .select()
      .from(contests)
      .where(eq(contests.id, post.contestId ?? 0))
      .limit(1),
    linkedProductIdQuery(db, post.id),
  ]);
  const items = await Promise.all(
    listFiles(files).map(async (f) => {
      const url = await privateMediaUrl(signer, f.r2Key, f.kind === "streaming" ? "streaming" : "other");
      return {
        id: f.id,
        filename: f.filename,
        kind: f.kind as "picture" | "streaming" | "attachment",
        size: f.size,
        url,
        thumbUrl: f.kind === "picture" ? url : null,
        originalUrl: url,
        isPublish: true,
        isLoading: false,
      };
    }),
  );
  const blogImageUrls: Record<string, string> = {};
  for (const f of files.filter((x) => x.kind === "blog_image")) blogImageUrls[f.r2Key] = await privateMediaUrl(signer, f.r2Key);
  const editorUserIdentifyToken = editors[0]?.t ?? null;
  const entered = enteredRows[0] ?? null;
  const selectedProductId = linked[0]?.id ?? -1;
  return {
    post: {
      id: post.id,
      postTypeStr: POST_TYPE_STR[post.type] ?? "picture",
      title: post.title,
      comment: post.comment,
      blogContent: post.blogJson,
      blogImageUrls,
      coverImageKey: post.coverKey,
      coverImageUrl: mediaUrl(post.coverKey),
      coverImageName: post.coverName,
      isPublish: post.isPublish,
      isGroupPost: post.groupId !== null,
      editable: true,
      contestSelectorShown: contestSelectorShown({
        isGroupPost: post.groupId !== null,
        enteredContest: entered ? windowsOf(entered) : null,
        now,
      }),
      enteredContestName: entered?.name ?? null,
      limitLesson: post.limitLesson,
      lessonPlatformType: post.lessonPlatformType,
      reservationStartAt: post.reservationStartAt?.getTime() ?? null,
      lessonDuration: post.lessonDuration,
      setting: {
        allowComment: post.allowComment,
        publishedAt: post.publishedAt.getTime(),
        unpublishedAt: post.unpublishedAt?.getTime() ?? null,
        selectedPlanId: post.planId ?? -1,
        commentScope: post.commentScope,
        showFilename: post.showFilename,
        allowTipping: post.allowTipping,
        editScope: post.editScope,
        editorUserIdentifyToken,
        selectedContestId: post.contestId ?? -1,
        /** spec §2 linked product, -1 = none */
        selectedProductId,
      },
    },
    files: items,
  };
}
