import { describe, expect, it } from "vitest";
import type { EditorPermission, FanclubRole } from "../../server/domain/fanclub-permissions";
import {
  COMMENT_MAX_LENGTH,
  canDeleteComment,
  canModerateComments,
  commentCsvRows,
  commentRefusal,
  commentsCsvFilename,
  csvCell,
  likeRefusal,
  parseCommentBody,
  replyProblem,
  toCsv,
  type CommenterRelation,
} from "../../server/domain/post-comments";
import { jstIso } from "../../server/domain/jst-time";

const OWNER = 1;
const role = (userId: number | null, permissions: EditorPermission[] | null = null): FanclubRole => ({
  userId,
  ownerId: OWNER,
  editorPermissions: permissions ? new Set(permissions) : null,
});
const relation = (r: FanclubRole, extra: Partial<Omit<CommenterRelation, "role">> = {}): CommenterRelation => ({
  role: r,
  blocked: false,
  following: false,
  member: false,
  ...extra,
});
const open = (commentScope: string) => ({ allowComment: true, commentScope });

describe("comment body", () => {
  it("trims, keeps inner line breaks as \\n and refuses an empty body", () => {
    expect(parseCommentBody("  こんにちは\r\n二行目  ")).toEqual({ ok: true, body: "こんにちは\n二行目" });
    expect(parseCommentBody(" \n\t ")).toEqual({ ok: false, problem: "required" });
    expect(parseCommentBody(undefined)).toEqual({ ok: false, problem: "required" });
    expect(parseCommentBody(42)).toEqual({ ok: false, problem: "required" });
  });

  it("takes exactly 1000 characters, counting an emoji as one, and refuses 1001", () => {
    expect(COMMENT_MAX_LENGTH).toBe(1000);
    expect(parseCommentBody("あ".repeat(1000)).ok).toBe(true);
    expect(parseCommentBody("😀".repeat(1000)).ok).toBe(true);
    expect(parseCommentBody("あ".repeat(1001))).toEqual({ ok: false, problem: "tooLong" });
    // white space around the text does not count against the limit
    expect(parseCommentBody(` ${"a".repeat(1000)} \n`).ok).toBe(true);
    // a textarea's \r\n is one line break, not two characters
    expect(parseCommentBody(`${"a".repeat(499)}\r\n${"a".repeat(500)}`).ok).toBe(true);
  });
});

describe("who may comment", () => {
  it("asks visitors to sign in and refuses everyone while comments are closed, the owner too", () => {
    expect(commentRefusal(open("everyone"), relation(role(null)))).toBe("signIn");
    expect(commentRefusal({ allowComment: false, commentScope: "everyone" }, relation(role(OWNER)))).toBe("closed");
    expect(commentRefusal({ allowComment: false, commentScope: "everyone" }, relation(role(5), { member: true }))).toBe("closed");
  });

  it("holds fans to the scope: everyone, followers or members, members only", () => {
    const fan = role(5);
    expect(commentRefusal(open("everyone"), relation(fan))).toBeNull();
    expect(commentRefusal(open("followers"), relation(fan))).toBe("followersOnly");
    expect(commentRefusal(open("followers"), relation(fan, { following: true }))).toBeNull();
    expect(commentRefusal(open("followers"), relation(fan, { member: true }))).toBeNull();
    expect(commentRefusal(open("members"), relation(fan, { following: true }))).toBe("membersOnly");
    expect(commentRefusal(open("members"), relation(fan, { member: true }))).toBeNull();
  });

  it("treats an unknown stored scope as members only", () => {
    expect(commentRefusal(open("friends"), relation(role(5), { following: true }))).toBe("membersOnly");
    expect(commentRefusal(open("friends"), relation(role(5), { member: true }))).toBeNull();
  });

  it("lets the owner comment under any scope, and editors only with commentable", () => {
    expect(commentRefusal(open("members"), relation(role(OWNER)))).toBeNull();
    expect(commentRefusal(open("members"), relation(role(7, ["commentable"])))).toBeNull();
    expect(commentRefusal(open("everyone"), relation(role(7, ["postable", "deletable_comments"])))).toBe("editorNotCommentable");
    // being a member does not let an editor around the permission the owner withheld
    expect(commentRefusal(open("everyone"), relation(role(7, []), { member: true }))).toBe("editorNotCommentable");
  });

  it("refuses people the fan club blocked, whatever their membership", () => {
    expect(commentRefusal(open("everyone"), relation(role(5), { blocked: true, member: true }))).toBe("blocked");
    expect(commentRefusal(open("everyone"), relation(role(7, ["commentable"]), { blocked: true }))).toBe("blocked");
  });
});

