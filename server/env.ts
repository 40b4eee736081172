import type { LiveRoom } from "./live/live-room";
import type { JobMessage } from "./jobs/messages";
import type { PaymentEnv } from "./integrations/payments/config";
import type { LiveVideoEnv } from "./integrations/live-video";

/**
 * The Worker's bindings, as declared in wrangler.toml. The card provider's variables (Stripe keys;
 * without STRIPE_SECRET_KEY the sandbox) are declared with the provider, in PaymentEnv; the live
 * video provider's in LiveVideoEnv.
 */
export interface Env extends PaymentEnv, LiveVideoEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
  JOBS: Queue<JobMessage>;
  LIVE_ROOM: DurableObjectNamespace<LiveRoom>;
  ASSETS: Fetcher;
  ENVIRONMENT: string;
  BASE_DOMAIN: string;
  USER_DOMAIN: string;
  LOGIN_DOMAIN: string;
  COOKIE_DOMAIN: string;
  PUBLIC_PORT?: string;
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
  /** only for tests against a local fake of the Twitter API */
  TWITTER_API_BASE?: string;
}
