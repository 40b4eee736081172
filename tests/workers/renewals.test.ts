import { describe, expect, it } from "vitest";
import { renewalKey } from "../../server/domain/renewal";
import { coinBalance, creditCoins } from "../../server/services/coins";
import { ledgerAudit } from "../../server/services/coin-audit";
import { RenewalRetryError } from "../../server/jobs/renewals";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import {
  all,
  countingProvider,
  db,
  deliver,
  drain,
  giveCard,
  giveCoins,
  insertClubWithPlan,
  insertPaidMembership,
  insertUser,
  one,
  runMoneyCron,
  setCoinForRenewal,
  TEST_CARDS,
  withLoggedErrors,
} from "./renewals-fixture";

const DAY = 86_400_000;
/** 00:00 JST on 1 June 2026: the money cron's instant (15:00 UTC the day before). */
const JUNE_1 = Date.UTC(2026, 4, 31, 15, 0);
const RUN_AT = JUNE_1 + 2_000;
const JUNE = "2026-06";

type Membership = { status: string; paid_through: string | null; expired_at: number | null; left_at: number | null };
const membership = (id: number) => one<Membership>("SELECT status, paid_through, expired_at, left_at FROM memberships WHERE id = ?", id);
const payments = (id: number) =>
  all<{
    month: string;
    amount: number;
    kind: string;
    idempotency_key: string;
    card_charge_id: string | null;
    coin_entry_id: number | null;
  }>("SELECT month, amount, kind, idempotency_key, card_charge_id, coin_entry_id FROM membership_payments WHERE membership_id = ?", id);
const noticesOf = (userId: number) =>
  all<{ kind: string; params: string; url: string | null }>(
    "SELECT kind, params, url FROM notifications WHERE user_id = ? ORDER BY id",
    userId,
  );
const mailTo = (email: string | null) =>
  all<{ subject: string; text_body: string; locale: string; status: string; template: string }>(
    "SELECT subject, text_body, locale, status, template FROM emails WHERE to_address = ? ORDER BY id",
    email,
  );

/** The cron at `cronAt`, then every message it leads to, with the consumer's clock at `now`. */
async function monthRun(cronAt: number, now: number, provider = countingProvider()) {
  const sent = await runMoneyCron(cronAt);
  await drain(sent, { now: () => now, provider: () => provider.provider });
  return { sent, provider };
}

describe("the money cron only enqueues", () => {
  it("on the 1st (00:00 JST) the month's renewal run, the auto-leave sweep and the coin expiry; on other days no renewals", async () => {
    const first = await runMoneyCron(JUNE_1);
    expect(first.map((m) => m.type)).toEqual(["renewal-scan", "auto-leave", "coins-expire"]);
    expect(first[0]).toMatchObject({ month: JUNE, afterId: 0 });
    // one minute earlier it is still 31 May in Japan
    expect((await runMoneyCron(JUNE_1 - 60_000)).map((m) => m.type)).toEqual(["auto-leave", "coins-expire"]);
    expect((await runMoneyCron(JUNE_1 + DAY)).map((m) => m.type)).toEqual(["auto-leave", "coins-expire"]);
  });
});

