import type { EditorPermission } from "./fanclub-permissions";

/**
 * Post rules of spec §3–§5 that every later piece (forms, upload endpoints, the paywall, the
 * post list) shares. Pure: no I/O, times as epoch milliseconds.
 */

/** spec §4 post type codes. */
export const POST_TYPES = { picture: 1, streaming: 2, attachment: 3, blog: 4, lesson: 5 } as const;
export type PostType = keyof typeof POST_TYPES;

export const POST_LIMITS = {
  title: 100,
  comment: 1000,
  cover: { maxBytes: 30 * 1024 * 1024, width: 1200, height: 630 },
} as const;

const MB = 1024 * 1024;
const GB = 1024 * MB;

const MEDIA_EXTENSIONS = ["wmv", "avi", "wav", "mp3", "aac", "m4a", "ogg", "mp4", "mpeg", "mpg", "flv", "mov"] as const;

/** spec §5 upload limits per kind of file list. */
export const UPLOAD_RULES = {
  picture: { extensions: ["jpg", "jpeg", "png", "gif"], maxBytes: 20 * MB, maxFiles: 10 },
  streaming: { extensions: [...MEDIA_EXTENSIONS], maxBytes: 3 * GB, maxFiles: 4 },
  attachment: {
    extensions: [...MEDIA_EXTENSIONS, "pdf", "jpg", "jpeg", "png", "gif", "zip", "rar", "psd", "epub"],
    maxBytes: 3 * GB,
    maxFiles: 4,
  },
  // images inside a blog body: a picture's rules, with room for a long article
  blog_image: { extensions: ["jpg", "jpeg", "png", "gif"], maxBytes: 20 * MB, maxFiles: 200 },
  // a DC3 content (spec §5 "DC3 content: one file", docs/decisions/045): an attachment's types
  // and size limit, one file
  dc3: {
    extensions: [...MEDIA_EXTENSIONS, "pdf", "jpg", "jpeg", "png", "gif", "zip", "rar", "psd", "epub"],
    maxBytes: 3 * GB,
    maxFiles: 1,
  },
} as const satisfies Record<string, { extensions: readonly string[]; maxBytes: number; maxFiles: number }>;
export type UploadKind = keyof typeof UPLOAD_RULES;

/** The extension as the rules compare it: lower case, after the last dot; "" when there is none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot <= 0 || dot === filename.length - 1 ? "" : filename.slice(dot + 1).toLowerCase();
}

export type UploadProblem = "tooMany" | "tooLarge" | "badType" | "empty";

/**
 * Whether a file may start uploading, judged on what the browser declares (name and size) before
 * any byte is stored. `existing` counts the files the post already has in this list.
 */
export function uploadProblem(kind: UploadKind, file: { filename: string; size: number }, existing: number): UploadProblem | null {
  const rule = UPLOAD_RULES[kind];
  if (!dropzoneVisible(kind, existing)) return "tooMany";
  if (!Number.isSafeInteger(file.size) || file.size <= 0) return "empty";
  if (file.size > rule.maxBytes) return "tooLarge";
  if (!(rule.extensions as readonly string[]).includes(extensionOf(file.filename))) return "badType";
  return null;
}

/** The attachment dropzone hides once the list is full (spec §5). */
export function dropzoneVisible(kind: UploadKind, count: number): boolean {
  return count < UPLOAD_RULES[kind].maxFiles;
}

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

/**
 * Whether the first bytes of a stored object match its extension (the server's check after an
 * upload completes, spec issue: "verifies the stored object"). `head` needs 16 bytes.
 */
export function bytesMatchExtension(extension: string, head: Uint8Array): boolean {
  const riff = (form: string) => ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === form;
  const isoMedia = ascii(head, 4, 8) === "ftyp";
  switch (extension) {
    case "jpg":
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "gif":
      return ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a";
    case "pdf":
      return ascii(head, 0, 5) === "%PDF-";
    case "zip":
    case "epub":
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case "rar":
      return ascii(head, 0, 4) === "Rar!";
    case "psd":
      return ascii(head, 0, 4) === "8BPS";
    case "mp4":
    case "m4a":
    case "mov":
      return isoMedia || (extension === "mov" && ["moov", "mdat", "wide", "free"].includes(ascii(head, 4, 8)));
    case "wav":
      return riff("WAVE");
    case "avi":
      return riff("AVI ");
    case "ogg":
      return ascii(head, 0, 4) === "OggS";
    case "flv":
      return ascii(head, 0, 3) === "FLV";
    case "wmv":
      // the ASF header object GUID
      return startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]);
    case "mpeg":
    case "mpg":
      // MPEG program stream pack header or video sequence header
      return startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3]);
    case "mp3":
      return ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case "aac":
      // ADTS frame sync, or an ADIF header
      return (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0) || ascii(head, 0, 4) === "ADIF";
    default:
      return false;
  }
}

/** spec §5: lesson durations from 10 to 300 minutes in steps of 10. */
export const LESSON_DURATIONS: readonly number[] = Array.from({ length: 30 }, (_, i) => (i + 1) * 10);

export type ScheduleProblem = "draftScheduled" | "endBeforeStart";

/**
 * spec §4: a post is published now by default or scheduled with a start and an optional end; a
 * draft cannot be scheduled ('下書きで予約投稿はできません。').
 */
export function scheduleProblem(input: {
  isPublish: boolean;
  publishedAt: number | null;
  unpublishedAt: number | null;
  now: number;
}): ScheduleProblem | null {
  if (!input.isPublish && input.publishedAt !== null && input.publishedAt > input.now) return "draftScheduled";
  const start = input.publishedAt ?? input.now;
  if (input.unpublishedAt !== null && input.unpublishedAt <= start) return "endBeforeStart";
  return null;
}

