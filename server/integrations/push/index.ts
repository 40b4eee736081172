import { buildPushPayload, type PushSubscription, type VapidKeys } from "@block65/webcrypto-web-push";
import type { Env } from "../../env";

/**
 * Where Web Push notices go (issue 20). With VAPID keys set (production secrets), each notice is
 * encrypted for the browser (RFC 8291) and signed with the application server's key (RFC 8292)
 * with Web Crypto inside the Worker, then posted to the browser's push service. Without keys,
 * outside production, a fake keeps each notice in the media bucket under `dev/push/`, where
 * `/api/v1/push_subscriptions/fake_inbox` shows them: the local machine has no push service to reach.
 */

/**
 * The key browsers subscribe with when pushes go to the fake. Browsers refuse to subscribe without
 * an application server key, so without one the settings page could never turn push on locally.
 * Only the public half exists: the fake signs nothing, so this key grants nothing to anyone.
 */
const FAKE_PUSH_PUBLIC_KEY = "BLCS2L2u39FpT0QQvYq3Wx5-eF-iA7jfGS8vn5ZFbtFs2c3OpGcktZppELgp9higjtfSVTks3letK-Up1RTe_Eo";

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface PushNotice {
  title: string;
  body: string;
  url: string;
}

type PushOutcome = "sent" | "gone" | "failed";

export interface PushProvider {
  kind: "webpush" | "fake";
  /** the key browsers subscribe with (applicationServerKey), or null when pushes are not signed */
  publicKey: string | null;
  send(target: PushTarget, notice: PushNotice): Promise<PushOutcome>;
}

/** The object key a fake push is stored under, grouped by the endpoint so a test reads its own. */
export function fakePushPrefix(endpoint: string): string {
  let hash = 0;
  for (const ch of endpoint) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) >>> 0;
  return `dev/push/${hash.toString(16)}/`;
}

export function pushProviderFrom(env: Env): PushProvider | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  const set = [VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT].filter(Boolean).length;
  if (set === 3) return webPush({ publicKey: VAPID_PUBLIC_KEY!, privateKey: VAPID_PRIVATE_KEY!, subject: VAPID_SUBJECT! });
  if (set !== 0) throw new Error("Web Push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together");
  if (env.ENVIRONMENT === "production") return null;
  return fakePush(env.MEDIA);
}

function webPush(vapid: VapidKeys): PushProvider {
  return {
    kind: "webpush",
    publicKey: vapid.publicKey ?? null,
    async send(target, notice) {
      const subscription: PushSubscription = {
        endpoint: target.endpoint,
        expirationTime: null,
        keys: { p256dh: target.p256dh, auth: target.auth },
      };
      const payload = await buildPushPayload(
        { data: JSON.stringify(notice), options: { ttl: 24 * 3600, urgency: "normal" } },
        subscription,
        vapid,
      );
      const res = await fetch(target.endpoint, payload);
      // 404 and 410: the browser dropped the subscription; the caller forgets it
      if (res.status === 404 || res.status === 410) return "gone";
      return res.ok ? "sent" : "failed";
    },
  };
}

function fakePush(bucket: R2Bucket): PushProvider {
  return {
    kind: "fake",
    publicKey: FAKE_PUSH_PUBLIC_KEY,
    async send(target, notice) {
      const key = `${fakePushPrefix(target.endpoint)}${Date.now()}-${crypto.randomUUID()}.json`;
      await bucket.put(key, JSON.stringify({ endpoint: target.endpoint, ...notice }), {
        httpMetadata: { contentType: "application/json" },
      });
      return "sent";
    },
  };
}
