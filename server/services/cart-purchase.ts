import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recordKey } from "../../db/idempotency";
import { purchaseItems, purchases, type PurchaseRow } from "../../db/schema";
import { earningKindOfTarget, purchaseEarningKey } from "../domain/earnings";
import { cartTotal, purchaseKey, purchaseSplit, type PurchasePayload } from "../domain/purchase";
import { PaymentProviderError, type ChargeFailureCode, type ChargeResult, type PaymentProvider } from "../integrations/payments";
import { PLAN_FIELD_PROBLEMS, type CartProblem, type Stmt } from "./cart-items";
import { bumpCartVersion, clearItemsStatements, loadCart, priceItems, refreshStaleItems, type PricedItem } from "./carts";
import { coinBalance, spendCoins } from "./coins";
import { loadEarningRates, saleStatements } from "./earnings/post";
import { chargeDefaultCard, usableCard } from "./payment-cards";
import { grantCampaignRewards } from "./community/fan-campaigns";
import { oweIfCardCannotTakeIt, type OwedRefundSink } from "./payouts/owed-refunds";

/**
 * Paying the cart, whatever it holds (the kinds of ./cart-items). Money effects follow
 * decisions 012–014: the card part is charged first, on session, under the attempt's key
 * `purchase:{cartId}:{version}`; then ONE D1 batch writes the purchase, its items, the membership
 * change and the month paid, the creators' earnings (decision 029), clears the cart and (through `spendCoins`) spends the coins, so
 * either all of it lands or none. The same key again finds the first result and charges nothing.
 */

export type PurchaseErrorCode =
  | Exclude<CartProblem, "changed">
  | "cartEmpty"
  /** the cart changed since the fan confirmed it (another tab, a price that moved): look again */
  | "cartChanged"
  /** spec §8 coin amount, payment method, and a card part of 1–49 yen (see cardPartProblem) */
  | "invalid"
  | "noMethod"
  | "cardTooSmall"
  | "shortage"
  /** the card part needs a registered card */
  | "noCard"
  /** the card's answer (decision 013 failure codes) */
  | ChargeFailureCode
  /** nobody knows yet whether the card was charged (network, provider busy, still processing): try again, nothing is charged twice */
  | "pending"
  /** concurrent spends of the same coins kept winning */
  | "busy";

export type PurchaseSummary = {
  id: number;
  total: number;
  coinAmount: number;
  cardAmount: number;
  createdAt: number;
  items: Array<{
    type: string;
    targetType: string;
    targetId: number;
    fanclubId: number;
    price: number;
    quantity: number;
    note: string | null;
    month: string | null;
  }>;
};

export type PurchaseOutcome =
  | { status: "paid"; replayed: boolean; purchase: PurchaseSummary }
  /** on-session 3-D Secure: the browser runs it (Stripe: handleNextAction; sandbox: its confirm step), then posts the purchase again */
  | { status: "requires_action"; provider: "stripe" | "sandbox"; clientSecret: string; publishableKey: string | null }
  | { status: "error"; code: PurchaseErrorCode; field: "cart" | "plan" };

export type PurchaseInput = {
  userId: number;
  /** the version the fan confirmed (GET /me/carts gives it); without it, the cart as it is now */
  cartVersion: number | null;
  payload: PurchasePayload;
  /** the sandbox's stand-in for 3-D Secure, sent with the purchase after requires_action */
  sandboxAuthentication: "approve" | "fail" | null;
  /** where a card part the card cannot take back goes: a refund owed to the fan (see giveBack) */
  owedRefunds: OwedRefundSink;
  now: number;
};

function failure(code: PurchaseErrorCode): PurchaseOutcome {
  return { status: "error", code, field: PLAN_FIELD_PROBLEMS.has(code) ? "plan" : "cart" };
}

async function purchaseByKey(db: Db, key: string): Promise<PurchaseRow | undefined> {
  return db.select().from(purchases).where(eq(purchases.idempotencyKey, key)).get();
}

