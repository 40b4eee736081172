import type { Db } from "../../db/client";
import { billingMonthOf, type BillingMonth } from "../domain/billing-month";
import { AUTO_LEAVE_PAGE, chunksOf, moneyCronPlan, RENEWAL_CHUNK, RENEWAL_SCAN_PAGE } from "../domain/renewal-run";
import { PaymentProviderError } from "../integrations/payments";
import { expireBonusCoins } from "../services/coins";
import { loadEarningRates } from "../services/earnings/post";
import {
  autoLeaveMembership,
  autoLeaveTargets,
  dueMembershipIds,
  RenewalPendingError,
  decideRenewal,
  recordRenewals,
  renewalTargets,
  type PendingRecord,
  type RenewalOutcome,
} from "../services/renewals";
import type { JobDeps } from "./deps";
import type { JobMessage } from "./messages";

/**
 * The money jobs of the daily cron (docs/decisions/017). The cron only enqueues; these run in the
 * queue consumer, page by page, each page sending the next, so no invocation grows with the
 * number of memberships and a redelivered page does its work again harmlessly.
 */

type Job<T extends JobMessage["type"]> = Extract<JobMessage, { type: T }>;

/**
 * Renewals of one message are decided this many at a time: each is mostly one card payment, a
 * slow HTTP call at Stripe (its D1 reads were done for the whole message before).
 */
const RENEWAL_CONCURRENCY = 10;

/** What the 00:00 JST cron enqueues at `scheduledTime`. */
export function moneyCronJobs(scheduledTime: number): JobMessage[] {
  const { renewalMonth } = moneyCronPlan(scheduledTime);
  const jobs: JobMessage[] = [];
  if (renewalMonth)
    jobs.push({ type: "renewal-scan", key: `renewal-scan:${renewalMonth}:0:${scheduledTime}`, month: renewalMonth, afterId: 0 });
  jobs.push({ type: "auto-leave", key: `auto-leave:${scheduledTime}:0`, afterId: 0 });
  jobs.push({ type: "coins-expire", key: `coins-expire:${scheduledTime}:0` });
  return jobs;
}

function renewalMessage(month: BillingMonth, membershipIds: number[]): Job<"renewal"> {
  return { type: "renewal", key: `renewal:${month}:${membershipIds[0]}-${membershipIds[membershipIds.length - 1]}`, month, membershipIds };
}

/**
 * One page of the month's due memberships, sent on as renewal messages, then the scan itself from
 * the last id. Running the cron again starts another scan: it finds only those still due, and
 * renewing one twice is a replay. A scan delivered after its month ended does nothing.
 */
export async function runRenewalScan(db: Db, deps: JobDeps, job: Job<"renewal-scan">): Promise<{ due: number }> {
  if (billingMonthOf(deps.now()) !== job.month) return { due: 0 };
  const ids = await dueMembershipIds(db, job.month, job.afterId, RENEWAL_SCAN_PAGE);
  const chunks = chunksOf(ids, RENEWAL_CHUNK);
  // RENEWAL_SCAN_PAGE / RENEWAL_CHUNK = 100 messages: one sendBatch
  if (chunks.length > 0) await deps.jobs.sendBatch(chunks.map((c) => ({ body: renewalMessage(job.month, c) })));
  // the next page only after this one's renewals are queued: a crash in between repeats this page
  const last = ids[ids.length - 1];
  if (ids.length === RENEWAL_SCAN_PAGE && last !== undefined) {
    await deps.jobs.send({ type: "renewal-scan", key: `renewal-scan:${job.month}:${last}`, month: job.month, afterId: last });
  }
  return { due: ids.length };
}

/** Runs `fn` over items, `limit` at a time, and waits for all of them whatever happens. */
async function settleEach<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await fn(items[i]!) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function sendEmails(deps: JobDeps, key: string, emailIds: number[]): Promise<void> {
  if (emailIds.length > 0) await deps.jobs.send({ type: "emails", key: `emails:${key}`, emailIds });
}

