import { describe, expect, it } from "vitest";
import { EDITOR_PERMISSIONS } from "../../server/domain/fanclub-permissions";
import {
  FANS_MAX_PAGE,
  FANS_PAGE_SIZE,
  editorInvitationSchema,
  editorPermissionsSchema,
  fanActionSchema,
  fansQuery,
  invitationProblem,
  pageOffset,
  parsePage,
  parseSearchType,
  permissionsFromJson,
  profileTokenFrom,
} from "../../server/domain/fans";
import { resources } from "../../locales";
import { translatorFor } from "../../server/i18n";

const t = translatorFor("ja", "fans");

describe("searchType (spec §2 /me/fanclub/fans)", () => {
  it("keeps each of the three lists", () => {
    expect(parseSearchType("fans")).toBe("fans");
    expect(parseSearchType("followers")).toBe("followers");
    expect(parseSearchType("blocks")).toBe("blocks");
  });

  it("defaults to fans, and falls back to fans on anything else", () => {
    for (const value of [null, undefined, "", "Followers", "block", "fans ", "toString", "__proto__"]) {
      expect(parseSearchType(value), String(value)).toBe("fans");
    }
  });
});

describe("paging", () => {
  it("reads whole page numbers from 1", () => {
    expect(parsePage("1")).toBe(1);
    expect(parsePage("7")).toBe(7);
    expect(parsePage(" 3 ")).toBe(3);
  });

  it("treats missing or malformed pages as page 1", () => {
    for (const value of [null, undefined, "", "0", "-2", "1.5", "abc", "1e3", "0x10", "２"]) {
      expect(parsePage(value), String(value)).toBe(1);
    }
  });

  it("caps very large pages", () => {
    expect(parsePage("99999")).toBe(FANS_MAX_PAGE);
    expect(parsePage("999999999999")).toBe(1);
  });

  it("turns a page into a row offset", () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(2 * FANS_PAGE_SIZE);
    expect(pageOffset(2, 10)).toBe(10);
    expect(pageOffset(0)).toBe(0);
  });

  it("writes tab and page links, leaving page 1 out", () => {
    expect(fansQuery("followers")).toBe("?searchType=followers");
    expect(fansQuery("blocks", 1)).toBe("?searchType=blocks");
    expect(fansQuery("fans", 4)).toBe("?searchType=fans&page=4");
  });
});

describe("block buttons", () => {
  it("accepts block and unblock of a positive user id only", () => {
    expect(fanActionSchema.safeParse({ intent: "block", userId: "12" }).data).toEqual({ intent: "block", userId: 12 });
    expect(fanActionSchema.safeParse({ intent: "unblock", userId: "3" }).success).toBe(true);
    expect(fanActionSchema.safeParse({ intent: "delete", userId: "3" }).success).toBe(false);
    for (const userId of ["0", "-1", "1.5", "abc", null, "99999999999999999999"]) {
      expect(fanActionSchema.safeParse({ intent: "block", userId }).success, String(userId)).toBe(false);
    }
  });
});

describe("naming the person to invite", () => {
  it("takes a bare profile token", () => {
    expect(profileTokenFrom("AbC-12_xyz")).toBe("AbC-12_xyz");
    expect(profileTokenFrom("  AbC12  ")).toBe("AbC12");
  });

  it("takes the profile page's address in the forms people paste", () => {
    expect(profileTokenFrom("https://my.fanclub.jp/profile/AbC12")).toBe("AbC12");
    expect(profileTokenFrom("http://my.fanclub.localhost:8787/profile/AbC12/")).toBe("AbC12");
    expect(profileTokenFrom("https://my.fanclub.jp/profile/AbC12?ref=share#top")).toBe("AbC12");
    expect(profileTokenFrom("my.fanclub.jp/profile/AbC12")).toBe("AbC12");
    expect(profileTokenFrom("/profile/AbC12")).toBe("AbC12");
  });

  it("refuses text that names no profile", () => {
    for (const input of [
      "",
      "   ",
      "https://my.fanclub.jp/profile/",
      "https://my.fanclub.jp/profile",
      "https://my.fanclub.jp/fanclubs/12",
      "https://my.fanclub.jp/profile/AbC12/edit",
      "https://my.fanclub.jp/x/profile/AbC12",
      "javascript:alert(1)//profile/AbC12",
      "ftp://host/profile/AbC12",
      "あいう",
      "a b",
      "a".repeat(41),
      "https://my.fanclub.jp/profile/%3Cscript%3E",
    ]) {
      expect(profileTokenFrom(input), input).toBeNull();
    }
  });
});