async function summaryOf(db: Db, row: PurchaseRow): Promise<PurchaseSummary> {
  const items = await db
    .select({
      type: purchaseItems.type,
      targetType: purchaseItems.targetType,
      targetId: purchaseItems.targetId,
      fanclubId: purchaseItems.fanclubId,
      price: purchaseItems.price,
      quantity: purchaseItems.quantity,
      note: purchaseItems.note,
      month: purchaseItems.month,
    })
    .from(purchaseItems)
    .where(eq(purchaseItems.purchaseId, row.id))
    .orderBy(asc(purchaseItems.id));
  return {
    id: row.id,
    total: row.total,
    coinAmount: row.coinAmount,
    cardAmount: row.cardAmount,
    createdAt: row.createdAt.getTime(),
    items,
  };
}

async function paidOutcome(db: Db, row: PurchaseRow, replayed: boolean, now: number): Promise<PurchaseOutcome> {
  const purchase = await summaryOf(db, row);
  try {
    // campaign rewards, on every paid outcome (a replay finishes a grant a crash cut short); each is keyed, so once
    await grantCampaignRewards(db, {
      userId: row.userId,
      purchaseKey: row.idempotencyKey,
      lines: purchase.items,
      paidAt: row.updatedAt.getTime(),
      now,
    });
  } catch (error) {
    // the payment stands: a reward that failed is granted when the purchase is answered again
    console.error("campaign rewards failed", row.idempotencyKey, error);
  }
  return { status: "paid", replayed, purchase };
}

type PayableItem = Extract<PricedItem, { ok: true }>;

/**
 * POST /me/carts/purchase. Steps, each safe to repeat:
 * 1. the attempt under `purchase:{cartId}:{version}`: a paid one answers its result again;
 * 2. the items priced now by their kinds (for plans: still open and free, the quote of decision 012); a price that
 *    moved or an item that can no longer be paid refreshes the cart and asks the fan to look again;
 * 3. the split from the payload (spec §5), fixed for the attempt once a card part is recorded;
 * 4. the card part, charged on session with the attempt's key; 3-D Secure goes to the browser and
 *    the next POST finishes it; a decline records the attempt as failed and moves the cart's
 *    version on (the next try is a new attempt), with nothing else written;
 * 5. the effect batch, with the coin spend when coins pay a part.
 */
export async function purchaseCart(db: Db, provider: PaymentProvider, input: PurchaseInput): Promise<PurchaseOutcome> {
  const { userId, now } = input;
  const { cart, items } = await loadCart(db, userId);
  if (!cart) return failure("cartEmpty");
  const version = input.cartVersion ?? cart.version;
  const key = purchaseKey(cart.id, version);
  let attempt = await purchaseByKey(db, key);
  if (attempt?.status === "paid") return paidOutcome(db, attempt, true, now);
  // a failed attempt moved the version on: the fan confirms the cart again
  if (attempt?.status === "failed" || attempt?.status === "refunded" || version !== cart.version) return failure("cartChanged");
  if (!items.length) return failure("cartEmpty");

  const priced = await priceItems(db, userId, items, now);
  const blocked = priced.find((p): p is Extract<PricedItem, { ok: false }> => !p.ok);
  if (blocked || priced.some((p) => p.ok && p.price !== p.row.price)) {
    // A started attempt keeps its version: its card part may have been charged under it.
    if (!attempt) await refreshStaleItems(db, cart.id, priced, now);
    if (blocked && blocked.problem !== "changed") return failure(blocked.problem);
    return failure("cartChanged");
  }
  const payable = priced as PayableItem[];
  const total = cartTotal(payable);

  let split: { coins: number; card: number };
  if (attempt) {
    if (attempt.total !== total) return failure("cartChanged");
    split = { coins: attempt.coinAmount, card: attempt.cardAmount };
  } else {
    const asked = purchaseSplit(input.payload, total);
    if (!asked.ok) return failure(asked.error);
    split = asked;
  }
  if (split.coins > 0 && (await coinBalance(db, userId, now)).balance < split.coins) return failure("shortage");

  let chargeId: string | null = attempt?.cardChargeId ?? null;
  if (split.card > 0) {
    if (!attempt) {
      if (!(await usableCard(db, provider, userId))) return failure("noCard");
      attempt = await startAttempt(db, { userId, cartId: cart.id, key, total, split, providerKind: provider.kind, now });
      if (attempt.status === "paid") return paidOutcome(db, attempt, true, now);
    }
    const card = await chargeCardPart(db, provider, {
      attempt,
      userId,
      cartId: cart.id,
      amountYen: split.card,
      key,
      sandboxAuthentication: input.sandboxAuthentication,
      now,
    });
    if (card.status !== "succeeded") return card.outcome;
    chargeId = card.chargeId;
  }

  return applyPurchase(db, {
    userId,
    cartId: cart.id,
    key,
    total,
    split,
    chargeId,
    providerKind: split.card > 0 ? provider.kind : null,
    provider,
    attempt: attempt ?? null,
    payable,
    owedRefunds: input.owedRefunds,
    now,
  });
}

