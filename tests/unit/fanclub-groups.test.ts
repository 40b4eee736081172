import { describe, expect, it } from "vitest";
import { createTranslator } from "../../server/i18n/setup";
import { resources } from "../../locales";
import {
  GROUP_LIMITS,
  canCreateGroup,
  canInvite,
  canRemove,
  canRespond,
  groupSchema,
  inviteSchema,
  parseInviteTarget,
  respondSchema,
  statusAfterAnswer,
} from "../../server/domain/fanclub-groups";

const t = createTranslator({ locale: "ja", resources: resources.ja, defaultNs: "common" });
const tEn = createTranslator({ locale: "en", resources: resources.en, defaultNs: "common" });

describe("group form", () => {
  it("needs a name of at most 50 characters, counting characters as people do", () => {
    expect(groupSchema(t).safeParse({ name: "  星空ユニット  " })).toEqual({
      success: true,
      data: { name: "星空ユニット", description: "" },
    });
    const missing = groupSchema(t).safeParse({ name: "   " });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe("グループ名は必須項目です。");
    expect(groupSchema(t).safeParse({}).error?.issues[0]?.message).toBe("グループ名は必須項目です。");
    expect(groupSchema(t).safeParse({ name: "𠮷".repeat(GROUP_LIMITS.nameMax) }).success).toBe(true);
    const long = groupSchema(t).safeParse({ name: "あ".repeat(GROUP_LIMITS.nameMax + 1) });
    expect(long.error?.issues[0]?.message).toBe("50文字以内で入力してください。");
  });

  it("keeps a description of up to 1000 characters and speaks the visitor's language", () => {
    expect(groupSchema(t).safeParse({ name: "a", description: "x".repeat(1000) }).success).toBe(true);
    expect(groupSchema(t).safeParse({ name: "a", description: "x".repeat(1001) }).error?.issues[0]?.message).toBe(
      "1000文字以内で入力してください。",
    );
    expect(groupSchema(tEn).safeParse({ name: "" }).error?.issues[0]?.message).toBe("Group name is required.");
  });
});

describe("who to invite", () => {
  it("reads ids, unique paths and pasted fan club addresses", () => {
    expect(parseInviteTarget("12")).toEqual({ kind: "id", id: 12 });
    expect(parseInviteTarget(" １２ ")).toEqual({ kind: "id", id: 12 });
    expect(parseInviteTarget("akari_music")).toEqual({ kind: "path", path: "akari_music" });
    expect(parseInviteTarget("@Akari_Music")).toEqual({ kind: "path", path: "akari_music" });
    expect(parseInviteTarget("＠ａｋａｒｉ")).toEqual({ kind: "path", path: "akari" });
    expect(parseInviteTarget("@123")).toEqual({ kind: "path", path: "123" });
    expect(parseInviteTarget("https://www.example.com/@akari_music")).toEqual({ kind: "path", path: "akari_music" });
    expect(parseInviteTarget("https://www.example.com/fanclubs/34/")).toEqual({ kind: "id", id: 34 });
  });

  it("refuses anything else with a message", () => {
    for (const bad of ["0", "ab", "a b c", "@", "-3", "1.5", "x".repeat(31), "99999999999999999"])
      expect(parseInviteTarget(bad), bad).toBeNull();
    expect(inviteSchema(t).safeParse({ target: "あかり" }).error?.issues[0]?.message).toBe(
      "ファンクラブIDまたはユニークパスを正しく入力してください。",
    );
    expect(inviteSchema(t).safeParse({}).error?.issues[0]?.message).toBe("ファンクラブIDまたはユニークパスは必須項目です。");
    expect(inviteSchema(t).safeParse({ target: "@akari" }).data).toEqual({ target: { kind: "path", path: "akari" } });
  });
});

describe("inviting", () => {
  const group = { ownerFanclubId: 1, serviceId: 1, closed: false };
  const target = { id: 2, serviceId: 1, open: true };

  it("invites an open fan club of the same brand that was never asked, or said no, or was removed", () => {
    expect(canInvite({ group, target, existing: null })).toEqual({ ok: true });
    expect(canInvite({ group, target, existing: "declined" })).toEqual({ ok: true });
    expect(canInvite({ group, target, existing: "removed" })).toEqual({ ok: true });
  });

  it("does not invite twice, itself, a closed or unknown fan club, another brand's, or into a closed group", () => {
    expect(canInvite({ group, target, existing: "member" })).toEqual({ ok: false, reason: "alreadyMember" });
    expect(canInvite({ group, target, existing: "invited" })).toEqual({ ok: false, reason: "alreadyInvited" });
    expect(canInvite({ group, target: { ...target, id: 1 }, existing: "member" })).toEqual({ ok: false, reason: "self" });
    expect(canInvite({ group, target: { ...target, open: false }, existing: null })).toEqual({ ok: false, reason: "notFound" });
    expect(canInvite({ group, target: null, existing: null })).toEqual({ ok: false, reason: "notFound" });
    expect(canInvite({ group, target: { ...target, serviceId: 2 }, existing: null })).toEqual({ ok: false, reason: "otherBrand" });
    expect(canInvite({ group: { ...group, closed: true }, target, existing: null })).toEqual({ ok: false, reason: "groupClosed" });
  });
});

describe("answering and removing", () => {
  it("answers a pending invitation once", () => {
    expect(canRespond({ status: "invited", groupClosed: false })).toEqual({ ok: true });
    expect(canRespond({ status: "member", groupClosed: false })).toEqual({ ok: false, reason: "alreadyAnswered" });
    expect(canRespond({ status: "declined", groupClosed: false })).toEqual({ ok: false, reason: "alreadyAnswered" });
    expect(canRespond({ status: "removed", groupClosed: false })).toEqual({ ok: false, reason: "notFound" });
    expect(canRespond({ status: null, groupClosed: false })).toEqual({ ok: false, reason: "notFound" });
    expect(canRespond({ status: "invited", groupClosed: true })).toEqual({ ok: false, reason: "notFound" });
    expect(statusAfterAnswer("accept")).toBe("member");
    expect(statusAfterAnswer("decline")).toBe("declined");
    expect(respondSchema(t).safeParse({ decision: "maybe" }).error?.issues[0]?.message).toBe("選択肢から選んでください。");
  });

  it("removes members and withdraws invitations, never the owner fan club", () => {
    expect(canRemove({ ownerFanclubId: 1, fanclubId: 2, status: "member" })).toEqual({ ok: true });
    expect(canRemove({ ownerFanclubId: 1, fanclubId: 2, status: "invited" })).toEqual({ ok: true });
    expect(canRemove({ ownerFanclubId: 1, fanclubId: 1, status: "member" })).toEqual({ ok: false, reason: "owner" });
    expect(canRemove({ ownerFanclubId: 1, fanclubId: 2, status: "declined" })).toEqual({ ok: false, reason: "notMember" });
    expect(canRemove({ ownerFanclubId: 1, fanclubId: 2, status: null })).toEqual({ ok: false, reason: "notMember" });
  });

  it("lets a fan club open a group only while it owns no open one", () => {
    expect(canCreateGroup({ ownsOpenGroup: false })).toEqual({ ok: true });
    expect(canCreateGroup({ ownsOpenGroup: true })).toEqual({ ok: false, reason: "alreadyOwns" });
  });
});
