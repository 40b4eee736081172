import type { AppContext } from "../../context";

/**
 * Hands the e-mails a status change stored to the queue, after its batch committed. The queue
 * delivers at least once; a stored e-mail is sent once (server/services/mailer.ts).
 */
export function enqueueEmails(app: Pick<AppContext, "env" | "waitUntil">, emailIds: readonly number[], key: string): void {
  if (emailIds.length === 0) return;
  app.waitUntil(app.env.JOBS.send({ type: "emails", key: `emails:${key}`, emailIds: [...emailIds] }));
}
