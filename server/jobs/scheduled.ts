import { createDb } from "../../db/client";
import { LESSON_CRON } from "../domain/lessons";
import { MONEY_CRON } from "../domain/renewal-run";
import { staleBulkJobs } from "../services/bulk-messages";
import type { Env } from "../env";
import type { JobQueue } from "./deps";
import { beatStatement } from "./heartbeat";
import type { JobMessage } from "./messages";
import { moneyCronJobs } from "./renewals";

/** The hourly cron of the notification digests (issue 20). */
const DIGEST_CRON = "0 * * * *";

/**
 * Daily crons. They never charge anyone or change a membership themselves: they record that they
 * ran and enqueue jobs whose keys make each effect happen once.
 * - MONEY_CRON, 00:00 JST: on the 1st the month's renewal run; every day the auto-leave of unpaid
 *   plans past the 7th and the expiry of bonus coins (docs/decisions/017).
 * - DIGEST_CRON, every hour: the e-mail digests due (hourly ones, and the daily ones at 08:00 JST),
 *   and a fresh chunk job for each message to many whose delivery went quiet (a lost job would
 *   otherwise leave it "sending" for good; resuming a live one is harmless, see bulk-messages.ts).
 * - LESSON_CRON, hourly: reminders before lessons and refunds still owed (issue 22).
 * - any other (00:05 JST): the queue heartbeat, the uploads clean-up, and the Discord role sync
 *   (roles kept to the end of a paid month run out; failed syncs are retried; decision 040).
 */
export async function handleScheduled(controller: ScheduledController, env: Env, jobs: JobQueue = env.JOBS): Promise<void> {
  const db = createDb(env.DB);
  const at = new Date(controller.scheduledTime);
  await beatStatement(db, "cron", at, controller.cron);
  const messages: JobMessage[] =
    controller.cron === MONEY_CRON
      ? moneyCronJobs(controller.scheduledTime)
      : controller.cron === DIGEST_CRON
        ? [
            { type: "digests", key: `digests:${controller.scheduledTime}`, at: controller.scheduledTime },
            ...(await staleBulkJobs(db, controller.scheduledTime)),
          ]
        : controller.cron === LESSON_CRON
          ? [{ type: "lessons", key: `lessons:${controller.scheduledTime}`, at: controller.scheduledTime }]
          : [
              {
                type: "heartbeat",
                key: `heartbeat:${controller.cron}:${controller.scheduledTime}`,
                scheduledAt: controller.scheduledTime,
                cron: controller.cron,
              },
              { type: "uploads-cleanup", key: `uploads-cleanup:${controller.scheduledTime}`, at: controller.scheduledTime },
              { type: "discord-sync", key: `discord-sync:${controller.scheduledTime}` },
            ];
  await jobs.sendBatch(messages.map((body) => ({ body })));
}