describe("invitation form", () => {
  const schema = editorInvitationSchema(t);

  it("yields the token and the ticked permissions in the spec's order, each once", () => {
    const parsed = schema.safeParse({ user: "https://my.fanclub.jp/profile/AbC12", permissions: ["postable", "commentable", "postable"] });
    expect(parsed.success && parsed.data).toEqual({ user: "AbC12", permissions: ["commentable", "postable"] });
  });

  it("allows inviting with no permission ticked", () => {
    const parsed = schema.safeParse({ user: "AbC12" });
    expect(parsed.success && parsed.data.permissions).toEqual([]);
  });

  it("explains a missing or unreadable profile in Japanese", () => {
    const missing = schema.safeParse({ user: "  " });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe("プロフィールURLまたはIDは必須項目です。");
    const wrong = schema.safeParse({ user: "https://my.fanclub.jp/fanclubs/3" });
    expect(wrong.error?.issues[0]?.message).toBe("プロフィールのURLまたはIDの形式が正しくありません。");
  });

  it("refuses a permission the spec does not know", () => {
    const parsed = schema.safeParse({ user: "AbC12", permissions: ["commentable", "owner"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("選択肢から選んでください。");
  });
});

describe("permission form", () => {
  const schema = editorPermissionsSchema(t);

  it("narrows to any subset, including none", () => {
    expect(schema.safeParse({ userId: "5", permissions: ["can_raffle_manage"] }).data).toEqual({
      userId: 5,
      permissions: ["can_raffle_manage"],
    });
    expect(schema.safeParse({ userId: "5" }).data).toEqual({ userId: 5, permissions: [] });
    expect(schema.safeParse({ userId: "5", permissions: [...EDITOR_PERMISSIONS] }).data?.permissions).toEqual([...EDITOR_PERMISSIONS]);
  });

  it("refuses a bad editor id or unknown permissions", () => {
    expect(schema.safeParse({ userId: "x", permissions: [] }).success).toBe(false);
    expect(schema.safeParse({ userId: "5", permissions: ["manageEditors"] }).success).toBe(false);
    expect(schema.safeParse({ userId: "5", permissions: [...EDITOR_PERMISSIONS, "postable"] }).success).toBe(false);
  });
});

describe("who may be invited", () => {
  const owner = 1;

  it("invites a new person", () => {
    expect(invitationProblem({ ownerId: owner, invitee: { id: 2, left: false }, existing: null })).toBeNull();
  });

  it("refuses unknown people and people who left alike", () => {
    expect(invitationProblem({ ownerId: owner, invitee: null, existing: null })).toBe("unknownUser");
    expect(invitationProblem({ ownerId: owner, invitee: { id: 2, left: true }, existing: null })).toBe("unknownUser");
  });

  it("refuses the owner themself", () => {
    expect(invitationProblem({ ownerId: owner, invitee: { id: owner, left: false }, existing: null })).toBe("self");
  });

  it("tells an editor from a pending invitation", () => {
    expect(invitationProblem({ ownerId: owner, invitee: { id: 2, left: false }, existing: { accepted: true } })).toBe("alreadyEditor");
    expect(invitationProblem({ ownerId: owner, invitee: { id: 2, left: false }, existing: { accepted: false } })).toBe("alreadyInvited");
  });
});

describe("stored permissions", () => {
  it("reads the JSON column, dropping unknown values and malformed text", () => {
    expect(permissionsFromJson('["postable","commentable","gone"]')).toEqual(["commentable", "postable"]);
    expect(permissionsFromJson("not json")).toEqual([]);
    expect(permissionsFromJson('{"postable":true}')).toEqual([]);
    expect(permissionsFromJson("[1, null]")).toEqual([]);
  });
});

describe("permission texts", () => {
  it("every permission has a label and a one-line explanation in every language", () => {
    for (const locale of ["ja", "en", "zh-cn", "zh-tw", "ko"] as const) {
      const texts = resources[locale].fans.permissions as Record<string, { label?: string; description?: string }>;
      for (const p of EDITOR_PERMISSIONS) {
        for (const text of [texts[p]?.label, texts[p]?.description]) {
          expect(text?.trim(), `${locale} ${p}`).toBeTruthy();
          expect(text).not.toContain("\n");
        }
      }
    }
  });
});
