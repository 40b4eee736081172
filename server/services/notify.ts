import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  digestItems,
  emails,
  fanclubEditors,
  fanclubs,
  notificationChannels,
  notificationSettings,
  pushSubscriptions,
  services,
  users,
} from "../../db/schema";
import { recordKey, isUniqueViolation } from "../../db/idempotency";
import { isLocale, type Locale } from "../domain/locale";
import { EMAIL_COLUMN, dueDigests, emailRoute, groupDigest, parseChannels, parseDigest, type NotifyKind } from "../domain/notify";
import type { Env } from "../env";
import { hostConfigFrom } from "../config";
import { originFor } from "../domain/hosts";
import { translatorFor } from "../i18n";
import { pushProviderFrom, type PushProvider } from "../integrations/push";
import { withNotificationDefaults } from "./notification-settings";
import { notificationInsert, type NotificationKind } from "./notifications";

/**
 * Delivers one notice to people over the channels each of them chose (issue 20): the bell
 * (in-app), e-mail through the outbox (at once, or kept for the digest) and Web Push to every
 * browser they subscribed. Texts are rendered in each person's language.
 */

const BELL_KIND: Record<NotifyKind, NotificationKind> = {
  message: "newMessage",
  newPost: "newPost",
  purchase: "purchaseResult",
  renewal: "renewalSucceeded",
  live: "liveStarting",
};

export interface Notice {
  kind: NotifyKind;
  /** placeholders of the texts `messages:notify.<kind>.title|body` */
  params: Record<string, string>;
  url: string;
}

async function notify(
  db: Db,
  env: Env,
  userIds: readonly number[],
  notice: Notice,
  now: number,
  push: PushProvider | null = pushProviderFrom(env),
) {
  const ids = [...new Set(userIds)].slice(0, 90);
  if (ids.length === 0) return;
  const [people, settings, channels, subs] = await db.batch([
    db
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.leftAt))),
    db.select().from(notificationSettings).where(inArray(notificationSettings.userId, ids)),
    db.select().from(notificationChannels).where(inArray(notificationChannels.userId, ids)),
    db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids)),
  ]);
  const writes = [];
  const mails: number[] = [];
  const pushes: Promise<unknown>[] = [];
  for (const person of people) {
    const locale: Locale = isLocale(person.locale) ? person.locale : "ja";
    const t = translatorFor(locale, "messages");
    const title = t(`notify.${notice.kind}.title`, notice.params);
    const body = t(`notify.${notice.kind}.body`, notice.params);
    const stored = channels.find((c) => c.userId === person.id);
    const choice = parseChannels(stored?.channels)[notice.kind];
    const column = EMAIL_COLUMN[notice.kind];
    const emailOn = column ? withNotificationDefaults(settings.find((s) => s.userId === person.id))[column] && choice.email : choice.email;
    if (choice.inApp)
      writes.push(notificationInsert(db, { userId: person.id, kind: BELL_KIND[notice.kind], params: notice.params, url: notice.url, now }));
    const route = emailRoute(emailOn, Boolean(person.email), parseDigest(stored?.digest));
    if (route === "digest") {
      writes.push(
        db
          .insert(digestItems)
          .values({ userId: person.id, kind: notice.kind, text: `${title}: ${body}`, url: notice.url, createdAt: new Date(now) }),
      );
    } else if (route === "now") {
      const inserted = await db
        .insert(emails)
        .values({
          toAddress: person.email!,
          template: `notify.${notice.kind}`,
          locale,
          subject: title,
          textBody: `${body}\n\n${notice.url}`,
          createdAt: new Date(now),
        })
        .returning({ id: emails.id });
      if (inserted[0]) mails.push(inserted[0].id);
    }
    if (choice.push && push) {
      for (const sub of subs.filter((s) => s.userId === person.id)) {
        pushes.push(
          push
            .send(sub, { title, body, url: notice.url })
            .then((outcome) =>
              outcome === "gone" ? db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id)).run() : undefined,
            ),
        );
      }
    }
  }
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  if (mails.length) await env.JOBS.send({ type: "emails", key: `notify-emails:${mails[0]}`, emailIds: mails });
  await Promise.allSettled(pushes);
}

/** A new message: to the fan, or to everyone who answers for the fan club (owner, permitted editors). */
export async function notifyNewMessage(
  db: Db,
  env: Env,
  input: { toSide: "fan" | "club"; fanclubId: number; fanUserId: number; threadId: number; fromName: string; now: number },
) {
  const origins = await recipientsAndUrl(db, env, input);
  await notify(db, env, origins.userIds, { kind: "message", params: { from: input.fromName }, url: origins.url }, input.now);
}

