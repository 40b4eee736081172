import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";
import { BODYLESS, checkBody, mediaKind, messageKey } from "../http/request-body";
import { ApiError, fail } from "./envelope";

/**
 * The API's half: every body is read and checked before any handler runs; what parsed is kept
 * where Hono's body readers find it, so handlers never parse twice.
 */
export function apiBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (BODYLESS.has(c.req.method)) return next();
    const checked = await checkBody(c.req.raw.clone() as Request, "any");
    if (!checked.ok) return fail(c, checked.status, c.get("app").t(messageKey(checked.status)));
    // Hono keeps body promises in this cache at run time (its type names the values)
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    cache.arrayBuffer = Promise.resolve(checked.buffer);
    if (checked.form) cache.formData = Promise.resolve(checked.form);
    return next();
  };
}

/**
 * A handler's fields: the JSON object our scripts send, or a form's fields. An empty body is no
 * fields; a body of another kind is refused (415), never read as "no fields". JSON that is not an
 * object (an array, a string) is no fields either: the handler's schema then names what is missing.
 */
export async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (BODYLESS.has(c.req.method)) return {};
  const buffer = await c.req.arrayBuffer();
  if (buffer.byteLength === 0) return {};
  const kind = mediaKind(c.req.header("content-type"));
  if (kind === "json") {
    const parsed: unknown = await c.req.json();
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
  if (kind === "urlencoded" || kind === "multipart") return (await c.req.parseBody()) as Record<string, unknown>;
  throw new ApiError(415, c.get("app").t(messageKey(415)));
}

/** A handler that reads a form (files and repeated fields): an empty body is an empty form; JSON or text is refused (415). */
export async function formOf(c: Context<AppEnv>): Promise<FormData> {
  if (BODYLESS.has(c.req.method) || (await c.req.arrayBuffer()).byteLength === 0) return new FormData();
  const kind = mediaKind(c.req.header("content-type"));
  if (kind === "urlencoded" || kind === "multipart") return c.req.formData();
  throw new ApiError(415, c.get("app").t(messageKey(415)));
}
