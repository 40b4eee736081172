import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { billingMonthOf } from "../../server/domain/billing-month";
import { oweRefund } from "../../server/services/payouts/refunds";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { count, insertBankAccount, labelOf, makeOperator, payoutCreator } from "./payouts-fixture";

/*
 * The authorization matrix of spec §6 over every money-out page and API of issue 19, in one
 * table: the owner, an editor with every permission (no editor permission grants viewSales or
 * manageTransfers: sales and transfers are the owner's) and one with none, the label managing
 * the fan club, another fan, an operator, a visitor. A refused read shows nothing of the fan
 * club's money; a refused write changes nothing.
 */

const db = createDb(env.DB);
const XHR = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
type Who = "owner" | "editorAll" | "editorNone" | "label" | "fan" | "operator" | "visitor";
const WHO: readonly Who[] = ["owner", "editorAll", "editorNone", "label", "fan", "operator", "visitor"];

/** What each person gets: a status, or a redirect to a path. */
type Expect = number | { redirect: string };
const toNewFanclub = { redirect: "/me/fanclub/new" };
const toLogin = { redirect: "/auth/login" };

/** The creator's own money pages: the owner only; editors are refused, people without a fan club are sent to open one. */
const creatorOnly: Record<Who, Expect> = {
  owner: 200,
  editorAll: 403,
  editorNone: 403,
  label: toNewFanclub,
  fan: toNewFanclub,
  operator: toNewFanclub,
  visitor: toLogin,
};
/** A label's pages: the label only; anybody else manages nothing. */
const labelOnly: Record<Who, Expect> = {
  owner: 404,
  editorAll: 404,
  editorNone: 404,
  label: 200,
  fan: 404,
  operator: 404,
  visitor: toLogin,
};
/** The signed-in person's own pages (bank account, refunds owed to them). */
const signedIn: Record<Who, Expect> = {
  owner: 200,
  editorAll: 200,
  editorNone: 200,
  label: 200,
  fan: 200,
  operator: 200,
  visitor: toLogin,
};
const operatorOnly: Record<Who, Expect> = {
  owner: 404,
  editorAll: 404,
  editorNone: 404,
  label: 404,
  fan: 404,
  operator: 200,
  // sign in first; what is behind stays unknown
  visitor: toLogin,
};