async function recipientsAndUrl(
  db: Db,
  env: Env,
  input: { toSide: "fan" | "club"; fanclubId: number; fanUserId: number; threadId: number },
) {
  if (input.toSide === "fan") return { userIds: [input.fanUserId], url: `${userOrigin(env)}/me/messages/${input.threadId}` };
  const [club, editors] = await db.batch([
    db
      .select({ ownerId: fanclubs.ownerId, frontUrl: services.frontUrl })
      .from(fanclubs)
      .innerJoin(services, eq(services.id, fanclubs.serviceId))
      .where(eq(fanclubs.id, input.fanclubId)),
    db
      .select({ userId: fanclubEditors.userId })
      .from(fanclubEditors)
      .where(
        and(
          eq(fanclubEditors.fanclubId, input.fanclubId),
          sql`${fanclubEditors.acceptedAt} IS NOT NULL`,
          sql`${fanclubEditors.permissions} LIKE '%"can_message_manage"%'`,
        ),
      ),
  ]);
  const owner = club[0]?.ownerId;
  // the fan club answers on its own brand's inbox, where the thread opens on the club's side
  const front = club[0]?.frontUrl ?? userOrigin(env);
  return {
    userIds: [...(owner ? [owner] : []), ...editors.map((e) => e.userId)],
    url: `${front}/me/fanclub/messages/${input.threadId}`,
  };
}

function userOrigin(env: Env): string {
  const config = hostConfigFrom(env);
  return originFor(config.userDomain, config);
}

/**
 * The digest run of one period: each person whose digest is due gets one e-mail of everything kept
 * for them, grouped by kind. The e-mail row, its items' mark and the period's key go in one batch,
 * so a second run of the same period (a cron fired twice, a redelivery) sends nothing more.
 */
export async function sendDigests(db: Db, env: Env, now: number): Promise<number> {
  let sent = 0;
  for (const due of dueDigests(now)) {
    const people = await db
      .select({ userId: notificationChannels.userId, email: users.email, locale: users.locale })
      .from(notificationChannels)
      .innerJoin(users, eq(users.id, notificationChannels.userId))
      .where(
        and(
          eq(notificationChannels.digest, due.mode),
          isNull(users.leftAt),
          sql`EXISTS (SELECT 1 FROM ${digestItems} WHERE ${digestItems.userId} = ${notificationChannels.userId} AND ${digestItems.emailId} IS NULL)`,
        ),
      )
      .limit(500)
      .all();
    for (const person of people) {
      if (!person.email) continue;
      const items = await db
        .select()
        .from(digestItems)
        .where(and(eq(digestItems.userId, person.userId), isNull(digestItems.emailId)))
        // the ids go into one statement's IN list, under D1's 100 bound parameters
        .limit(90)
        .all();
      if (items.length === 0) continue;
      const locale: Locale = isLocale(person.locale) ? person.locale : "ja";
      const t = translatorFor(locale, "messages");
      const sections = groupDigest(items.map((i) => ({ kind: i.kind, text: i.text, url: i.url, createdAt: i.createdAt.getTime() })));
      const text = sections
        .map(
          (s) =>
            `${t(`settings.kinds.${s.kind}`, { defaultValue: s.kind })} (${s.count})\n${s.items.map((i) => `- ${i.text}${i.url ? `\n  ${i.url}` : ""}`).join("\n")}`,
        )
        .join("\n\n");
      try {
        const results = await db.batch([
          recordKey(db, `digest:${due.periodKey}:${person.userId}`, new Date(now)),
          db
            .insert(emails)
            .values({
              toAddress: person.email,
              template: "notify.digest",
              locale,
              subject: t("digest.subject", { items: items.length }),
              textBody: text,
              createdAt: new Date(now),
            })
            .returning({ id: emails.id }),
          db
            .update(digestItems)
            .set({ emailId: sql`last_insert_rowid()` })
            .where(
              inArray(
                digestItems.id,
                items.map((i) => i.id),
              ),
            ),
        ]);
        const emailId = (results[1] as Array<{ id: number }>)[0]?.id;
        if (emailId) await env.JOBS.send({ type: "email", key: `email:${emailId}`, emailId });
        sent += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  return sent;
}
