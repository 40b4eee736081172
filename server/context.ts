import type { ServiceRow } from "../db/schema";
import { createDb } from "../db/client";
import { brandForHost, primaryBrand, toPublicService } from "./domain/brands";
import { originFor } from "./domain/hosts";
import type { Locale } from "./domain/locale";
import { hostConfigFrom } from "./config";
import type { Env } from "./env";
import type { Flash } from "./http/flash";
import { translatorFor } from "./i18n";
import type { CookieOptions } from "hono/utils/cookie";
import type { ResolvedSession } from "./services/sessions";

/** The signed-in person as pages and the API see them. Accounts fill it in; visitors get null. */
export interface SessionUser {
  id: number;
  name: string;
  iconImageUrl: string | null;
  userIdentifyToken: string;
}

export interface AppContextInit {
  env: Env;
  waitUntil: (promise: Promise<unknown>) => void;
  hostname: string;
  nonce: string;
  locale: Locale;
  services: ServiceRow[];
  user: SessionUser | null;
  /** the live sign-in session, when there is one */
  session: ResolvedSession | null;
  /** the client address as Cloudflare reports it (absent locally) */
  clientIp: string | null;
  userAgent: string | null;
  /** true when the request came over https (the session cookie is then Secure) */
  https: boolean;
  /** queues a Set-Cookie for whatever response this request ends with */
  setCookie: (name: string, value: string, options: CookieOptions) => void;
  flash: Flash[];
  lastAccessedFrontUrl: string | null;
  sidebarOpen: boolean;
}

/**
 * The one typed context of a request, shared by Hono handlers and Remix loaders/actions
 * (`context.app`). Its type is this function's return type, so it cannot drift.
 */
export function createAppContext(init: AppContextInit) {
  const config = hostConfigFrom(init.env);
  const serviceRow = brandForHost(init.services, init.hostname);
  const primaryRow = primaryBrand(init.services);
  const services = init.services.map(toPublicService);
  return {
    env: init.env,
    db: createDb(init.env.DB),
    config,
    waitUntil: init.waitUntil,
    hostname: init.hostname,
    nonce: init.nonce,
    locale: init.locale,
    t: translatorFor(init.locale),
    service: serviceRow ? toPublicService(serviceRow) : null,
    primaryService: primaryRow ? toPublicService(primaryRow) : null,
    services,
    user: init.user,
    session: init.session,
    clientIp: init.clientIp,
    userAgent: init.userAgent,
    https: init.https,
    setCookie: init.setCookie,
    flash: init.flash,
    lastAccessedFrontUrl: init.lastAccessedFrontUrl,
    /** the brand this browser used last (cookie), for hosts that serve none */
    lastAccessedService: services.find((s) => s.frontUrl === init.lastAccessedFrontUrl) ?? null,
    sidebarOpen: init.sidebarOpen,
    origins: {
      base: originFor(config.baseDomain, config),
      user: originFor(config.userDomain, config),
      login: originFor(config.loginDomain, config),
    },
  };
}

export type AppContext = ReturnType<typeof createAppContext>;
