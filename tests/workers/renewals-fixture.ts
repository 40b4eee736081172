import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { vi } from "vitest";
import { createDb } from "../../db/client";
import { MONEY_CRON } from "../../server/domain/renewal-run";
import {
  PaymentProviderError,
  sandboxPaymentProvider,
  type ChargeInput,
  type ChargeResult,
  type PaymentProvider,
  type SandboxProvider,
} from "../../server/integrations/payments";
import type { JobDeps, JobQueue } from "../../server/jobs/deps";
import type { JobMessage } from "../../server/jobs/messages";
import { handleQueue } from "../../server/jobs/queue";
import { handleScheduled } from "../../server/jobs/scheduled";
import { creditCoins } from "../../server/services/coins";
import { ensureCustomer, saveCard, setUseCoinSubscription } from "../../server/services/payment-cards";
import { createFanclub, createMembership, createPlan, createUser } from "../factories";

/**
 * Rows and drivers for renewal tests: fans with sandbox cards and coins, fan clubs and plans,
 * memberships paid through a month; the money cron run at a chosen instant, and its messages
 * delivered by hand (in order, shuffled, twice) to the real consumer with a clock of the test's
 * choosing and a provider that counts charges.
 */

export const db = createDb(env.DB);

export const TEST_CARDS = { ok: "4242424242424242", declines: "4000000000000341" } as const;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}${Math.random().toString(36).slice(2, 6)}`;

export async function insertUser(
  options: { locale?: string; name?: string; email?: string | null } = {},
): Promise<{ id: number; email: string | null }> {
  const n = unique();
  const email = options.email === undefined ? `renewal-${n}@example.com` : options.email;
  const epoch = new Date(0);
  const row = await createUser(env.DB, {
    email,
    name: options.name ?? `ファン${n}`,
    identifyToken: `renewal-${n}`,
    locale: options.locale ?? "ja",
    termsAcceptedAt: epoch,
    createdAt: epoch,
    updatedAt: epoch,
  });
  return { id: row.id, email };
}

export async function insertClubWithPlan(price: number, options: { fanclubName?: string; planName?: string } = {}) {
  const owner = await insertUser();
  const fanclub = await createFanclub(env.DB, { ownerId: owner.id, name: options.fanclubName ?? `星空ラウンジ${unique()}` });
  const plan = await createPlan(env.DB, { fanclubId: fanclub.id, name: options.planName ?? "ベーシック", price });
  return { fanclubId: fanclub.id, planId: plan.id, price };
}

/** A membership as the purchase flow leaves it, counted in its plan and fan club. */
export async function insertPaidMembership(
  userId: number,
  club: { fanclubId: number; planId: number },
  options: { paidThrough?: string | null; status?: "active" | "unpaid" | "left"; expiredAt?: number | null } = {},
): Promise<number> {
  const membership = await createMembership(env.DB, {
    userId,
    fanclubId: club.fanclubId,
    planId: club.planId,
    status: options.status ?? "active",
    joinedAt: new Date(0),
    paidThrough: options.paidThrough === undefined ? "2026-05" : options.paidThrough,
    expiredAt: options.expiredAt == null ? null : new Date(options.expiredAt),
  });
  return membership.id;
}

/** Registers a sandbox test card as the fan's default card, the way the card page does. */
export async function giveCard(user: { id: number; email: string | null }, number: string): Promise<void> {
  const provider = sandboxPaymentProvider();
  const now = Date.now();
  const customerId = await ensureCustomer(db, provider, { id: user.id, email: user.email ?? "x@example.com" }, now);
  const registered = await provider.registerSandboxCard(customerId, { number, expMonth: 12, expYear: 2034, cvc: "123" });
  if (!registered.ok) throw new Error(`test card ${number} did not register: ${registered.code}`);
  await saveCard(db, user.id, "sandbox", registered.card, now);
}

export async function giveCoins(userId: number, amount: number, now: number): Promise<void> {
  await creditCoins(db, { userId, amount, kind: "charge", idempotencyKey: `test-charge:${userId}:${unique()}`, now });
}

export async function setCoinForRenewal(userId: number, on: boolean): Promise<void> {
  await setUseCoinSubscription(db, sandboxPaymentProvider(), userId, on, Date.now());
}

/** A sandbox that behaves like Stripe with idempotency keys and counts what it was asked. */
export type CountingProvider = {
  provider: PaymentProvider;
  /** every charge call by idempotency key, with each answer */
  calls: Map<string, ChargeResult[]>;
  /** charges that reached the card network (a key's first call), by key */
  executed: Map<string, ChargeResult>;
  /** set before a call to make it fail as the network would, after or before the money moved */
  failNext: (key: string, when: "before" | "after") => void;
};

export function countingProvider(inner: SandboxProvider = sandboxPaymentProvider()): CountingProvider {
  const calls = new Map<string, ChargeResult[]>();
  const executed = new Map<string, ChargeResult>();
  const failures = new Map<string, "before" | "after">();
  const provider: SandboxProvider = {
    ...inner,
    async charge(input: ChargeInput): Promise<ChargeResult> {
      const failure = failures.get(input.idempotencyKey);
      if (failure === "before") {
        failures.delete(input.idempotencyKey);
        throw new ProviderDown();
      }
      // Stripe answers a key it has seen with its first result, whatever the card does now
      let result = executed.get(input.idempotencyKey);
      if (!result) {
        result = await inner.charge(input);
        executed.set(input.idempotencyKey, result);
      }
      calls.set(input.idempotencyKey, [...(calls.get(input.idempotencyKey) ?? []), result]);
      if (failure === "after") {
        failures.delete(input.idempotencyKey);
        throw new ProviderDown();
      }
      return result;
    },
  };
  return { provider, calls, executed, failNext: (key, when) => failures.set(key, when) };
}

/** The network failed: whether money moved is unknown (a retryable PaymentProviderError). */
class ProviderDown extends PaymentProviderError {
  constructor() {
    super("connection reset talking to the card provider", true, "network");
  }
}

/** A queue that keeps what is sent, for the test to deliver. */
export function capturingQueue(into: JobMessage[]): JobQueue {
  return {
    async send(body: JobMessage) {
      into.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<JobMessage>>) {
      for (const m of messages) into.push(m.body);
    },
  } as unknown as JobQueue;
}

/** Runs the 00:00 JST money cron as if it fired at `scheduledTime`; returns what it enqueued. */
export async function runMoneyCron(scheduledTime: number): Promise<JobMessage[]> {
  const sent: JobMessage[] = [];
  await handleScheduled(createScheduledController({ scheduledTime, cron: MONEY_CRON }), env, capturingQueue(sent));
  return sent;
}

let messageSeq = 0;

/** wrangler.toml's max_retries: after the first delivery and 5 retries the queue drops a message. */
export const MAX_DELIVERIES_PER_MESSAGE = 6;

/**
 * Delivers `messages` to the consumer in batches of up to 10 (the configured batch size), and
 * whatever they send on, until nothing is left. A retried message goes back in the queue; one
 * that failed on every delivery the queue allows is a test failure. Returns how many deliveries
 * and retries there were.
 */
export async function drain(
  messages: JobMessage[],
  deps: Omit<JobDeps, "jobs">,
  options: { maxDeliveries?: number } = {},
): Promise<{ delivered: number; retried: number }> {
  const pending = messages.map((body) => ({ body, attempts: 1 }));
  let delivered = 0;
  let retried = 0;
  const limit = options.maxDeliveries ?? 10_000;
  while (pending.length > 0) {
    if (delivered > limit) throw new Error(`queue did not drain within ${limit} deliveries`);
    const taken = pending.splice(0, 10);
    const result = await deliver(taken, deps, pending);
    delivered += taken.length;
    retried += result.retried.length;
    const dead = result.retried.find((m) => m.attempts > MAX_DELIVERIES_PER_MESSAGE);
    if (dead) throw new Error(`message ${dead.body.key} failed ${MAX_DELIVERIES_PER_MESSAGE} times`);
    pending.push(...result.retried);
  }
  return { delivered, retried };
}

/** One consumer invocation over `items`; follow-up messages are appended to `sendTo`. */
export async function deliver(
  items: Array<{ body: JobMessage; attempts: number }>,
  deps: Omit<JobDeps, "jobs">,
  sendTo: Array<{ body: JobMessage; attempts: number }>,
) {
  const sent: JobMessage[] = [];
  const withIds = items.map((item) => ({ ...item, id: `m${messageSeq++}` }));
  const batch = createMessageBatch<JobMessage>(
    "fanclub-jobs",
    withIds.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts, body: m.body })),
  );
  const ctx = createExecutionContext();
  await handleQueue(batch, env, { ...deps, jobs: capturingQueue(sent) });
  const result = await getQueueResult(batch, ctx);
  for (const body of sent) sendTo.push({ body, attempts: 1 });
  const retriedIds = new Set(result.retryMessages.map((r: { msgId: string }) => r.msgId));
  return { retried: withIds.filter((m) => retriedIds.has(m.id)).map((m) => ({ body: m.body, attempts: m.attempts + 1 })) };
}

/**
 * Runs `fn` while the consumer is expected to log: an injected crash is logged as a defect
 * (console.error), a provider that could not answer as a warning. Returns both, for the test to
 * check that nothing else was logged.
 */
export async function withLoggedErrors<T>(fn: () => Promise<T>): Promise<{ value: T; logged: unknown[][]; warned: unknown[][] }> {
  const errorSpy = vi.spyOn(console, "error");
  const previous = errorSpy.getMockImplementation();
  const logged: unknown[][] = [];
  const warned: unknown[][] = [];
  errorSpy.mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
  const warnSpy = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warned.push(args);
  });
  try {
    return { value: await fn(), logged, warned };
  } finally {
    warnSpy.mockRestore();
    if (previous) errorSpy.mockImplementation(previous);
    else errorSpy.mockRestore();
  }
}

export async function one<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

export async function all<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}
