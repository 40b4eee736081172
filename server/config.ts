import { z } from "zod";
import type { HostConfig } from "./domain/hosts";
import type { Env } from "./env";

const domain = z
  .string()
  .min(1)
  .regex(/^[a-z0-9.-]+$/, "a bare host name without scheme or port");

const varsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]),
  BASE_DOMAIN: domain,
  USER_DOMAIN: domain,
  LOGIN_DOMAIN: domain,
  COOKIE_DOMAIN: domain,
  PUBLIC_PORT: z
    .string()
    .regex(/^\d{0,5}$/)
    .optional()
    .default(""),
});

const parsed = new WeakMap<object, HostConfig>();

/** Validates the deployment's vars once per env object; a misconfigured deploy fails loudly here. */
export function hostConfigFrom(env: Env): HostConfig {
  const cached = parsed.get(env);
  if (cached) return cached;
  const vars = varsSchema.parse(env);
  const config: HostConfig = {
    environment: vars.ENVIRONMENT,
    baseDomain: vars.BASE_DOMAIN,
    userDomain: vars.USER_DOMAIN,
    loginDomain: vars.LOGIN_DOMAIN,
    cookieDomain: vars.COOKIE_DOMAIN,
    publicPort: vars.PUBLIC_PORT,
  };
  parsed.set(env, config);
  return config;
}

export const LOCAL_MEDIA_SIGNING_SECRET = "local-development-media-signing-secret";

/**
 * The key that signs media and upload URLs. Production refuses to run on the local one: anyone
 * could read it in the repository and mint URLs.
 */
export function mediaSigningSecret(env: Env): string {
  const secret = env.MEDIA_SIGNING_SECRET;
  if (env.ENVIRONMENT === "production" && (!secret || secret === LOCAL_MEDIA_SIGNING_SECRET || secret.length < 32)) {
    throw new Error("MEDIA_SIGNING_SECRET must be set to a secret of at least 32 characters in production");
  }
  return secret || LOCAL_MEDIA_SIGNING_SECRET;
}
