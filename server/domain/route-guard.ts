import { hostnameOf, isUnderCookieDomain, originFor, type HostConfig } from "./hosts";

/**
 * The route guard of spec §2 as one pure function. It decides, for a page navigation, whether the
 * request continues on this host or is redirected; it never reads the clock, cookies or the database.
 */

export interface GuardService {
  id: number;
  domain: string;
  frontUrl: string;
}

interface GuardSession {
  /** the service (brand) bound to the request host, or null when the host serves none */
  service: GuardService | null;
  primaryService: GuardService | null;
  user: { id: number } | null;
}

export interface GuardInput {
  path: string;
  /** the search part of the URL, with or without the leading "?" */
  query: string;
  host: string;
  session: GuardSession;
  config: HostConfig;
}

interface GuardCookie {
  name: string;
  value: string;
  domain: string | null;
  path: "/";
  maxAge: number;
}

export type GuardResult =
  | { kind: "redirect"; location: string }
  | {
      kind: "continue";
      cookies: GuardCookie[];
      flash: { type: "info"; key: string } | null;
    };

const USER_DOMAIN_PATHS = [
  "/me/settings",
  "/me/coins",
  "/me/coin_vesting_campaign",
  // what the fan holds and earned across fan clubs, beside their coins (decision 037)
  "/me/special_tickets",
  "/me/campaigns",
  "/me/purchase_histories",
  "/me/address",
  "/me/transfer",
  "/me/messages",
  "/notifications",
  "/profile",
  "/account",
  "/contest",
] as const;

const BASE_DOMAIN_PATHS = ["/help/company", "/help/terms", "/help/law", "/help/privacy"] as const;

/** Sign-in lives on the login domain only (the login handoff of the accounts issue builds on it). */
const LOGIN_DOMAIN_PATHS = ["/auth"] as const;

export const LAST_ACCESSED_SERVICE_COOKIE = "last_accessed_service_domain";
const LAST_ACCESSED_MAX_AGE = 60 * 60 * 24 * 365;

/** `/me/coins` matches `/me/coins` and `/me/coins/...`, never `/me/coinsx`. */
function matchesPrefix(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`));
}

export const isUserDomainPath = (path: string) => matchesPrefix(path, USER_DOMAIN_PATHS);
export const isBaseDomainPath = (path: string) => matchesPrefix(path, BASE_DOMAIN_PATHS);
const isLoginDomainPath = (path: string) => matchesPrefix(path, LOGIN_DOMAIN_PATHS);
const isLoginRequiredPath = (path: string) => matchesPrefix(path, ["/me"]);

function normalizeQuery(query: string): string {
  if (!query || query === "?") return "";
  return query.startsWith("?") ? query : `?${query}`;
}

export function guard(input: GuardInput): GuardResult {
  const { path, session, config } = input;
  const query = normalizeQuery(input.query);
  const hostname = hostnameOf(input.host);

  // Domain-bound paths move to their own domain, keeping path and query.
  const homes: Array<[boolean, string]> = [
    [isUserDomainPath(path), config.userDomain],
    [isBaseDomainPath(path), config.baseDomain],
    [isLoginDomainPath(path), config.loginDomain],
  ];
  for (const [applies, domain] of homes) {
    if (applies && hostname !== domain) {
      return { kind: "redirect", location: `${originFor(domain, config)}${path}${query}` };
    }
  }
  const onOwnSpecialDomain = homes.some(([applies]) => applies);

  const service = session.service && session.service.id !== -1 ? session.service : null;
  if (!service && !onOwnSpecialDomain) {
    // A host without a brand (base, user or login domain, or an unknown host): the primary brand serves it.
    if (session.primaryService) {
      return { kind: "redirect", location: `${stripSlash(session.primaryService.frontUrl)}${path}${query}` };
    }
    return { kind: "continue", cookies: [], flash: null };
  }

  if (isLoginRequiredPath(path) && !session.user) {
    const here = service ? stripSlash(service.frontUrl) : originFor(hostname, config);
    const back = `${here}${path}${query}`;
    const login = `${originFor(config.loginDomain, config)}/auth/login?loggedInPath=${encodeURIComponent(back)}`;
    return { kind: "redirect", location: login };
  }

  const cookies: GuardCookie[] = [];
  if (service) {
    cookies.push({
      name: LAST_ACCESSED_SERVICE_COOKIE,
      value: service.frontUrl,
      domain: isUnderCookieDomain(hostname, config) ? config.cookieDomain : null,
      path: "/",
      maxAge: LAST_ACCESSED_MAX_AGE,
    });
  }

  const ref = new URLSearchParams(query).get("ref");
  const flash = ref === "login_success" ? ({ type: "info", key: "flash.loginSuccess" } as const) : null;
  return { kind: "continue", cookies, flash };
}

function stripSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}
