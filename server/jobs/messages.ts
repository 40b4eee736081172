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
    };
