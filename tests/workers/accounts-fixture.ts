import { env } from "cloudflare:test";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";

export const at = (host: string, path: string) => `http://${host}${path}`;
export const PASSWORD = "secret123";

let seq = 0;
/** An address no other test uses. */
export const freshEmail = (prefix = "fan") => `${prefix}${Date.now()}${seq++}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The first link in the newest e-mail to `email` (the local outbox). */
export async function lastLinkTo(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT text_body FROM emails WHERE to_address = ? ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<{ text_body: string }>();
  const link = row?.text_body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no e-mail with a link to ${email}`);
  return link;
}

/**
 * A confirmed account signed in on the shared cookie domain, made the way a person makes one:
 * sign-up form, the link from the e-mail, the login form.
 */
export async function confirmedAccount(options: { name?: string; prefix?: string } = {}) {
  const b = new TestBrowser();
  const email = freshEmail(options.prefix);
  await b.post(at(hosts.user, "/account/sign_up"), { email, password: PASSWORD, name: options.name ?? "Aoi", agree: "on" });
  await b.get(await lastLinkTo(email));
  await b.post(at(hosts.login, "/auth/login"), { email, password: PASSWORD });
  const user = await env.DB.prepare("SELECT id, identify_token FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: number; identify_token: string }>();
  if (!user) throw new Error("sign-up stored no user");
  return { b, email, id: user.id, userId: user.id, token: user.identify_token };
}
