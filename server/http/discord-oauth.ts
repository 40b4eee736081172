import { parse } from "hono/utils/cookie";
import type { AppContext } from "../context";
import { randomToken } from "../security/crypto";
import { pkceChallenge } from "../integrations/twitter";
import type { DiscordClient, DiscordOAuthPurpose } from "../integrations/discord";
import { workerDiscordClient } from "../jobs/discord";

/**
 * The browser side of Discord's OAuth 2.0 (docs/decisions/040): the state and the PKCE verifier
 * live in a short, host-only, HttpOnly cookie scoped to the callback's path; the callback must
 * bring the same state back, and the verifier never leaves the server.
 */

const COOKIE = "discord_oauth";
const TTL_SECONDS = 600;

/** The Discord client, or a 404 when Discord is off (production without its secrets). */
export function requireDiscord(app: AppContext): DiscordClient {
  const client = workerDiscordClient(app.env);
  if (!client) throw new Response(app.t("api.notFound"), { status: 404 });
  return client;
}

function callbackUrl(request: Request, callbackPath: string): string {
  return new URL(callbackPath, request.url).toString();
}

/** Starts the dance: remembers state and verifier, returns the authorize URL to send the browser to. */
export async function beginDiscordOAuth(
  app: AppContext,
  client: DiscordClient,
  request: Request,
  input: { purpose: DiscordOAuthPurpose; callbackPath: string },
): Promise<string> {
  const state = randomToken(24);
  const verifier = randomToken(48);
  app.setCookie(COOKIE, `${input.purpose}.${state}.${verifier}`, {
    path: input.callbackPath,
    httpOnly: true,
    secure: app.https,
    sameSite: "Lax",
    maxAge: TTL_SECONDS,
  });
  return client.authorizeUrl({
    purpose: input.purpose,
    redirectUri: callbackUrl(request, input.callbackPath),
    state,
    codeChallenge: await pkceChallenge(verifier),
  });
}

export type DiscordCallback = { ok: true; code: string; verifier: string; redirectUri: string } | { ok: false; reason: "denied" | "state" };

/** Reads the callback: the state must match the cookie of this browser (used once: the cookie goes). */
export function readDiscordCallback(
  app: AppContext,
  request: Request,
  input: { purpose: DiscordOAuthPurpose; callbackPath: string },
): DiscordCallback {
  const url = new URL(request.url);
  const raw = parse(request.headers.get("cookie") ?? "", COOKIE)[COOKIE] ?? "";
  app.setCookie(COOKIE, "", { path: input.callbackPath, maxAge: 0 });
  const [purpose, state, verifier] = raw.split(".");
  const code = url.searchParams.get("code");
  if (url.searchParams.get("error")) return { ok: false, reason: "denied" };
  if (!code || !state || !verifier || purpose !== input.purpose || url.searchParams.get("state") !== state)
    return { ok: false, reason: "state" };
  return { ok: true, code, verifier, redirectUri: callbackUrl(request, input.callbackPath) };
}
