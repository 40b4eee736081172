import { fromBase64Url, toBase64Url } from "../../security/crypto";
import { pkceChallenge } from "../twitter";
import { DiscordError, type DiscordClient, type DiscordGuild, type DiscordOAuthPurpose, type DiscordRole } from "./types";

/**
 * An offline Discord for local runs and tests (docs/decisions/040). Its authorize screen is a
 * local page (`/dev/discord/authorize`); its codes carry what that page chose and the PKCE
 * challenge, and are checked like Discord checks them (verifier, redirect URI). Servers and
 * members live in one JSON object in the bucket, so what the bot did survives restarts and can
 * be inspected (`/dev/discord`).
 */

const FAKE_AUTHORIZE_PATH = "/dev/discord/authorize";
const STATE_KEY = "dev/discord-fake.json";

/** The servers a creator can install the fake bot into, with their roles. */
export const FAKE_GUILDS: ReadonlyArray<DiscordGuild & { roles: DiscordRole[] }> = [
  {
    id: "760000000000000001",
    name: "星空ラウンジ Discord",
    roles: [
      { id: "760000000000000011", name: "ゴールド会員" },
      { id: "760000000000000012", name: "シルバー会員" },
      { id: "760000000000000013", name: "ブロンズ会員" },
      { id: "760000000000000014", name: "フォロワー" },
    ],
  },
  {
    id: "760000000000000002",
    name: "Fan Lounge (test)",
    roles: [
      { id: "760000000000000021", name: "Supporter" },
      { id: "760000000000000022", name: "Premium" },
    ],
  },
];

export type FakeDiscordState = { members: Record<string, Record<string, string[]>> };

type FakeCode = { p: DiscordOAuthPurpose; r: string; c: string; u?: { id: string; username: string }; g?: string };

/** A stable snowflake-like id for a fake Discord username (what the fake authorize page signs in as). */
export async function fakeDiscordUserId(username: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(username.trim().toLowerCase())));
  let n = 0n;
  for (const b of digest.slice(0, 7)) n = (n << 8n) | BigInt(b);
  return `9${String(n % 10n ** 17n).padStart(17, "0")}`;
}

/** The code the fake authorize page hands back to the redirect URI. */
export function fakeDiscordCode(input: FakeCode): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(input)));
}

function readCode(code: string): FakeCode {
  try {
    return JSON.parse(new TextDecoder().decode(fromBase64Url(code))) as FakeCode;
  } catch {
    throw new DiscordError("invalid_grant", 400, false);
  }
}

export function fakeDiscordClient(bucket: R2Bucket): DiscordClient {
  async function load(): Promise<FakeDiscordState> {
    const object = await bucket.get(STATE_KEY);
    return object ? ((await object.json()) as FakeDiscordState) : { members: {} };
  }
  async function save(state: FakeDiscordState) {
    await bucket.put(STATE_KEY, JSON.stringify(state), { httpMetadata: { contentType: "application/json" } });
  }
  function guild(guildId: string) {
    const found = FAKE_GUILDS.find((g) => g.id === guildId);
    if (!found) throw new DiscordError(`unknown guild ${guildId}`, 404, false);
    return found;
  }
  async function checkCode(code: string, purpose: DiscordOAuthPurpose, redirectUri: string, verifier: string) {
    const parsed = readCode(code);
    if (parsed.p !== purpose || parsed.r !== redirectUri || parsed.c !== (await pkceChallenge(verifier)))
      throw new DiscordError("invalid_grant", 400, false);
    return parsed;
  }
  async function editRoles(guildId: string, userId: string, edit: (roles: string[]) => string[]) {
    guild(guildId);
    const state = await load();
    const roles = state.members[guildId]?.[userId];
    if (!roles) throw new DiscordError("Unknown Member", 404, false);
    state.members[guildId]![userId] = edit(roles);
    await save(state);
  }
  return {
    kind: "fake",
    authorizeUrl({ purpose, redirectUri, state, codeChallenge }) {
      // the stand-in screen is served by the host the browser is on (the callback's)
      const url = new URL(FAKE_AUTHORIZE_PATH, redirectUri);
      url.searchParams.set("purpose", purpose);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", codeChallenge);
      return url.toString();
    },
    async exchangeUserCode({ code, redirectUri, verifier }) {
      const parsed = await checkCode(code, "user", redirectUri, verifier);
      if (!parsed.u) throw new DiscordError("invalid_grant", 400, false);
      return { user: parsed.u, accessToken: `fake-access-${parsed.u.id}`, expiresIn: 7 * 24 * 3600 };
    },
    async exchangeBotCode({ code, redirectUri, verifier }) {
      const parsed = await checkCode(code, "bot", redirectUri, verifier);
      const g = guild(parsed.g ?? "");
      return { id: g.id, name: g.name };
    },
    async guildRoles(guildId) {
      return guild(guildId).roles.map((r) => ({ ...r }));
    },
    async memberRoles(guildId, userId) {
      guild(guildId);
      return (await load()).members[guildId]?.[userId] ?? null;
    },
    async addMember({ guildId, userId, accessToken, roles }) {
      guild(guildId);
      if (accessToken !== `fake-access-${userId}`) throw new DiscordError("invalid access token", 403, false);
      const state = await load();
      const members = (state.members[guildId] ??= {});
      if (members[userId]) return false;
      members[userId] = [...roles];
      await save(state);
      return true;
    },
    async addRole(guildId, userId, roleId) {
      await editRoles(guildId, userId, (roles) => (roles.includes(roleId) ? roles : [...roles, roleId]));
    },
    async removeRole(guildId, userId, roleId) {
      await editRoles(guildId, userId, (roles) => roles.filter((r) => r !== roleId));
    },
  };
}

/** What the fake's servers hold now (the local inspection page and tests). */
export async function fakeDiscordState(bucket: R2Bucket): Promise<FakeDiscordState> {
  const object = await bucket.get(STATE_KEY);
  return object ? ((await object.json()) as FakeDiscordState) : { members: {} };
}
