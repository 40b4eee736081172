import { z } from "zod";
import type { LiveVideoEnv } from "./index";

/**
 * The presets every RealtimeKit app starts with for a webinar: the presenter may join the stage
 * and publish, the viewer only subscribes. A deployment that made its own sets the variables.
 */
const DEFAULT_HOST_PRESET = "webinar_presenter";
const DEFAULT_VIEWER_PRESET = "webinar_viewer";
const REALTIMEKIT_API_BASE = "https://api.cloudflare.com/client/v4";

export interface RealtimeKitSettings {
  accountId: string;
  appId: string;
  apiToken: string;
  hostPreset: string;
  viewerPreset: string;
  /** Cloudflare's API v4 root, without a trailing slash */
  apiBase: string;
}

export type LiveVideoConfig = { provider: "local" } | ({ provider: "realtimekit" } & RealtimeKitSettings);

/** The secrets that switch RealtimeKit on: with some but not all of them the deployment is half done. */
const REQUIRED = ["REALTIMEKIT_ACCOUNT_ID", "REALTIMEKIT_APP_ID", "REALTIMEKIT_API_TOKEN"] as const;
/** Meaningless without the secrets; set alone they mean someone expected RealtimeKit and did not get it. */
const OPTIONAL = ["REALTIMEKIT_HOST_PRESET", "REALTIMEKIT_VIEWER_PRESET", "REALTIMEKIT_API_BASE"] as const;

const presetName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "a preset name as shown in the RealtimeKit dashboard (letters, digits, _ and -)");

const realtimeKitSchema = z.object({
  // the account and app ids go into URL paths: keep them to what Cloudflare issues
  REALTIMEKIT_ACCOUNT_ID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, "the Cloudflare account id (32 hexadecimal characters)"),
  REALTIMEKIT_APP_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "the RealtimeKit app id from the dashboard"),
  REALTIMEKIT_API_TOKEN: z
    .string()
    .trim()
    .regex(/^\S{20,}$/, "a Cloudflare API token with the Realtime permission"),
  REALTIMEKIT_HOST_PRESET: presetName.optional(),
  REALTIMEKIT_VIEWER_PRESET: presetName.optional(),
  REALTIMEKIT_API_BASE: z
    .string()
    .trim()
    .url()
    .regex(/^https?:\/\//, "an http(s) URL")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
});

const parsed = new WeakMap<object, LiveVideoConfig>();

const present = (value: string | undefined) => value !== undefined && value.trim() !== "";

/**
 * Validates the live video variables once per env object. All or nothing: a half configuration
 * (an account id without a token, a preset without the secrets) fails loudly here instead of
 * quietly falling back to the local provider, whose browsers-only video would look like a
 * working deployment until viewers on other networks saw nothing. Production refuses a redirected
 * API base: the API token would be sent elsewhere.
 */
export function liveVideoConfigFrom(env: LiveVideoEnv): LiveVideoConfig {
  const cached = parsed.get(env);
  if (cached) return cached;
  const set = [...REQUIRED, ...OPTIONAL].filter((name) => present(env[name]));
  let config: LiveVideoConfig;
  if (set.length === 0) {
    config = { provider: "local" };
  } else {
    const missing = REQUIRED.filter((name) => !present(env[name]));
    if (missing.length > 0) {
      throw new Error(
        `RealtimeKit is half configured: ${set.join(", ")} set but ${missing.join(", ")} missing (set all of ${REQUIRED.join(", ")}, or none for the local provider)`,
      );
    }
    const vars = realtimeKitSchema.parse(
      Object.fromEntries([...REQUIRED, ...OPTIONAL].filter((name) => present(env[name])).map((name) => [name, env[name]])),
    );
    if (env.ENVIRONMENT === "production" && vars.REALTIMEKIT_API_BASE) {
      throw new Error("REALTIMEKIT_API_BASE is for tests against a fake of RealtimeKit's API and must not be set in production");
    }
    config = {
      provider: "realtimekit",
      accountId: vars.REALTIMEKIT_ACCOUNT_ID,
      appId: vars.REALTIMEKIT_APP_ID,
      apiToken: vars.REALTIMEKIT_API_TOKEN,
      hostPreset: vars.REALTIMEKIT_HOST_PRESET ?? DEFAULT_HOST_PRESET,
      viewerPreset: vars.REALTIMEKIT_VIEWER_PRESET ?? DEFAULT_VIEWER_PRESET,
      apiBase: vars.REALTIMEKIT_API_BASE ?? REALTIMEKIT_API_BASE,
    };
  }
  parsed.set(env, config);
  return config;
}
