import { env } from "cloudflare:test";
import Encoding from "encoding-japanese";
import { describe, expect, it } from "vitest";
import { payoutKey } from "../../server/domain/payouts";
import { billingMonthOf } from "../../server/domain/billing-month";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { count, insertBankAccount, labelOf, makeOperator, payoutCreator } from "./payouts-fixture";

const XHR = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
const bankPage = at(hosts.user, "/me/settings/bank");
const transferPage = at(hosts.www, "/me/fanclub/transfer");
const opsPage = at(hosts.www, "/ops/payouts");

function apiJson(b: TestBrowser, host: string, path: string, method: string, body?: unknown) {
  return b.request(at(host, `/api/v1${path}`), {
    method,
    headers: { ...XHR, "content-type": "application/json", origin: `http://${host}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const account = (over: Record<string, string> = {}) => ({
  bankCode: "0001",
  branchCode: "001",
  accountType: "ordinary",
  accountNumber: "1234567",
  holderName: "ホシノ アカリ",
  ...over,
});

interface BankRow {
  bank_code: string;
  bank_kana: string;
  branch_kana: string;
  account_number: string;
  holder_name: string;
}

const bankRow = (userId: number) =>
  env.DB.prepare("SELECT bank_code, bank_kana, branch_kana, account_number, holder_name FROM bank_accounts WHERE user_id = ?")
    .bind(userId)
    .first<BankRow>();

interface TransferRow {
  id: number;
  kind: string;
  user_id: number;
  fanclub_id: number | null;
  period: string | null;
  status: string;
  amount: number;
  fee: number;
  account_number: string | null;
  holder_name: string | null;
}

const transfersOf = async (where: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(
      `SELECT id, kind, user_id, fanclub_id, period, status, amount, fee, account_number, holder_name FROM transfers WHERE ${where} ORDER BY id`,
    )
      .bind(...binds)
      .all<TransferRow>()
  ).results;

async function withdrawable(b: TestBrowser): Promise<number> {
  const res = await b.request(at(hosts.www, "/api/v1/me/fanclub/transfers"), { headers: XHR });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payload: { balance: number } }).payload.balance;
}

describe("bank accounts (/me/settings/bank)", () => {
  it("registers an account from codes, stores the holder in half-width kana and names from the official lists", async () => {
    const me = await confirmedAccount({ prefix: "bank" });
    const empty = await me.b.get(bankPage);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("口座を登録する");

    const saved = await me.b.post(bankPage, account());
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain("振込先口座を登録しました。");
    expect(await bankRow(me.id)).toEqual({
      bank_code: "0001",
      bank_kana: "ﾐｽﾞﾎ",
      branch_kana: "ﾄｳｷﾖｳ",
      account_number: "1234567",
      holder_name: "ﾎｼﾉ ｱｶﾘ",
    });
    // the owner sees the full number on the edit page, and the official names
    const page = await (await me.b.get(bankPage)).text();
    expect(page).toContain("みずほ");
    expect(page).toContain("東京営業部");
    expect(page).toContain("1234567");

    // the API never sends the full number
    const api = await me.b.request(at(hosts.user, "/api/v1/bank_accounts"), { headers: XHR });
    const body = (await api.json()) as { payload: { bankAccount: { accountNumber: string }; locked: boolean } };
    expect(body.payload).toMatchObject({ bankAccount: { accountNumber: "****567" }, locked: false });
    expect(JSON.stringify(body)).not.toContain("1234567");
  });

  it("answers every bad field with a localized 400 and writes nothing", async () => {
    const me = await confirmedAccount({ prefix: "bankbad" });
    const cases: Array<[Record<string, string>, string]> = [
      [{ accountNumber: "１２３４５６７" }, "全角数字は使えません。半角数字で入力してください。"],
      [{ bankCode: "00A1" }, "半角数字のみで入力してください。"],
      [{ bankCode: "001" }, "半角数字4桁で入力してください。"],
      [{ branchCode: "1" }, "半角数字3桁で入力してください。"],
      [{ holderName: "ア".repeat(31) }, "口座名義は半角カナに変換して30文字以内にしてください。"],
      [{ holderName: "星野あかり" }, "口座名義はカタカナ・英大文字・数字で入力してください（漢字は使えません）。"],
      [{ accountType: "checking" }, "預金種目を選んでください。"],
      [{ bankCode: "9999" }, "この金融機関コードは見つかりません。"],
      [{ branchCode: "999" }, "この金融機関にこの支店コードは見つかりません。"],
    ];
    for (const [over, message] of cases) {
      const res = await me.b.post(bankPage, account(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await res.text(), JSON.stringify(over)).toContain(message);
    }
    expect(await bankRow(me.id)).toBeNull();

    // the same in English through the API
    const en = await me.b.request(at(hosts.user, "/api/v1/bank_accounts"), {
      method: "PUT",
      headers: { ...XHR, "content-type": "application/json", origin: `http://${hosts.user}`, "accept-language": "en" },
      body: JSON.stringify(account({ accountNumber: "１２３４５６７" })),
    });
    expect(en.status).toBe(400);
    const payload = ((await en.json()) as { payload: { message: string; errors: Array<{ target: string; message: string }> } }).payload;
    expect(payload.errors).toContainEqual({
      target: "accountNumber",
      message: "Full-width digits cannot be used. Enter half-width digits.",
    });
    expect(await bankRow(me.id)).toBeNull();
  });

  it("searches the official lists on the server: banks by name or code, a bank's branches", async () => {
    const me = await confirmedAccount({ prefix: "banksearch" });
    const banks = await me.b.request(at(hosts.user, `/api/v1/bank_accounts/banks?q=${encodeURIComponent("みずほ")}`), { headers: XHR });
    const list = ((await banks.json()) as { payload: { banks: Array<{ code: string; name: string; kana: string }> } }).payload.banks;
    expect(list[0]).toEqual({ code: "0001", name: "みずほ", kana: "ﾐｽﾞﾎ" });
    const byCode = await me.b.request(at(hosts.user, "/api/v1/bank_accounts/banks?q=0005"), { headers: XHR });
    expect(((await byCode.json()) as { payload: { banks: Array<{ code: string }> } }).payload.banks[0]?.code).toBe("0005");
    const ufj = await me.b.request(at(hosts.user, "/api/v1/bank_accounts/banks?q=UFJ"), { headers: XHR });
    expect(((await ufj.json()) as { payload: { banks: Array<{ code: string }> } }).payload.banks.map((b) => b.code)).toContain("0005");
    const branches = await me.b.request(at(hosts.user, `/api/v1/bank_accounts/banks/0001/branches?q=${encodeURIComponent("とうきょう")}`), {
      headers: XHR,
    });
    const bl = ((await branches.json()) as { payload: { branches: Array<{ code: string; name: string }> } }).payload.branches;
    expect(bl.length).toBeGreaterThan(0);
    expect(bl.length).toBeLessThanOrEqual(20);
    expect(bl.map((b) => b.code)).toContain("001");
    const unknown = await me.b.request(at(hosts.user, "/api/v1/bank_accounts/banks/12ab/branches?q=a"), { headers: XHR });
    expect(((await unknown.json()) as { payload: { branches: unknown[] } }).payload.branches).toEqual([]);
    // visitors get nothing
    const visitor = await new TestBrowser().request(at(hosts.user, "/api/v1/bank_accounts/banks?q=0001"), { headers: XHR });
    expect(visitor.status).toBe(401);
  });

  it("is locked while a payout to it is on its way, and says why", async () => {
    const c = await payoutCreator({ earned: 50_000, prefix: "lock" });
    expect((await apiJson(c.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 20_000 })).status).toBe(201);
    const page = await (await c.b.get(bankPage)).text();
    expect(page).toContain("完了するまで口座の変更・削除はできません。");
    const changed = await c.b.post(bankPage, account({ accountNumber: "7654321" }));
    expect(changed.status).toBe(409);
    expect(await changed.text()).toContain("お振込みの手続き中は口座を変更・削除できません。");
    const deleted = await apiJson(c.b, hosts.user, "/bank_accounts", "DELETE");
    expect(deleted.status).toBe(409);
    expect((await bankRow(c.id))?.account_number).toBe("1234567");
  });
});

