/**
 * Hosts and origins of one deployment. Every absolute URL the product builds comes from here,
 * so a redirect can only ever point at a configured domain or a known service domain.
 */
type Environment = "development" | "test" | "production";

export interface HostConfig {
  environment: Environment;
  /** help and legal pages; serves no brand */
  baseDomain: string;
  /** account, coins, purchases, messages */
  userDomain: string;
  /** the one place where people sign in */
  loginDomain: string;
  /** parent domain of the shared cookies; brands on other registrable domains get host-only cookies */
  cookieDomain: string;
  /** empty in production; the local port under `wrangler dev` */
  publicPort: string;
}

function schemeFor(config: HostConfig): "http" | "https" {
  return config.environment === "development" ? "http" : "https";
}

export function originFor(domain: string, config: HostConfig): string {
  const port = config.publicPort ? `:${config.publicPort}` : "";
  return `${schemeFor(config)}://${domain}${port}`;
}

/** `Host` header value without the port, lower-cased. */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return trimmed.slice(0, trimmed.indexOf("]") + 1);
  const colon = trimmed.lastIndexOf(":");
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

/** True when `hostname` may share cookies scoped to the cookie domain. */
export function isUnderCookieDomain(hostname: string, config: HostConfig): boolean {
  return hostname === config.cookieDomain || hostname.endsWith(`.${config.cookieDomain}`);
}