/** A renewal that must run again later; the whole message is retried, and those already settled are skipped then. */
export class RenewalRetryError extends AggregateError {
  override readonly name = "RenewalRetryError";
}

/**
 * Renews the memberships of one message: one read for all of them (with each fan's card), the
 * card payments in bounded parallel, then every decided outcome stored in one batch (docs/decisions/017).
 * Those that settle (paid, unpaid, already done) stay settled; if any threw (the provider could
 * not answer, a payment still processing, a crash), the others are still stored and their notices
 * sent, and then the message fails, so the queue delivers it again: the settled ones are no longer
 * due then and cost one read.
 */
export async function runRenewals(db: Db, deps: JobDeps, job: Job<"renewal">): Promise<Record<RenewalOutcome["kind"], number>> {
  const now = deps.now();
  const [targets, earningRates] = await Promise.all([renewalTargets(db, job.membershipIds), loadEarningRates(db)]);
  const context = { provider: deps.provider(), now, afterCharge: deps.afterCharge, earningRates };
  const decisions = await settleEach(targets, RENEWAL_CONCURRENCY, (target) => decideRenewal(db, context, target, job.month));
  const outcomes: RenewalOutcome[] = [];
  const records: PendingRecord[] = [];
  const failures: unknown[] = [];
  for (const decision of decisions) {
    if (decision.status === "rejected") failures.push(decision.reason);
    else if (decision.value.kind === "settled") outcomes.push(decision.value.outcome);
    else records.push(decision.value.record);
  }
  try {
    outcomes.push(...(await recordRenewals(db, records)));
  } catch (error) {
    // the payments are kept by their keys: the redelivered message records them
    failures.push(error);
  }
  const counts = { skipped: 0, renewed: 0, unpaid: 0 };
  const emailIds: number[] = [];
  for (const outcome of outcomes) {
    counts[outcome.kind] += 1;
    if (outcome.kind !== "skipped" && outcome.emailId !== null) emailIds.push(outcome.emailId);
  }
  await sendEmails(deps, job.key, emailIds);
  if (failures.length > 0)
    throw new RenewalRetryError(failures, `${failures.length} of ${targets.length} renewals in ${job.key} will be retried`);
  return counts;
}

/** One page of unpaid memberships past their 7th: they leave. Sends itself on while pages are full. */
export async function runAutoLeave(db: Db, deps: JobDeps, job: Job<"auto-leave">): Promise<{ left: number }> {
  const now = deps.now();
  const targets = await autoLeaveTargets(db, now, job.afterId, AUTO_LEAVE_PAGE);
  const emailIds: number[] = [];
  let left = 0;
  for (const target of targets) {
    const outcome = await autoLeaveMembership(db, target, now);
    if (outcome.kind === "left" && !outcome.replayed) left += 1;
    if (outcome.kind === "left" && outcome.emailId !== null) emailIds.push(outcome.emailId);
  }
  await sendEmails(deps, job.key, emailIds);
  const last = targets[targets.length - 1];
  if (targets.length === AUTO_LEAVE_PAGE && last) {
    await deps.jobs.send({ type: "auto-leave", key: `auto-leave:${now}:${last.membershipId}`, afterId: last.membershipId });
  }
  return { left };
}

/** One page of expired bonus lots; the next page is another message while `more`. */
export async function runCoinsExpire(db: Db, deps: JobDeps): Promise<{ lots: number; coins: number }> {
  const now = deps.now();
  const result = await expireBonusCoins(db, now);
  if (result.more) await deps.jobs.send({ type: "coins-expire", key: `coins-expire:${now}:more` });
  return { lots: result.lots, coins: result.coins };
}

/**
 * Failures the queue is expected to retry (the provider could not answer, a payment is still
 * processing): logged as warnings. Anything else is a defect and logged as an error.
 */
export function isExpectedRetry(error: unknown): boolean {
  if (error instanceof RenewalRetryError) return error.errors.every(isExpectedRetry);
  return (error instanceof PaymentProviderError && error.retryable) || error instanceof RenewalPendingError;
}