/**
 * Records the attempt before its card part is charged: the split cannot change under this key
 * afterwards (the provider would see one key with two amounts), and a charge whose effect failed
 * to land is on record. A concurrent twin finds the same row.
 */
async function startAttempt(
  db: Db,
  input: {
    userId: number;
    cartId: number;
    key: string;
    total: number;
    split: { coins: number; card: number };
    providerKind: PaymentProvider["kind"];
    now: number;
  },
): Promise<PurchaseRow> {
  await db
    .insert(purchases)
    .values({
      userId: input.userId,
      cartId: input.cartId,
      idempotencyKey: input.key,
      status: "pending",
      total: input.total,
      coinAmount: input.split.coins,
      cardAmount: input.split.card,
      cardProvider: input.providerKind,
      createdAt: new Date(input.now),
      updatedAt: new Date(input.now),
    })
    .onConflictDoNothing({ target: purchases.idempotencyKey });
  const row = await purchaseByKey(db, input.key);
  if (!row) throw new Error(`purchase attempt ${input.key} not recorded`);
  return row;
}

type CardPart = { status: "succeeded"; chargeId: string } | { status: "stopped"; outcome: PurchaseOutcome };

const FAILURE_CODES: ReadonlySet<string> = new Set(["card_declined", "insufficient_funds", "authentication_required", "processing_error"]);

async function chargeCardPart(
  db: Db,
  provider: PaymentProvider,
  input: {
    attempt: PurchaseRow;
    userId: number;
    cartId: number;
    amountYen: number;
    key: string;
    sandboxAuthentication: "approve" | "fail" | null;
    now: number;
  },
): Promise<CardPart> {
  const { attempt, key, now } = input;
  const charge = () =>
    chargeDefaultCard(db, provider, {
      userId: input.userId,
      amountYen: input.amountYen,
      idempotencyKey: key,
      offSession: false,
      description: "Fanclub purchase",
      metadata: { purchaseKey: key },
    });
  let result: ChargeResult | { status: "no_card" };
  try {
    if (attempt.status === "requires_action" && attempt.cardChargeId) {
      // after 3-D Secure: Stripe tells the payment's state; the sandbox is told the fan's answer
      if (provider.kind === "stripe") result = await provider.retrieveCharge(attempt.cardChargeId);
      else if (input.sandboxAuthentication)
        result = await provider.confirmSandboxAuthentication({
          chargeId: attempt.cardChargeId,
          approve: input.sandboxAuthentication === "approve",
        });
      else result = await charge();
    } else if (attempt.cardChargeId && provider.kind === "stripe") {
      // charged or processing earlier, effect not written yet: ask for the payment's state
      result = await provider.retrieveCharge(attempt.cardChargeId);
    } else {
      result = await charge();
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.retryable) return { status: "stopped", outcome: failure("pending") };
    await failAttempt(db, attempt, input.cartId, "processing_error", attempt.cardChargeId, now);
    return { status: "stopped", outcome: failure("processing_error") };
  }
  const at = new Date(now);
  switch (result.status) {
    case "succeeded":
      await db.update(purchases).set({ cardChargeId: result.chargeId, updatedAt: at }).where(eq(purchases.id, attempt.id));
      return { status: "succeeded", chargeId: result.chargeId };
    case "requires_action":
      await db
        .update(purchases)
        .set({ status: "requires_action", cardChargeId: result.chargeId, updatedAt: at })
        .where(eq(purchases.id, attempt.id));
      return {
        status: "stopped",
        outcome: {
          status: "requires_action",
          provider: provider.kind,
          clientSecret: result.clientSecret,
          publishableKey: provider.kind === "stripe" ? provider.publishableKey : null,
        },
      };
    case "processing":
      await db.update(purchases).set({ cardChargeId: result.chargeId, updatedAt: at }).where(eq(purchases.id, attempt.id));
      return { status: "stopped", outcome: failure("pending") };
    case "no_card":
      await failAttempt(db, attempt, input.cartId, "no_card", null, now);
      return { status: "stopped", outcome: failure("noCard") };
    case "failed":
      await failAttempt(db, attempt, input.cartId, result.code, result.chargeId ?? attempt.cardChargeId, now);
      return { status: "stopped", outcome: failure(FAILURE_CODES.has(result.code) ? result.code : "card_declined") };
  }
}