describe("renewals on the 1st (JST)", () => {
  it("charges due memberships' cards (4242) once, records the month, tells the fan in their language; a free plan records its month", async () => {
    const club = await insertClubWithPlan(500, { fanclubName: "星空ラウンジ", planName: "ゴールド" });
    const fan = await insertUser({ locale: "en", name: "Aoi" });
    await giveCard(fan, TEST_CARDS.ok);
    const due = await insertPaidMembership(fan.id, club);
    // already paid for June (joined this month), left, and a fan whose plan is free
    const paidFan = await insertUser();
    await giveCard(paidFan, TEST_CARDS.ok);
    const alreadyPaid = await insertPaidMembership(paidFan.id, club, { paidThrough: JUNE });
    const leftFan = await insertUser();
    await giveCard(leftFan, TEST_CARDS.ok);
    const left = await insertPaidMembership(leftFan.id, club, { status: "left" });
    const freeClub = await insertClubWithPlan(0);
    const freeFan = await insertUser();
    const free = await insertPaidMembership(freeFan.id, freeClub);

    const { provider } = await monthRun(JUNE_1, RUN_AT);

    const key = renewalKey(due, JUNE);
    expect(provider.calls.get(key)).toHaveLength(1);
    const charge = provider.executed.get(key);
    expect(charge).toMatchObject({ status: "succeeded" });
    expect(await membership(due)).toMatchObject({ status: "active", paid_through: JUNE, expired_at: null });
    expect(await payments(due)).toEqual([
      {
        month: JUNE,
        amount: 500,
        kind: "renewal",
        idempotency_key: key,
        card_charge_id: charge!.status === "succeeded" ? charge!.chargeId : "",
        coin_entry_id: null,
      },
    ]);
    const notices = await noticesOf(fan.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "renewalSucceeded", url: `http://www.fanclub.localhost:8787/fanclubs/${club.fanclubId}` });
    expect(JSON.parse(notices[0]!.params)).toMatchObject({
      fanclub: "星空ラウンジ",
      plan: "ゴールド",
      month: "2026/06",
      amount: "¥500",
      method: "credit card",
    });
    const mail = await mailTo(fan.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ locale: "en", status: "sent", template: "renewals.renewed" });
    expect(mail[0]!.subject).toContain("renewed");
    expect(mail[0]!.text_body).toContain("Dear Aoi");
    expect(mail[0]!.text_body).toContain("¥500");

    // nobody else was charged
    expect(provider.calls.has(renewalKey(alreadyPaid, JUNE))).toBe(false);
    expect(provider.calls.has(renewalKey(left, JUNE))).toBe(false);
    expect(await payments(alreadyPaid)).toEqual([]);
    expect(await membership(left)).toMatchObject({ status: "left", paid_through: "2026-05" });
    expect(await payments(free)).toEqual([expect.objectContaining({ month: JUNE, amount: 0, card_charge_id: null, coin_entry_id: null })]);
    expect(await membership(free)).toMatchObject({ status: "active", paid_through: JUNE });
    expect(provider.calls.has(renewalKey(free, JUNE))).toBe(false);
    // a free month is not news
    expect(await noticesOf(freeFan.id)).toEqual([]);

    // the cron again that night: the renewed are no longer due, nobody is charged or told twice
    const again = await monthRun(JUNE_1, RUN_AT + 60_000);
    expect(again.provider.calls.size).toBe(0);
    expect(await payments(due)).toHaveLength(1);
    expect(await noticesOf(fan.id)).toHaveLength(1);
  });

  it("a card that declines (0341) with coin-for-renewal on and enough coins pays with coins, in the same batch as the month", async () => {
    const club = await insertClubWithPlan(500, { planName: "シルバー" });
    const fan = await insertUser();
    await giveCard(fan, TEST_CARDS.declines);
    await setCoinForRenewal(fan.id, true);
    await giveCoins(fan.id, 800, JUNE_1 - DAY);
    const id = await insertPaidMembership(fan.id, club);

    const { provider } = await monthRun(JUNE_1, RUN_AT);

    const key = renewalKey(id, JUNE);
    expect(provider.calls.get(key)?.map((r) => r.status)).toEqual(["failed"]);
    const entry = await one<{ id: number; kind: string; amount: number; ref_type: string; ref_id: string }>(
      "SELECT id, kind, amount, ref_type, ref_id FROM coin_entries WHERE idempotency_key = ?",
      key,
    );
    expect(entry).toMatchObject({ kind: "spend", amount: 500, ref_type: "membership", ref_id: String(id) });
    expect(await payments(id)).toEqual([
      { month: JUNE, amount: 500, kind: "renewal", idempotency_key: key, card_charge_id: null, coin_entry_id: entry!.id },
    ]);
    expect(await membership(id)).toMatchObject({ status: "active", paid_through: JUNE });
    expect((await coinBalance(db, fan.id, RUN_AT)).balance).toBe(300);
    expect(JSON.parse((await noticesOf(fan.id))[0]!.params)).toMatchObject({ method: "トラコイン", amount: "¥500" });
    expect(await ledgerAudit(db)).toMatchObject({
      postingSum: 0,
      unbalancedEntries: 0,
      accountsOffPostings: 0,
      accountsOffLots: 0,
      negativeAccounts: 0,
    });
  });

  it("a declining card with too few coins leaves the plan unpaid (expired), coins untouched, the fan told to pay by the 6th", async () => {
    const club = await insertClubWithPlan(500, { fanclubName: "月光クラブ", planName: "ブロンズ" });
    const fan = await insertUser();
    await giveCard(fan, TEST_CARDS.declines);
    await setCoinForRenewal(fan.id, true);
    await giveCoins(fan.id, 300, JUNE_1 - DAY);
    const id = await insertPaidMembership(fan.id, club);

    await monthRun(JUNE_1, RUN_AT);

    expect(await membership(id)).toMatchObject({ status: "unpaid", paid_through: "2026-05", expired_at: RUN_AT });
    expect(await payments(id)).toEqual([]);
    expect(await one("SELECT key FROM processed_events WHERE key = ?", renewalKey(id, JUNE))).toEqual({ key: renewalKey(id, JUNE) });
    expect((await coinBalance(db, fan.id, RUN_AT)).balance).toBe(300);
    const [notice] = await noticesOf(fan.id);
    expect(notice).toMatchObject({
      kind: "renewalFailed",
      url: `http://www.fanclub.localhost:8787/fanclubs/${club.fanclubId}?payExpired=1`,
    });
    expect(JSON.parse(notice!.params)).toMatchObject({ deadline: "2026/06/06 23:59" });
    const [mail] = await mailTo(fan.email);
    expect(mail!.subject).toContain("月光クラブ");
    expect(mail!.text_body).toContain("2026/06/06 23:59までにお支払いいただけない場合、7日に自動的に退会となります。");
    expect(mail!.text_body).toContain(`/fanclubs/${club.fanclubId}?payExpired=1`);

    // a failed month is not tried again by a second run
    const again = await monthRun(JUNE_1, RUN_AT + 1000);
    expect(again.provider.calls.size).toBe(0);
    expect(await noticesOf(fan.id)).toHaveLength(1);
  });

  it("without a card and with coin-for-renewal off the plan becomes unpaid even with coins to spare", async () => {
    const club = await insertClubWithPlan(1000);
    const fan = await insertUser();
    await giveCoins(fan.id, 5000, JUNE_1 - DAY);
    const id = await insertPaidMembership(fan.id, club);

    const { provider } = await monthRun(JUNE_1, RUN_AT);

    expect(provider.calls.has(renewalKey(id, JUNE))).toBe(false);
    expect(await membership(id)).toMatchObject({ status: "unpaid", expired_at: RUN_AT });
    expect((await coinBalance(db, fan.id, RUN_AT)).balance).toBe(5000);
    expect(await one("SELECT id FROM coin_entries WHERE idempotency_key = ?", renewalKey(id, JUNE))).toBeNull();
  });

  it("a provider that cannot answer does not expire anyone: the message is retried and the same key gets the first payment", async () => {
    const club = await insertClubWithPlan(700);
    const fan = await insertUser();
    await giveCard(fan, TEST_CARDS.ok);
    const id = await insertPaidMembership(fan.id, club);
    const key = renewalKey(id, JUNE);
    const provider = countingProvider();
    // the charge went through at the provider, but its answer was lost on the way back
    provider.failNext(key, "after");
    const deps = { now: () => RUN_AT, provider: () => provider.provider };

    const pending: Array<{ body: Awaited<ReturnType<typeof runMoneyCron>>[number]; attempts: number }> = [];
    const cron = await runMoneyCron(JUNE_1);
    await deliver(
      cron.filter((m) => m.type === "renewal-scan").map((body) => ({ body, attempts: 1 })),
      deps,
      pending,
    );
    const mine = pending.filter((m) => m.body.type === "renewal" && m.body.membershipIds.includes(id));
    expect(mine).toHaveLength(1);
    const first = await deliver(mine, deps, []);
    expect(first.retried).toHaveLength(1);
    expect(await membership(id)).toMatchObject({ status: "active", paid_through: "2026-05", expired_at: null });
    expect(await one("SELECT key FROM processed_events WHERE key = ?", key)).toBeNull();

    const second = await deliver(first.retried, deps, []);
    expect(second.retried).toEqual([]);
    expect(provider.calls.get(key)).toHaveLength(2);
    const charge = provider.executed.get(key)!;
    expect(await payments(id)).toEqual([
      expect.objectContaining({ card_charge_id: charge.status === "succeeded" ? charge.chargeId : "x" }),
    ]);
    expect(await membership(id)).toMatchObject({ status: "active", paid_through: JUNE });
  });

  it("a consumer that dies between the charge and the record: the redelivery records one payment with the first charge", async () => {
    const club = await insertClubWithPlan(900);
    const fan = await insertUser();
    await giveCard(fan, TEST_CARDS.ok);
    const id = await insertPaidMembership(fan.id, club);
    const key = renewalKey(id, JUNE);
    const provider = countingProvider();
    let crashes = 0;
    const sent = await runMoneyCron(JUNE_1);
    const { logged, value } = await withLoggedErrors(() =>
      drain(sent, {
        now: () => RUN_AT,
        provider: () => provider.provider,
        afterCharge: ({ membershipId }) => {
          if (membershipId === id && crashes++ === 0) throw new Error("consumer killed between charge and record");
        },
      }),
    );
    expect(value.retried).toBeGreaterThanOrEqual(1);
    // logged as a defect (an error, not a warning), naming the crash
    const crash = logged.map((args) => args[1]).find((e): e is RenewalRetryError => e instanceof RenewalRetryError);
    expect(crash?.errors.map((e: Error) => e.message)).toEqual(["consumer killed between charge and record"]);
    expect(provider.calls.get(key)).toHaveLength(2);
    const charge = provider.executed.get(key)!;
    expect(charge.status).toBe("succeeded");
    expect(await payments(id)).toEqual([
      expect.objectContaining({ idempotency_key: key, card_charge_id: charge.status === "succeeded" ? charge.chargeId : "x" }),
    ]);
    expect(await noticesOf(fan.id)).toHaveLength(1);
  });
});

