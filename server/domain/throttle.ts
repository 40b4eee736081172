/**
 * Throttles for sign-in and for e-mails sent on request. Pure: failure (or request) times in, the
 * wait before the next attempt out (milliseconds, or null when it may go ahead now).
 *
 * Sign-in no longer locks an account for everyone after ten wrong passwords, which let anyone lock
 * a person out. Instead:
 * - per account AND source (the pair): five free tries, then each further failure doubles the wait
 *   (30 s, 1 min, 2 min ... at most 15 min). The owner on another network is not slowed at all;
 * - per source (one address trying many accounts): thirty free failures, then a growing wait;
 * - per account, a high ceiling over every source (a botnet guessing one password): 100 failures
 *   within an hour refuse that account's password sign-in until the hour has passed for the
 *   oldest of them. A single source cannot reach it (the pair throttle allows about a dozen an hour).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface GrowingDelay {
  /** failures within the window that cost nothing */
  free: number;
  /** the wait after the first failure beyond the free ones; each further one doubles it */
  baseDelay: number;
  maxDelay: number;
  /** failures older than this are forgotten */
  window: number;
}

export interface Ceiling {
  max: number;
  window: number;
}

export const SIGN_IN_THROTTLE = {
  pair: { free: 5, baseDelay: 30 * SECOND, maxDelay: 15 * MINUTE, window: HOUR },
  source: { free: 30, baseDelay: MINUTE, maxDelay: HOUR, window: HOUR },
  account: { max: 100, window: HOUR },
} as const satisfies { pair: GrowingDelay; source: GrowingDelay; account: Ceiling };

/** Password-reset and confirmation e-mails: per address and per source. */
export const MAIL_THROTTLE = {
  address: { max: 3, window: HOUR },
  source: { max: 10, window: HOUR },
} as const satisfies Record<string, Ceiling>;

/** How far back any rule looks: older rows can be pruned. */
export const THROTTLE_MEMORY = HOUR;

const recent = (times: readonly number[], now: number, window: number) =>
  times.filter((t) => t > now - window && t <= now).sort((a, b) => a - b);

/** The wait a growing delay imposes now, or null. */
export function growingDelayWait(rule: GrowingDelay, times: readonly number[], now: number): number | null {
  const within = recent(times, now, rule.window);
  const beyond = within.length - rule.free;
  if (beyond < 1) return null;
  const wait = Math.min(rule.baseDelay * 2 ** Math.min(beyond - 1, 30), rule.maxDelay);
  const until = within[within.length - 1]! + wait;
  return until > now ? until - now : null;
}

/** The wait a ceiling imposes now (until the oldest counted event leaves the window), or null. */
export function ceilingWait(rule: Ceiling, times: readonly number[], now: number): number | null {
  const within = recent(times, now, rule.window);
  if (within.length < rule.max) return null;
  const until = within[within.length - rule.max]! + rule.window;
  return until > now ? until - now : null;
}

/** The longest of several waits, or null when none applies. */
export function longestWait(...waits: (number | null)[]): number | null {
  const real = waits.filter((w): w is number => w !== null && w > 0);
  return real.length ? Math.max(...real) : null;
}

/** Minutes to tell a person, rounded up (at least 1). */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE));
}
