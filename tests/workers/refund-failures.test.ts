import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { paymentProviderFrom, PaymentProviderError, type PaymentProvider } from "../../server/integrations/payments";
import { finishLessonSlot } from "../../server/services/lessons";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { hosts, rows, count } from "./helpers";
import { callApi as call, payCart, registerSandboxCard } from "./money-fixture";
import { deliverWebhook, refundedSeat, refundFailure, seatRefundFailure } from "./refund-failure-fixture";

/*
 * A card refund that Stripe accepted and that failed days later (the card was closed): the fan
 * never got the money back. The failure arrives as a signed webhook; the platform finds the
 * refund it made and owes exactly that card part to the fan by bank, under the refund's own key,
 * so redeliveries, the other event names of the same failure and an earlier synchronous refusal
 * owe nothing more, and the creator's earnings, which gave the sale back when the refund was
 * made, are not taken twice. Driven through the real webhook route with the sandbox's signature.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;

const owedRows = (key: string) =>
  rows<{ id: number; user_id: number; amount: number; status: string; reason: string; fanclub_id: number | null; memo: string }>(
    "SELECT id, user_id, amount, status, reason, fanclub_id, memo FROM transfers WHERE kind = 'refund' AND idempotency_key = ?",
    key,
  );
const refundsOf = (userId: number) => count("SELECT count(*) AS n FROM transfers WHERE kind = 'refund' AND user_id = ?", userId);
const noticesOf = (userId: number) => count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'refundOwed'", userId);
const mailsTo = (email: string) => count("SELECT count(*) AS n FROM emails WHERE to_address = ?", email);
const ledgerOfSlot = async (slotId: number) =>
  (
    await rows<{ n: number; gross: number; net: number; fee: number; tax: number }>(
      "SELECT count(*) AS n, coalesce(sum(gross), 0) AS gross, coalesce(sum(net), 0) AS net, coalesce(sum(fee), 0) AS fee, coalesce(sum(tax), 0) AS tax FROM earning_entries WHERE subject_type = 'lesson_slot' AND subject_id = ?",
      slotId,
    )
  )[0]!;

let owner: Account;
let fanclubId: number;
let seq = 0;

/** A slot the fans pay for by card through the API, then cancelled by the creator through the API. */
async function cancelledPaidSlot(price: number, fans: Account[]): Promise<number> {
  const start = jstParts(Math.ceil((Date.now() + 2 * 86_400_000) / 1_800_000) * 1_800_000 + seq++ * 1_800_000);
  const res = await call<{ id: number }>(owner, "POST", "/me/fanclub/lesson_reserve", {
    title: `返金失敗の講座${seq}`,
    description: "",
    startDate: start.date,
    startTime: start.time,
    duration: "60",
    capacity: "5",
    method: "external",
    externalUrl: "https://meet.example.com/room-failed",
    price: String(price),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const slotId = res.json.payload.id;
  for (const fan of fans) {
    expect((await call(fan, "POST", `/lessons/${slotId}/reserve`)).status).toBe(200);
    expect((await payCart(fan, 0)).result.status).toBe(200);
  }
  const cancel = await call(owner, "POST", `/me/fanclub/lesson_reserve/${slotId}/cancel`);
  expect(cancel.status, JSON.stringify(cancel.json)).toBe(200);
  return slotId;
}

beforeAll(async () => {
  owner = await confirmedAccount({ name: "返金失敗先生", prefix: "rfown" });
  fanclubId = await insertFanclub(owner.id, { name: "返金失敗の館" });
});

describe("a card refund that fails after it was accepted", { timeout: 60_000 }, () => {
  it("becomes a refund owed to the fan, shown at /me/transfer, once however often and under whichever name it is delivered", async () => {
    const fan = await confirmedAccount({ prefix: "rffan" });
    await registerSandboxCard(fan);
    const slotId = await cancelledPaidSlot(1800, [fan]);
    const seat = await refundedSeat(slotId, fan.id);
    // the cancel refunded the card at the provider and gave the sale back from the creator's earnings
    expect(seat.refund_id).toMatch(/^re_sandbox_/);
    expect(seat.refunded_at).not.toBeNull();
    const ledgerBefore = await ledgerOfSlot(slotId);
    expect(ledgerBefore.gross).toBe(0);
    expect(await refundsOf(fan.id)).toBe(0);
    const mailsBefore = await mailsTo(fan.email);

    const delivery = await seatRefundFailure(seat, `evt_rf_${seat.id}`);
    expect(await deliverWebhook(delivery)).toEqual({ status: 200, body: { received: true } });

    const owed = await owedRows(`refund:lesson:${seat.id}`);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ user_id: fan.id, amount: 1800, status: "owed", reason: "card_unavailable", fanclub_id: fanclubId });
    expect(owed[0]!.memo).toContain("返金失敗の館");
    expect(await noticesOf(fan.id)).toBe(1);
    expect(await mailsTo(fan.email)).toBe(mailsBefore + 1);
    // the earnings already gave the sale back when the refund was made: nothing is taken twice
    expect(await ledgerOfSlot(slotId)).toEqual(ledgerBefore);

    // Stripe redelivers the same event, then names the same failure as refund.updated (another
    // event id), twice at once: nothing more is owed, noticed or mailed
    expect(await deliverWebhook(delivery)).toEqual({ status: 200, body: { received: true } });
    const other = await seatRefundFailure(seat, `evt_rf_other_${seat.id}`);
    const twice = await Promise.all([deliverWebhook(other), deliverWebhook(other)]);
    for (const r of twice) expect(r.status).toBe(200);
    expect(await refundsOf(fan.id)).toBe(1);
    expect(await noticesOf(fan.id)).toBe(1);
    expect(await mailsTo(fan.email)).toBe(mailsBefore + 1);
    expect(await ledgerOfSlot(slotId)).toEqual(ledgerBefore);

    // the fan sees what is owed and can apply for it
    const page = await fan.b.get(at(hosts.user, "/me/transfer"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("¥1,800");
    expect(html).toContain("カードに返金できなかった分の返金");
    expect(html).toContain(`data-refund-id="${owed[0]!.id}"`);
    const api = await call<{ transfers: Array<{ id: number; amount: number; status: string }>; outstanding: number }>(
      fan,
      "GET",
      "/transfers",
      undefined,
      hosts.user,
    );
    expect(api.status).toBe(200);
    expect(api.json.payload.transfers).toEqual([expect.objectContaining({ id: owed[0]!.id, amount: 1800, status: "owed" })]);
    expect(api.json.payload.outstanding).toBe(1800);
    const status = await call<{ outstanding: number; owed: number }>(fan, "GET", "/transfers/status", undefined, hosts.user);
    expect(status.json.payload).toMatchObject({ outstanding: 1800, owed: 1 });
  });

  it("owes nothing more when the cancel had already owed the card part because the provider refused it for good", async () => {
    const fan = await confirmedAccount({ prefix: "rfsync" });
    await registerSandboxCard(fan);
    const start = jstParts(Math.ceil((Date.now() + 2 * 86_400_000) / 1_800_000) * 1_800_000 + seq++ * 1_800_000);
    const res = await call<{ id: number }>(owner, "POST", "/me/fanclub/lesson_reserve", {
      title: "同期で断られた講座",
      description: "",
      startDate: start.date,
      startTime: start.time,
      duration: "60",
      capacity: "5",
      method: "external",
      externalUrl: "https://meet.example.com/room-sync",
      price: "1200",
    });
    const slotId = res.json.payload.id;
    expect((await call(fan, "POST", `/lessons/${slotId}/reserve`)).status).toBe(200);
    expect((await payCart(fan, 0)).result.status).toBe(200);
    // the provider says no for good at cancel time: the card part is owed at once, no refund id kept
    const inner = paymentProviderFrom(env);
    const refusing = Object.assign(Object.create(inner) as PaymentProvider, {
      async refund(): Promise<{ refundId: string }> {
        throw new PaymentProviderError("This charge is too old to be refunded.", false, "charge_expired_for_refund");
      },
    });
    const sink = { url: `http://${hosts.user}/me/transfer`, enqueue: () => {} };
    const cancelled = await finishLessonSlot(db, refusing, {
      fanclubId,
      slotId,
      action: "cancel",
      now: Date.now(),
      url: "/me",
      owedRefunds: sink,
    });
    expect(cancelled.ok).toBe(true);
    const seat = await refundedSeat(slotId, fan.id);
    expect(seat.refund_id).toBeNull();
    expect(await owedRows(`refund:lesson:${seat.id}`)).toHaveLength(1);

    // a failure event for the same refund (made under the same key) arrives anyway
    const delivery = await refundFailure({
      refundId: "re_sandbox_0123456789abcdef01234567",
      chargeId: seat.card_charge_id,
      amountYen: 1200,
      metadata: { lessonReservationId: String(seat.id) },
    });
    expect((await deliverWebhook(delivery)).status).toBe(200);
    expect(await owedRows(`refund:lesson:${seat.id}`)).toHaveLength(1);
    expect(await refundsOf(fan.id)).toBe(1);
    expect(await noticesOf(fan.id)).toBe(1);
  });

  it("a purchase given back before its effect landed: its card part is owed with what it was for", async () => {
    const fan = await confirmedAccount({ prefix: "rfbuy" });
    const key = `purchase:rf-test:${fan.id}`;
    // the attempt as the purchase records it when the last item went to someone else and the
    // card part was refunded at the provider (services/cart-purchase.ts, giveBack)
    await env.DB.prepare(
      `INSERT INTO purchases (user_id, idempotency_key, status, total, coin_amount, card_amount, card_provider, card_charge_id, refund_id, failure_code, created_at, updated_at)
       VALUES (?, ?, 'refunded', 900, 100, 800, 'sandbox', 'pi_sandbox_aaaaaaaaaaaaaaaaaaaaaaaa', 're_sandbox_bbbbbbbbbbbbbbbbbbbbbbbb', 'soldOut', ?, ?)`,
    )
      .bind(fan.id, key, Date.now(), Date.now())
      .run();
    const metadata = { purchaseKey: key, memo: "限定アクリルスタンド", fanclubId: String(fanclubId) };
    const failure = (over: Partial<Parameters<typeof refundFailure>[0]> = {}) =>
      refundFailure({
        refundId: "re_sandbox_bbbbbbbbbbbbbbbbbbbbbbbb",
        chargeId: "pi_sandbox_aaaaaaaaaaaaaaaaaaaaaaaa",
        amountYen: 800,
        metadata,
        ...over,
      });

    // a failure that does not match the recorded refund (another refund id, payment or amount) owes nothing
    for (const wrong of [
      { refundId: "re_sandbox_cccccccccccccccccccccccc" },
      { chargeId: "pi_sandbox_dddddddddddddddddddddddd" },
      { amountYen: 900 },
    ]) {
      expect((await deliverWebhook(await failure(wrong))).status, JSON.stringify(wrong)).toBe(200);
    }
    expect(await refundsOf(fan.id)).toBe(0);

    expect((await deliverWebhook(await failure())).status).toBe(200);
    const owed = await owedRows(`refund:${key}`);
    expect(owed).toEqual([
      expect.objectContaining({
        user_id: fan.id,
        amount: 800,
        status: "owed",
        reason: "card_unavailable",
        fanclub_id: fanclubId,
        memo: "限定アクリルスタンド",
      }),
    ]);
    expect(await noticesOf(fan.id)).toBe(1);
  });

  it("acknowledges failures of refunds the platform did not make, and refuses unsigned ones, owing nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM transfers WHERE kind = 'refund'");
    // an unknown refund id on an unknown payment, no metadata (a refund made on the dashboard)
    const unknown = await refundFailure({
      refundId: "re_sandbox_eeeeeeeeeeeeeeeeeeeeeeee",
      chargeId: "pi_sandbox_ffffffffffffffffffffffff",
      amountYen: 500,
    });
    expect(await deliverWebhook(unknown)).toEqual({ status: 200, body: { received: true } });
    // metadata naming rows that do not exist, or that are not ids
    for (const metadata of <Array<Record<string, string>>>[
      { lessonReservationId: "999999999" },
      { lessonReservationId: "1; DROP" },
      { purchaseKey: "purchase:none:1" },
    ]) {
      const event = await refundFailure({
        refundId: "re_sandbox_eeeeeeeeeeeeeeeeeeeeeeee",
        chargeId: "pi_sandbox_ffffffffffffffffffffffff",
        amountYen: 500,
        metadata,
      });
      expect((await deliverWebhook(event)).status).toBe(200);
    }
    // a tampered body (the amount raised after signing) and a body that is not JSON: 400, nothing read
    const tampered = { ...unknown, payload: unknown.payload.replace('"amount":500', '"amount":50000') };
    expect((await deliverWebhook(tampered)).status).toBe(400);
    expect((await deliverWebhook({ payload: "not json", signature: unknown.signature })).status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM transfers WHERE kind = 'refund'")).toBe(before);
  });
});