/** A declined attempt: recorded as failed, and the cart's version moves on so the next try is a new attempt (decision 014). */
async function failAttempt(
  db: Db,
  attempt: PurchaseRow,
  cartId: number,
  code: string,
  chargeId: string | null,
  now: number,
): Promise<void> {
  await db.batch([
    db
      .update(purchases)
      .set({ status: "failed", failureCode: code, cardChargeId: chargeId, updatedAt: new Date(now) })
      .where(and(eq(purchases.id, attempt.id), ne(purchases.status, "paid"))),
    bumpCartVersion(db, cartId, now),
  ]);
}

/**
 * The effect: one batch with the attempt's guard row, the purchase (recorded paid), its items,
 * each item's own effect, and the cart cleared; with coins, `spendCoins` runs the same statements
 * in its batch after the ledger's, so the coins and the rows land together. A twin request that
 * finished first makes this batch fail on a UNIQUE key; its result is answered.
 */
async function applyPurchase(
  db: Db,
  input: {
    userId: number;
    cartId: number;
    key: string;
    total: number;
    split: { coins: number; card: number };
    chargeId: string | null;
    providerKind: PaymentProvider["kind"] | null;
    provider: PaymentProvider;
    attempt: PurchaseRow | null;
    payable: PayableItem[];
    owedRefunds: OwedRefundSink;
    now: number;
  },
): Promise<PurchaseOutcome> {
  const { key, now, split } = input;
  const at = new Date(now);
  const rates = await loadEarningRates(db);
  const purchaseId = sql`(SELECT "id" FROM "purchases" WHERE "idempotency_key" = ${key})`;
  const statements = (coinEntryId: SQL | null): Stmt[] => [
    // the attempt's effect happens once, whatever pays it (the coin entry guards only coin payments)
    recordKey(db, key, at),
    input.attempt
      ? db
          .update(purchases)
          .set({ status: "paid", coinEntryId, cardChargeId: input.chargeId, failureCode: null, updatedAt: at })
          .where(eq(purchases.idempotencyKey, key))
      : db.insert(purchases).values({
          userId: input.userId,
          cartId: input.cartId,
          idempotencyKey: key,
          status: "paid",
          total: input.total,
          coinAmount: split.coins,
          cardAmount: split.card,
          cardProvider: input.providerKind,
          cardChargeId: input.chargeId,
          coinEntryId,
          createdAt: at,
          updatedAt: at,
        }),
    db.insert(purchaseItems).values(
      input.payable.map((p) => ({
        purchaseId,
        type: p.row.type,
        targetType: p.row.targetType,
        targetId: p.row.targetId,
        fanclubId: p.row.fanclubId,
        price: p.price,
        quantity: p.row.quantity,
        note: p.row.note,
        month: p.kind.month(p.detail),
      })),
    ),
    ...input.payable.flatMap((p) =>
      p.kind.effect(db, { userId: input.userId, row: p.row, price: p.price, detail: p.detail, purchaseKey: key, purchaseId, now }),
    ),
    // the creators' earnings, one entry per item, in the same batch (decision 029)
    ...input.payable.flatMap((p, index) => {
      const subject = p.kind.earningSubject(p.row, p.detail);
      return saleStatements(db, rates, {
        key: purchaseEarningKey(key, index),
        sourceKey: key,
        fanclubId: p.row.fanclubId,
        kind: earningKindOfTarget(p.row.targetType),
        subjectType: subject.type,
        subjectId: subject.id,
        payerUserId: input.userId,
        gross: p.price,
        at: now,
      });
    }),
    ...clearItemsStatements(
      db,
      input.cartId,
      input.payable.map((p) => p.row.id),
      now,
    ),
  ];

  let replayed = false;
  try {
    if (split.coins > 0) {
      const memo = input.payable.map((p) => p.kind.memo(p.detail)).join(" / ");
      const spent = await spendCoins(db, {
        userId: input.userId,
        amount: split.coins,
        idempotencyKey: key,
        now,
        memo,
        ref: { type: "purchase", id: key },
        extraStatements: ({ entryId }) => statements(entryId),
      });
      if (!spent.ok) return failure(spent.error === "shortage" ? "shortage" : "busy");
      replayed = spent.replayed;
    } else {
      try {
        await db.batch(statements(null) as [Stmt, ...Stmt[]]);
      } catch (error) {
        const first = await purchaseByKey(db, key);
        if (first?.status !== "paid") throw error;
        replayed = true;
      }
    }
  } catch (error) {
    const capacity = capacityExceeded(error);
    if (!capacity) throw error;
    return giveBack(db, input.provider, { ...input, problem: capacity });
  }
  const done = await purchaseByKey(db, key);
  if (done?.status !== "paid") throw new Error(`purchase ${key} not recorded as paid`);
  return paidOutcome(db, done, replayed, now);
}

