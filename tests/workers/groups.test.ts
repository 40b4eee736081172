import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor, insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";

const page = (path: string) => at(hosts.www, path);

/** A creator with an open fan club on the primary brand, signed in. */
async function creator(prefix: string, name: string, options: { uniquePath?: string } = {}) {
  const account = await confirmedAccount({ prefix });
  const fanclubId = await insertFanclub(account.id, { name, creatorName: `${name}の中の人`, uniquePath: options.uniquePath ?? null });
  return { ...account, fanclubId };
}

async function html(b: TestBrowser, path: string) {
  const res = await b.get(page(path));
  return { status: res.status, text: await res.text() };
}

/** Posts a form and follows the redirect, as a browser does; returns the page it lands on. */
async function submit(b: TestBrowser, path: string, form: Record<string, string>) {
  const posted = await b.post(page(path), form);
  if (posted.status !== 302) return { status: posted.status, url: page(path), text: await posted.text() };
  const { res, url } = await b.follow(posted, page(path));
  return { status: res.status, url, text: await res.text() };
}

async function createGroupAs(owner: { b: TestBrowser }, name: string, description = "") {
  return submit(owner.b, "/me/fanclub_group/new", { name, description });
}

async function groupIdOf(fanclubId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM fanclub_groups WHERE owner_fanclub_id = ? AND closed_at IS NULL")
    .bind(fanclubId)
    .first<{ id: number }>();
  if (!row) throw new Error("no open group");
  return row.id;
}