/** The status badge of a post in management (spec §4: future, private, unpublish, draft). */
export type PostStatus = "draft" | "future" | "unpublish" | "private" | "published";

/**
 * `private` is a published post that only members of a plan see; `unpublish` one whose end time
 * has passed; `future` one scheduled to start later.
 */
export function postStatus(
  post: { isPublish: boolean; publishedAt: number; unpublishedAt: number | null; planId: number | null },
  now: number,
): PostStatus {
  if (!post.isPublish) return "draft";
  if (post.publishedAt > now) return "future";
  if (post.unpublishedAt !== null && post.unpublishedAt <= now) return "unpublish";
  return post.planId === null ? "published" : "private";
}

/**
 * The paywall rule: a post for a plan is seen by members of that plan or of any higher-priced
 * plan of the same fan club, by its owner and by its editors. Everyone sees a post for anyone.
 */
export function canViewPost(input: {
  post: { fanclubId: number; planId: number | null; planPrice: number | null };
  viewer: { isOwner: boolean; isEditor: boolean; membership: { fanclubId: number; planId: number; planPrice: number } | null };
}): boolean {
  const { post, viewer } = input;
  if (post.planId === null) return true;
  if (viewer.isOwner || viewer.isEditor) return true;
  const m = viewer.membership;
  if (!m || m.fanclubId !== post.fanclubId) return false;
  return m.planId === post.planId || (post.planPrice !== null && m.planPrice > post.planPrice);
}

/** spec §4 edit scopes. */
export const EDIT_SCOPES = ["editable_owner_only", "editable_owner_or_edit_user", "editable_all_editors"] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];

/**
 * The post's editable flag (spec §6: editing requires it). Owners always; an editor needs the
 * right to post (`postable`, or `postable_drafts` for a draft) and the post's edit scope to let
 * them in.
 */
export function canEditPost(input: {
  post: { isPublish: boolean; editScope: EditScope; editorUserId: number | null; ownerId: number };
  user: { id: number; editorPermissions: ReadonlySet<EditorPermission> | null };
}): boolean {
  const { post, user } = input;
  if (user.id === post.ownerId) return true;
  const perms = user.editorPermissions;
  if (!perms) return false;
  if (!(perms.has("postable") || (!post.isPublish && perms.has("postable_drafts")))) return false;
  switch (post.editScope) {
    case "editable_owner_only":
      return false;
    case "editable_owner_or_edit_user":
      return post.editorUserId === user.id;
    case "editable_all_editors":
      return true;
  }
}

/** Twitter counts every URL as 23 characters, whatever its length. */
const TWEET_LIMIT = 140;
const TWEET_URL_LENGTH = 23;

/**
 * The complete modal's tweet (spec §9: a 140-character budget with hashtags): the hashtags and
 * the URL always fit, the title gives way and ends with '…' when it must.
 */
export function tweetText(input: { title: string; url: string; hashtags: readonly string[] }): string {
  const tags = input.hashtags
    .map((t) => t.trim().replace(/^#+/, ""))
    .filter(Boolean)
    .map((t) => `#${t}`)
    .join(" ");
  const fixed = TWEET_URL_LENGTH + 1 + (tags ? [...tags].length + 1 : 0);
  const room = Math.max(0, TWEET_LIMIT - fixed);
  const chars = [...input.title.trim()];
  const title = chars.length <= room ? chars.join("") : `${chars.slice(0, Math.max(0, room - 1)).join("")}…`;
  return [title, tags, input.url].filter(Boolean).join("\n");
}

/** Whether readers see the post now: published, started, not ended (managers see it anyway). */
export function isPostLive(post: { isPublish: boolean; publishedAt: number; unpublishedAt: number | null }, now: number): boolean {
  return post.isPublish && post.publishedAt <= now && (post.unpublishedAt === null || post.unpublishedAt > now);
}

/** spec §7 commentScopes, first option the default: who may write comments on a post. */
export const COMMENT_SCOPES = ["everyone", "followers", "members"] as const;
export type CommentScope = (typeof COMMENT_SCOPES)[number];

/** spec §3 lesson platform types. */
export const LESSON_PLATFORMS = ["zoom", "google_meet", "other"] as const;

/** Path segment of each type in the management URLs (`edit/{id}/{postTypeStr}`). */
export const POST_TYPE_STR: Record<number, PostType> = { 1: "picture", 2: "streaming", 3: "attachment", 4: "blog", 5: "lesson" };

/**
 * The name a reader sees for a post's file, on the page and in the download's
 * Content-Disposition alike: the original name only when the creator turned `show_filename` on.
 * Otherwise a neutral `attachment-<id>.<ext>`: file names often say more than the creator meant
 * to share (a real name, a date, "final_v3"), and a download must not leak what the page hides.
 */
export function readerFileName(showFilename: boolean, file: { id: number; filename: string }): string | null {
  return showFilename ? file.filename : null;
}

/** The download's file name: the original when shown, else `attachment-<id>.<ext>` (the extension kept when it is a plain one). */
export function downloadFileName(showFilename: boolean, file: { id: number; filename: string }): string {
  const shown = readerFileName(showFilename, file);
  if (shown !== null) return shown;
  const ext = extensionOf(file.filename);
  return /^[a-z0-9]{1,8}$/.test(ext) ? `attachment-${file.id}.${ext}` : `attachment-${file.id}`;
}
