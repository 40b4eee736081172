/**
 * Media sessions that resist replay (docs/decisions/042). A private media URL is signed for one
 * viewer AND one sign-in session, and works for minutes: a URL lifted from a fan's browser is
 * refused in any other session (or none), and stops working soon after. Pure rules only; the
 * signing is in server/security/signed-url.ts, the counting in server/services/media-rate.ts.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** How long a link to an image or attachment works at least. */
export const MEDIA_URL_TTL_MS = 10 * MINUTE;
/**
 * Videos keep a longer link: the player seeks with Range requests for as long as the film runs,
 * and a link expiring mid-film would stop it. They are still bound to the session.
 */
export const STREAMING_URL_TTL_MS = 3 * HOUR;
/** Expiries are rounded up to this step so a page reloaded within it reuses the URL (browser cache). */
const EXPIRY_STEP_MS = 5 * MINUTE;

/** When a link minted now stops working: at least its lifetime, at most one step more. */
export function mediaUrlExpiry(now: number, kind: "streaming" | "other"): number {
  const ttl = kind === "streaming" ? STREAMING_URL_TTL_MS : MEDIA_URL_TTL_MS;
  return Math.ceil((now + ttl) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
}

/**
 * What a media URL is bound to: the viewer and their session, as the signature's subject. The
 * session enters as (a prefix of) the SHA-256 already stored for it, never the cookie's value, so
 * the URL carries nothing that would help forge a session. Visitors get "0" (public previews).
 */
export function mediaSubject(viewerId: number | null, sessionIdHash: string | null): string {
  if (viewerId === null || !sessionIdHash) return "0";
  return `${viewerId}.${sessionIdHash.slice(0, 32)}`;
}

export type RateWindow = "minute" | "hour";

/** Private media requests an account may make per window before it gets 429 (and is flagged). */
export const MEDIA_RATE_LIMITS: Record<RateWindow, number> = {
  // an album of a hundred pictures opens in well under this; a scraper's loop does not
  minute: 120,
  hour: 1500,
};

const WINDOW_MS: Record<RateWindow, number> = { minute: MINUTE, hour: HOUR };

/** The fixed window a request at `now` counts in. */
export function rateWindowStart(kind: RateWindow, now: number): number {
  return Math.floor(now / WINDOW_MS[kind]) * WINDOW_MS[kind];
}

export interface RateDecision {
  allowed: boolean;
  /** the window whose limit was crossed by this very request: the moment to flag the account once */
  flag: RateWindow | null;
  /** seconds until the tightest exceeded window ends (Retry-After) */
  retryAfter: number;
}

/**
 * The rule on counts that already include this request. Over a limit → refused; exactly one past
 * it → the crossing, flagged once per window however long the scraper keeps going.
 */
export function mediaRateDecision(counts: Record<RateWindow, number>, now: number, limits = MEDIA_RATE_LIMITS): RateDecision {
  let allowed = true;
  let flag: RateWindow | null = null;
  let retryAfter = 0;
  for (const kind of ["minute", "hour"] as const) {
    if (counts[kind] <= limits[kind]) continue;
    allowed = false;
    if (counts[kind] === limits[kind] + 1 && flag === null) flag = kind;
    const end = rateWindowStart(kind, now) + WINDOW_MS[kind];
    retryAfter = Math.max(retryAfter, Math.ceil((end - now) / 1000));
  }
  return { allowed, flag, retryAfter };
}

/**
 * Whether a request counts as a download. A video's player sends many Range requests for one
 * viewing; only the first (no Range, or one from byte 0) counts, so watching is not "bulk".
 */
export function countsAsDownload(rangeHeader: string | null | undefined): boolean {
  if (!rangeHeader) return true;
  return /^bytes=0-/.test(rangeHeader.trim());
}
