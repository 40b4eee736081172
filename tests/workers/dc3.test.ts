import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaSigningSecret } from "../../server/config";
import { signPath } from "../../server/security/signed-url";
import { createFollow } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { insertEditor, insertFanclub, insertMembership, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { mediaSubjectOf } from "./media-session";

/*
 * DC3 contents (docs/decisions/045): the owner adds one-file items through the post uploader and
 * the API; members of the chosen plans download the file through the `/media` gate, everyone
 * else sees the title and gets no byte of it.
 */

const API = "/api/v1/me/fanclub/dc_three_contents";
const UPLOADS = "/api/v1/me/fanclub/uploads";
const json = { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" };

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
interface Envelope<T> {
  success: boolean;
  payload: T & { message?: string; errors?: Array<{ message: string; target?: string }> };
}
interface Item {
  id: number;
  title: string;
  description: string;
  audience: string;
  planIds: number[];
  file: { id: number; filename: string; size: number };
}

async function call<T>(b: TestBrowser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await b.request(at(hosts.www, path), {
    method,
    headers: { ...json, ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/** A file through the upload path the post form uses: issue, one signed part, complete. */
async function upload(b: TestBrowser, filename: string, bytes: Uint8Array, kind = "dc3") {
  const issued = await call<{ file: { id: number; key: string } }>(b, "POST", UPLOADS, {
    kind,
    filename,
    size: bytes.byteLength,
    contentType: "application/pdf",
  });
  expect(issued.status).toBe(200);
  const { id, key } = issued.body.payload.file;
  const signed = await call<{ url: string }>(b, "POST", `${UPLOADS}/${id}/parts/1`, {});
  const put = await SELF.fetch(at(hosts.www, signed.body.payload.url), { method: "PUT", body: bytes.slice() });
  expect(put.status).toBe(200);
  const done = await call(b, "POST", `${UPLOADS}/${id}/complete`, { parts: [{ PartNumber: 1, ETag: put.headers.get("etag") ?? "" }] });
  expect(done.status).toBe(200);
  return { id, key };
}

/** The download links the fan club's downloads tab gives this browser. */
async function tabLinks(b: TestBrowser | null, fanclubId: number) {
  const url = at(hosts.www, `/fanclubs/${fanclubId}/dc_three_contents`);
  const res = b ? await b.get(url) : await SELF.fetch(url, { headers: { host: hosts.www, accept: "text/html" } });
  expect(res.status).toBe(200);
  const html = await res.text();
  // each link is in the anchor and again (escaped differently) in the page's data for hydration:
  // one per object, as the anchor has it
  const byObject = new Map<string, string>();
  for (const m of html.matchAll(/\/media\/posts\/[^"'\s\\)]+/g)) {
    const link = m[0].replaceAll("&amp;", "&");
    const object = link.split("?")[0]!;
    if (!byObject.has(object) || link.includes("&download=1")) byObject.set(object, link);
  }
  return { html, links: [...byObject.values()] };
}

/** A link to the object signed for this browser's own session: only the entitlement can refuse it. */
async function ownLink(b: TestBrowser, userId: number, key: string) {
  const path = `/media/${key}`;
  const subject = await mediaSubjectOf(b, userId);
  return `${path}?${await signPath(mediaSigningSecret(env), path, Date.now() + 60_000, subject)}&download=1`;
}

let owner: Account;
let gold: Account;
let silver: Account;
let follower: Account;
let editor: Account;
let other: Account;
let fanclubId: number;
let goldPlan: number;
let silverPlan: number;
let otherFanclubId: number;

beforeAll(async () => {
  [owner, gold, silver, follower, editor, other] = await Promise.all([
    confirmedAccount({ name: "DC3オーナー", prefix: "dco" }),
    confirmedAccount({ name: "ゴールド会員", prefix: "dcg" }),
    confirmedAccount({ name: "シルバー会員", prefix: "dcs" }),
    confirmedAccount({ name: "フォロワー", prefix: "dcf" }),
    confirmedAccount({ name: "編集者", prefix: "dce" }),
    confirmedAccount({ name: "別のクリエイター", prefix: "dcx" }),
  ]);
  fanclubId = await insertFanclub(owner.id, { name: "DC3ラウンジ" });
  goldPlan = await insertPlan(fanclubId, { name: "ゴールド", price: 1000 });
  silverPlan = await insertPlan(fanclubId, { name: "シルバー", price: 500 });
  await insertMembership(gold.id, fanclubId, goldPlan);
  await insertMembership(silver.id, fanclubId, silverPlan);
  await createFollow(env.DB, { userId: follower.id, fanclubId });
  await insertEditor(fanclubId, editor.id, ["postable", "postable_drafts", "commentable"]);
  otherFanclubId = await insertFanclub(other.id, { name: "別のラウンジ" });
});

describe("a DC3 content from upload to download", () => {
  it("is added by the owner and downloaded by a member of its plan, with no byte for anyone else", async () => {
    const bytes = pdf("gold wallpaper");
    const file = await upload(owner.b, "壁紙.pdf", bytes);
    const created = await call<{ item: Item }>(owner.b, "POST", API, {
      title: "ゴールド限定壁紙",
      description: "スマホ用",
      audience: "plans",
      planIds: [goldPlan],
      fileId: file.id,
    });
    expect(created.status).toBe(201);
    const item = created.body.payload.item;
    expect(item).toMatchObject({ title: "ゴールド限定壁紙", audience: "plans", planIds: [goldPlan], file: { filename: "壁紙.pdf" } });
    expect(JSON.stringify(created.body)).not.toContain(file.key);

    const listed = await call<{ items: Item[] }>(owner.b, "GET", API);
    expect(listed.body.payload.items.map((i) => i.id)).toEqual([item.id]);

    // the member of the plan: the tab has the link, the link gives the file as a download
    const mine = await tabLinks(gold.b, fanclubId);
    expect(mine.html).toContain("ゴールド限定壁紙");
    expect(mine.links).toHaveLength(1);
    const got = await gold.b.get(at(hosts.www, mine.links[0]!));
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    expect(got.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("壁紙.pdf")}`);
    expect(got.headers.get("cache-control")).toContain("private");
    // D1 round trips: the session, the download count, and the entitlement (the file row and the
    // item's plans and the member's memberships read in one batch)
    expect(got.headers.get("x-d1-round-trips")).toBe("3");

    // a member of another plan, a follower and a visitor see the title, and no link
    for (const b of [silver.b, follower.b, null]) {
      const page = await tabLinks(b, fanclubId);
      expect(page.html).toContain("ゴールド限定壁紙");
      expect(page.links).toEqual([]);
    }
    // even with a link signed for their own session, the gate refuses them
    for (const who of [silver, follower]) {
      const res = await who.b.get(at(hosts.www, await ownLink(who.b, who.id, file.key)));
      expect(res.status).toBe(403);
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(bytes.byteLength);
    }
    // the member's link replayed by a visitor (no session) is refused too
    const replay = await SELF.fetch(at(hosts.www, mine.links[0]!), { headers: { host: hosts.www } });
    expect(replay.status).toBe(403);
    expect(await replay.text()).not.toContain("gold wallpaper");

    // the file an item holds cannot be thrown away through the uploads API
    expect((await call(owner.b, "DELETE", `${UPLOADS}/${file.id}`)).status).toBe(409);
    expect(await env.MEDIA.head(file.key)).not.toBeNull();
  });

  it("opens to every member when edited to all members, and replacing the file deletes the old object", async () => {
    const first = await upload(owner.b, "first.pdf", pdf("first"));
    const created = await call<{ item: Item }>(owner.b, "POST", API, {
      title: "差し替え",
      audience: "plans",
      planIds: [goldPlan],
      fileId: first.id,
    });
    const id = created.body.payload.item.id;
    const second = await upload(owner.b, "second.pdf", pdf("second version"));
    const updated = await call<{ item: Item }>(owner.b, "PUT", `${API}/${id}`, {
      title: "差し替え済み",
      description: "新版",
      audience: "members",
      fileId: second.id,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.payload.item).toMatchObject({
      title: "差し替え済み",
      audience: "members",
      planIds: [],
      file: { filename: "second.pdf" },
    });
    expect(await env.MEDIA.head(first.key)).toBeNull();
    expect(await env.MEDIA.head(second.key)).not.toBeNull();

    // the silver member may download it now, and gets the new bytes
    const page = await tabLinks(silver.b, fanclubId);
    const link = page.links.find((l) => l.includes(second.key.split("/").pop()!));
    expect(link).toBeDefined();
    const got = await silver.b.get(at(hosts.www, link!));
    expect(got.status).toBe(200);
    expect(new TextDecoder().decode(await got.arrayBuffer())).toContain("second version");
    // a follower still gets nothing
    expect((await follower.b.get(at(hosts.www, await ownLink(follower.b, follower.id, second.key)))).status).toBe(403);

    // an edit without a file keeps the file
    const kept = await call<{ item: Item }>(owner.b, "PUT", `${API}/${id}`, { title: "題だけ変更", audience: "members" });
    expect(kept.body.payload.item.file.filename).toBe("second.pdf");

    // deleting removes the row and the object; the member's link stops working
    expect((await call(owner.b, "DELETE", `${API}/${id}`)).status).toBe(200);
    expect(await env.MEDIA.head(second.key)).toBeNull();
    const row = await env.DB.prepare("SELECT count(*) AS n FROM dc3_contents WHERE id = ?").bind(id).first<{ n: number }>();
    expect(row?.n).toBe(0);
    expect((await silver.b.get(at(hosts.www, link!))).status).toBe(403);
    expect((await call(owner.b, "DELETE", `${API}/${id}`)).status).toBe(404);
  });
});

describe("who may manage DC3 contents", () => {
  it("refuses another creator's changes, their use of the file, and an editor", async () => {
    const file = await upload(owner.b, "mine.pdf", pdf("mine"));
    const created = await call<{ item: Item }>(owner.b, "POST", API, { title: "オーナーのもの", fileId: file.id });
    const id = created.body.payload.item.id;

    expect((await call(other.b, "PUT", `${API}/${id}`, { title: "乗っ取り" })).status).toBe(404);
    expect((await call(other.b, "DELETE", `${API}/${id}`)).status).toBe(404);
    expect((await call<{ items: Item[] }>(other.b, "GET", API)).body.payload.items).toEqual([]);
    // the owner's upload is no file of the other fan club
    const stolen = await call(other.b, "POST", API, { title: "盗用", fileId: file.id });
    expect(stolen.status).toBe(400);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM dc3_contents WHERE fanclub_id = ?").bind(otherFanclubId).first("n")).toBe(0);

    // editors post, but DC3 contents are the owner's
    expect((await call(editor.b, "GET", API)).status).toBe(403);
    expect((await call(editor.b, "POST", UPLOADS, { kind: "dc3", filename: "x.pdf", size: 10 })).status).toBe(403);
    expect((await editor.b.get(at(hosts.www, "/me/fanclub/dc_three_contents"))).status).toBe(403);
    // a fan has no fan club to manage
    expect((await call(gold.b, "POST", API, { title: "x", fileId: file.id })).status).toBe(403);

    const after = await env.DB.prepare("SELECT title FROM dc3_contents WHERE id = ?").bind(id).first<{ title: string }>();
    expect(after?.title).toBe("オーナーのもの");
  });
});

describe("bad input", () => {
  it("gets a localized 400 and writes nothing", async () => {
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM dc3_contents WHERE fanclub_id = ?").bind(fanclubId).first<{ n: number }>())!.n;
    const before = await count();

    const empty = await call(owner.b, "POST", API, { title: " ", audience: "plans", planIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.payload.message).toBe("タイトルを入力してください。");
    expect(empty.body.payload.errors?.map((e) => e.target)).toEqual(["title", "planIds", "file"]);

    const english = await call(owner.b, "POST", API, { title: "x".repeat(101), fileId: 1 }, { "accept-language": "en" });
    expect(english.status).toBe(400);

    const file = await upload(owner.b, "ok.pdf", pdf("ok"));
    const foreignPlan = await insertPlan(otherFanclubId, { name: "よそ", price: 300 });
    const badPlan = await call(owner.b, "POST", API, { title: "x", audience: "plans", planIds: [foreignPlan], fileId: file.id });
    expect(badPlan.status).toBe(400);
    expect(badPlan.body.payload.message).toBe("このファンクラブのプランを選んでください。");

    // a post attachment is not a DC3 content's file
    const attachment = await upload(owner.b, "post.pdf", pdf("post"), "attachment");
    expect((await call(owner.b, "POST", API, { title: "x", fileId: attachment.id })).status).toBe(400);
    // nor is a file a DC3 content already holds
    const held = await call<{ item: Item }>(owner.b, "POST", API, { title: "一つ目", fileId: file.id });
    expect(held.status).toBe(201);
    const twice = await call(owner.b, "POST", API, { title: "二つ目", fileId: file.id });
    expect(twice.status).toBe(400);
    expect(twice.body.payload.message).toBe("このファイルは使えません。アップロードし直してください。");

    // two files at once cannot even be issued: the list takes one
    const second = await call(owner.b, "POST", UPLOADS, { kind: "dc3", filename: "b.pdf", size: 10, existingCount: 1 });
    expect(second.status).toBe(422);
    expect(second.body.payload.message).toBe("アップロード可能なファイル数: 1を超えています。");
    const html = await call(owner.b, "POST", UPLOADS, { kind: "dc3", filename: "page.html", size: 10 });
    expect(html.status).toBe(415);

    expect(await count()).toBe(before + 1);
    expect((await call(owner.b, "PUT", `${API}/abc`, { title: "x" })).status).toBe(404);
  });
});
