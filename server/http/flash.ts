import type { Context } from "hono";
import type { AppEnv } from "../hono-env";
import { queueCookie } from "./cookies";
import { getCookie } from "hono/cookie";
import { hostConfigFrom } from "../config";
import type { AppContext } from "../context";
import { hostnameOf, isUnderCookieDomain } from "../domain/hosts";
import { z } from "zod";
import { requestUrl } from "./request-url";

/** spec §3 flash message: shown once on the next page, then gone. Texts are i18n keys. */
const flashSchema = z.object({
  type: z.enum(["info", "error", "muted", "warn"]),
  key: z.string().regex(/^[a-zA-Z0-9_.:-]+$/),
  closable: z.boolean().default(true),
});
export type Flash = z.infer<typeof flashSchema>;

const FLASH_COOKIE = "flash";

export function readFlash(c: Context<AppEnv>): Flash[] {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return [];
  // shown once: remove it in both scopes it may have been set in
  queueCookie(c, FLASH_COOKIE, "", { path: "/", maxAge: 0 });
  const config = hostConfigFrom(c.env);
  const hostname = hostnameOf(c.req.header("host") ?? requestUrl(c.req.raw).host);
  if (isUnderCookieDomain(hostname, config)) queueCookie(c, FLASH_COOKIE, "", { path: "/", maxAge: 0, domain: config.cookieDomain });
  try {
    const parsed = z.array(flashSchema).safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Leaves flash messages for the next page. Under the shared cookie domain the cookie is shared,
 * so a message set on the login or user domain shows on the brand the browser lands on.
 */
export function setFlash(
  app: Pick<AppContext, "setCookie" | "hostname" | "https" | "config">,
  items: Array<Pick<Flash, "type" | "key"> & { closable?: boolean }>,
): void {
  app.setCookie(FLASH_COOKIE, encodeURIComponent(JSON.stringify(items.map((f) => ({ closable: true, ...f })))), {
    path: "/",
    maxAge: 300,
    sameSite: "Lax",
    secure: app.https,
    httpOnly: true,
    ...(isUnderCookieDomain(app.hostname, app.config) ? { domain: app.config.cookieDomain } : {}),
  });
}
