import { createDb } from "../../db/client";
import type { Env } from "../env";
import { deliverEmail } from "../services/mailer";
import { cleanUpUploads } from "../services/uploads";
import { alreadyProcessed, beatStatement, once } from "./heartbeat";
import type { JobMessage } from "./messages";

/** Queue consumer: each message is acknowledged once its effect is stored (or already was). */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    const job = message.body;
    try {
      switch (job.type) {
        case "heartbeat": {
          const now = new Date();
          await once(db, job.key, now, beatStatement(db, "queue", now, job.key));
          break;
        }
        case "email": {
          await deliverEmail(db, env, job.emailId, Date.now());
          break;
        }
        case "uploads-cleanup": {
          // aborting and deleting twice is harmless; the key only spares a redelivery the work
          if (await alreadyProcessed(db, job.key)) break;
          const result = await cleanUpUploads(db, env.MEDIA, job.at);
          const now = new Date();
          await once(db, job.key, now, beatStatement(db, "uploads-cleanup", now, JSON.stringify(result)));
          break;
        }
        default: {
          const unknown: never = job;
          console.warn(`[queue] dropping unknown job ${JSON.stringify(unknown)}`);
        }
      }
      message.ack();
    } catch (error) {
      console.error(`[queue] job ${job.key} failed, will retry`, error);
      message.retry({ delaySeconds: Math.min(60 * 2 ** message.attempts, 3600) });
    }
  }
}
