import { createDb } from "../../db/client";
import type { Env } from "../env";
import { deliverEmail } from "../services/mailer";
import { beatStatement, once } from "./heartbeat";
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
