import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { requestContext } from "../http/request-context";
import { messageImageFor } from "../services/messages";

/**
 * `/message-images/{id}`: an image of a message, to the two sides of its thread only (the fan, and
 * the owner and editors with can_message_manage). Anyone else, signed in or not, gets the same 404
 * as for an id that does not exist. Private cache only: the answer depends on who asks.
 */
export const messageImageRoutes = new Hono<AppEnv>();

messageImageRoutes.get("/:id", requestContext(), async (c) => {
  const raw = c.req.param("id");
  const app = c.get("app");
  const headers = { "cache-control": "private, no-store" };
  if (!/^\d{1,12}$/.test(raw) || !app.session) return c.text("Not Found", 404, headers);
  const image = await messageImageFor(app.db, Number(raw), app.session);
  if (!image) return c.text("Not Found", 404, headers);
  const object = await c.env.MEDIA.get(image.key);
  if (!object) return c.text("Not Found", 404, headers);
  return new Response(object.body, {
    headers: {
      "content-type": image.contentType,
      "content-length": String(object.size),
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
});
