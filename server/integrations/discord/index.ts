import { fakeDiscordClient } from "./fake";
import { restDiscordClient } from "./rest";
import type { DiscordClient } from "./types";

export type { DiscordClient, DiscordGuild, DiscordRole, DiscordUserGrant, DiscordOAuthPurpose } from "./types";
export { DiscordError } from "./types";

/**
 * The Discord secrets: set in production only (`wrangler secret put`). With all three, the real
 * Discord; in production without them Discord is off (pages say so, the API answers 404);
 * anywhere else the offline fake.
 */
export interface DiscordEnv {
  ENVIRONMENT?: string;
  DISCORD_CLIENT_ID?: string;
  DISCORD_CLIENT_SECRET?: string;
  DISCORD_BOT_TOKEN?: string;
  MEDIA: R2Bucket;
}

export function discordClientFrom(env: DiscordEnv, fetcher?: typeof fetch): DiscordClient | null {
  const secrets = [env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET, env.DISCORD_BOT_TOKEN];
  if (secrets.every(Boolean))
    return restDiscordClient(
      { clientId: env.DISCORD_CLIENT_ID!, clientSecret: env.DISCORD_CLIENT_SECRET!, botToken: env.DISCORD_BOT_TOKEN! },
      fetcher,
    );
  if (secrets.some(Boolean))
    throw new Error("Discord: set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN together, or none");
  if (env.ENVIRONMENT === "production") return null;
  return fakeDiscordClient(env.MEDIA);
}
