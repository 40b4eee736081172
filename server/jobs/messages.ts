import type { VariantKind } from "../domain/image-variants";

/**
 * Messages on the JOBS queue. Each carries an idempotency key: the queue delivers at least once,
 * and the consumer records the key in the same D1 batch as the effect.
 */
export type JobMessage =
  | {
      /** store the smaller variants of an uploaded public image (docs/decisions/044) */
      type: "image-variants";
      key: string;
      /** the R2 key of the original */
      objectKey: string;
      /** which widths (docs/decisions/044); absent: by the key (covers, fan club images) */
      variant?: VariantKind;
    }
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
    }
  | {
      /** deliver several rows of the `emails` table (the notices of one renewal or auto-leave message) */
      type: "emails";
      key: string;
      emailIds: number[];
    }
  | {
      /**
       * The renewal run of `month` (docs/decisions/017): read due memberships after `afterId`, send
       * them on as `renewal` messages, then send this scan on from the last id read.
       */
      type: "renewal-scan";
      key: string;
      month: string;
      afterId: number;
    }
  | {
      /** renew these memberships for `month` (at most RENEWAL_CHUNK) */
      type: "renewal";
      key: string;
      month: string;
      membershipIds: number[];
    }
  | {
      /** unpaid memberships past the 7th (JST) leave; pages on by id like the scan */
      type: "auto-leave";
      key: string;
      afterId: number;
    }
  | {
      /** deliver a fan club's message to many: the recipients after `afterUserId`, then the next chunk (issue 20) */
      type: "bulk-message";
      key: string;
      bulkMessageId: number;
      afterUserId: number;
    }
  | {
      /** send the e-mail digests due this hour (issue 20) */
      type: "digests";
      key: string;
      at: number;
    }
  | {
      /** move expired bonus coins out, one page per message, sending itself on while there are more */
      type: "coins-expire";
      key: string;
    }
  | {
      /** the hourly lesson job: reminders before lessons, refunds still owed for cancelled ones (issue 22) */
      type: "lessons";
      key: string;
      at: number;
    }
  | {
      /** make Discord roles match memberships (docs/decisions/040): one fan's pending rows, or every due row */
      type: "discord-sync";
      key: string;
      userId?: number;
    };
