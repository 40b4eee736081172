import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import type { AppEnv } from "../hono-env";
import { isDocumentRequest } from "./request-context";
import { requestUrl } from "./request-url";

/**
 * A route opts in by sending this header (its Remix `headers` export); it never leaves the Worker.
 * Only pages that render the same for every visitor who is not signed in may opt in.
 */
export const PAGE_CACHE_HEADER = "x-page-cache-scope";
export const PAGE_CACHE_ANONYMOUS = "anonymous";

/** A route's `headers` export for a page that renders the same for every signed-out visitor. */
export const anonymousPageHeaders = () => ({ [PAGE_CACHE_HEADER]: PAGE_CACHE_ANONYMOUS });

export interface PageCacheOptions {
  /** how long a rendered page is reused */
  ttlMs: number;
  /** entries kept per isolate; the oldest go first */
  maxEntries: number;
  /** larger pages are not kept */
  maxBodyBytes: number;
  now: () => number;
}

interface Entry {
  status: number;
  headers: [string, string][];
  /** The page's UTF-8 bytes cut at each CSP nonce attribute (`nonce="…"`), which differs per response. */
  parts: Uint8Array[];
  expires: number;
  /** Until when another request is rendering this page again (0: none is). */
  refreshingUntil: number;
}

const encoder = new TextEncoder();

/**
 * A rendered page kept as bytes, cut where its nonce goes: a hit then copies bytes once instead of
 * searching and replacing in the text and encoding it again, and its response has a known length.
 */
function cutAtNonce(body: string, nonce: string): Uint8Array[] {
  return body.split(nonceAttribute(nonce)).map((part) => encoder.encode(part));
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** The cached bytes with this response's nonce wherever the render had its own. */
function withNonce(parts: Uint8Array[], nonce: string): Uint8Array<ArrayBuffer> {
  const attribute = encoder.encode(nonceAttribute(nonce));
  let length = attribute.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      out.set(attribute, at);
      at += attribute.length;
    }
    out.set(part, at);
    at += part.length;
  });
  return out;
}

const DEFAULTS: PageCacheOptions = { ttlMs: 10_000, maxEntries: 128, maxBodyBytes: 256 * 1024, now: Date.now };

/**
 * Everything an anonymous page's HTML depends on. Anything else a page reads (a session, a flash,
 * a cookie not listed here) makes it uncacheable: such requests never reach the cache.
 */
function pageCacheKey(url: URL, app: Pick<AppContext, "hostname" | "locale" | "sidebarOpen" | "lastAccessedFrontUrl">): string {
  return [app.hostname, url.pathname + url.search, app.locale, app.sidebarOpen ? "1" : "0", app.lastAccessedFrontUrl ?? ""].join("\n");
}

function isCacheableRequest(req: Request, app: Pick<AppContext, "user" | "flash">): boolean {
  return req.method === "GET" && isDocumentRequest(req) && app.user === null && app.flash.length === 0;
}

/**
 * Micro-cache of server-rendered pages for visitors who are not signed in, per isolate and for a
 * few seconds: a burst of visitors to a brand's top page costs one render, not one each.
 * The CSP nonce differs per response, so a cached page's nonce is swapped for the current one.
 * See docs/decisions/007-anonymous-page-cache.md.
 */
export function pageCache(options: Partial<PageCacheOptions> = {}): MiddlewareHandler<AppEnv> {
  const { ttlMs, maxEntries, maxBodyBytes, now } = { ...DEFAULTS, ...options };
  const entries = new Map<string, Entry>();

  return async (c, next) => {
    const app = c.get("app");
    if (!isCacheableRequest(c.req.raw, app)) {
      await next();
      dropScopeHeader(c.res);
      return;
    }
    const key = pageCacheKey(requestUrl(c.req.raw), app);
    const nonce = c.get("nonce");
    const serve = (entry: Entry, how: "hit" | "stale") => {
      c.res = new Response(withNonce(entry.parts, nonce), { status: entry.status, headers: [...entry.headers, ["x-page-cache", how]] });
    };

    /** Renders the page and keeps it when it may be shared; answers whether it was kept. */
    const renderAndKeep = async (): Promise<boolean> => {
      await next();
      const res = c.res;
      if (res.headers.get(PAGE_CACHE_HEADER) !== PAGE_CACHE_ANONYMOUS) return false;
      const headers = [...res.headers].filter(([name]) => name !== PAGE_CACHE_HEADER);
      // Only plain successful pages: nothing that sets cookies, redirects or reports an error.
      if (res.status !== 200 || res.headers.has("set-cookie")) {
        c.res = new Response(res.body, { status: res.status, headers });
        // Hono copies the replaced response's headers into the new one
        dropScopeHeader(c.res);
        return false;
      }
      const body = await res.text();
      c.res = new Response(body, { status: res.status, headers: [...headers, ["x-page-cache", "miss"]] });
      dropScopeHeader(c.res);
      if (body.length > maxBodyBytes) return false;
      entries.delete(key);
      entries.set(key, { status: res.status, headers, parts: cutAtNonce(body, nonce), expires: now() + ttlMs, refreshingUntil: 0 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return true;
    };

    const hit = entries.get(key);
    const at = now();
    if (hit && hit.expires > at) return serve(hit, "hit");
    // Past its lifetime by less than one more lifetime: one request renders the page again and
    // the visitors who come meanwhile get the page it replaces. Without this, every request that
    // arrived in the moment an entry expired rendered the page itself: at a burst of visitors,
    // one render per open connection at once instead of one.
    const refreshable = hit !== undefined && at - hit.expires < ttlMs;
    if (refreshable && hit.refreshingUntil > at) return serve(hit, "stale");
    if (refreshable) hit.refreshingUntil = at + ttlMs;
    else if (hit) entries.delete(key);

    let kept = false;
    try {
      kept = await renderAndKeep();
    } finally {
      // a render that could not be kept (an error, a page that opted out) leaves no stale page behind
      if (refreshable && !kept && entries.get(key) === hit) entries.delete(key);
    }
  };
}

/** The opt-in header is between the route and this cache: it never leaves the Worker. */
function dropScopeHeader(res: Response) {
  try {
    res.headers.delete(PAGE_CACHE_HEADER);
  } catch {
    // immutable headers (a response passed through as is): nothing the route added
  }
}
