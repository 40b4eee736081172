import { postComments, postFiles, posts } from "../../db/schema";
import { defined, factoryDb, type Fields, unique } from "./db";

/** A published picture post for anyone, published a second ago, unless told otherwise. */
export async function createPost(d1: D1Database, fields: Fields<typeof posts.$inferInsert, "fanclubId" | "authorId">) {
  const now = Date.now();
  return factoryDb(d1)
    .insert(posts)
    .values({
      type: 1,
      title: "テスト投稿",
      isPublish: true,
      publishedAt: new Date(now - 1000),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      ...defined(fields),
    })
    .returning()
    .get();
}

/**
 * A finished upload's row (status stored): only the row; a test that reads the file puts its
 * bytes into the media bucket under `r2Key` itself.
 */
export async function createPostFile(d1: D1Database, fields: Fields<typeof postFiles.$inferInsert, "fanclubId" | "uploaderId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(postFiles)
    .values({
      kind: "picture",
      filename: "photo.png",
      extension: "png",
      contentType: "image/png",
      size: 16,
      r2Key: `posts/${fields.fanclubId}/${unique()}.png`,
      status: "stored",
      createdAt: now,
      completedAt: now,
      ...defined(fields),
    })
    .returning()
    .get();
}

export async function createComment(d1: D1Database, fields: Fields<typeof postComments.$inferInsert, "postId" | "userId">) {
  return factoryDb(d1)
    .insert(postComments)
    .values({ body: "コメント", createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}