describe("unpaid plans leave on the 7th (JST)", () => {
  it("not at 23:59 on the 6th; at 00:00 on the 7th, once, with the member counts and the fan told", async () => {
    const club = await insertClubWithPlan(600, { fanclubName: "雪月花", planName: "スタンダード" });
    const fan = await insertUser();
    const id = await insertPaidMembership(fan.id, club);
    await monthRun(JUNE_1, RUN_AT);
    expect(await membership(id)).toMatchObject({ status: "unpaid" });
    const counts = () =>
      one<{ plan: number; fanclub: number }>(
        "SELECT (SELECT member_count FROM plans WHERE id = ?) AS plan, (SELECT member_count FROM fanclubs WHERE id = ?) AS fanclub",
        club.planId,
        club.fanclubId,
      );
    expect(await counts()).toEqual({ plan: 1, fanclub: 1 });

    const sixth2359 = Date.UTC(2026, 5, 6, 14, 59);
    await monthRun(sixth2359, sixth2359 + 59_000);
    expect(await membership(id)).toMatchObject({ status: "unpaid", left_at: null });

    const seventh = Date.UTC(2026, 5, 6, 15, 0);
    await monthRun(seventh, seventh);
    expect(await membership(id)).toMatchObject({ status: "left", left_at: seventh });
    expect(await counts()).toEqual({ plan: 0, fanclub: 0 });
    const notices = await noticesOf(fan.id);
    expect(notices.map((n) => n.kind)).toEqual(["renewalFailed", "renewalAutoLeft"]);
    const mail = await mailTo(fan.email);
    expect(mail.map((m) => m.template)).toEqual(["renewals.failed", "renewals.autoLeft"]);
    expect(mail[1]!.text_body).toContain("自動的に退会となりました");

    // the next night's sweep finds nothing to do
    await monthRun(seventh + DAY, seventh + DAY);
    expect(await noticesOf(fan.id)).toHaveLength(2);
    expect(await counts()).toEqual({ plan: 0, fanclub: 0 });
  });
});

