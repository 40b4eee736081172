import type { EmailRow } from "../../../db/schema";

/** Hands one stored e-mail to whatever delivers mail in this deployment. */
export interface EmailSender {
  readonly name: string;
  send(email: Pick<EmailRow, "toAddress" | "subject" | "textBody">): Promise<void>;
}

/**
 * Local development and tests: the `emails` table is the mailbox, listed at /dev/mailbox.
 * Nothing leaves the machine.
 */
export const outboxSender: EmailSender = {
  name: "outbox",
  async send() {},
};

/**
 * Production: a transactional e-mail HTTP API (JSON `{from, to, subject, text}` with a bearer
 * key, the shape most providers accept). Configured by the EMAIL_API_URL and EMAIL_API_KEY
 * secrets and the EMAIL_FROM variable.
 */
export function httpApiSender(config: { url: string; key: string; from: string; fetcher?: typeof fetch }): EmailSender {
  const doFetch = config.fetcher ?? fetch;
  return {
    name: "http-api",
    async send(email) {
      const res = await doFetch(config.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${config.key}` },
        body: JSON.stringify({ from: config.from, to: email.toAddress, subject: email.subject, text: email.textBody }),
      });
      if (!res.ok) throw new Error(`e-mail API answered ${res.status}`);
    },
  };
}

export function senderFor(env: {
  ENVIRONMENT?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
}): EmailSender | null {
  if (env.EMAIL_API_URL && env.EMAIL_API_KEY) {
    return httpApiSender({ url: env.EMAIL_API_URL, key: env.EMAIL_API_KEY, from: env.EMAIL_FROM ?? "no-reply@fanclub.example" });
  }
  // production without a configured sender: mail stays pending and is reported, never faked as sent
  return env.ENVIRONMENT === "production" ? null : outboxSender;
}