/**
 * A limit that only the effect's batch can hold for sure (a plan's last seat, the last item or
 * ticket) aborts it with 'capacity_exceeded' (a trigger or a CHECK named `*_capacity`): two fans
 * passed the check before paying and the other one got it. Which problem the fan is told.
 */
function capacityExceeded(error: unknown): CapacityProblem | null {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  if (!/capacity_exceeded|CHECK constraint failed: \w+_capacity/.test(text)) return null;
  if (/capacity_exceeded: plan/.test(text)) return "planUnavailable";
  // a raffle's guard holds the per-fan limit and the entry window together
  if (/raffle_entries_limit_capacity/.test(text)) return "raffleLimitReached";
  return "soldOut";
}

type CapacityProblem = "planUnavailable" | "soldOut" | "raffleLimitReached";

/**
 * The effect cannot land: nothing of it was written (the batch is one transaction, coins
 * included). A card part already charged is given back under `refund:{purchase key}`, then the
 * attempt is recorded as refunded and the cart's version moves on. If the provider cannot be
 * reached the attempt stays as it is: posting again charges nothing new (same key) and asks for the
 * same refund. If the provider says the card can never take it back, the card part becomes a
 * refund owed to the fan under that same key (services/payouts/owed-refunds.ts), and the attempt
 * is recorded as refunded without a provider refund id.
 */
async function giveBack(
  db: Db,
  provider: PaymentProvider,
  input: {
    key: string;
    cartId: number;
    split: { coins: number; card: number };
    chargeId: string | null;
    attempt: PurchaseRow | null;
    payable: PayableItem[];
    owedRefunds: OwedRefundSink;
    userId: number;
    problem: CapacityProblem;
    now: number;
  },
): Promise<PurchaseOutcome> {
  const { key, now } = input;
  let refundId: string | null = null;
  let owed = false;
  if (input.split.card > 0 && input.chargeId) {
    const fanclubIds = new Set(input.payable.map((p) => p.row.fanclubId));
    const fanclubId = fanclubIds.size === 1 ? [...fanclubIds][0]! : null;
    const memo = input.payable.map((p) => p.kind.memo(p.detail)).join(" / ");
    try {
      refundId = (
        await provider.refund({
          chargeId: input.chargeId,
          amountYen: input.split.card,
          idempotencyKey: `refund:${key}`,
          // what a late failure of this refund owes the fan, and to whom (services/payouts/owed-refunds.ts);
          // Stripe keeps metadata values up to 500 characters
          metadata: { purchaseKey: key, memo: memo.slice(0, 500), ...(fanclubId ? { fanclubId: String(fanclubId) } : {}) },
        })
      ).refundId;
    } catch (error) {
      const outcome = await oweIfCardCannotTakeIt(db, input.owedRefunds, error, {
        userId: input.userId,
        fanclubId,
        amount: input.split.card,
        key: `refund:${key}`,
        memo,
        now,
      });
      if (outcome === "retry") return failure("pending");
      owed = true;
    }
  }
  const at = new Date(now);
  await db.batch([
    db
      .update(purchases)
      .set({ status: refundId || owed ? "refunded" : "failed", refundId, failureCode: input.problem, updatedAt: at })
      .where(and(eq(purchases.idempotencyKey, key), ne(purchases.status, "paid"))),
    bumpCartVersion(db, input.cartId, now),
  ]);
  return failure(input.problem);
}
