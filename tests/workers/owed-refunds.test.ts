import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { jstParts } from "../../server/domain/live-events";
import { paymentProviderFrom, PaymentProviderError, type PaymentProvider } from "../../server/integrations/payments";
import { coinBalance } from "../../server/services/coins";
import { finishLessonSlot, refundOwedSeats } from "../../server/services/lessons";
import { oweIfCardCannotTakeIt, type OwedRefundSink } from "../../server/services/payouts/owed-refunds";
import { at, confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";
import { hosts, rows, count } from "./helpers";
import { callApi as call, giveCoins, payCart, registerSandboxCard } from "./money-fixture";
import { deliver } from "./renewals-fixture";

/*
 * Refunds owed to fans by bank (issue 19, item 7): a creator cancels a paid lesson and the card
 * provider says the card can never take the money back (the payment is too old, the card gone).
 * The card part becomes a refund owed to the fan, which they see at /me/transfer, exactly once
 * under the card refund's own key, however often the cancel, the hourly job or its redelivery
 * run; a provider that is only down is asked again instead, and nothing is owed twice.
 */

const db = createDb(env.DB);
type Account = Awaited<ReturnType<typeof confirmedAccount>>;

/** A provider whose refunds fail as `error` says, counting what it was asked. */
function refusingProvider(error: () => PaymentProviderError): PaymentProvider & { asked: string[] } {
  const inner = paymentProviderFrom(env);
  const asked: string[] = [];
  return Object.assign(Object.create(inner) as PaymentProvider, {
    asked,
    async refund(input: Parameters<PaymentProvider["refund"]>[0]): Promise<{ refundId: string }> {
      asked.push(input.idempotencyKey);
      throw error();
    },
  });
}
const refusedForGood = () => new PaymentProviderError("This charge is too old to be refunded.", false, "charge_expired_for_refund");
const providerDown = () => new PaymentProviderError("connection reset", true);

/** A sink that keeps the e-mails handed to it instead of queueing them. */
function capturingSink(): OwedRefundSink & { emails: number[] } {
  const emails: number[] = [];
  return { url: `http://${hosts.user}/me/transfer`, emails, enqueue: (ids) => void emails.push(...ids) };
}

let owner: Account;
let fanclubId: number;

async function paidSlot(price: number, fans: Array<{ who: Account; coins: number }>): Promise<number> {
  const start = jstParts(Math.ceil((Date.now() + 2 * 86_400_000) / 1_800_000) * 1_800_000);
  const res = await call<{ id: number }>(owner, "POST", "/me/fanclub/lesson_reserve", {
    title: "返金の講座",
    description: "",
    startDate: start.date,
    startTime: start.time,
    duration: "60",
    capacity: "5",
    method: "external",
    externalUrl: "https://meet.example.com/room-owed",
    price: String(price),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const slotId = res.json.payload.id;
  for (const { who, coins } of fans) {
    expect((await call(who, "POST", `/lessons/${slotId}/reserve`)).status).toBe(200);
    expect((await payCart(who, coins)).result.status).toBe(200);
  }
  return slotId;
}

async function seatOf(slotId: number, userId: number) {
  return (
    await rows<{ id: number; refunded_at: number | null }>(
      "SELECT id, refunded_at FROM lesson_reservations WHERE slot_id = ? AND user_id = ?",
      slotId,
      userId,
    )
  )[0]!;
}

const owedRows = (key: string) =>
  rows<{ id: number; user_id: number; amount: number; status: string; reason: string; fanclub_id: number }>(
    "SELECT id, user_id, amount, status, reason, fanclub_id FROM transfers WHERE kind = 'refund' AND idempotency_key = ?",
    key,
  );

beforeAll(async () => {
  owner = await confirmedAccount({ name: "返金先生", prefix: "owedown" });
  fanclubId = await insertFanclub(owner.id, { name: "返金の館" });
});

describe("refunds the card cannot take back", { timeout: 60_000 }, () => {
  it("a cancel owes each card part by bank once, gives coins back, and the fan sees what is owed", async () => {
    const byCard = await confirmedAccount({ prefix: "owedcard" });
    await registerSandboxCard(byCard);
    const mixed = await confirmedAccount({ prefix: "owedmix" });
    await registerSandboxCard(mixed);
    await giveCoins(mixed, 500);
    const slotId = await paidSlot(1500, [
      { who: byCard, coins: 0 },
      { who: mixed, coins: 500 },
    ]);
    const provider = refusingProvider(refusedForGood);
    const sink = capturingSink();
    const now = Date.now();
    const url = "/me/purchase_histories/lesson_reservation";
    // the creator's cancel sent twice at once
    const results = await Promise.all([
      finishLessonSlot(db, provider, { fanclubId, slotId, action: "cancel", now, url, owedRefunds: sink }),
      finishLessonSlot(db, provider, { fanclubId, slotId, action: "cancel", now, url, owedRefunds: sink }),
    ]);
    expect(results.some((r) => r.ok)).toBe(true);
    // nothing is left for the hourly job: no seat stays waiting for the provider
    await refundOwedSeats(db, provider, sink, Date.now());

    const cardSeat = await seatOf(slotId, byCard.id);
    const mixedSeat = await seatOf(slotId, mixed.id);
    expect(cardSeat.refunded_at).not.toBeNull();
    expect(mixedSeat.refunded_at).not.toBeNull();
    const [owedCard] = await owedRows(`refund:lesson:${cardSeat.id}`);
    const [owedMixed] = await owedRows(`refund:lesson:${mixedSeat.id}`);
    expect(owedCard).toMatchObject({ user_id: byCard.id, amount: 1500, status: "owed", reason: "card_unavailable", fanclub_id: fanclubId });
    // the card paid 1,000, coins 500: only the card part is owed, the coins went back to the wallet
    expect(owedMixed).toMatchObject({ user_id: mixed.id, amount: 1000, status: "owed" });
    expect((await coinBalance(db, mixed.id, Date.now())).balance).toBe(500);
    for (const fan of [byCard, mixed]) {
      expect(await count("SELECT count(*) AS n FROM transfers WHERE kind = 'refund' AND user_id = ?", fan.id)).toBe(1);
      expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'refundOwed'", fan.id)).toBe(1);
    }
    // one e-mail per fan, handed to the queue once
    expect(sink.emails).toHaveLength(2);
    expect(new Set(sink.emails).size).toBe(2);
    // the creator's earnings gave both seats back
    const gross = await rows<{ gross: number }>(
      "SELECT SUM(gross) AS gross FROM earning_entries WHERE subject_type = 'lesson_slot' AND subject_id = ?",
      slotId,
    );
    expect(gross[0]!.gross).toBe(0);

    // the same refusal met again under the same key (a retry after a crash between the two
    // writes): the debt is there already, nothing more is recorded or sent
    const again = await oweIfCardCannotTakeIt(db, sink, refusedForGood(), {
      userId: byCard.id,
      fanclubId,
      amount: 1500,
      key: `refund:lesson:${cardSeat.id}`,
      memo: "again",
      now: Date.now(),
    });
    expect(again).toBe("owed");
    expect(await owedRows(`refund:lesson:${cardSeat.id}`)).toHaveLength(1);
    expect(sink.emails).toHaveLength(2);

    // the fan's refund page shows the debt and why
    const page = await byCard.b.get(at(hosts.user, "/me/transfer"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("¥1,500");
    expect(html).toContain("カードに返金できなかった分の返金");
    expect(html).toContain(`data-refund-id="${owedCard!.id}"`);
  });

  it("a provider that is down is asked again; the hourly job owes it once the provider says no for good, redelivered or not", async () => {
    const fan = await confirmedAccount({ prefix: "oweddown" });
    await registerSandboxCard(fan);
    const slotId = await paidSlot(2000, [{ who: fan, coins: 0 }]);
    const down = refusingProvider(providerDown);
    const sink = capturingSink();
    const cancelled = await finishLessonSlot(db, down, {
      fanclubId,
      slotId,
      action: "cancel",
      now: Date.now(),
      url: "/me/purchase_histories/lesson_reservation",
      owedRefunds: sink,
    });
    expect(cancelled).toMatchObject({ ok: true, refunded: 0, owed: 1 });
    const seat = await seatOf(slotId, fan.id);
    // a transient failure owes nothing by bank: the seat waits for the provider
    expect(seat.refunded_at).toBeNull();
    expect(await owedRows(`refund:lesson:${seat.id}`)).toHaveLength(0);

    // the hourly job, delivered twice (at-least-once queue), meets a provider that now says no for good
    const refusing = refusingProvider(refusedForGood);
    const job = { type: "lessons" as const, key: `lessons:owed:${seat.id}`, at: Date.now() };
    const followUps: Parameters<typeof deliver>[2] = [];
    for (let i = 0; i < 2; i++) {
      const delivered = await deliver([{ body: job, attempts: 1 + i }], { now: () => Date.now(), provider: () => refusing }, followUps);
      expect(delivered.retried).toHaveLength(0);
    }
    const owed = await owedRows(`refund:lesson:${seat.id}`);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ user_id: fan.id, amount: 2000, status: "owed", reason: "card_unavailable" });
    expect((await seatOf(slotId, fan.id)).refunded_at).not.toBeNull();
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'refundOwed'", fan.id)).toBe(1);
    // the job handed the fan's one e-mail to the queue once
    const mails = followUps.filter((m) => m.body.type === "emails").flatMap((m) => (m.body.type === "emails" ? m.body.emailIds : []));
    expect(mails).toHaveLength(1);
    // the first delivery asked the provider; the second found the seat refunded and asked nothing
    expect(refusing.asked.filter((k) => k === `refund:lesson:${seat.id}`)).toHaveLength(1);
  });
});
