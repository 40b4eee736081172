import { createDb } from "../../db/client";
import type { Env } from "../env";
import { beatStatement } from "./heartbeat";

/**
 * Daily cron. It never charges anyone itself: it records that it ran and enqueues jobs whose
 * keys make each effect happen once (renewal and expiry jobs join here with the money issue).
 */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const at = new Date(controller.scheduledTime);
  await beatStatement(db, "cron", at, controller.cron);
  await env.JOBS.sendBatch([
    {
      body: {
        type: "heartbeat",
        key: `heartbeat:${controller.cron}:${controller.scheduledTime}`,
        scheduledAt: controller.scheduledTime,
        cron: controller.cron,
      },
    },
    { body: { type: "uploads-cleanup", key: `uploads-cleanup:${controller.scheduledTime}`, at: controller.scheduledTime } },
  ]);
}
