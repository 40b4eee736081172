import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { hasUnread } from "../services/notifications";
import { ok } from "./envelope";

export const notificationsApi = new Hono<AppEnv>();

/**
 * GET /api/v1/notifications/unread (spec §7): whether the header bell shows its dot. A visitor
 * simply has none. The client gives up after 5000 ms and shows no dot.
 */
notificationsApi.get("/unread", async (c) => {
  const app = c.get("app");
  return ok(c, { unread: app.user ? await hasUnread(app.db, app.user.id) : false });
});
