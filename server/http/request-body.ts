import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";
import { translatorFor } from "../i18n";

/**
 * Request bodies fail closed in one place. A body that cannot be read as what it claims to be
 * (JSON that does not parse, a multipart body without its boundary or cut short, a stream that
 * breaks off) is a localized 400; a body of a kind the endpoint does not take (JSON or text where
 * a page form is expected) is a 415. Nothing behind these checks ever sees such a body, so no
 * action or handler can turn it into a 500 or write half of anything.
 */

export const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

export type MediaKind = "json" | "urlencoded" | "multipart" | "other";

/** What a Content-Type header says the body is. */
export function mediaKind(contentType: string | null | undefined): MediaKind {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return "json";
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return "other";
}

type BodyCheck = { ok: true; buffer: ArrayBuffer; kind: MediaKind | "empty"; form: FormData | null } | { ok: false; status: 400 | 415 };

/**
 * Reads the whole body once and checks it parses as its Content-Type says. `accepts: "form"`
 * (pages) refuses anything but a form; `"any"` (the API) lets other types through for endpoints
 * that take raw bytes (image uploads), which check their own type.
 */
export async function checkBody(req: Request, accepts: "form" | "any"): Promise<BodyCheck> {
  let buffer: ArrayBuffer;
  try {
    buffer = await req.arrayBuffer();
  } catch {
    return { ok: false, status: 400 };
  }
  const contentType = req.headers.get("content-type");
  const kind = mediaKind(contentType);
  if (buffer.byteLength === 0) return { ok: true, buffer, kind: "empty", form: null };
  if (kind === "json") {
    if (accepts === "form") return { ok: false, status: 415 };
    try {
      JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(buffer));
    } catch {
      return { ok: false, status: 400 };
    }
    return { ok: true, buffer, kind, form: null };
  }
  if (kind === "urlencoded" || kind === "multipart") {
    try {
      const form = await new Response(buffer, { headers: { "content-type": contentType ?? "" } }).formData();
      return { ok: true, buffer, kind, form };
    } catch {
      return { ok: false, status: 400 };
    }
  }
  return accepts === "form" ? { ok: false, status: 415 } : { ok: true, buffer, kind, form: null };
}

export const messageKey = (status: 400 | 415) => (status === 415 ? "api.unsupportedBody" : "api.badBody");

/**
 * Page requests that carry a body (form posts to Remix actions, through `<Form>`, fetchers or
 * plain HTML forms): only a form that parses reaches Remix. An empty body becomes an empty form,
 * so an action reading its fields answers with its own validation errors.
 */
export function pageBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (BODYLESS.has(c.req.method)) return next();
    const checked = await checkBody(c.req.raw, "form");
    if (!checked.ok) {
      const t = translatorFor(c.get("app").locale, "common");
      return c.text(t(messageKey(checked.status)), checked.status, { "cache-control": "no-store" });
    }
    const headers = new Headers(c.req.raw.headers);
    if (checked.kind === "empty") headers.set("content-type", "application/x-www-form-urlencoded");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: checked.buffer, signal: c.req.raw.signal });
    return next();
  };
}
