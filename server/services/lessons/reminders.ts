import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import {
  emails,
  fanclubs,
  lessonReservations,
  lessonSlots,
  notifications,
  notificationSettings,
  services,
  users,
} from "../../../db/schema";
import { formatJstDateTime } from "../../domain/jst-time";
import { LESSON_STATUS, REMINDER_LEAD_MS } from "../../domain/lessons";
import { SUPPORTED_LOCALES } from "../../domain/locale";
import { translatorFor } from "../../i18n";
import { emailColumns } from "../mailer";

/**
 * Reminders before a lesson (the hourly cron's job): each seat of a slot starting within the lead
 * gets a notification, and an e-mail through the outbox when the fan has an address and keeps
 * purchase e-mails on (the channels the fan chose in their notification settings). One batch per
 * slot: the inserts read the slot while it is not marked reminded, then the slot is marked, so a
 * redelivered or twin job tells nobody twice.
 */

type Stmt = BatchItem<"sqlite">;

export async function sendLessonReminders(db: Db, now: number): Promise<{ slots: number; emailIds: number[] }> {
  const due = await db
    .select({
      id: lessonSlots.id,
      title: lessonSlots.title,
      startAt: lessonSlots.startAt,
      fanclubId: lessonSlots.fanclubId,
      fanclubName: fanclubs.name,
      frontUrl: services.frontUrl,
    })
    .from(lessonSlots)
    .innerJoin(fanclubs, eq(fanclubs.id, lessonSlots.fanclubId))
    .innerJoin(services, eq(services.id, fanclubs.serviceId))
    .where(
      and(
        eq(lessonSlots.status, LESSON_STATUS.before),
        isNull(lessonSlots.remindedAt),
        gt(lessonSlots.startAt, new Date(now)),
        lte(lessonSlots.startAt, new Date(now + REMINDER_LEAD_MS)),
      ),
    )
    .limit(100);
  const emailIds: number[] = [];
  for (const slot of due) {
    const url = `${slot.frontUrl}/fanclubs/${slot.fanclubId}/lessons`;
    const start = formatJstDateTime(slot.startAt.getTime());
    const seats = and(
      eq(lessonReservations.slotId, slot.id),
      eq(lessonReservations.status, LESSON_STATUS.before),
      sql`(SELECT "reminded_at" FROM "lesson_slots" WHERE "id" = ${slot.id}) IS NULL`,
    );
    const params = JSON.stringify({ lesson: slot.title, fanclub: slot.fanclubName, start });
    const statements: Stmt[] = [
      db.insert(notifications).select(
        db
          .select({
            id: sql<null>`NULL`.as("id"),
            userId: sql<number>`"lesson_reservations"."user_id"`.as("user_id"),
            kind: sql<string>`'lessonReminder'`.as("kind"),
            params: sql<string>`${params}`.as("params"),
            url: sql<string>`${url}`.as("url"),
            readAt: sql<null>`NULL`.as("read_at"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(lessonReservations)
          .where(seats),
      ),
    ];
    for (const locale of SUPPORTED_LOCALES) {
      const t = translatorFor(locale, "lessons");
      const inLocale =
        locale === "ja" ? sql`${users.locale} NOT IN ${SUPPORTED_LOCALES.filter((l) => l !== "ja")}` : sql`${users.locale} = ${locale}`;
      const mail = { lesson: slot.title, fanclub: slot.fanclubName, start, url };
      statements.push(
        db
          .insert(emails)
          .select(
            db
              .select(
                emailColumns({
                  to: sql`"users"."email"`,
                  template: "lessons.reminder",
                  locale,
                  subject: t("mail.reminder.subject", mail),
                  body: t("mail.reminder.body", mail),
                  now,
                }),
              )
              .from(lessonReservations)
              .innerJoin(users, eq(users.id, lessonReservations.userId))
              .leftJoin(notificationSettings, eq(notificationSettings.userId, lessonReservations.userId))
              .where(
                and(
                  seats,
                  sql`${users.email} IS NOT NULL AND ${users.leftAt} IS NULL AND COALESCE(${notificationSettings.emailPurchase}, 1) = 1`,
                  inLocale,
                ),
              ),
          )
          .returning({ id: emails.id }),
      );
    }
    statements.push(
      db
        .update(lessonSlots)
        .set({ remindedAt: new Date(now) })
        .where(and(eq(lessonSlots.id, slot.id), isNull(lessonSlots.remindedAt))),
    );
    const results: unknown[] = await db.batch(statements as [Stmt, ...Stmt[]]);
    for (const r of results.slice(1, 1 + SUPPORTED_LOCALES.length)) emailIds.push(...(r as Array<{ id: number }>).map((row) => row.id));
  }
  return { slots: due.length, emailIds };
}
