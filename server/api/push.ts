import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../hono-env";
import { requireApiUser } from "../http/require-user";
import { fakePushPrefix, pushProviderFrom } from "../integrations/push";
import { deletePushSubscription, savePushSubscription } from "../services/notification-channels";
import { ApiError, ok } from "./envelope";

/**
 * Web Push subscriptions of the signed-in person (issue 20): the key browsers subscribe with, and
 * storing or removing the subscription the browser's push service gave.
 */
export const pushApi = new Hono<AppEnv>();

const subscriptionSchema = z.object({
  endpoint: z.string().url().max(1000).startsWith("https://"),
  keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(4).max(100) }),
});

/** GET /api/v1/push_subscriptions/key: the VAPID public key (the fake's own outside production; null: no pushes at all). */
pushApi.get("/key", (c) => {
  const provider = pushProviderFrom(c.env);
  return ok(c, { publicKey: provider?.publicKey ?? null, enabled: provider !== null });
});

pushApi.post("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const parsed = subscriptionSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw new ApiError(400, app.t("api.badBody"));
  await savePushSubscription(app.db, user.id, { endpoint: parsed.data.endpoint, ...parsed.data.keys }, Date.now());
  return ok(c, { subscribed: true });
});

pushApi.delete("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const parsed = z.object({ endpoint: z.string().max(1000) }).safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw new ApiError(400, app.t("api.badBody"));
  await deletePushSubscription(app.db, user.id, parsed.data.endpoint);
  return ok(c, { subscribed: false });
});

/**
 * GET /api/v1/push_subscriptions/fake_inbox?endpoint=: what the local fake push service received
 * for one endpoint, newest last. Only where pushes go to the fake (never in production); it lets
 * the end-to-end test see a notice arrive.
 */
pushApi.get("/fake_inbox", async (c) => {
  const provider = pushProviderFrom(c.env);
  const endpoint = c.req.query("endpoint") ?? "";
  if (provider?.kind !== "fake" || !endpoint) return c.notFound();
  const listed = await c.env.MEDIA.list({ prefix: fakePushPrefix(endpoint), limit: 100 });
  const notices = [];
  for (const object of listed.objects) {
    const body = await c.env.MEDIA.get(object.key);
    if (body) notices.push(await body.json());
  }
  return ok(c, { notices: notices.filter((n) => (n as { endpoint?: string }).endpoint === endpoint) });
});