describe("payout requests (/me/fanclub/transfer)", () => {
  it("shows the withdrawable balance and the rules, takes one request a period and posts it to the ledger", async () => {
    const c = await payoutCreator({ earned: 50_000, prefix: "req" });
    const page = await c.b.get(transferPage);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("¥50,000");
    expect(html).toContain("翌月10日の終わりに振込可能になります");
    expect(html).toContain("最低振込額 ¥1,000・振込手数料 ¥330");

    const res = await c.b.post(transferPage, { intent: "request", amount: "20,000" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("振込を申請しました（お振込み額 ¥19,670）。");
    const [t] = await transfersOf("fanclub_id = ?", c.fanclubId);
    expect(t).toMatchObject({ kind: "payout", user_id: c.id, status: "requested", amount: 20_000, fee: 330, account_number: "1234567" });
    expect(t!.period).toBe(billingMonthOf(Date.now()));
    expect(await withdrawable(c.b)).toBe(30_000);
    expect(
      await count(
        "SELECT count(*) AS n FROM earning_entries WHERE idempotency_key = ? AND type = 'payout' AND net = -20000",
        payoutKey(c.fanclubId, t!.period!),
      ),
    ).toBe(1);
    // the notice and the e-mail of the request
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'payoutRequested'", c.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM emails WHERE to_address = ? AND template = 'payouts.payoutRequested'", c.email)).toBe(1);

    // never twice in a period
    const again = await c.b.post(transferPage, { intent: "request", amount: "5000" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("この期間の振込はすでに申請済みです。");
    expect(await transfersOf("fanclub_id = ?", c.fanclubId)).toHaveLength(1);

    const history = await (await c.b.get(at(hosts.www, "/me/fanclub/transfer/history"))).text();
    expect(history).toContain("申請済み");
    expect(history).toContain("****567");
  });

  it("refuses bad amounts with a localized 400 and writes nothing", async () => {
    const c = await payoutCreator({ earned: 5_000, prefix: "badamt" });
    const cases: Array<[unknown, number, string]> = [
      ["-5000", 400, "申請額は1円単位の半角数字で入力してください。"],
      ["abc", 400, "申請額は1円単位の半角数字で入力してください。"],
      ["12.5", 400, "申請額は1円単位の半角数字で入力してください。"],
      ["１０００", 400, "申請額は1円単位の半角数字で入力してください。"],
      ["999", 400, "申請額は最低振込額（¥1,000）以上にしてください。"],
      ["5001", 400, "申請額が振込可能額（¥5,000）を超えています。"],
      ["999999999999", 400, "申請額が振込可能額（¥5,000）を超えています。"],
      ["9".repeat(30), 400, "申請額は1円単位の半角数字で入力してください。"],
    ];
    for (const [amount, status, message] of cases) {
      const res = await apiJson(c.b, hosts.www, "/me/fanclub/transfers", "POST", { amount });
      expect(res.status, String(amount)).toBe(status);
      expect(((await res.json()) as { payload: { message: string } }).payload.message, String(amount)).toBe(message);
    }
    expect(await transfersOf("fanclub_id = ?", c.fanclubId)).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM earning_entries WHERE fanclub_id = ? AND type = 'payout'", c.fanclubId)).toBe(0);
    expect(await withdrawable(c.b)).toBe(5_000);
  });

  it("asks for a bank account first", async () => {
    const c = await payoutCreator({ earned: 5_000, bank: false, prefix: "nobank" });
    const res = await c.b.post(transferPage, { intent: "request", amount: "3000" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("振込先口座が登録されていません。先に口座を登録してください。");
    expect(await transfersOf("fanclub_id = ?", c.fanclubId)).toEqual([]);
  });

  it("makes one payout of two concurrent requests", async () => {
    const c = await payoutCreator({ earned: 40_000, prefix: "race" });
    const [a, b] = await Promise.all([
      apiJson(c.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 30_000 }),
      apiJson(c.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 30_000 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await transfersOf("fanclub_id = ?", c.fanclubId)).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM earning_entries WHERE fanclub_id = ? AND type = 'payout'", c.fanclubId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'payoutRequested'", c.id)).toBe(1);
    expect(await withdrawable(c.b)).toBe(10_000);
  });
});

describe("the operator's desk (/ops/payouts)", () => {
  it("closes the period, downloads the Zengin file, marks paid; a failed payout returns to the balance", async () => {
    const ok = await payoutCreator({ earned: 50_000, prefix: "opsok" });
    const ko = await payoutCreator({ earned: 50_000, prefix: "opsko" });
    await env.DB.prepare("UPDATE users SET locale = 'en' WHERE id = ?").bind(ko.id).run();
    expect((await apiJson(ok.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 20_000 })).status).toBe(201);
    expect((await apiJson(ko.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 10_000 })).status).toBe(201);
    const staff = await confirmedAccount({ prefix: "opsstaff" });
    await makeOperator(staff.id);

    const desk = await staff.b.get(opsPage);
    expect(desk.status).toBe(200);
    const period = billingMonthOf(Date.now());
    expect(await desk.text()).toContain(`data-period="${period}"`);

    // bad input: a malformed period, an unknown transfer
    expect((await staff.b.post(opsPage, { intent: "close", period: "2026-13", transferDate: "2026-12-01" })).status).toBe(400);
    expect((await staff.b.post(opsPage, { intent: "mark", id: "999999999", outcome: "paid" })).status).toBe(404);
    expect((await staff.b.post(opsPage, { intent: "mark", id: "-1", outcome: "paid" })).status).toBe(400);

    const closed = await staff.b.post(opsPage, { intent: "close", period, transferDate: "2026-12-25" });
    expect(closed.status).toBe(200);
    const [okT] = await transfersOf("fanclub_id = ?", ok.fanclubId);
    const [koT] = await transfersOf("fanclub_id = ?", ko.fanclubId);
    expect(okT!.status).toBe("in_transfer");
    expect(koT!.status).toBe("in_transfer");
    // closing twice is refused; a request now belongs to the next period
    expect((await staff.b.post(opsPage, { intent: "close", period, transferDate: "2026-12-25" })).status).toBe(409);

    const file = await staff.b.get(at(hosts.www, `/ops/payouts/${period}/file`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("Shift_JIS");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = Encoding.convert(Array.from(bytes), { to: "UNICODE", from: "SJIS", type: "string" });
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines.every((l) => l.length === 120)).toBe(true);
    const mine = lines.filter(
      (l) =>
        l.startsWith("2") &&
        (l.slice(91, 101) === String(okT!.id).padStart(10, "0") || l.slice(91, 101) === String(koT!.id).padStart(10, "0")),
    );
    expect(mine).toHaveLength(2);
    const okLine = mine.find((l) => l.slice(91, 101) === String(okT!.id).padStart(10, "0"))!;
    expect(okLine.slice(1, 5)).toBe("0001");
    expect(okLine.slice(50, 80)).toBe("ﾎｼﾉ ｱｶﾘ".padEnd(30, " "));
    expect(okLine.slice(80, 90)).toBe("0000019670");
    expect(lines[0]!.slice(54, 58)).toBe("1225");
    // people other than operators cannot read it
    expect((await ok.b.get(at(hosts.www, `/ops/payouts/${period}/file`))).status).toBe(404);

    expect((await staff.b.post(opsPage, { intent: "mark", id: String(okT!.id), outcome: "paid" })).status).toBe(200);
    expect((await staff.b.post(opsPage, { intent: "mark", id: String(koT!.id), outcome: "failed" })).status).toBe(200);
    // marking again (or the other way) is refused and posts nothing more
    expect((await staff.b.post(opsPage, { intent: "mark", id: String(okT!.id), outcome: "failed" })).status).toBe(409);
    expect((await transfersOf("id = ?", okT!.id))[0]!.status).toBe("paid");
    expect((await transfersOf("id = ?", koT!.id))[0]!.status).toBe("failed");
    expect(await withdrawable(ok.b)).toBe(30_000);
    // the failed one came back
    expect(await withdrawable(ko.b)).toBe(50_000);
    expect(await count("SELECT count(*) AS n FROM earning_entries WHERE fanclub_id = ? AND type = 'payout_paid'", ok.fanclubId)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM earning_entries WHERE fanclub_id = ? AND type IN ('payout_paid', 'payout_failed')",
        ko.fanclubId,
      ),
    ).toBe(1);

    // each status change told the recipient, in their language
    expect(
      await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind IN ('payoutInTransfer', 'payoutPaid')", ok.id),
    ).toBe(2);
    const mail = await env.DB.prepare("SELECT subject, locale FROM emails WHERE to_address = ? AND template = 'payouts.payoutFailed'")
      .bind(ko.email)
      .first<{ subject: string; locale: string }>();
    expect(mail).toMatchObject({ locale: "en" });
    expect(mail!.subject).toContain("could not be transferred");
  });

  it("is for operators only: others get a 404, visitors the login", async () => {
    const fan = await confirmedAccount({ prefix: "opsfan" });
    expect((await fan.b.get(opsPage)).status).toBe(404);
    expect((await fan.b.post(opsPage, { intent: "close", period: "2026-11", transferDate: "2026-12-01" })).status).toBe(404);
    const visitor = await new TestBrowser().get(opsPage);
    expect(visitor.status).toBe(302);
  });
});

describe("refund receipts for fans (/me/transfer, /api/v1/transfers)", () => {
  it("follows a refund from owed to paid: recorded by the operator, applied for by the fan, paid from the same file", async () => {
    const fan = await confirmedAccount({ prefix: "refund" });
    const staff = await confirmedAccount({ prefix: "refstaff" });
    await makeOperator(staff.id);
    const page = await staff.b.get(opsPage);
    const nonce = /name="nonce" value="([^"]+)"/.exec(await page.text())![1]!;
    const owe = { intent: "owe", email: fan.email, amount: "1,500", reason: "card_removed", memo: "ポストカードの返金", nonce };
    expect((await staff.b.post(opsPage, owe)).status).toBe(200);
    // the same form twice records one debt
    expect((await staff.b.post(opsPage, owe)).status).toBe(409);
    // bad input: negative, unknown fan
    expect((await staff.b.post(opsPage, { ...owe, amount: "-100", nonce: crypto.randomUUID() })).status).toBe(400);
    expect((await staff.b.post(opsPage, { ...owe, email: "nobody@example.com", nonce: crypto.randomUUID() })).status).toBe(404);
    const [owed] = await transfersOf("user_id = ? AND kind = 'refund'", fan.id);
    expect(owed).toMatchObject({ status: "owed", amount: 1500 });

    const mine = await fan.b.get(at(hosts.user, "/me/transfer"));
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain("お受け取り前の返金: ¥1,500");
    expect(html).toContain("ポストカードの返金");
    const status = await fan.b.request(at(hosts.user, "/api/v1/transfers/status"), { headers: XHR });
    expect(((await status.json()) as { payload: unknown }).payload).toEqual({ outstanding: 1500, owed: 1, hasBankAccount: false });

    // no account yet
    const noBank = await apiJson(fan.b, hosts.user, `/transfers/${owed!.id}/refund_request`, "POST");
    expect(noBank.status).toBe(409);
    // someone else's refund, an unknown id
    const other = await confirmedAccount({ prefix: "refother" });
    await insertBankAccount(other.id);
    expect((await apiJson(other.b, hosts.user, `/transfers/${owed!.id}/refund_request`, "POST")).status).toBe(404);
    expect((await apiJson(fan.b, hosts.user, "/transfers/99999999/refund_request", "POST")).status).toBe(404);
    expect((await apiJson(fan.b, hosts.user, "/transfers/abc/refund_request", "POST")).status).toBe(404);

    await insertBankAccount(fan.id, { accountNumber: "2222222", holderName: "ﾌｱﾝ ｲﾁ" });
    const applied = await fan.b.post(at(hosts.user, "/me/transfer"), { id: String(owed!.id) });
    expect(applied.status).toBe(200);
    expect((await transfersOf("id = ?", owed!.id))[0]).toMatchObject({ status: "requested", account_number: "2222222" });
    expect((await apiJson(fan.b, hosts.user, `/transfers/${owed!.id}/refund_request`, "POST")).status).toBe(409);

    // the refund joins the first period still open (another test may have closed this month's)
    const period = (await transfersOf("id = ?", owed!.id))[0]!.period!;
    expect(period >= billingMonthOf(Date.now())).toBe(true);
    expect((await staff.b.post(opsPage, { intent: "close", period, transferDate: "2026-12-25" })).status).toBe(200);
    const file = await staff.b.get(at(hosts.www, `/ops/payouts/${period}/file`));
    const text = Encoding.convert(Array.from(new Uint8Array(await file.arrayBuffer())), { to: "UNICODE", from: "SJIS", type: "string" });
    const line = text.split("\r\n").find((l) => l.startsWith("2") && l.slice(91, 101) === String(owed!.id).padStart(10, "0"));
    expect(line?.slice(80, 90)).toBe("0000001500");
    expect(line?.slice(50, 80)).toBe("ﾌｱﾝ ｲﾁ".padEnd(30, " "));
    expect((await staff.b.post(opsPage, { intent: "mark", id: String(owed!.id), outcome: "paid" })).status).toBe(200);

    const history = await (await fan.b.get(at(hosts.user, "/me/transfer/history"))).text();
    expect(history).toContain("振込完了");
    expect(
      await count(
        "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind IN ('refundOwed', 'refundInTransfer', 'refundPaid')",
        fan.id,
      ),
    ).toBe(3);
  });
});

