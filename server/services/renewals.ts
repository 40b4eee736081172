import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { fanclubs, membershipPayments, memberships, paymentProfiles, plans, processedEvents, services, users } from "../../db/schema";
import { billingMonthOf, type BillingMonth } from "../domain/billing-month";
import type { MembershipStatus } from "../domain/plan-change";
import { renewalDue, renewalKey, renewalPlan, renewalResult, shouldAutoLeave, type RenewalMethod } from "../domain/renewal";
import { autoLeaveCutoff } from "../domain/renewal-run";
import { renewalEarningKey, type DatedRate } from "../domain/earnings";
import type { ChargeResult, PaymentProvider } from "../integrations/payments";
import { isUniqueViolation, recordKey } from "../../db/idempotency";
import { coinBalance, spendCoins } from "./coins";
import { loadEarningRates, saleStatements } from "./earnings/post";
import { cardsOfUsersQuery, chargeCard, firstCardOfEach, usableOf, type StoredCard } from "./payment-cards";
import { noticeStatements, type NoticeTarget } from "./renewal-notices";
import { discordResyncStatement } from "./discord/roles";

/**
 * Monthly renewals and the auto-leave of unpaid plans (spec §4, docs/decisions/012 and 017). The
 * queue consumer decides each membership of a message and stores the outcomes together; every
 * outcome's statements start with its UNIQUE key, so a repeated run, a redelivered message or a
 * consumer that died half-way finds the key and changes nothing:
 * - paid (card, coins, or a free plan): the `membership_payments` row with `renewal:{id}:{month}`;
 * - unpaid: the same key in `processed_events`;
 * - left automatically: `auto-leave:{id}:{month}` in `processed_events`.
 * The card is charged before its batch with the same key as the provider's idempotency key: after
 * a crash between the two, the next attempt gets the first payment back and records it.
 */

/** Everything one renewal reads, for a page of memberships in one query. */
export type RenewalTarget = NoticeTarget & {
  planId: number;
  status: MembershipStatus;
  paidThrough: BillingMonth | null;
  price: number;
  fanclubOpen: boolean;
  useCoinSubscription: boolean;
};

export type RenewalOutcome =
  /** not due: paid already, unpaid or left, a month that is over, or a fan club that closed */
  | { kind: "skipped" }
  | { kind: "renewed"; by: RenewalMethod; replayed: boolean; emailId: number | null }
  | { kind: "unpaid"; replayed: boolean; emailId: number | null };

export interface RenewalContext {
  provider: PaymentProvider;
  now: number;
  /**
   * Runs after a card payment succeeded and before it is recorded. Tests throw here to stand for
   * a consumer that dies at the worst moment; nothing else sets it.
   */
  afterCharge?: (charge: { membershipId: number; key: string; chargeId: string }) => void | Promise<void>;
  /** the earnings ledger's stored rate changes, read once per run page (read per renewal when absent) */
  earningRates?: readonly DatedRate[];
}

/**
 * The money state is unknown for now (a Stripe payment still processing, or coins contended by
 * concurrent spends): the message is retried later with the same key.
 */
export class RenewalPendingError extends Error {
  override readonly name = "RenewalPendingError";
}

/**
 * Due membership ids after `afterId`, in id order. `+status` keeps SQLite walking the primary key
 * from `afterId` instead of sorting every due row of the status index for each page: on the 1st
 * nearly every active membership is due, and each page then costs its own rows, not the table.
 */
