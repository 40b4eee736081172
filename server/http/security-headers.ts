import type { Context, MiddlewareHandler } from "hono";
import { hostConfigFrom } from "../config";
import { originFor } from "../domain/hosts";
import { knownOrigins } from "../services/sign-in";
import type { AppEnv } from "../hono-env";
import { writableHeaders } from "./writable-headers";
import { requestUrl } from "./request-url";

/** 128 random bits, base64: a fresh CSP nonce for every response. */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Stripe.js (card registration with Stripe Elements, 3-D Secure for on-session payments) loads
 * from js.stripe.com, draws its fields and the bank's page in frames from js.stripe.com and
 * hooks.stripe.com, and talks to api.stripe.com. Allowed only when Stripe is configured: with the
 * sandbox no page loads anything from Stripe, and the policy stays as strict as before.
 */
const STRIPE_SOURCES = {
  script: "https://js.stripe.com",
  frame: "https://js.stripe.com https://hooks.stripe.com",
  connect: "https://api.stripe.com",
};

/**
 * RealtimeKit's web SDK (production live video, decision 023) calls its API, sends its logs and
 * call statistics, and keeps its signalling socket, all on *.realtime.cloudflare.com, and runs its
 * timers in a worker made from a blob: URL. Allowed only when RealtimeKit is configured; media
 * itself flows over WebRTC, which the policy does not govern.
 */
const REALTIMEKIT_SOURCES = { connect: "https://*.realtime.cloudflare.com wss://*.realtime.cloudflare.com", worker: "'self' blob:" };

export interface PolicyOptions {
  stripe?: boolean;
  realtimeKit?: boolean;
  /**
   * Our own origins (brands, base, user and login domains, "http(s)://host[:port]"): where pages
   * may connect (the API, live room sockets) and where forms may post or be redirected after a
   * post (a sign-in on the login domain continues on a brand).
   */
  origins?: readonly string[];
}

/** An origin's WebSocket twin: live rooms (`/live/{id}/ws`) answer on the brand's own host. */
const socketOrigin = (origin: string) => origin.replace(/^http/, "ws");

export function contentSecurityPolicy(nonce: string, options: PolicyOptions = {}): string {
  const stripe = options.stripe === true;
  const realtimeKit = options.realtimeKit === true;
  const origins = [...new Set(options.origins ?? [])].filter((o) => /^https?:\/\/[a-z0-9.-]+(:\d+)?$/.test(o));
  const own = origins.join(" ");
  const sockets = origins.map(socketOrigin).join(" ");
  const list = (...parts: string[]) => parts.filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    // Remix's inline hydration scripts carry the nonce; no other inline script runs.
    `script-src 'self' 'nonce-${nonce}'${stripe ? ` ${STRIPE_SOURCES.script}` : ""}`,
    // React style attributes (progress bars, brand colour) need inline styles; scripts stay locked.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    // our hosts and their sockets only (no "any ws:/wss: host"), plus the configured providers
    `connect-src ${list("'self'", own, sockets, stripe ? STRIPE_SOURCES.connect : "", realtimeKit ? REALTIMEKIT_SOURCES.connect : "")}`,
    ...(stripe ? [`frame-src ${STRIPE_SOURCES.frame}`] : []),
    ...(realtimeKit ? [`worker-src ${REALTIMEKIT_SOURCES.worker}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    // no form posts to the card provider (Stripe Elements submits by script), so our hosts only
    `form-action ${list("'self'", own)}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Every origin of ours: the brands (when the request's context loaded them) and the base, user and
 * login domains from config, which every response knows.
 */
function ownOrigins(c: Context<AppEnv>): string[] {
  const app = c.get("app") as AppEnv["Variables"]["app"] | undefined;
  if (app) return knownOrigins(app);
  const config = hostConfigFrom(c.env);
  return [config.baseDomain, config.userDomain, config.loginDomain].map((domain) => originFor(domain, config));
}

/** Security headers on every Worker response. Static assets get theirs from public/_headers. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    const h = writableHeaders(c);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, {
        stripe: Boolean(c.env.STRIPE_SECRET_KEY),
        realtimeKit: Boolean(c.env.REALTIMEKIT_API_TOKEN),
        origins: ownOrigins(c),
      }),
    );
    h.set("Permissions-Policy", "camera=(self), microphone=(self), display-capture=(self), geolocation=()");
    if (requestUrl(c.req.raw).protocol === "https:") {
      h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    }
  };
}
