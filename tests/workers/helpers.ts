import { env, SELF } from "cloudflare:test";

export const PORT = "8787";
export const hosts = {
  base: `fanclub.localhost:${PORT}`,
  user: `my.fanclub.localhost:${PORT}`,
  login: `auth.fanclub.localhost:${PORT}`,
  www: `www.fanclub.localhost:${PORT}`,
  indies: `indies.fanclub.localhost:${PORT}`,
  kirameki: `kirameki.localhost:${PORT}`,
} as const;

/** A request as a browser on `host` would send it; redirects are returned, not followed. */
export function get(host: string, path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`http://${host}${path}`, { redirect: "manual", headers: { accept: "text/html", ...headers } });
}

/**
 * A brand on its own domain first asks the login domain whether the browser is signed in; this
 * cookie says it already did, for tests about something else.
 */
export const SSO_CHECKED = { cookie: "sso_checked=1" } as const;

export function api(host: string, path: string, init: RequestInit = {}) {
  return SELF.fetch(`http://${host}/api/v1${path}`, { redirect: "manual", ...init });
}

export function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

/** The rows a SQL query finds in the test database (what a test checks was written). */
export async function rows<T>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** The `n` of a `SELECT count(*) AS n` query. */
export const count = async (query: string, ...binds: unknown[]) => (await rows<{ n: number }>(query, ...binds))[0]!.n;
