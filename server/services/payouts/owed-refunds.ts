import type { Db } from "../../../db/client";
import { cardRefundFailure } from "../../domain/payouts";
import { hostConfigFrom } from "../../config";
import { originFor } from "../../domain/hosts";
import type { AppContext } from "../../context";
import type { Env } from "../../env";
import type { JobQueue } from "../../jobs/deps";
import { PaymentProviderError } from "../../integrations/payments";
import { enqueueEmails } from "./mail-queue";
import { oweRefund } from "./refunds";

/**
 * Money the platform gives back to a fan whose card cannot take it (a lesson the creator
 * cancelled, a purchase whose effect could not land): instead of being lost, or retried forever
 * against a provider that has said no for good, it becomes a refund owed to the fan, which they
 * see at /me/transfer and receive by bank transfer (issue: refund receipts). The debt is
 * recorded under the card refund's own idempotency key, so a second cancel, the hourly retry or
 * a redelivered job finds it there and records nothing more.
 */

/** Where the fan is sent (the refund page on the user domain) and how its e-mail is sent. */
export interface OwedRefundSink {
  url: string;
  enqueue(emailIds: readonly number[], key: string): void;
}

/** The sink of a request: e-mails go to the queue once the response is on its way. */
export function owedRefundSink(app: Pick<AppContext, "env" | "waitUntil" | "origins">): OwedRefundSink {
  return { url: `${app.origins.user}/me/transfer`, enqueue: (ids, key) => enqueueEmails(app, ids, key) };
}

/** The sink of a queue job, which has no request: the user domain from config, e-mails sent at once. */
export function owedRefundSinkForJob(env: Env, jobs: JobQueue, pending: Array<Promise<unknown>>): OwedRefundSink {
  const config = hostConfigFrom(env);
  return {
    url: `${originFor(config.userDomain, config)}/me/transfer`,
    enqueue: (ids, key) => {
      if (ids.length > 0) pending.push(jobs.send({ type: "emails", key: `emails:${key}`, emailIds: [...ids] }));
    },
  };
}

/**
 * Decides what a refused card refund means. `retry`: leave it, the caller asks again later under
 * the same key. `owed`: the amount is now a refund owed to the fan (recorded now, or already by
 * an earlier attempt under the same key), and the caller goes on as if the card took it back.
 */
export async function oweIfCardCannotTakeIt(
  db: Db,
  sink: OwedRefundSink,
  error: unknown,
  input: { userId: number; fanclubId: number | null; amount: number; key: string; memo: string; now: number },
): Promise<"retry" | "owed"> {
  if (!(error instanceof PaymentProviderError)) throw error;
  if (cardRefundFailure(error) === "retry") return "retry";
  const owed = await oweRefund(db, { ...input, reason: "card_unavailable", url: sink.url });
  if (owed.ok) sink.enqueue(owed.emailIds, `refund-owed:${owed.transfer.id}`);
  else if (owed.reason !== "duplicate") throw new Error(`refund ${input.key} owed to unknown user ${input.userId}`);
  return "owed";
}
