import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

const page = at(hosts.user, "/me/address");

const account = () => confirmedAccount({ prefix: "addr" });

interface Row {
  id: number;
  last_name: string;
  postal_code: string;
  prefecture: string;
  building: string | null;
  phone: string;
  is_default: number;
}

async function rows(userId: number): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, last_name, postal_code, prefecture, building, phone, is_default FROM user_addresses WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<Row>();
  return results;
}

/** What a person types: full-width digits and a 〒, as a Japanese IME gives them. */
const form = (over: Record<string, string> = {}) => ({
  intent: "save",
  lastName: "青井",
  firstName: "葵",
  postalCode: "〒１５０－００４１",
  prefecture: "東京都",
  city: "渋谷区",
  street: "神南1-2-3",
  building: "",
  phone: "０９０－１２３４－５６７８",
  ...over,
});

describe("address book", () => {
  it("adds, edits, sets the default and deletes, keeping exactly one default", async () => {
    const { b, userId } = await account();
    const empty = await b.get(page);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("まだお届け先が登録されていません。");

    // the first address becomes the default without asking
    const added = await b.post(page, form());
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain("青井 葵 様");
    expect(html).toContain("〒150-0041");
    expect(html).toContain("東京都渋谷区神南1-2-3");
    expect(html).toContain("090-1234-5678");
    expect(html).toContain('<p class="badge">いつものお届け先</p>');
    const [first] = await rows(userId);
    expect(first).toMatchObject({ postal_code: "1500041", phone: "09012345678", building: null, is_default: 1 });

    // a second one, ticked as default, takes the flag over
    expect((await b.post(page, form({ lastName: "赤井", prefecture: "大阪府", city: "大阪市北区", isDefault: "on" }))).status).toBe(200);
    let all = await rows(userId);
    expect(all.map((r) => [r.last_name, r.is_default])).toEqual([
      ["青井", 0],
      ["赤井", 1],
    ]);
    const second = all[1]!;

    // edited in place: the fields change, the flag does not (the box is unticked)
    const edited = await b.post(page, form({ id: String(first!.id), lastName: "青山", postalCode: "1000001", building: "青山ハイツ 202" }));
    expect(edited.status).toBe(200);
    all = await rows(userId);
    expect(all[0]).toMatchObject({ last_name: "青山", postal_code: "1000001", building: "青山ハイツ 202", is_default: 0 });
    expect(all[1]!.is_default).toBe(1);

    // the default is listed first
    const listed = await (await b.get(page)).text();
    expect(listed).toContain("赤井 葵 様");
    expect(listed).toContain("青山 葵 様");
    expect(listed.indexOf("赤井 葵 様")).toBeLessThan(listed.indexOf("青山 葵 様"));

    expect((await b.post(page, { intent: "setDefault", id: String(first!.id) })).status).toBe(200);
    all = await rows(userId);
    expect(all.map((r) => r.is_default)).toEqual([1, 0]);

    // deleting the default hands the flag to the newest remaining address
    expect((await b.post(page, { intent: "delete", id: String(first!.id) })).status).toBe(200);
    all = await rows(userId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: second.id, is_default: 1 });

    expect((await b.post(page, { intent: "delete", id: String(second.id) })).status).toBe(200);
    expect(await rows(userId)).toEqual([]);
  });

  it("explains each mistake in Japanese and writes nothing", async () => {
    const { b, userId } = await account();
    const cases: Array<[Record<string, string>, string]> = [
      [{ lastName: "" }, "姓は必須項目です。"],
      [{ firstName: "あ".repeat(21) }, "20文字以内で入力してください。"],
      [{ postalCode: "123-456" }, "郵便番号は7桁の数字で入力してください（例：150-0041）。"],
      [{ prefecture: "東京" }, "選択肢から選んでください。"],
      [{ city: "" }, "市区町村は必須項目です。"],
      [{ street: "" }, "町名・番地は必須項目です。"],
      [{ phone: "12-3456-7890" }, "電話番号は0から始まる10桁または11桁の数字で入力してください。"],
    ];
    for (const [over, message] of cases) {
      const res = await b.post(page, form(over));
      expect(res.status, message).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await rows(userId)).toEqual([]);
  });

  it("never lets one person read, edit, make default or delete another's address", async () => {
    const owner = await account();
    await owner.b.post(page, form({ lastName: "持主" }));
    await owner.b.post(page, form({ lastName: "持主二" }));
    const [target] = await rows(owner.userId);
    const before = await rows(owner.userId);

    const other = await account();
    const id = String(target!.id);
    expect(await (await other.b.get(page)).text()).not.toContain("持主");
    expect((await other.b.post(page, form({ id, lastName: "乗取" }))).status).toBe(404);
    expect((await other.b.post(page, { intent: "setDefault", id: String(before[1]!.id) })).status).toBe(404);
    expect((await other.b.post(page, { intent: "delete", id })).status).toBe(404);

    expect(await rows(owner.userId)).toEqual(before);
    expect(await rows(other.userId)).toEqual([]);
  });

  it("refuses the 11th address with a clear message", async () => {
    const { b, userId } = await account();
    for (let i = 1; i <= 10; i++) {
      expect((await b.post(page, form({ lastName: `宛先${i}` }))).status, `address ${i}`).toBe(200);
    }
    const full = await b.get(page);
    expect(await full.text()).toContain("新しく追加するには、不要なお届け先を削除してください。");

    const eleventh = await b.post(page, form({ lastName: "十一" }));
    expect(eleventh.status).toBe(409);
    expect(await eleventh.text()).toContain("お届け先は10件まで登録できます。不要なお届け先を削除してから追加してください。");
    const all = await rows(userId);
    expect(all).toHaveLength(10);
    expect(all.filter((r) => r.is_default === 1)).toHaveLength(1);
  });

  it("sends a visitor to sign in, coming back to the address book", async () => {
    const res = await new TestBrowser().get(page);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.host).toBe(hosts.login);
    expect(location.pathname).toBe("/auth/login");
    expect(location.searchParams.get("loggedInPath")).toBe(page);
  });

  it("refuses a post from a visitor without touching anything", async () => {
    const res = await new TestBrowser().post(page, form());
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!).host).toBe(hosts.login);
  });
});
