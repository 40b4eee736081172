/**
 * The Discord client the product uses (docs/decisions/040): OAuth 2.0 for a fan's account and
 * for installing the bot into a creator's server, and the few bot calls that manage members and
 * roles. `rest.ts` speaks to Discord's REST API; `fake.ts` is an offline Discord used locally
 * and in tests, with its own authorize page.
 */

export type DiscordOAuthPurpose = "user" | "bot";

export interface DiscordRole {
  id: string;
  name: string;
}

export interface DiscordGuild {
  id: string;
  name: string;
}

export interface DiscordUserGrant {
  user: { id: string; username: string };
  accessToken: string;
  /** seconds the access token lives */
  expiresIn: number;
}

export interface DiscordClient {
  readonly kind: "fake" | "discord";
  /** where the browser authorizes: a fan's account (identify, guilds.join) or the bot into a server */
  authorizeUrl(input: { purpose: DiscordOAuthPurpose; redirectUri: string; state: string; codeChallenge: string }): string;
  /** the fan's code, exchanged with the PKCE verifier: who they are and a token to add them to servers */
  exchangeUserCode(input: { code: string; redirectUri: string; verifier: string }): Promise<DiscordUserGrant>;
  /** the creator's code of a bot install: the server the bot was added to */
  exchangeBotCode(input: { code: string; redirectUri: string; verifier: string }): Promise<DiscordGuild>;
  /** the server's roles the bot may hand out (not @everyone, not integrations' own) */
  guildRoles(guildId: string): Promise<DiscordRole[]>;
  /** the member's roles, or null when the person is not in the server */
  memberRoles(guildId: string, userId: string): Promise<string[] | null>;
  /** adds the person to the server with these roles (guilds.join); false if they were in it already */
  addMember(input: { guildId: string; userId: string; accessToken: string; roles: string[] }): Promise<boolean>;
  addRole(guildId: string, userId: string, roleId: string): Promise<void>;
  removeRole(guildId: string, userId: string, roleId: string): Promise<void>;
}

/** A Discord call that failed; `retryable` ones (rate limits, 5xx, network) are tried again later. */
export class DiscordError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "DiscordError";
  }
}
