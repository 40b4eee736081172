import { can, type FanclubRole } from "./fanclub-permissions";
import { COMMENT_SCOPES, type CommentScope } from "./posts";
import { formatJstDate, jstIso } from "./jst-time";

/**
 * Comments and likes on posts (issue 5 "Viewing"): the rules the API, the page and the CSV
 * export share. Pure: no I/O, times as epoch milliseconds.
 */

/** spec §5/§9 caps a post's text at 1000 characters; a comment on it gets the same room. */
export const COMMENT_MAX_LENGTH = 1000;
/** Top-level comments per page of the list; their replies come with them. */
export const COMMENTS_PAGE_SIZE = 20;

/**
 * Length as a person counts it: code points, so an emoji or a rare kanji outside the BMP is one
 * character, the same count the form's counter shows.
 */
export function commentLength(text: string): number {
  return [...text].length;
}

export type CommentBodyResult = { ok: true; body: string } | { ok: false; problem: "required" | "tooLong" };

/**
 * The body as stored: line breaks normalised to \n (a browser sends \r\n from a textarea, which
 * would otherwise count twice) and surrounding white space trimmed, then checked.
 */
export function parseCommentBody(raw: unknown): CommentBodyResult {
  const body = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
  if (body === "") return { ok: false, problem: "required" };
  if (commentLength(body) > COMMENT_MAX_LENGTH) return { ok: false, problem: "tooLong" };
  return { ok: true, body };
}

/** What the viewer has to do with the post's fan club, read in the same request. */
export interface CommenterRelation {
  role: FanclubRole;
  /** blocked by the fan club (fanclub_blocks) */
  blocked: boolean;
  following: boolean;
  /** a current member (any plan, not left) */
  member: boolean;
}

export type CommentRefusal = "signIn" | "closed" | "blocked" | "editorNotCommentable" | "followersOnly" | "membersOnly";

/**
 * Why this viewer may not write a comment (or a reply) on a post they can see, or null when they
 * may. The owner always may while comments are open; an editor writes as the fan club's staff, so
 * the editor permission `commentable` decides for them, not the scope; everyone else is held to
 * the post's comment scope. A scope we do not know is treated as the narrowest one.
 */
export function commentRefusal(post: { allowComment: boolean; commentScope: string }, viewer: CommenterRelation): CommentRefusal | null {
  const { role } = viewer;
  if (role.userId === null) return "signIn";
  if (!post.allowComment) return "closed";
  if (role.userId === role.ownerId) return null;
  if (viewer.blocked) return "blocked";
  if (role.editorPermissions) return can(role, "comment") ? null : "editorNotCommentable";
  const scope: CommentScope = (COMMENT_SCOPES as readonly string[]).includes(post.commentScope)
    ? (post.commentScope as CommentScope)
    : "members";
  switch (scope) {
    case "everyone":
      return null;
    case "followers":
      return viewer.following || viewer.member ? null : "followersOnly";
    case "members":
      return viewer.member ? null : "membersOnly";
  }
}

/** Liking a post or a comment: any signed-in viewer who can see the post, unless blocked. */
export function likeRefusal(viewer: { role: FanclubRole; blocked: boolean }): "signIn" | "blocked" | null {
  if (viewer.role.userId === null) return "signIn";
  if (viewer.role.userId !== viewer.role.ownerId && viewer.blocked) return "blocked";
  return null;
}

/** The author removes their own comment; the owner and editors with `deletable_comments` any. */
export function canDeleteComment(comment: { userId: number }, role: FanclubRole): boolean {
  if (role.userId === null) return false;
  return role.userId === comment.userId || can(role, "deleteComments");
}

/**
 * Who moderates the comments of the fan club's posts and may download them as CSV: the owner and
 * editors with `deletable_comments`. The export includes every comment of the post, so it goes to
 * the people who are already trusted to judge (and remove) any of them.
 */
export function canModerateComments(role: FanclubRole): boolean {
  return can(role, "deleteComments");
}

/** What a viewer may do with a post's likes and comments: the page's props and the list's answer. */
export interface SocialPermissions {
  allowComment: boolean;
  canComment: boolean;
  commentRefusal: CommentRefusal | null;
  canLike: boolean;
  canModerate: boolean;
}

export function socialPermissions(post: { allowComment: boolean; commentScope: string }, viewer: CommenterRelation): SocialPermissions {
  const refusal = commentRefusal(post, viewer);
  return {
    allowComment: post.allowComment,
    canComment: refusal === null,
    commentRefusal: refusal,
    canLike: likeRefusal(viewer) === null,
    canModerate: canModerateComments(viewer.role),
  };
}

export type ReplyProblem = "parentNotFound" | "nested";

/**
 * Replies are one level deep: the parent must be a live top-level comment of the same post. A
 * deleted parent takes no new replies (it shows only as a 'deleted comment' line).
 */
export function replyProblem(
  parent: { postId: number; parentId: number | null; deletedAt: number | null } | null,
  postId: number,
): ReplyProblem | null {
  if (!parent || parent.postId !== postId || parent.deletedAt !== null) return "parentNotFound";
  if (parent.parentId !== null) return "nested";
  return null;
}

// ---------------------------------------------------------------------------------------------
// CSV export

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (CSV injection,
 * OWASP); tab and carriage return start one in some of them too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): text that a spreadsheet would read as a formula gets a leading single
 * quote; a field with a comma, a quote or a line break is quoted with inner quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV document: UTF-8 byte order mark first (Excel in Japan otherwise opens UTF-8 as
 * Shift_JIS and garbles every kanji), CRLF line ends as RFC 4180 and Excel expect.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** The download's file name: the post and the JST day of the export, ASCII only. */
export function commentsCsvFilename(postId: number, now: number): string {
  const day = formatJstDate(now, "");
  return `post-${postId}-comments-${day}.csv`;
}

/** The export's rows after its header: replies follow their parent, in the order written. */
export function commentCsvRows(
  comments: ReadonlyArray<{
    id: number;
    parentId: number | null;
    userName: string;
    body: string;
    likeCount: number;
    createdAt: number;
    deleted: boolean;
  }>,
): Array<Array<string | number | null>> {
  const byParent = new Map<number, (typeof comments)[number][]>();
  for (const c of comments) {
    if (c.parentId === null) continue;
    const list = byParent.get(c.parentId) ?? [];
    list.push(c);
    byParent.set(c.parentId, list);
  }
  const ordered = [...comments].filter((c) => c.parentId === null).sort((a, b) => a.id - b.id);
  const rows: Array<Array<string | number | null>> = [];
  const row = (c: (typeof comments)[number]) => [
    c.id,
    c.parentId,
    c.userName,
    c.deleted ? "" : c.body,
    c.likeCount,
    jstIso(c.createdAt),
    c.deleted ? 1 : 0,
  ];
  for (const parent of ordered) {
    rows.push(row(parent));
    for (const reply of (byParent.get(parent.id) ?? []).sort((a, b) => a.id - b.id)) rows.push(row(reply));
  }
  return rows;
}
