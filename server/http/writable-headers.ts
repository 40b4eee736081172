import type { Context } from "hono";

/**
 * Headers of the response being sent, safe to write. Responses passed through from fetch() or a
 * cache have immutable headers; those are copied once before anything is written.
 */
export function writableHeaders(c: Context): Headers {
  try {
    c.res.headers.delete("x-writable-probe"); // throws on immutable headers
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}
