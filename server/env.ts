import type { JobMessage } from "./jobs/messages";
import type { PaymentEnv } from "./integrations/payments/config";
import type { LiveVideoEnv } from "./integrations/live-video";

/**
 * The Worker's bindings. Everything wrangler.toml declares (D1, R2, the queue, the Durable Object,
 * assets and [vars]) comes from `Cloudflare.Env` in worker-configuration.d.ts, which `wrangler types`
 * writes and `npm run types:check` keeps in step with wrangler.toml. Added here: the queue's message
 * type, and the secrets, which wrangler.toml cannot name (production sets them with
 * `wrangler secret put`). The card provider's secrets are declared with the provider, in
 * PaymentEnv; the live video provider's in LiveVideoEnv.
 */
export type Env = Omit<Cloudflare.Env, "JOBS"> & EnvSecrets & { JOBS: Queue<JobMessage> };

export interface EnvSecrets extends PaymentEnv, LiveVideoEnv {
  /** secrets of the production e-mail sender; absent locally, where the outbox table is the mailbox */
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /** Twitter (X) OAuth 2.0 client; sign-up with Twitter shows only when both are set */
  TWITTER_CLIENT_ID?: string;
  TWITTER_CLIENT_SECRET?: string;
  /** HMAC key of signed media and upload URLs; [vars] holds a local one, production sets a secret */
  MEDIA_SIGNING_SECRET?: string;
  /** HMAC key of live room tickets (server/live/live-ticket.ts); a local default, production sets a secret */
  LIVE_TICKET_SECRET?: string;
  /** R2's S3 API, for presigned part URLs in production; without them parts go through the Worker */
  R2_ACCOUNT_ID?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_BUCKET_NAME?: string;
  /** Discord (docs/decisions/040): the application's OAuth client and its bot; production only, all three or none */
  DISCORD_CLIENT_ID?: string;
  DISCORD_CLIENT_SECRET?: string;
  DISCORD_BOT_TOKEN?: string;
  /** only for tests against a local fake of the Twitter API */
  TWITTER_API_BASE?: string;
}
