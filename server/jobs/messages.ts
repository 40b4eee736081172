/**
 * Messages on the JOBS queue. Each carries an idempotency key: the queue delivers at least once,
 * and the consumer records the key in the same D1 batch as the effect.
 */
export type JobMessage =
  | {
      type: "heartbeat";
      key: string;
      /** when the cron fired, ms since epoch */
      scheduledAt: number;
      cron: string;
    }
  | {
      /** deliver one row of the `emails` table */
      type: "email";
      key: string;
      emailId: number;
    }
  | {
      /** abort uploads left unfinished for a day, delete stored files no post took in a week */
      type: "uploads-cleanup";
      key: string;
      /** the cron's time, ms since epoch: ages are measured from it, so a redelivery acts alike */
      at: number;
    };
