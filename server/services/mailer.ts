import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emails } from "../../db/schema";
import type { Locale } from "../domain/locale";
import type { Env } from "../env";
import { translatorFor } from "../i18n";
import { senderFor } from "../integrations/email/sender";

export type EmailTemplate = "confirm" | "reset" | "changeEmail" | "passwordChanged" | "left";

/**
 * The insert for one localized e-mail, to put in the same D1 batch as the change that causes it
 * (a token, a new address): either both are stored or neither.
 */
export function emailInsert(
  db: Db,
  input: { to: string; template: EmailTemplate; locale: Locale; params: Record<string, string>; now: number },
) {
  const t = translatorFor(input.locale, "account");
  return db
    .insert(emails)
    .values({
      toAddress: input.to,
      template: input.template,
      locale: input.locale,
      subject: t(`mail.${input.template}.subject`, input.params),
      textBody: t(`mail.${input.template}.body`, input.params),
      createdAt: new Date(input.now),
    })
    .returning({ id: emails.id });
}

/**
 * The columns of a pending e-mail chosen by a SELECT, for an `INSERT INTO emails SELECT …`: one
 * e-mail for each row the query finds (a fan still subscribed, a transfer still in its state), so
 * the condition that decides whether to write is the same statement that writes. `to` is an
 * address or a column of the query ("users"."email").
 */
export function emailColumns(input: { to: string | SQL; template: string; locale: string; subject: string; body: string; now: number }) {
  return {
    id: sql<null>`NULL`.as("id"),
    toAddress: sql<string>`${input.to}`.as("to_address"),
    template: sql<string>`${input.template}`.as("template"),
    locale: sql<string>`${input.locale}`.as("locale"),
    subject: sql<string>`${input.subject}`.as("subject"),
    textBody: sql<string>`${input.body}`.as("text_body"),
    status: sql<string>`'pending'`.as("status"),
    sentAt: sql<null>`NULL`.as("sent_at"),
    error: sql<null>`NULL`.as("error"),
    createdAt: sql<number>`${input.now}`.as("created_at"),
  };
}

/** After the batch is stored: the queue delivers it (at least once; delivery is recorded once). */
export function enqueueEmail(env: Env, waitUntil: (p: Promise<unknown>) => void, emailId: number | undefined): void {
  if (emailId === undefined) return;
  waitUntil(env.JOBS.send({ type: "email", key: `email:${emailId}`, emailId }));
}

/** Queue job: sends a pending e-mail and records the outcome. Sent mail is never sent twice. */
export async function deliverEmail(db: Db, env: Env, emailId: number, now: number): Promise<void> {
  const row = await db.select().from(emails).where(eq(emails.id, emailId)).get();
  if (!row || row.status === "sent") return;
  const sender = senderFor(env);
  if (!sender) {
    await db.update(emails).set({ status: "failed", error: "no e-mail sender is configured" }).where(eq(emails.id, emailId)).run();
    console.warn(`[mail] e-mail ${emailId} not sent: no sender configured`);
    return;
  }
  await sender.send(row);
  await db
    .update(emails)
    .set({ status: "sent", sentAt: new Date(now), error: null })
    .where(and(eq(emails.id, emailId), eq(emails.status, row.status)))
    .run();
}

/**
 * Queue job: several stored e-mails (the notices of one renewal message), read in one query and
 * marked sent in one statement. Sent mail is never sent again; if the sender fails half-way, the
 * ones it took are marked and the job is retried for the rest.
 */
export async function deliverEmails(db: Db, env: Env, emailIds: readonly number[], now: number): Promise<void> {
  if (emailIds.length === 0) return;
  const rows = await db
    .select()
    .from(emails)
    .where(and(inArray(emails.id, [...emailIds]), ne(emails.status, "sent")));
  if (rows.length === 0) return;
  const sender = senderFor(env);
  if (!sender) {
    await db
      .update(emails)
      .set({ status: "failed", error: "no e-mail sender is configured" })
      .where(
        inArray(
          emails.id,
          rows.map((r) => r.id),
        ),
      )
      .run();
    console.warn(`[mail] ${rows.length} e-mails not sent: no sender configured`);
    return;
  }
  const sent: number[] = [];
  try {
    for (const row of rows) {
      await sender.send(row);
      sent.push(row.id);
    }
  } finally {
    if (sent.length > 0) {
      await db
        .update(emails)
        .set({ status: "sent", sentAt: new Date(now), error: null })
        .where(and(inArray(emails.id, sent), ne(emails.status, "sent")))
        .run();
    }
  }
}