describe("authorization matrix of every money-out page and API", () => {
  it("lets each person reach exactly what spec §6 gives them", { timeout: 60_000 }, async () => {
    const c = await payoutCreator({ earned: 10_000, prefix: "mxo" });
    const editorAll = await confirmedAccount({ prefix: "mxea" });
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
      "can_message_manage",
    ]);
    const editorNone = await confirmedAccount({ prefix: "mxen" });
    await insertEditor(c.fanclubId, editorNone.id, []);
    const label = await labelOf(c.fanclubId);
    const fan = await confirmedAccount({ prefix: "mxf" });
    const staff = await confirmedAccount({ prefix: "mxs" });
    await makeOperator(staff.id);
    const browsers: Record<Who, TestBrowser> = {
      owner: c.b,
      editorAll: editorAll.b,
      editorNone: editorNone.b,
      label: label.b,
      fan: fan.b,
      operator: staff.b,
      visitor: new TestBrowser(),
    };

    const pages: Array<[string, string, Record<Who, Expect>]> = [
      [hosts.www, "/me/fanclub/sales", creatorOnly],
      [hosts.www, "/me/fanclub/sales?month=2024-01", creatorOnly],
      [hosts.www, "/me/fanclub/sales/csv", creatorOnly],
      [hosts.www, "/me/fanclub/sales/invoices", creatorOnly],
      [hosts.www, "/me/fanclub/transfer", creatorOnly],
      [hosts.www, "/me/fanclub/transfer/history", creatorOnly],
      [hosts.www, "/me/fanclub/invoice_number", creatorOnly],
      [hosts.www, "/me/managed_fanclubs/sales", labelOnly],
      [hosts.www, "/me/managed_fanclubs/transfers", labelOnly],
      [hosts.www, "/me/managed_fanclubs/transfer_histories", labelOnly],
      [hosts.user, "/me/settings/bank", signedIn],
      [hosts.user, "/me/transfer", signedIn],
      [hosts.user, "/me/transfer/history", signedIn],
      [hosts.www, "/ops/payouts", operatorOnly],
    ];
    for (const [host, path, rule] of pages) {
      for (const who of WHO) {
        const res = await browsers[who].get(at(host, path));
        const want = rule[who];
        const got = res.status >= 300 && res.status < 400 ? `redirect ${res.headers.get("location") ?? ""}` : String(res.status);
        if (typeof want === "number") expect(got, `${who} ${path}`).toBe(String(want));
        else expect(got, `${who} ${path}`).toMatch(new RegExp(`^redirect \\S*${want.redirect}`));
      }
    }
    // a managed fan club's invoice and the operator's bank file: nobody but their own people
    const month = "2024-01";
    for (const who of WHO.filter((w) => w !== "label")) {
      const res = await browsers[who].get(at(hosts.www, `/me/managed_fanclubs/sales/invoices/${c.fanclubId}/${month}.pdf`));
      expect([302, 404], `${who} label invoice`).toContain(res.status);
    }
    for (const who of WHO.filter((w) => w !== "operator")) {
      const res = await browsers[who].get(at(hosts.www, `/ops/payouts/${billingMonthOf(Date.now())}/file`));
      if (who === "visitor") expect(res.headers.get("location"), "visitor bank file").toContain("/auth/login");
      else expect(res.status, `${who} bank file`).toBe(404);
    }

    // the APIs: the creator's transfers are the owner's; the person's own are any signed-in person's
    for (const who of WHO) {
      const b = browsers[who];
      const creator = await b.request(at(hosts.www, "/api/v1/me/fanclub/transfers"), { headers: XHR });
      expect(creator.status, `${who} GET creator transfers`).toBe(who === "owner" ? 200 : who === "visitor" ? 401 : 403);
      for (const path of ["/bank_accounts", "/transfers", "/transfers/status", "/bank_accounts/banks?q=0001"]) {
        const res = await b.request(at(hosts.user, `/api/v1${path}`), { headers: XHR });
        expect(res.status, `${who} GET ${path}`).toBe(who === "visitor" ? 401 : 200);
      }
    }
    // what one person's API answers is theirs alone: the owner's account is not shown to the editor
    const editorsAccount = await editorAll.b.request(at(hosts.user, "/api/v1/bank_accounts"), { headers: XHR });
    expect(JSON.stringify(await editorsAccount.json())).not.toContain("1234567");

    // writes refused to everyone but the owner change nothing
    for (const who of WHO.filter((w) => w !== "owner")) {
      const res = await browsers[who].request(at(hosts.www, "/api/v1/me/fanclub/transfers"), {
        method: "POST",
        headers: { ...XHR, "content-type": "application/json" },
        body: JSON.stringify({ amount: 5000 }),
      });
      expect(res.status, `${who} POST creator transfers`).toBe(who === "visitor" ? 401 : 403);
    }
    expect(await count("SELECT count(*) AS n FROM transfers WHERE fanclub_id = ? AND kind = 'payout'", c.fanclubId)).toBe(0);

    // a refund owed to the fan: only the fan can apply for it; anybody else is told it does not exist
    await insertBankAccount(fan.id);
    const owed = await oweRefund(db, {
      userId: fan.id,
      fanclubId: c.fanclubId,
      amount: 1200,
      reason: "fanclub_closed",
      memo: "閉鎖",
      key: `refund-owed:matrix:${fan.id}`,
      now: Date.now(),
      url: `http://${hosts.user}/me/transfer`,
    });
    if (!owed.ok) throw new Error("the refund was not recorded");
    for (const who of WHO.filter((w) => w !== "fan")) {
      const res = await browsers[who].request(at(hosts.user, `/api/v1/transfers/${owed.transfer.id}/refund_request`), {
        method: "POST",
        headers: { ...XHR, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status, `${who} applies for the fan's refund`).toBe(who === "visitor" ? 401 : 404);
    }
    expect(await count("SELECT count(*) AS n FROM transfers WHERE id = ? AND status = 'owed'", owed.transfer.id)).toBe(1);
    const mine = await fan.b.request(at(hosts.user, `/api/v1/transfers/${owed.transfer.id}/refund_request`), {
      method: "POST",
      headers: { ...XHR, "content-type": "application/json" },
      body: "{}",
    });
    expect(mine.status).toBe(200);
  });
});