describe("labels (/me/managed_fanclubs/transfers, transfer_histories)", () => {
  it("receive a managed fan club's payouts when its owner says so, and see them with the totals", async () => {
    const c = await payoutCreator({ earned: 30_000, prefix: "lblowner" });
    const label = await labelOf(c.fanclubId);
    await insertBankAccount(label.id, { accountNumber: "5555555", holderName: "ｶ)ﾚ-ﾍﾞﾙ" });
    // a label that does not manage the fan club cannot be chosen
    const stranger = await confirmedAccount({ prefix: "lblstr" });
    expect((await c.b.post(transferPage, { intent: "payee", payee: `label:${stranger.id}` })).status).toBe(400);
    expect((await c.b.post(transferPage, { intent: "payee", payee: `label:${label.id}` })).status).toBe(200);
    expect(await (await c.b.get(transferPage)).text()).toContain("（レーベル）の口座");

    expect((await apiJson(c.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 12_000 })).status).toBe(201);
    const [t] = await transfersOf("fanclub_id = ?", c.fanclubId);
    expect(t).toMatchObject({ user_id: label.id, account_number: "5555555", holder_name: "ｶ)ﾚ-ﾍﾞﾙ" });
    // the label's own account is now locked, the owner's is not
    expect((await apiJson(label.b, hosts.user, "/bank_accounts", "DELETE")).status).toBe(409);

    const page = await label.b.get(at(hosts.www, "/me/managed_fanclubs/transfers"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-fanclub-id="${c.fanclubId}"`);
    expect(html).toContain("¥18,000");
    expect(html).toContain("¥12,000");
    const histories = await (await label.b.get(at(hosts.www, "/me/managed_fanclubs/transfer_histories"))).text();
    expect(histories).toContain("振込済み合計 ¥0・手続き中 ¥12,000");
    expect(histories).toContain(`data-transfer-id="${t!.id}"`);

    // people who manage nothing get a 404
    expect((await stranger.b.get(at(hosts.www, "/me/managed_fanclubs/transfers"))).status).toBe(404);
    expect((await c.b.get(at(hosts.www, "/me/managed_fanclubs/transfer_histories"))).status).toBe(404);
  });
});

describe("authorization matrix of money out", () => {
  it("lets the owner in and keeps everyone else out of the creator's payout pages and API", async () => {
    const c = await payoutCreator({ earned: 10_000, prefix: "azpo" });
    const editorAll = await confirmedAccount({ prefix: "azpe" });
    await insertEditor(c.fanclubId, editorAll.id, [
      "commentable",
      "deletable_comments",
      "postable_drafts",
      "postable",
      "can_talk_manage",
      "can_schedule_manage",
      "can_product_manage",
      "can_lesson_manage",
      "can_raffle_manage",
    ]);
    const editorNone = await confirmedAccount({ prefix: "azpn" });
    await insertEditor(c.fanclubId, editorNone.id, []);
    const label = await labelOf(c.fanclubId);
    const fan = await confirmedAccount({ prefix: "azpf" });
    const staff = await confirmedAccount({ prefix: "azps" });
    await makeOperator(staff.id);
    const visitor = new TestBrowser();

    const pages = ["/me/fanclub/transfer", "/me/fanclub/transfer/history"];
    for (const path of pages) {
      expect((await c.b.get(at(hosts.www, path))).status, `owner ${path}`).toBe(200);
      // no editor permission grants payouts (spec §6: sales and transfers are the owner's)
      expect((await editorAll.b.get(at(hosts.www, path))).status, `editor with every permission ${path}`).toBe(403);
      expect((await editorNone.b.get(at(hosts.www, path))).status, `editor with none ${path}`).toBe(403);
      for (const [who, b] of [
        ["label", label.b],
        ["fan", fan.b],
        ["operator", staff.b],
      ] as const) {
        const res = await b.get(at(hosts.www, path));
        expect(`${res.status} ${res.headers.get("location")}`, `${who} ${path}`).toBe("302 /me/fanclub/new");
      }
      const v = await visitor.get(at(hosts.www, path));
      expect(v.status).toBe(302);
      expect(v.headers.get("location")).toContain("/auth/login");
    }
    // the API and the request: 403 for all but the owner, 401 for visitors, and nothing written
    for (const b of [editorAll.b, editorNone.b, label.b, fan.b, staff.b]) {
      expect((await b.request(at(hosts.www, "/api/v1/me/fanclub/transfers"), { headers: XHR })).status).toBe(403);
      expect((await apiJson(b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 5000 })).status).toBe(403);
      expect((await b.post(transferPage, { intent: "request", amount: "5000" })).status).not.toBe(200);
      expect((await b.post(transferPage, { intent: "payee", payee: "owner" })).status).not.toBe(200);
    }
    expect((await apiJson(visitor, hosts.www, "/me/fanclub/transfers", "POST", { amount: 5000 })).status).toBe(401);
    expect(await transfersOf("fanclub_id = ?", c.fanclubId)).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM fanclub_payout_settings WHERE fanclub_id = ?", c.fanclubId)).toBe(0);
    expect((await apiJson(c.b, hosts.www, "/me/fanclub/transfers", "POST", { amount: 5000 })).status).toBe(201);

    // the signed-in person's own pages: everyone signed in, never a visitor
    for (const path of ["/me/settings/bank", "/me/transfer", "/me/transfer/history"]) {
      for (const b of [c.b, editorAll.b, label.b, fan.b, staff.b]) expect((await b.get(at(hosts.user, path))).status, path).toBe(200);
      expect((await visitor.get(at(hosts.user, path))).status, path).toBe(302);
    }
    for (const path of ["/bank_accounts", "/transfers", "/transfers/status"]) {
      expect((await visitor.request(at(hosts.user, `/api/v1${path}`), { headers: XHR })).status, path).toBe(401);
    }
    // the operator desk: the operator only
    expect((await staff.b.get(opsPage)).status).toBe(200);
    for (const b of [c.b, editorAll.b, editorNone.b, label.b, fan.b]) expect((await b.get(opsPage)).status).toBe(404);
  });
});
