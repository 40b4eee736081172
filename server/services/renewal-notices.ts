import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emails, memberships, notifications } from "../../db/schema";
import type { BillingMonth } from "../domain/billing-month";
import { isLocale, type Locale } from "../domain/locale";
import { formatYen } from "../domain/number-display";
import type { RenewalMethod } from "../domain/renewal";
import { monthLabel, payByLabel, payExpiredPath } from "../domain/renewal-run";
import { translatorFor } from "../i18n";
import type { NotificationKind } from "./notifications";
import { emailColumns } from "./mailer";

/**
 * What a fan is told about their renewal: a notification row (the bell) and an e-mail through the
 * outbox (docs/decisions/009), in the fan's language. Both are statements for the batch that
 * records the outcome, so the notice exists exactly when the outcome does.
 */

/** Who is told, about which plan of which fan club. */
export type NoticeTarget = {
  membershipId: number;
  userId: number;
  userName: string;
  email: string | null;
  locale: string;
  fanclubId: number;
  fanclubName: string;
  planName: string;
  brandName: string;
  frontUrl: string;
};

export type RenewalNotice =
  | { kind: "renewed"; month: BillingMonth; amount: number; method: RenewalMethod }
  | { kind: "failed"; month: BillingMonth }
  | { kind: "autoLeft"; month: BillingMonth };

const NOTIFICATION_KIND: Record<RenewalNotice["kind"], NotificationKind> = {
  renewed: "renewalSucceeded",
  failed: "renewalFailed",
  autoLeft: "renewalAutoLeft",
};

/** Where the notice leads: the fan club page; for an unpaid plan with the payment modal's expired-plans page asked for. */
function noticeUrl(target: Pick<NoticeTarget, "frontUrl" | "fanclubId">, kind: RenewalNotice["kind"]): string {
  return kind === "failed" ? `${target.frontUrl}${payExpiredPath(target.fanclubId)}` : `${target.frontUrl}/fanclubs/${target.fanclubId}`;
}

function noticeParams(target: NoticeTarget, notice: RenewalNotice, t: ReturnType<typeof translatorFor>): Record<string, string> {
  const params: Record<string, string> = {
    fanclub: target.fanclubName,
    plan: target.planName,
    month: monthLabel(notice.month),
  };
  if (notice.kind === "renewed") {
    params.amount = formatYen(notice.amount);
    params.method = t(`methods.${notice.method}`);
  }
  if (notice.kind === "failed") params.deadline = payByLabel(notice.month);
  return params;
}

/**
 * The notification and (when the fan has an address) the e-mail of one outcome, each inserted
 * only while `onlyIf` holds for the membership row when the batch runs: a fan who paid or left by
 * hand in the meantime is not told something that no longer happened. The e-mail insert returns
 * its id, to hand to the queue after the batch.
 */
export function noticeStatements(db: Db, target: NoticeTarget, notice: RenewalNotice, now: number, onlyIf?: SQL) {
  const locale: Locale = isLocale(target.locale) ? target.locale : "ja";
  const t = translatorFor(locale, "renewals");
  const params = noticeParams(target, notice, t);
  const url = noticeUrl(target, notice.kind);
  const where = and(eq(memberships.id, target.membershipId), onlyIf);
  const notification = db.insert(notifications).select(
    db
      // drizzle wants every column of the table, in order; a NULL id takes the next rowid
      .select({
        id: sql<null>`NULL`.as("id"),
        userId: sql<number>`${target.userId}`.as("user_id"),
        kind: sql<string>`${NOTIFICATION_KIND[notice.kind]}`.as("kind"),
        params: sql<string>`${JSON.stringify(params)}`.as("params"),
        url: sql<string>`${url}`.as("url"),
        readAt: sql<null>`NULL`.as("read_at"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(memberships)
      .where(where),
  );
  if (!target.email) return { notification, email: null };
  const mailParams = { ...params, name: target.userName, brand: target.brandName, url };
  const email = db
    .insert(emails)
    .select(
      db
        .select(
          emailColumns({
            to: target.email,
            template: `renewals.${notice.kind}`,
            locale,
            subject: t(`mail.${notice.kind}.subject`, mailParams),
            body: t(`mail.${notice.kind}.body`, mailParams),
            now,
          }),
        )
        .from(memberships)
        .where(where),
    )
    .returning({ id: emails.id });
  return { notification, email };
}
