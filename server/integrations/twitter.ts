/**
 * Sign-up with Twitter (X): OAuth 2.0 Authorization Code with PKCE. Configured by the
 * TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET secrets; without them the button is not shown and
 * the routes answer 404. The endpoints can be pointed elsewhere (TWITTER_API_BASE) so tests can
 * run against a local fake.
 */

export interface TwitterConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  meUrl: string;
}

type TwitterEnv = { TWITTER_CLIENT_ID?: string; TWITTER_CLIENT_SECRET?: string; TWITTER_API_BASE?: string };

export function twitterConfigured(env: TwitterEnv): boolean {
  return Boolean(env.TWITTER_CLIENT_ID && env.TWITTER_CLIENT_SECRET);
}

export function twitterConfig(env: TwitterEnv): TwitterConfig | null {
  if (!env.TWITTER_CLIENT_ID || !env.TWITTER_CLIENT_SECRET) return null;
  const api = env.TWITTER_API_BASE ?? "https://api.twitter.com";
  return {
    clientId: env.TWITTER_CLIENT_ID,
    clientSecret: env.TWITTER_CLIENT_SECRET,
    authorizeUrl: env.TWITTER_API_BASE ? `${api}/i/oauth2/authorize` : "https://twitter.com/i/oauth2/authorize",
    tokenUrl: `${api}/2/oauth2/token`,
    meUrl: `${api}/2/users/me?user.fields=profile_image_url`,
  };
}

function base64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** RFC 7636 S256: the challenge is the SHA-256 of the verifier, base64url. */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

export async function authorizeUrl(
  config: TwitterConfig,
  input: { redirectUri: string; state: string; verifier: string },
): Promise<string> {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", "users.read tweet.read");
  url.searchParams.set("state", input.state);
  url.searchParams.set("code_challenge", await pkceChallenge(input.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}

export interface TwitterProfile {
  id: string;
  name: string;
  username: string;
  profileImageUrl: string | null;
}

/** Exchanges the code for a token and reads who signed in. Throws on any vendor failure. */
export async function fetchTwitterProfile(
  config: TwitterConfig,
  input: { code: string; redirectUri: string; verifier: string },
  fetcher: typeof fetch = fetch,
): Promise<TwitterProfile> {
  const tokenRes = await fetcher(config.tokenUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.verifier,
      client_id: config.clientId,
    }).toString(),
  });
  if (!tokenRes.ok) throw new Error(`twitter token endpoint answered ${tokenRes.status}`);
  const token = (await tokenRes.json()) as { access_token?: string };
  if (!token.access_token) throw new Error("twitter token response had no access_token");
  const meRes = await fetcher(config.meUrl, { headers: { authorization: `Bearer ${token.access_token}` } });
  if (!meRes.ok) throw new Error(`twitter users/me answered ${meRes.status}`);
  const me = (await meRes.json()) as { data?: { id?: string; name?: string; username?: string; profile_image_url?: string } };
  if (!me.data?.id || !me.data.username) throw new Error("twitter users/me had no id");
  return {
    id: me.data.id,
    name: me.data.name || me.data.username,
    username: me.data.username,
    profileImageUrl: me.data.profile_image_url ?? null,
  };
}
