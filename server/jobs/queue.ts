import type { Db } from "../../db/client";
import { createDb } from "../../db/client";
import type { Env } from "../env";
import { deliverEmail, deliverEmails } from "../services/mailer";
import { cleanUpUploads } from "../services/uploads";
import { runBulkChunk } from "../services/bulk-messages";
import { sendDigests } from "../services/notify";
import { refundOwedSeats, sendLessonReminders } from "../services/lessons";
import { owedRefundSinkForJob } from "../services/payouts/owed-refunds";
import { deleteOldMediaCounters } from "../services/media-rate";
import { storeVariants } from "../media/variant-job";
import { variantKindOfKey } from "../domain/image-variants";
import { jobDepsFrom, type JobDeps } from "./deps";
import { alreadyProcessed, once } from "../../db/idempotency";
import { beatStatement } from "./heartbeat";
import { runDiscordSyncJob } from "./discord";
import type { JobMessage } from "./messages";
import { isExpectedRetry, runAutoLeave, runCoinsExpire, runRenewals, runRenewalScan } from "./renewals";

/**
 * Queue consumer: each message is acknowledged once its effect is stored (or already was); a
 * message that throws is retried later with backoff. `deps` defaults to the Worker's own clock,
 * queue and card provider; tests pass theirs.
 */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env, deps: JobDeps = jobDepsFrom(env)): Promise<void> {
  const db = createDb(env.DB);
  // the messages of a batch are independent: run together, their D1 and provider round trips overlap
  await Promise.all(
    batch.messages.map(async (message) => {
      const job = message.body;
      try {
        await runJob(db, env, deps, job);
        message.ack();
      } catch (error) {
        // an aggregate's own stack says nothing: log what each part failed with
        const parts = error instanceof AggregateError ? error.errors : [error];
        if (isExpectedRetry(error)) console.warn(`[queue] job ${job.key} will be retried: ${parts.map(String).join("; ")}`);
        else console.error(`[queue] job ${job.key} failed, will retry`, error, ...parts);
        message.retry({ delaySeconds: Math.min(60 * 2 ** message.attempts, 3600) });
      }
    }),
  );
}

async function runJob(db: Db, env: Env, deps: JobDeps, job: JobMessage): Promise<void> {
  switch (job.type) {
    case "heartbeat": {
      const now = new Date(deps.now());
      await once(db, job.key, now, beatStatement(db, "queue", now, job.key));
      return;
    }
    case "image-variants":
      // putting the same variants twice stores the same bytes, so a redelivery needs no key
      await storeVariants(env.MEDIA, job.objectKey, job.variant ?? variantKindOfKey(job.objectKey) ?? "cover");
      return;
    case "email":
      await deliverEmail(db, env, job.emailId, deps.now());
      return;
    case "emails":
      // a sent row is skipped, so a redelivered message sends only what is left
      await deliverEmails(db, env, job.emailIds, deps.now());
      return;
    case "uploads-cleanup": {
      // aborting and deleting twice is harmless; the key only spares a redelivery the work
      if (await alreadyProcessed(db, job.key)) return;
      const result = await cleanUpUploads(db, env.MEDIA, job.at);
      // the media rate counters of past days count nothing any more (docs/decisions/042)
      await deleteOldMediaCounters(db, job.at);
      const now = new Date(deps.now());
      await once(db, job.key, now, beatStatement(db, "uploads-cleanup", now, JSON.stringify(result)));
      return;
    }
    case "renewal-scan":
      await runRenewalScan(db, deps, job);
      return;
    case "renewal":
      await runRenewals(db, deps, job);
      return;
    case "auto-leave":
      await runAutoLeave(db, deps, job);
      return;
    case "bulk-message":
      await runBulkChunk(db, deps.jobs, job, deps.now());
      return;
    case "digests":
      // each person's digest of a period carries its own key, so a second run sends nothing twice
      await sendDigests(db, env, job.at);
      return;
    case "coins-expire":
      await runCoinsExpire(db, deps);
      return;
    case "lessons": {
      // each reminder is sent once by its slot's mark, each refund once by its key: a redelivery repeats nothing
      const now = deps.now();
      const reminders = await sendLessonReminders(db, now);
      for (let i = 0; i < reminders.emailIds.length; i += 50)
        await deps.jobs.send({ type: "emails", key: `${job.key}:emails:${i}`, emailIds: reminders.emailIds.slice(i, i + 50) });
      const sent: Array<Promise<unknown>> = [];
      await refundOwedSeats(db, deps.provider(), owedRefundSinkForJob(env, deps.jobs, sent), now);
      await Promise.all(sent);
      return;
    }
    case "discord-sync":
      await runDiscordSyncJob(db, env, deps, job);
      return;
    default: {
      const unknown: never = job;
      console.warn(`[queue] dropping unknown job ${JSON.stringify(unknown)}`);
    }
  }
}
