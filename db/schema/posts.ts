import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubGroups, fanclubs, plans } from "./fanclubs";

// Posts: the five post types, their files (uploads), likes and comments.

/**
 * Posts of the five types of spec §3. `planId` null = anyone (spec's -1); otherwise members of
 * that plan or a higher-priced one of the same fan club see the body (the paywall is
 * `canViewPost`). A blog's Lexical JSON is kept for the editor and its safe HTML, rendered once on
 * save, for readers. Deleted posts keep their row (comments, purchases refer to them).
 */
export const posts = sqliteTable(
  "posts",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    /** spec §4 type codes: picture 1, streaming 2, attachment 3, blog 4, lesson 5 */
    type: integer("type").notNull(),
    title: text("title").notNull().default(""),
    comment: text("comment").notNull().default(""),
    blogJson: text("blog_json"),
    blogHtml: text("blog_html"),
    blogCharCount: integer("blog_char_count").notNull().default(0),
    /** public R2 key of the 1200×630 cover (the cover is shown to everyone, like the title) */
    coverKey: text("cover_key"),
    coverName: text("cover_name"),
    isPublish: integer("is_publish", { mode: "boolean" }).notNull().default(false),
    publishedAt: timestamp("published_at").notNull(),
    unpublishedAt: timestamp("unpublished_at"),
    planId: integer("plan_id").references(() => plans.id),
    allowComment: integer("allow_comment", { mode: "boolean" }).notNull().default(true),
    commentScope: text("comment_scope").notNull().default("everyone"),
    showFilename: integer("show_filename", { mode: "boolean" }).notNull().default(false),
    allowTipping: integer("allow_tipping", { mode: "boolean" }).notNull().default(false),
    editScope: text("edit_scope", { enum: ["editable_owner_only", "editable_owner_or_edit_user", "editable_all_editors"] })
      .notNull()
      .default("editable_all_editors"),
    editorUserId: integer("editor_user_id").references(() => users.id),
    contestId: integer("contest_id"),
    /** a group announcement: public, posted by the group's owner fan club */
    groupId: integer("group_id").references(() => fanclubGroups.id),
    limitLesson: integer("limit_lesson"),
    lessonPlatformType: text("lesson_platform_type"),
    reservationStartAt: timestamp("reservation_start_at"),
    lessonDuration: integer("lesson_duration"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    ...timestamps(),
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [
    index("posts_fanclub_published").on(t.fanclubId, t.isPublish, t.publishedAt),
    index("posts_published").on(t.isPublish, t.publishedAt),
    index("posts_group").on(t.groupId, t.publishedAt),
    check("posts_type", sql`${t.type} BETWEEN 1 AND 5`),
    check("posts_counts_not_negative", sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
  ],
);

/**
 * Every uploaded file: issued by the server (key, declared size and type checked first), written
 * as an R2 multipart upload, then verified (`stored`) before a post may use it. `postId` is set
 * when a saved post takes the file. Unfinished uploads are aborted by the daily job.
 */
export const postFiles = sqliteTable(
  "post_files",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id),
    postId: integer("post_id").references(() => posts.id),
    kind: text("kind", { enum: ["picture", "streaming", "attachment", "blog_image", "dc3"] }).notNull(),
    filename: text("filename").notNull(),
    extension: text("extension").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    r2Key: text("r2_key").notNull(),
    uploadId: text("upload_id"),
    status: text("status", { enum: ["uploading", "stored", "rejected", "aborted"] })
      .notNull()
      .default("uploading"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    uniqueIndex("post_files_key_unique").on(t.r2Key),
    index("post_files_post").on(t.postId, t.kind, t.sortOrder),
    index("post_files_status_created").on(t.status, t.createdAt),
  ],
);

/**
 * Parts written through the local upload endpoint (the R2 binding cannot list the parts of an
 * upload; production lists them with the S3 API), so a reloaded upload skips finished parts.
 */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    fileId: integer("file_id")
      .notNull()
      .references(() => postFiles.id),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.partNumber] })],
);

export const postLikes = sqliteTable(
  "post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Comments and one level of replies (`parentId`). Deleting blanks the row, replies stay. */
export const postComments = sqliteTable(
  "post_comments",
  {
    id: serialId(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    parentId: integer("parent_id"),
    body: text("body").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [index("post_comments_post").on(t.postId, t.parentId, t.createdAt), check("post_comments_like_count", sql`${t.likeCount} >= 0`)],
);

export const postCommentLikes = sqliteTable(
  "post_comment_likes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => postComments.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export type PostRow = typeof posts.$inferSelect;
export type PostFileRow = typeof postFiles.$inferSelect;
