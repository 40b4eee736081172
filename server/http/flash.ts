import type { Context } from "hono";
import type { AppEnv } from "../hono-env";
import { queueCookie } from "./cookies";
import { getCookie } from "hono/cookie";
import { z } from "zod";

/** spec §3 flash message: shown once on the next page, then gone. Texts are i18n keys. */
export const flashSchema = z.object({
  type: z.enum(["info", "error", "muted", "warn"]),
  key: z.string().regex(/^[a-zA-Z0-9_.:-]+$/),
  closable: z.boolean().default(true),
});
export type Flash = z.infer<typeof flashSchema>;

const FLASH_COOKIE = "flash";

export function readFlash(c: Context<AppEnv>): Flash[] {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return [];
  queueCookie(c, FLASH_COOKIE, "", { path: "/", maxAge: 0 });
  try {
    const parsed = z.array(flashSchema).safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
