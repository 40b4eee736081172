import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { emails, notifications, transfers } from "../../../db/schema";
import { isLocale, type Locale } from "../../domain/locale";
import { formatYen } from "../../domain/number-display";
import { translatorFor } from "../../i18n";
import type { NotificationKind } from "../notifications";
import { emailColumns } from "../mailer";

/**
 * What the recipient of a transfer is told at each status change: a notice in the bell and an
 * e-mail through the outbox (docs/decisions/009), in the recipient's language. Both are
 * statements for the batch that changes the status, each inserted only while the transfer row is
 * in the state the change left it in, so a notice exists exactly when the change does.
 */

export type TransferNoticeKind = Extract<
  NotificationKind,
  "payoutRequested" | "payoutInTransfer" | "payoutPaid" | "payoutFailed" | "refundOwed" | "refundInTransfer" | "refundPaid" | "refundFailed"
>;

export interface NoticeRecipient {
  userId: number;
  name: string;
  email: string | null;
  locale: string;
}

export interface TransferNotice {
  kind: TransferNoticeKind;
  /** yen the bank receives (or what is owed) */
  amount: number;
  /** the fan club the payout is for, or that owes the refund */
  fanclubName: string;
  /** where the notice leads (the payout history, the refund page) */
  url: string;
}

/**
 * The notification and (when the person has an address) the e-mail of one status change, as
 * statements for the change's batch, and where the e-mail insert sits among them (its RETURNING
 * rows name the e-mail to hand to the queue after the batch; see `emailIdsFrom`).
 * `transferWhere` selects the transfer row in its new state; nothing is inserted unless it matches.
 */
export function transferNoticeStatements(
  db: Db,
  to: NoticeRecipient,
  notice: TransferNotice,
  now: number,
  transferWhere: SQL,
): { statements: BatchItem<"sqlite">[]; emailAt: number | null } {
  const locale: Locale = isLocale(to.locale) ? to.locale : "ja";
  const t = translatorFor(locale, "payouts");
  const params = { amount: formatYen(notice.amount), fanclub: notice.fanclubName };
  const notification = db.insert(notifications).select(
    db
      .select({
        id: sql<null>`NULL`.as("id"),
        userId: sql<number>`${to.userId}`.as("user_id"),
        kind: sql<string>`${notice.kind}`.as("kind"),
        params: sql<string>`${JSON.stringify(params)}`.as("params"),
        url: sql<string>`${notice.url}`.as("url"),
        readAt: sql<null>`NULL`.as("read_at"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(transfers)
      .where(transferWhere),
  );
  if (!to.email) return { statements: [notification], emailAt: null };
  const mailParams = { ...params, name: to.name, url: notice.url };
  const email = db
    .insert(emails)
    .select(
      db
        .select(
          emailColumns({
            to: to.email,
            template: `payouts.${notice.kind}`,
            locale,
            subject: t(`mail.${notice.kind}.subject`, mailParams),
            body: t(`mail.${notice.kind}.body`, mailParams),
            now,
          }),
        )
        .from(transfers)
        .where(transferWhere),
    )
    .returning({ id: emails.id });
  return { statements: [notification, email], emailAt: 1 };
}

/** The e-mail ids a batch's RETURNING gave, from the result at `offset + emailAt`. */
export function emailIdsFrom(results: readonly unknown[], offset: number, emailAt: number | null): number[] {
  if (emailAt === null) return [];
  const rows = results[offset + emailAt];
  return Array.isArray(rows) ? rows.map((r) => (r as { id: number }).id) : [];
}
