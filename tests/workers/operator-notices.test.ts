import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { toJstInput } from "../../server/domain/jst-time";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

/*
 * Operator notices (spec §2 admin dialog, decision 041): staff publish a notice for one brand at
 * /ops/notices; everybody on that brand gets it once from /notices/current (the dialog's source)
 * until they close it; its message is sanitized HTML; outside its window, nothing.
 */

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let staff: Account;
let fan: Account;
const OPS = at(hosts.www, "/ops/notices");
const HOUR = 60 * 60 * 1000;

interface Current {
  notice: { id: number; title: string; html: string; sizing: string; closeText: string } | null;
}
const current = async (b: TestBrowser, host: string = hosts.www) => {
  const res = await b.get(at(host, "/notices/current"), { accept: "application/json" });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return ((await res.json()) as Current).notice;
};
const noticeCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM operator_notices").first<{ n: number }>())!.n;

const MESSAGE = [
  "<p onclick=\"steal()\">Maintenance tonight.<script>alert('x')</script></p>",
  '<p><a href="https://example.com/status" onclick="steal()">Status</a> <a href="javascript:alert(1)">click</a> ',
  '<img src="x" onerror="alert(2)"><strong>Thanks</strong></p>',
].join("");

function form(overrides: Record<string, string> = {}) {
  const now = Date.now();
  return {
    serviceId: "1",
    title: "メンテナンスのお知らせ",
    message: MESSAGE,
    sizing: "large",
    startsAt: toJstInput(now - HOUR),
    endsAt: toJstInput(now + HOUR),
    ...overrides,
  };
}

beforeAll(async () => {
  staff = await confirmedAccount({ name: "運営", prefix: "ntcops" });
  await env.DB.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").bind(staff.id).run();
  fan = await confirmedAccount({ prefix: "ntcfan" });
});

