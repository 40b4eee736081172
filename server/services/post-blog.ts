import type { TFunction } from "../i18n/setup";
import { blogContentMessage, blogImageKeys, checkBlogContent } from "../domain/blog";

/**
 * A blog body as the editor sent it: parsed against the allowed nodes (anything else refuses the
 * save), counted against the maximum, with the image keys the post must own.
 */
export function blogContentFrom(
  t: TFunction,
  json: string,
): { ok: true; value: { json: string; charCount: number; imageKeys: string[] } } | { ok: false; message: string } {
  const check = checkBlogContent(json);
  if (!check.ok) return { ok: false, message: blogContentMessage(check, t) };
  return { ok: true, value: { json, charCount: check.charCount, imageKeys: blogImageKeys(check.doc) } };
}