const unique = () => `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe("fan club groups", () => {
  it("creates a group, invites another creator's fan club, which accepts; the group page lists both", async () => {
    const owner = await creator("gro", "星空ミュージック");
    const other = await creator("grm", "夜明けカフェ", { uniquePath: unique() });
    const path = (await env.DB.prepare("SELECT unique_path FROM fanclubs WHERE id = ?")
      .bind(other.fanclubId)
      .first<{ unique_path: string }>())!.unique_path;

    expect((await html(owner.b, "/me/fanclub_group")).text).toContain("まだグループはありません。");
    const created = await createGroupAs(owner, "  星と朝のユニット  ", "ふたつのファンクラブの合同企画です。");
    expect(created.url).toBe(page("/me/fanclub_group"));
    expect(created.text).toContain("グループを作成しました。");
    expect(created.text).toContain("星と朝のユニット");
    const groupId = await groupIdOf(owner.fanclubId);

    // a second group while the first is open is refused
    expect((await html(owner.b, "/me/fanclub_group/new")).text).toContain("すでにグループを作成しています。");
    const second = await createGroupAs(owner, "もうひとつ");
    expect(second.status).toBe(409);
    expect(second.text).toContain("すでにグループを作成しています。");
    const groups = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_groups WHERE owner_fanclub_id = ?")
      .bind(owner.fanclubId)
      .first<{ n: number }>();
    expect(groups?.n).toBe(1);

    const invited = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: `@${path}` });
    expect(invited.text).toContain("招待を送りました。");
    expect(invited.text).toContain("招待中");
    // asking twice is refused with a message
    const twice = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(other.fanclubId) });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain("このファンクラブはすでに招待中です。");

    // the invited owner gets a notice linking to the invitation on the brand
    const notice = await env.DB.prepare("SELECT kind, url, params FROM notifications WHERE user_id = ? AND kind = 'groupInvitation'")
      .bind(other.id)
      .first<{ url: string; params: string }>();
    expect(notice?.url).toBe(page(`/me/fanclub_group/invitations/${groupId}`));
    expect(JSON.parse(notice!.params)).toEqual({ groupName: "星と朝のユニット", fanclubName: "星空ミュージック" });

    // before accepting, the group page shows only the owner
    expect((await html(new TestBrowser(), `/groups/${groupId}`)).text).not.toContain("夜明けカフェ");

    const list = await html(other.b, "/me/fanclub_group/invitations");
    expect(list.text).toContain("星と朝のユニット");
    expect(list.text).toContain("星空ミュージックからの招待");
    const invitation = await html(other.b, `/me/fanclub_group/invitations/${groupId}`);
    expect(invitation.text).toContain("星空ミュージックから、グループ「星と朝のユニット」への招待が届いています。");
    const accepted = await submit(other.b, `/me/fanclub_group/invitations/${groupId}`, { decision: "accept" });
    expect(accepted.url).toBe(page(`/groups/${groupId}`));
    expect(accepted.text).toContain("グループに参加しました。");
    // answered once: a second answer changes nothing
    const again = await submit(other.b, `/me/fanclub_group/invitations/${groupId}`, { decision: "decline" });
    expect(again.status).toBe(409);

    const visitor = await html(new TestBrowser(), `/groups/${groupId}`);
    expect(visitor.status).toBe(200);
    expect(visitor.text).toMatch(/<h1[^>]*>星と朝のユニット<\/h1>/);
    expect(visitor.text).toContain("ふたつのファンクラブの合同企画です。");
    expect(visitor.text).toContain("星空ミュージック");
    expect(visitor.text).toContain("夜明けカフェ");
    expect(visitor.text).toContain(`href="/@${path}"`);
    expect(visitor.text).toContain(`href="/fanclubs/${owner.fanclubId}"`);
    // the other tabs share the header and say honestly that nothing is there yet
    const posts = await html(new TestBrowser(), `/groups/${groupId}/posts`);
    expect(posts.text).toMatch(/<h1[^>]*>星と朝のユニット<\/h1>/);
    expect(posts.text).toContain("まだ投稿はありません。");
    expect((await html(new TestBrowser(), `/groups/${groupId}/notifies`)).text).toContain("まだお知らせはありません。");

    // the member fan club's page can list its groups; the owner's "my group" shows the member
    expect((await html(owner.b, "/me/fanclub_group")).text).toContain("夜明けカフェ");
    expect((await html(other.b, "/me/fanclub_group")).text).toContain("参加中のほかのグループ");
  });

  it("edits the group and validates the form with messages, never a 500", async () => {
    const owner = await creator("gre", "編集テスト");
    await createGroupAs(owner, "はじめの名前");
    const tooLong = await submit(owner.b, "/me/fanclub_group/edit", { name: "あ".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain("50文字以内で入力してください。");
    const empty = await submit(owner.b, "/me/fanclub_group/edit", { name: " " });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("グループ名は必須項目です。");
    const saved = await submit(owner.b, "/me/fanclub_group/edit", { name: "新しい名前", description: "説明文" });
    expect(saved.url).toBe(page("/me/fanclub_group"));
    expect(saved.text).toContain("グループを更新しました。");
    expect((await html(new TestBrowser(), `/groups/${await groupIdOf(owner.fanclubId)}`)).text).toContain("新しい名前");
    const badTarget = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: "あかり" });
    expect(badTarget.status).toBe(400);
    expect(badTarget.text).toContain("ファンクラブIDまたはユニークパスを正しく入力してください。");
    const nobody = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: "999999999" });
    expect(nobody.status).toBe(404);
    expect(nobody.text).toContain("該当するファンクラブが見つかりません。");
    const self = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(owner.fanclubId) });
    expect(self.text).toContain("自分のファンクラブは招待できません。");
    const closedClub = await insertFanclub((await confirmedAccount({ prefix: "grc" })).id, { status: "closed" });
    expect((await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(closedClub) })).status).toBe(404);
    const indies = await insertFanclub((await confirmedAccount({ prefix: "gri" })).id, { serviceId: 2 });
    const otherBrand = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(indies) });
    expect(otherBrand.text).toContain("別のブランドのファンクラブは招待できません。");
  });

  it("makes one group however often the create form is sent at once", async () => {
    const owner = await creator("grk", "連打オーナー");
    const results = await Promise.all([1, 2, 3].map((n) => owner.b.post(page("/me/fanclub_group/new"), { name: `同時${n}` })));
    expect(results.map((r) => r.status).sort()).toEqual([302, 409, 409]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM fanclub_groups WHERE owner_fanclub_id = ?")
      .bind(owner.fanclubId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const members = await env.DB.prepare("SELECT fanclub_id, status FROM fanclub_group_members WHERE group_id = ?")
      .bind(await groupIdOf(owner.fanclubId))
      .all();
    expect(members.results).toEqual([{ fanclub_id: owner.fanclubId, status: "member" }]);
  });

  it("refuses fans and editors who do not own the fan club", async () => {
    const owner = await creator("grp", "権限テスト");
    await createGroupAs(owner, "権限のグループ");
    const groupId = await groupIdOf(owner.fanclubId);

    const fan = await confirmedAccount({ prefix: "grf" });
    for (const path of [
      "/me/fanclub_group",
      "/me/fanclub_group/new",
      "/me/fanclub_group/edit_member",
      "/me/fanclub_group/invitations",
      "/me/fanclub_group/close",
    ]) {
      const res = await fan.b.get(page(path));
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/me/fanclub/new");
    }
    expect((await fan.b.post(page("/me/fanclub_group/new"), { name: "乗っ取り" })).status).toBe(302);

    const editor = await confirmedAccount({ prefix: "grd" });
    await insertEditor(owner.fanclubId, editor.id, ["postable", "postable_drafts", "can_product_manage"]);
    for (const path of [
      "/me/fanclub_group",
      "/me/fanclub_group/edit",
      "/me/fanclub_group/edit_member",
      `/me/fanclub_group/invitations/${groupId}`,
      "/me/fanclub_group/close",
    ]) {
      expect((await editor.b.get(page(path))).status, path).toBe(403);
    }
    expect((await editor.b.post(page("/me/fanclub_group/close"), { understood: "on" })).status).toBe(403);
    expect((await editor.b.post(page("/me/fanclub_group/edit"), { name: "乗っ取り" })).status).toBe(403);

    // another creator cannot answer an invitation meant for someone else
    const stranger = await creator("grs", "よその人");
    expect((await stranger.b.get(page(`/me/fanclub_group/invitations/${groupId}`))).status).toBe(404);
    expect((await stranger.b.post(page(`/me/fanclub_group/invitations/${groupId}`), { decision: "accept" })).status).toBe(404);

    const row = await env.DB.prepare("SELECT name, closed_at FROM fanclub_groups WHERE id = ?")
      .bind(groupId)
      .first<{ name: string; closed_at: number | null }>();
    expect(row).toEqual({ name: "権限のグループ", closed_at: null });
    expect((await new TestBrowser().get(page("/me/fanclub_group"))).status).toBe(302);
  });

  it("a declined invitation can be sent again, and a removed member leaves the group page", async () => {
    const owner = await creator("grr", "再招待オーナー");
    const other = await creator("grq", "迷うファンクラブ");
    await createGroupAs(owner, "再招待のグループ");
    const groupId = await groupIdOf(owner.fanclubId);

    await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(other.fanclubId) });
    const declined = await submit(other.b, `/me/fanclub_group/invitations/${groupId}`, { decision: "decline" });
    expect(declined.url).toBe(page("/me/fanclub_group/invitations"));
    expect(declined.text).toContain("招待を辞退しました。");
    expect(declined.text).toContain("届いている招待はありません。");
    expect((await html(owner.b, "/me/fanclub_group/edit_member")).text).toContain("もう一度招待する");

    const reinvited = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(other.fanclubId) });
    expect(reinvited.text).toContain("招待を送りました。");
    expect((await html(other.b, "/me/fanclub_group/invitations")).text).toContain("再招待のグループ");
    await submit(other.b, `/me/fanclub_group/invitations/${groupId}`, { decision: "accept" });
    expect((await html(new TestBrowser(), `/groups/${groupId}`)).text).toContain("迷うファンクラブ");

    // the owner fan club cannot be removed; the other one can
    const removeOwner = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "remove", fanclubId: String(owner.fanclubId) });
    expect(removeOwner.status).toBe(409);
    expect(removeOwner.text).toContain("オーナーのファンクラブはグループから外せません。");
    const removed = await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "remove", fanclubId: String(other.fanclubId) });
    expect(removed.text).toContain("グループから外しました。");
    expect((await html(new TestBrowser(), `/groups/${groupId}`)).text).not.toContain("迷うファンクラブ");
  });

  it("closing hides the group: its page is not found and a new group can be made", async () => {
    const owner = await creator("grx", "解散オーナー");
    const other = await creator("gry", "解散メンバー");
    await createGroupAs(owner, "解散するグループ");
    const groupId = await groupIdOf(owner.fanclubId);
    await submit(owner.b, "/me/fanclub_group/edit_member", { intent: "invite", target: String(other.fanclubId) });
    await submit(other.b, `/me/fanclub_group/invitations/${groupId}`, { decision: "accept" });
    expect((await html(owner.b, `/groups/${groupId}`)).status).toBe(200);

    const unconfirmed = await submit(owner.b, "/me/fanclub_group/close", {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain("確認のチェックを入れてください。");
    const closed = await submit(owner.b, "/me/fanclub_group/close", { understood: "on" });
    expect(closed.url).toBe(page("/me/fanclub_group"));
    expect(closed.text).toContain("グループを解散しました。");
    expect(closed.text).toContain("まだグループはありません。");

    for (const path of [`/groups/${groupId}`, `/groups/${groupId}/posts`, `/groups/${groupId}/notifies`]) {
      expect((await html(owner.b, path)).status, path).toBe(404);
      expect((await html(other.b, path)).status, path).toBe(404);
    }
    expect((await html(other.b, "/me/fanclub_group")).text).not.toContain("解散するグループ");
    expect((await html(new TestBrowser(), "/groups/99999999")).status).toBe(404);
    expect((await html(new TestBrowser(), "/groups/abc")).status).toBe(404);

    const fresh = await createGroupAs(owner, "新しいグループ");
    expect(fresh.text).toContain("グループを作成しました。");
  });
});