describe("bonus coins expire with the money cron", () => {
  it("moves what is left of expired bonus lots out of the balance", async () => {
    const fan = await insertUser();
    await creditCoins(db, {
      userId: fan.id,
      amount: 150,
      kind: "bonus",
      expiresAt: JUNE_1 - DAY,
      idempotencyKey: `bonus:${fan.id}`,
      now: JUNE_1 - 5 * DAY,
    });
    await monthRun(JUNE_1 + DAY, JUNE_1 + DAY);
    expect(await one("SELECT kind, amount FROM coin_entries WHERE user_id = ? AND kind = 'expire'", fan.id)).toEqual({
      kind: "expire",
      amount: 150,
    });
    expect(await one("SELECT balance FROM coin_accounts WHERE user_id = ?", fan.id)).toEqual({ balance: 0 });
  });
});

describe("expired plans for the fan", () => {
  const json = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

  it("the API lists them, the session flags them and every default-layout page shows the alert, until the plan leaves", async () => {
    const { b, id: userId } = await confirmedAccount({ name: "未払いさん", prefix: "expired" });
    const club = await insertClubWithPlan(800, { fanclubName: "夜明けの会", planName: "プレミアム" });
    const membershipId = await insertPaidMembership(userId, club);

    // before: nothing expired, no alert
    expect(await (await b.get(at(hosts.www, "/"))).text()).not.toContain("期限切れのプランがあります");
    expect(
      (await (await b.get(at(hosts.www, "/api/v1/session"), json)).json<{ payload: { isSubscriptionAlert: boolean } }>()).payload
        .isSubscriptionAlert,
    ).toBe(false);

    await monthRun(JUNE_1, RUN_AT);

    const res = await b.get(at(hosts.www, "/api/v1/plans/expired"), json);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      payload: {
        plan: [
          {
            id: membershipId,
            fanclub: { id: club.fanclubId, name: "夜明けの会", url: `http://www.fanclub.localhost:8787/fanclubs/${club.fanclubId}` },
            plan: { id: club.planId, name: "プレミアム", price: 800 },
            expiredAt: new Date(RUN_AT).toISOString(),
            autoLeaveAt: new Date(Date.UTC(2026, 5, 6, 15, 0)).toISOString(),
            payUrl: `http://www.fanclub.localhost:8787/fanclubs/${club.fanclubId}?payExpired=1`,
          },
        ],
      },
    });
    expect(
      (await (await b.get(at(hosts.www, "/api/v1/session"), json)).json<{ payload: { isSubscriptionAlert: boolean } }>()).payload
        .isSubscriptionAlert,
    ).toBe(true);
    for (const page of [at(hosts.www, "/"), at(hosts.user, "/notifications")]) {
      const html = await (await b.get(page)).text();
      expect(html).toContain("期限切れのプランがあります");
      expect(html).toContain("お支払いがないまま7日になると、期限切れのプランは自動的に退会となります。");
      expect(html).toContain("夜明けの会「プレミアム」（¥800）: 2026/06/06 23:59までにお支払いください");
      expect(html).toContain(`href="http://www.fanclub.localhost:8787/fanclubs/${club.fanclubId}?payExpired=1"`);
    }
    // a visitor is asked to sign in and sees no alert
    expect((await new TestBrowser().get(at(hosts.www, "/api/v1/plans/expired"), json)).status).toBe(401);

    const seventh = Date.UTC(2026, 5, 6, 15, 0);
    await monthRun(seventh, seventh);
    expect(await (await b.get(at(hosts.www, "/"))).text()).not.toContain("期限切れのプランがあります");
    expect(
      (await (await b.get(at(hosts.www, "/api/v1/plans/expired"), json)).json<{ payload: { plan: unknown[] } }>()).payload.plan,
    ).toEqual([]);
  });
});