describe("operator notices", { timeout: 60_000 }, () => {
  it("only staff see the page and publish; anyone else gets a 404 and nothing is written", async () => {
    const visitor = new TestBrowser();
    expect((await visitor.get(OPS)).status).not.toBe(200);
    expect((await fan.b.get(OPS)).status).toBe(404);
    expect((await fan.b.post(OPS, form())).status).toBe(404);
    expect((await visitor.post(OPS, form())).status).not.toBe(200);
    expect(await noticeCount()).toBe(0);
    expect((await staff.b.get(OPS)).status).toBe(200);
  });

  it("bad input is refused with the reasons, in Japanese, and writes nothing", async () => {
    const now = Date.now();
    const res = await staff.b.post(
      OPS,
      form({ title: "", sizing: "huge", startsAt: toJstInput(now + HOUR), endsAt: toJstInput(now - HOUR) }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("タイトルを100文字以内で入力してください。");
    expect(html).toContain("大きさを選んでください。");
    expect(html).toContain("表示終了は表示開始より後にしてください。");
    const onlyScript = await staff.b.post(OPS, form({ message: "<script>alert(1)</script>" }));
    expect(onlyScript.status).toBe(400);
    expect(await onlyScript.text()).toContain("本文を入力してください");
    expect((await staff.b.post(OPS, form({ serviceId: "999" }))).status).toBe(400);
    expect(await noticeCount()).toBe(0);
  });

  it("a published notice reaches visitors and members of its brand once, sanitized; closing it is remembered", async () => {
    const res = await staff.b.post(OPS, form());
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("お知らせを配信しました。");
    const row = await env.DB.prepare("SELECT id, message_html FROM operator_notices ORDER BY id DESC").first<{
      id: number;
      message_html: string;
    }>();
    expect(row!.message_html).not.toMatch(/script|onclick|onerror|javascript:|<img|alert/i);

    const visitor = new TestBrowser();
    const notice = await current(visitor);
    expect(notice).toMatchObject({ id: row!.id, title: "メンテナンスのお知らせ", sizing: "large", closeText: "閉じる" });
    expect(notice!.html).toBe(
      '<p>Maintenance tonight.</p><p><a rel="noopener noreferrer" target="_blank" href="https://example.com/status">Status</a> <a rel="noopener noreferrer" target="_blank">click</a> <strong>Thanks</strong></p>',
    );
    // another brand's people never see it
    expect(await current(visitor, hosts.indies)).toBeNull();

    // a visitor closes it: remembered in their cookie, others still get it
    const closed = await visitor.post(at(hosts.www, `/notices/${row!.id}/dismiss`), {});
    expect(closed.status).toBe(200);
    expect(visitor.cookie("notices_seen", "www.fanclub.localhost")?.value).toBe(String(row!.id));
    expect(await current(visitor)).toBeNull();
    expect((await current(new TestBrowser()))?.id).toBe(row!.id);

    // a member closes it: remembered for the account, in every session
    expect((await current(fan.b))?.id).toBe(row!.id);
    expect((await fan.b.post(at(hosts.www, `/notices/${row!.id}/dismiss`), {})).status).toBe(200);
    expect(await current(fan.b)).toBeNull();
    const otherDevice = new TestBrowser();
    await otherDevice.post(at(hosts.login, "/auth/login"), { email: fan.email, password: "secret123" });
    expect(await current(otherDevice)).toBeNull();
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM operator_notice_dismissals WHERE notice_id = ? AND user_id = ?")
      .bind(row!.id, fan.id)
      .first<{ n: number }>();
    expect(kept!.n).toBe(1);

    // a notice of another brand cannot be dismissed from this one, nor one that does not exist
    expect((await visitor.post(at(hosts.indies, `/notices/${row!.id}/dismiss`), {})).status).toBe(404);
    expect((await visitor.post(at(hosts.www, "/notices/99999999/dismiss"), {})).status).toBe(404);
    // only a POST closes it: a GET is told so, and closes nothing
    const got = await visitor.get(at(hosts.www, `/notices/${row!.id}/dismiss`), { accept: "application/json" });
    expect(got.status).toBe(405);
    expect(got.headers.get("allow")).toBe("POST");

    // staff end it: nobody gets it any more
    const ended = await staff.b.post(OPS, { intent: "end", id: String(row!.id) });
    expect(ended.status).toBe(200);
    expect(await current(new TestBrowser())).toBeNull();
  });

  it("a brand with no live notice answers without reading D1 again, and a new notice shows at once", async () => {
    const visitor = new TestBrowser();
    const trips = async () => {
      const res = await visitor.get(at(hosts.indies, "/notices/current"), { accept: "application/json" });
      expect(res.status).toBe(200);
      return { n: Number(res.headers.get("x-d1-round-trips")), notice: ((await res.json()) as Current).notice };
    };
    await trips();
    // the brand's windows are kept by the isolate: the next page asks nothing of D1
    expect(await trips()).toEqual({ n: 0, notice: null });
    // publishing clears them, so staff see their notice reach people straight away
    const indies = await env.DB.prepare("SELECT id FROM services WHERE domain LIKE 'indies%'").first<{ id: number }>();
    expect((await staff.b.post(OPS, form({ serviceId: String(indies!.id), title: "インディーズ" }))).status).toBe(200);
    const shown = await trips();
    expect(shown.notice?.title).toBe("インディーズ");
    expect(shown.n).toBeGreaterThan(0);
  });

  it("outside its window a notice shows nothing", async () => {
    const now = Date.now();
    const future = await staff.b.post(
      OPS,
      form({ title: "これから", startsAt: toJstInput(now + 2 * HOUR), endsAt: toJstInput(now + 3 * HOUR) }),
    );
    expect(future.status).toBe(200);
    const past = await staff.b.post(
      OPS,
      form({ title: "おわり", startsAt: toJstInput(now - 3 * HOUR), endsAt: toJstInput(now - 2 * HOUR) }),
    );
    expect(past.status).toBe(200);
    expect(await current(new TestBrowser())).toBeNull();
    expect(await current(fan.b)).toBeNull();
  });
});
