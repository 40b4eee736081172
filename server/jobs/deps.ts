import type { Env } from "../env";
import { paymentProviderFrom, type PaymentProvider } from "../integrations/payments";
import type { RenewalContext } from "../services/renewals";
import type { JobMessage } from "./messages";

export type JobQueue = Pick<Queue<JobMessage>, "send" | "sendBatch">;

/**
 * What the cron and the queue consumer use besides D1: the clock, the queue they send follow-up
 * jobs to, the card provider. The Worker builds them from its bindings; tests pass a clock of
 * their choosing, a queue they deliver by hand and a provider that counts charges.
 */
export interface JobDeps {
  now: () => number;
  jobs: JobQueue;
  /** built on first use: production refuses to build one without Stripe keys, which only renewals need */
  provider: () => PaymentProvider;
  afterCharge?: RenewalContext["afterCharge"];
}

export function jobDepsFrom(env: Env): JobDeps {
  return { now: () => Date.now(), jobs: env.JOBS, provider: () => paymentProviderFrom(env) };
}
