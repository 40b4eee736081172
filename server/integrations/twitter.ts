/**
 * Sign-up with Twitter (X) uses OAuth 2.0 with PKCE. It is configured by the TWITTER_CLIENT_ID and
 * TWITTER_CLIENT_SECRET secrets; without them the button is not shown and the route answers 404.
 */
export function twitterConfigured(env: { TWITTER_CLIENT_ID?: string; TWITTER_CLIENT_SECRET?: string }): boolean {
  return Boolean(env.TWITTER_CLIENT_ID && env.TWITTER_CLIENT_SECRET);
}