describe("likes", () => {
  it("need a signed-in person who is not blocked", () => {
    expect(likeRefusal({ role: role(null), blocked: false })).toBe("signIn");
    expect(likeRefusal({ role: role(5), blocked: true })).toBe("blocked");
    expect(likeRefusal({ role: role(5), blocked: false })).toBeNull();
    expect(likeRefusal({ role: role(OWNER), blocked: false })).toBeNull();
  });
});

describe("deleting and moderating", () => {
  it("lets the author, the owner and editors with deletable_comments delete", () => {
    const comment = { userId: 5 };
    expect(canDeleteComment(comment, role(5))).toBe(true);
    expect(canDeleteComment(comment, role(OWNER))).toBe(true);
    expect(canDeleteComment(comment, role(7, ["deletable_comments"]))).toBe(true);
    expect(canDeleteComment(comment, role(7, ["commentable", "postable"]))).toBe(false);
    expect(canDeleteComment(comment, role(6))).toBe(false);
    expect(canDeleteComment(comment, role(null))).toBe(false);
  });

  it("gives the CSV export to the owner and to editors with deletable_comments", () => {
    expect(canModerateComments(role(OWNER))).toBe(true);
    expect(canModerateComments(role(7, ["deletable_comments"]))).toBe(true);
    expect(canModerateComments(role(7, ["commentable"]))).toBe(false);
    expect(canModerateComments(role(5))).toBe(false);
    expect(canModerateComments(role(null))).toBe(false);
  });
});

describe("replies", () => {
  it("go one level deep under a live comment of the same post", () => {
    expect(replyProblem({ postId: 3, parentId: null, deletedAt: null }, 3)).toBeNull();
    expect(replyProblem({ postId: 3, parentId: 10, deletedAt: null }, 3)).toBe("nested");
    expect(replyProblem({ postId: 4, parentId: null, deletedAt: null }, 3)).toBe("parentNotFound");
    expect(replyProblem({ postId: 3, parentId: null, deletedAt: 1 }, 3)).toBe("parentNotFound");
    expect(replyProblem(null, 3)).toBe("parentNotFound");
  });
});

describe("CSV", () => {
  it("quotes commas, quotes and line breaks and doubles inner quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    // only the start matters
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("starts with a UTF-8 byte order mark and ends lines with CRLF", () => {
    const csv = toCsv([
      ["id", "本文"],
      [1, "こんにちは"],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe("id,本文\r\n1,こんにちは\r\n");
  });

  it("writes times in Japan time with the offset, and names the file by the JST day", () => {
    expect(jstIso(Date.UTC(2024, 4, 1, 0, 30, 5))).toBe("2024-05-01T09:30:05+09:00");
    expect(jstIso(Date.UTC(2024, 11, 31, 15, 0, 0))).toBe("2025-01-01T00:00:00+09:00");
    expect(commentsCsvFilename(42, Date.UTC(2024, 11, 31, 15, 0, 0))).toBe("post-42-comments-20250101.csv");
  });

  it("lists each comment followed by its replies, blanking deleted bodies", () => {
    const at = Date.UTC(2024, 0, 1);
    const rows = commentCsvRows([
      { id: 3, parentId: 1, userName: "b", body: "reply", likeCount: 0, createdAt: at, deleted: false },
      { id: 2, parentId: null, userName: "c", body: "second", likeCount: 2, createdAt: at, deleted: false },
      { id: 1, parentId: null, userName: "a", body: "gone", likeCount: 1, createdAt: at, deleted: true },
    ]);
    expect(rows.map((r) => r[0])).toEqual([1, 3, 2]);
    expect(rows[0]).toEqual([1, null, "a", "", 1, "2024-01-01T09:00:00+09:00", 1]);
    expect(rows[1]).toEqual([3, 1, "b", "reply", 0, "2024-01-01T09:00:00+09:00", 0]);
  });
});
