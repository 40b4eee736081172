import { DiscordError, type DiscordClient, type DiscordGuild, type DiscordRole, type DiscordUserGrant } from "./types";

/**
 * Discord's REST API (v10) with fetch: OAuth 2.0 authorization code with PKCE (Discord lists
 * S256 in its authorization server metadata) plus the client secret, and the bot's token for
 * server calls. The bot needs the Manage Roles permission, and its own role must sit above the
 * roles it hands out (Discord's rule, said on the creator's page).
 */

const API = "https://discord.com/api/v10";
const AUTHORIZE = "https://discord.com/oauth2/authorize";
/** Manage Roles (1 << 28) and Create Instant Invite (1 << 0): what adding members with a role needs */
const BOT_PERMISSIONS = String((1 << 28) | 1);

export interface DiscordRestConfig {
  clientId: string;
  clientSecret: string;
  botToken: string;
}

type RawRole = { id: string; name: string; managed?: boolean; position?: number };

export function restDiscordClient(config: DiscordRestConfig, fetcher: typeof fetch = fetch): DiscordClient {
  async function call<T>(
    path: string,
    init: RequestInit & { bot?: boolean; bearer?: string } = {},
  ): Promise<{ status: number; body: T | null }> {
    const headers = new Headers(init.headers);
    if (init.bearer) headers.set("authorization", `Bearer ${init.bearer}`);
    else headers.set("authorization", `Bot ${config.botToken}`);
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    let res: Response;
    try {
      res = await fetcher(`${API}${path}`, { ...init, headers });
    } catch (error) {
      throw new DiscordError(`network: ${String(error)}`, 0, true);
    }
    if (res.status === 404) return { status: 404, body: null };
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new DiscordError(
        `${init.method ?? "GET"} ${path}: ${res.status} ${text.slice(0, 200)}`,
        res.status,
        res.status === 429 || res.status >= 500,
      );
    }
    if (res.status === 204) return { status: 204, body: null };
    return { status: res.status, body: (await res.json()) as T };
  }

  async function token(code: string, redirectUri: string, verifier: string) {
    const res = await fetcher(`${API}/oauth2/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier }),
    }).catch((error: unknown) => {
      throw new DiscordError(`network: ${String(error)}`, 0, true);
    });
    if (!res.ok) throw new DiscordError(`token exchange: ${res.status}`, res.status, res.status >= 500);
    return (await res.json()) as { access_token: string; expires_in: number; guild?: { id: string; name: string } };
  }

  return {
    kind: "discord",
    authorizeUrl({ purpose, redirectUri, state, codeChallenge }) {
      const url = new URL(AUTHORIZE);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", codeChallenge);
      url.searchParams.set("code_challenge_method", "S256");
      if (purpose === "user") {
        url.searchParams.set("scope", "identify guilds.join");
        url.searchParams.set("prompt", "consent");
      } else {
        url.searchParams.set("scope", "bot");
        url.searchParams.set("permissions", BOT_PERMISSIONS);
      }
      return url.toString();
    },
    async exchangeUserCode({ code, redirectUri, verifier }): Promise<DiscordUserGrant> {
      const grant = await token(code, redirectUri, verifier);
      const me = await call<{ id: string; username: string; global_name?: string | null }>("/users/@me", { bearer: grant.access_token });
      if (!me.body) throw new DiscordError("users/@me: not found", 404, false);
      return {
        user: { id: me.body.id, username: me.body.global_name || me.body.username },
        accessToken: grant.access_token,
        expiresIn: grant.expires_in,
      };
    },
    async exchangeBotCode({ code, redirectUri, verifier }): Promise<DiscordGuild> {
      const grant = await token(code, redirectUri, verifier);
      if (!grant.guild) throw new DiscordError("bot install: no guild in the token response", 400, false);
      return { id: grant.guild.id, name: grant.guild.name };
    },
    async guildRoles(guildId): Promise<DiscordRole[]> {
      const res = await call<RawRole[]>(`/guilds/${guildId}/roles`);
      return (res.body ?? [])
        .filter((r) => r.id !== guildId && !r.managed)
        .sort((a, b) => (b.position ?? 0) - (a.position ?? 0))
        .map((r) => ({ id: r.id, name: r.name }));
    },
    async memberRoles(guildId, userId) {
      const res = await call<{ roles: string[] }>(`/guilds/${guildId}/members/${userId}`);
      return res.body ? res.body.roles : null;
    },
    async addMember({ guildId, userId, accessToken, roles }) {
      const res = await call(`/guilds/${guildId}/members/${userId}`, {
        method: "PUT",
        body: JSON.stringify({ access_token: accessToken, roles }),
      });
      // 201 = added; 204 = was a member already (Discord then ignores `roles`)
      return res.status === 201;
    },
    async addRole(guildId, userId, roleId) {
      await call(`/guilds/${guildId}/members/${userId}/roles/${roleId}`, { method: "PUT" });
    },
    async removeRole(guildId, userId, roleId) {
      await call(`/guilds/${guildId}/members/${userId}/roles/${roleId}`, { method: "DELETE" });
    },
  };
}
