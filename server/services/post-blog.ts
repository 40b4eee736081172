import type { TFunction } from "../../app/lib/translate";
import { BLOG_MAX_CHARS, blogCharCount, blogImageKeys, parseBlogDocument } from "../domain/blog";

/**
 * A blog body as the editor sent it: parsed against the allowed nodes (anything else refuses the
 * save), counted against the maximum, with the image keys the post must own.
 */
export function blogContentFrom(t: TFunction, json: string): { ok: true; value: { json: string; charCount: number; imageKeys: string[] } } | { ok: false; message: string } {
  const parsed = parseBlogDocument(json);
  if (!parsed.ok) return { ok: false, message: t("posts:errors.blogInvalid") };
  const charCount = blogCharCount(parsed.doc);
  if (charCount > BLOG_MAX_CHARS) return { ok: false, message: t("posts:errors.blogTooLong", { max: BLOG_MAX_CHARS }) };
  return { ok: true, value: { json, charCount, imageKeys: blogImageKeys(parsed.doc) } };
}