export async function dueMembershipIds(db: Db, month: BillingMonth, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        gt(memberships.id, afterId),
        sql`+${memberships.status} = 'active'`,
        or(isNull(memberships.paidThrough), lt(memberships.paidThrough, month)),
      ),
    )
    .orderBy(memberships.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

// fan club, plan, user and brand all have a "name", membership and fan club a "status": D1 batch rows are keyed by column name
const targetColumns = {
  membershipId: memberships.id,
  userId: memberships.userId,
  fanclubId: memberships.fanclubId,
  planId: memberships.planId,
  status: memberships.status,
  paidThrough: memberships.paidThrough,
  expiredAt: memberships.expiredAt,
  price: plans.price,
  planName: sql<string>`${plans.name}`.as("plan_name"),
  fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
  fanclubStatus: sql<(typeof fanclubs.$inferSelect)["status"]>`${fanclubs.status}`.as("fanclub_status"),
  userName: sql<string>`${users.name}`.as("user_name"),
  email: users.email,
  locale: users.locale,
  brandName: sql<string>`${services.name}`.as("brand_name"),
  frontUrl: services.frontUrl,
  useCoinSubscription: sql<number>`COALESCE(${paymentProfiles.useCoinSubscription}, 0)`.as("use_coin_subscription"),
  customerId: paymentProfiles.customerId,
  profileProvider: sql<string | null>`${paymentProfiles.provider}`.as("profile_provider"),
};

function targetsQuery(db: Db) {
  return db
    .select(targetColumns)
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .innerJoin(fanclubs, eq(fanclubs.id, memberships.fanclubId))
    .innerJoin(services, eq(services.id, fanclubs.serviceId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(paymentProfiles, eq(paymentProfiles.userId, memberships.userId));
}

type TargetRow = Awaited<ReturnType<ReturnType<typeof targetsQuery>["all"]>>[number];

function toTarget(row: TargetRow): RenewalTarget & { expiredAt: Date | null } {
  return {
    membershipId: row.membershipId,
    userId: row.userId,
    userName: row.userName,
    email: row.email,
    locale: row.locale,
    fanclubId: row.fanclubId,
    fanclubName: row.fanclubName,
    planId: row.planId,
    planName: row.planName,
    brandName: row.brandName,
    frontUrl: row.frontUrl,
    status: row.status,
    paidThrough: row.paidThrough,
    price: row.price,
    fanclubOpen: row.fanclubStatus === "open",
    useCoinSubscription: Number(row.useCoinSubscription) === 1,
    expiredAt: row.expiredAt,
  };
}

/** A renewal target with what its card payment needs: the fan's customer at the provider and default card. */
export type RenewalCandidate = RenewalTarget & {
  profile: { provider: string | null; customerId: string | null };
  card: StoredCard | null;
};

/**
 * The memberships of one renewal message with their plan, fan club, brand, fan, coin-for-renewal
 * setting and card: one round trip for the page, where reading each fan's card cost two per renewal.
 */
export async function renewalTargets(db: Db, membershipIds: readonly number[]): Promise<RenewalCandidate[]> {
  if (membershipIds.length === 0) return [];
  const ids = [...membershipIds];
  const [rows, cardRows] = await db.batch([
    targetsQuery(db).where(inArray(memberships.id, ids)),
    cardsOfUsersQuery(db, db.select({ userId: memberships.userId }).from(memberships).where(inArray(memberships.id, ids))),
  ]);
  const cards = firstCardOfEach(cardRows);
  return rows.map((row) => ({
    ...toTarget(row),
    profile: { provider: row.profileProvider, customerId: row.customerId },
    card: cards.get(row.userId) ?? null,
  }));
}

/** The membership still holds the state the renewal was decided on: active and not paid for `month`. */
function stillDue(membershipId: number, month: BillingMonth): SQL {
  return sql`EXISTS (SELECT 1 FROM "memberships" AS "m" WHERE "m"."id" = ${membershipId} AND "m"."status" = 'active' AND ("m"."paid_through" IS NULL OR "m"."paid_through" < ${month}))`;
}

/**
 * The paid month: the payment row (its UNIQUE key first, so a replay fails the whole batch), the
 * membership's paid-through month, the notice. Used alone for a card or a free plan, and as the
 * coin spend's extra statements so coins and month land together.
 */
function paidStatements(
  db: Db,
  target: RenewalTarget,
  month: BillingMonth,
  method: RenewalMethod,
  paidBy: { cardChargeId?: string; coinEntryId?: SQL },
  now: number,
  rates: readonly DatedRate[],
): { statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]; emailIndex: number | null } {
  const result = renewalResult(month, target.price, method);
  if (result.status !== "active") throw new Error("a paid renewal must leave the membership active");
  const key = renewalKey(target.membershipId, month);
  const at = new Date(now);
  // a free plan's month is recorded too: it is a month the fan held the plan, like any other
  const notice =
    method === "free" ? null : noticeStatements(db, target, { kind: "renewed", month, amount: result.paidForMonth, method }, now);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.insert(membershipPayments).values({
      membershipId: target.membershipId,
      userId: target.userId,
      fanclubId: target.fanclubId,
      planId: target.planId,
      month,
      amount: result.paidForMonth,
      kind: "renewal",
      idempotencyKey: key,
      cardChargeId: paidBy.cardChargeId ?? null,
      coinEntryId: paidBy.coinEntryId ?? null,
      createdAt: at,
    }),
    // never moves paid_through backwards (a purchase may have paid a later month meanwhile)
    db
      .update(memberships)
      .set({ paidThrough: result.paidThroughMonth })
      .where(
        and(
          eq(memberships.id, target.membershipId),
          or(isNull(memberships.paidThrough), lt(memberships.paidThrough, result.paidThroughMonth)),
        ),
      ),
    // the creator's earning of the month (none for a free plan), decision 029
    ...saleStatements(db, rates, {
      key: renewalEarningKey(key),
      sourceKey: key,
      fanclubId: target.fanclubId,
      kind: "plan",
      subjectType: "plan",
      subjectId: target.planId,
      payerUserId: target.userId,
      gross: result.paidForMonth,
      at: now,
    }),
  ];
  if (notice) statements.push(notice.notification);
  if (notice?.email) statements.push(notice.email);
  return { statements, emailIndex: notice?.email ? statements.length - 1 : null };
}

async function ratesOf(db: Db, context: RenewalContext): Promise<readonly DatedRate[]> {
  return context.earningRates ?? loadEarningRates(db);
}

function emailIdAt(results: readonly unknown[], index: number | null): number | null {
  if (index === null) return null;
  const rows = results[index] as Array<{ id: number }> | undefined;
  return rows?.[0]?.id ?? null;
}

/** Whether an outcome for this key is stored already: a payment, or a recorded failure. */
async function recordedOutcome(db: Db, key: string): Promise<"paid" | "unpaid" | null> {
  const [paid, failed] = await db.batch([
    db.select({ id: membershipPayments.id }).from(membershipPayments).where(eq(membershipPayments.idempotencyKey, key)),
    db.select({ key: processedEvents.key }).from(processedEvents).where(eq(processedEvents.key, key)),
  ]);
  if (paid.length > 0) return "paid";
  if (failed.length > 0) return "unpaid";
  return null;
}

/** Runs a batch whose first statement is the outcome's key; a replay answers what was stored first. */
async function recordOnce(
  db: Db,
  key: string,
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  emailIndex: number | null,
): Promise<{ replayed: boolean; emailId: number | null; stored: "paid" | "unpaid" | null }> {
  try {
    const results = await db.batch(statements);
    return { replayed: false, emailId: emailIdAt(results, emailIndex), stored: null };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { replayed: true, emailId: null, stored: await recordedOutcome(db, key) };
  }
}

/**
 * The month could not be paid: the membership becomes unpaid (an expired plan) from now, and
 * leaves at 00:00 JST on the 7th unless the fan pays. The failure is recorded under the renewal
 * key, so the month is not tried again (decision 012: the fan pays from the expired-plans page).
 */
function unpaidStatements(db: Db, target: RenewalTarget, month: BillingMonth, now: number) {
  const result = renewalResult(month, target.price, null);
  if (result.status !== "unpaid") throw new Error("an unpaid renewal must leave the membership unpaid");
  const key = renewalKey(target.membershipId, month);
  const due = stillDue(target.membershipId, month);
  const notice = noticeStatements(db, target, { kind: "failed", month: result.unpaidMonth }, now, due);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [recordKey(db, key, new Date(now)), notice.notification];
  if (notice.email) statements.push(notice.email);
  const emailIndex = notice.email ? statements.length - 1 : null;
  // last: the conditions above read the membership before this changes it
  statements.push(
    db
      .update(memberships)
      .set({ status: "unpaid", expiredAt: new Date(now) })
      .where(and(eq(memberships.id, target.membershipId), due)),
    // an expired plan holds no Discord role (docs/decisions/040)
    discordResyncStatement(db, { membershipId: target.membershipId }, now),
  );
  return { statements, emailIndex };
}

/** A card answer, with a Stripe payment still processing asked again (a replayed charge repeats its first answer). */
async function settledCharge(provider: PaymentProvider, result: ChargeResult): Promise<ChargeResult> {
  if (result.status !== "processing") return result;
  if (provider.kind !== "stripe") throw new RenewalPendingError(`payment ${result.chargeId} is processing`);
  const now = await provider.retrieveCharge(result.chargeId);
  if (now.status === "processing") throw new RenewalPendingError(`payment ${result.chargeId} is still processing`);
  return now;
}

/** An outcome decided but not yet stored: the statements of its batch, the first being its UNIQUE key. */
export interface PendingRecord {
  key: string;
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  emailIndex: number | null;
  /** what the outcome is once stored */
  outcome: { kind: "renewed"; by: "card" | "free" } | { kind: "unpaid" };
}

/** A renewal decided: settled already (skipped, or paid by coins in the spend's own batch), or waiting to be recorded. */
export type RenewalDecision = { kind: "settled"; outcome: RenewalOutcome } | { kind: "record"; record: PendingRecord };

/**
 * Decides one membership's renewal for `month` (spec §4) and charges what must be charged: a free
 * plan records the month; otherwise the default card off-session, then, when the card fails or
 * there is none and coin-for-renewal is on with enough coins, coins; otherwise the membership
 * becomes unpaid. A PaymentProviderError (the provider could not say whether money moved) is
 * thrown, never taken for a decline: the message is retried with the same key and nothing is
 * expired on a guess. A card payment or a failure comes back as statements to record
 * (`recordRenewals`), so a page of renewals is stored in one batch; a coin payment is stored by the
 * spend itself, which must read the balance in its own batch.
 */
export async function decideRenewal(
  db: Db,
  context: RenewalContext,
  target: RenewalCandidate,
  month: BillingMonth,
): Promise<RenewalDecision> {
  const { now, provider } = context;
  if (!target.fanclubOpen || !renewalDue({ status: target.status, paidThroughMonth: target.paidThrough }, month, now))
    return { kind: "settled", outcome: { kind: "skipped" } };
  const key = renewalKey(target.membershipId, month);

  // a free plan renews without a payment
  if (renewalPlan({ price: target.price, hasCard: false, coinForRenewal: false, coinBalance: 0 }).includes("free")) {
    const paid = paidStatements(db, target, month, "free", {}, now, []);
    return { kind: "record", record: { key, ...paid, outcome: { kind: "renewed", by: "free" } } };
  }

  const charge = await chargeCard(provider, usableOf(target.profile, target.card, provider.kind), {
    amountYen: target.price,
    idempotencyKey: key,
    offSession: true,
    description: `${target.fanclubName} ${target.planName} ${month}`,
    metadata: { membershipId: String(target.membershipId), month },
  });
  const hasCard = charge.status !== "no_card";
  const card = charge.status === "no_card" ? null : await settledCharge(provider, charge);
  if (card?.status === "succeeded") {
    await context.afterCharge?.({ membershipId: target.membershipId, key, chargeId: card.chargeId });
    const paid = paidStatements(db, target, month, "card", { cardChargeId: card.chargeId }, now, await ratesOf(db, context));
    return { kind: "record", record: { key, ...paid, outcome: { kind: "renewed", by: "card" } } };
  }

  // the card declined (or there is none, or it wants 3-D Secure from a fan who is not there)
  const balance = target.useCoinSubscription ? (await coinBalance(db, target.userId, now)).balance : 0;
  const attempts = renewalPlan({ price: target.price, hasCard, coinForRenewal: target.useCoinSubscription, coinBalance: balance });
  if (attempts.includes("coin")) {
    const rates = await ratesOf(db, context);
    let emailIndex: number | null = null;
    const spent = await spendCoins(db, {
      userId: target.userId,
      amount: target.price,
      idempotencyKey: key,
      now,
      ref: { type: "membership", id: target.membershipId },
      extraStatements: ({ entryId }) => {
        const paid = paidStatements(db, target, month, "coin", { coinEntryId: entryId }, now, rates);
        emailIndex = paid.emailIndex;
        return paid.statements;
      },
    });
    if (spent.ok)
      return {
        kind: "settled",
        outcome: {
          kind: "renewed",
          by: "coin",
          replayed: spent.replayed,
          emailId: spent.replayed ? null : emailIdAt(spent.extraResults, emailIndex),
        },
      };
    if (spent.error === "busy") throw new RenewalPendingError(`coins of user ${target.userId} are contended`);
    // shortage: the coins went elsewhere since the balance was read
  }

  const unpaid = unpaidStatements(db, target, month, now);
  return { kind: "record", record: { key, ...unpaid, outcome: { kind: "unpaid" } } };
}

/** What a stored record means for the renewal, first time or replay. */
function storedOutcome(
  record: PendingRecord,
  recorded: { replayed: boolean; emailId: number | null; stored: "paid" | "unpaid" | null },
): RenewalOutcome {
  // a failure to record when the month's payment was stored first: the month is paid
  if (record.outcome.kind === "unpaid" && recorded.stored === "paid") return { kind: "renewed", by: "card", replayed: true, emailId: null };
  return { ...record.outcome, replayed: recorded.replayed, emailId: recorded.emailId };
}

/**
 * Stores decided renewals. All in one D1 batch first: one round trip for a page of renewals. A
 * batch is all or nothing, so if any record was stored before (a redelivered message, a second
 * run) the whole batch fails on that record's key and changes nothing; then each is stored in its
 * own batch, where a replay answers what was stored first. Results are in the order given.
 */
export async function recordRenewals(db: Db, records: readonly PendingRecord[]): Promise<RenewalOutcome[]> {
  if (records.length === 0) return [];
  if (records.length > 1) {
    const statements = records.flatMap((r) => r.statements) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
    let results: readonly unknown[] | null = null;
    try {
      results = await db.batch(statements);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    if (results) {
      let offset = 0;
      return records.map((record) => {
        const emailId = emailIdAt(results.slice(offset, offset + record.statements.length), record.emailIndex);
        offset += record.statements.length;
        return storedOutcome(record, { replayed: false, emailId, stored: null });
      });
    }
  }
  const outcomes: RenewalOutcome[] = [];
  for (const record of records)
    outcomes.push(storedOutcome(record, await recordOnce(db, record.key, record.statements, record.emailIndex)));
  return outcomes;
}

/** Unpaid memberships after `afterId` whose month's grace is over at `now` (see `autoLeaveCutoff`). */
export async function autoLeaveTargets(db: Db, now: number, afterId: number, limit: number) {
  const rows = await targetsQuery(db)
    .where(and(eq(memberships.status, "unpaid"), gt(memberships.id, afterId), lt(memberships.expiredAt, new Date(autoLeaveCutoff(now)))))
    .orderBy(memberships.id)
    .limit(limit);
  return rows.map(toTarget);
}

export type AutoLeaveOutcome = { kind: "skipped" } | { kind: "left"; replayed: boolean; emailId: number | null };

/**
 * An unpaid membership leaves at 00:00 JST on the 7th of its unpaid month (`shouldAutoLeave`):
 * status left, the plan's and fan club's member counts down by one, the fan told. Once per
 * membership and month (key `auto-leave:{id}:{month}`); if the fan paid or left by hand after
 * the read, only the key is written.
 */
export async function autoLeaveMembership(
  db: Db,
  target: RenewalTarget & { expiredAt: Date | null },
  now: number,
): Promise<AutoLeaveOutcome> {
  const expiredAt = target.expiredAt?.getTime() ?? null;
  if (expiredAt === null || !shouldAutoLeave({ status: target.status, expiredAt }, now)) return { kind: "skipped" };
  const month = billingMonthOf(expiredAt);
  const key = `auto-leave:${target.membershipId}:${month}`;
  const stillUnpaid = sql`EXISTS (SELECT 1 FROM "memberships" AS "m" WHERE "m"."id" = ${target.membershipId} AND "m"."status" = 'unpaid')`;
  const notice = noticeStatements(db, target, { kind: "autoLeft", month }, now, stillUnpaid);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [recordKey(db, key, new Date(now)), notice.notification];
  if (notice.email) statements.push(notice.email);
  const emailIndex = notice.email ? statements.length - 1 : null;
  statements.push(
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} - 1` })
      .where(and(eq(plans.id, target.planId), stillUnpaid)),
    db
      .update(fanclubs)
      .set({ memberCount: sql`${fanclubs.memberCount} - 1` })
      .where(and(eq(fanclubs.id, target.fanclubId), stillUnpaid)),
    db
      .update(memberships)
      .set({ status: "left", leftAt: new Date(now) })
      .where(and(eq(memberships.id, target.membershipId), eq(memberships.status, "unpaid"))),
  );
  const recorded = await recordOnce(db, key, statements, emailIndex);
  return { kind: "left", replayed: recorded.replayed, emailId: recorded.emailId };
}
