import { Hono, type Context } from "hono";
import type { AppEnv } from "../hono-env";
import type { AppContext } from "../context";
import { can, type CreatorAction } from "../domain/fanclub-permissions";
import { PROFILE_IMAGE, mediaUrl, profileImageKey, sniffImageType, type ImageKind } from "../domain/images";
import { hasVariants } from "../domain/image-variants";
import { deleteWithVariants } from "../media/variants";
import type { Env } from "../env";
import { randomToken } from "../security/crypto";
import { operatingFanclub } from "../services/creator";
import { setFanclubImage } from "../services/fanclubs";
import { getPlan, setPlanIcon } from "../services/plans";
import { ApiError, ok } from "./envelope";
import { requireApiSession } from "../http/require-user";

/** The API side of the creator pages (`/api/v1/me/fanclub/*`), authorized by the same table. */
export const creatorApi = new Hono<AppEnv>();

export function requireCreatorApi(app: AppContext, action: CreatorAction) {
  const session = requireApiSession(app);
  const op = operatingFanclub(session.user.id, session.creator);
  if (!op || !can(op.role, action)) throw new ApiError(403, app.t("api.forbidden"));
  return op;
}

/** Reads a PUT image body: size by header and by bytes, type by magic bytes. */
export async function readImage(c: Context<AppEnv>) {
  const app = c.get("app");
  const tooLarge = () => new ApiError(413, app.t("creator:errors.imageTooLarge", { size: "5MB" }));
  if (Number(c.req.header("content-length") ?? "0") > PROFILE_IMAGE.maxBytes) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) throw new ApiError(400, app.t("creator:errors.imageType"));
  if (bytes.byteLength > PROFILE_IMAGE.maxBytes) throw tooLarge();
  const type = sniffImageType(bytes.subarray(0, 16));
  if (!type) throw new ApiError(415, app.t("creator:errors.imageType"));
  return { bytes, type };
}

/** Queues the variants of a stored public image (docs/decisions/044); only JPEG gets any. */
async function queueVariants(env: Env, key: string): Promise<void> {
  if (hasVariants(key)) await env.JOBS.send({ type: "image-variants", key: `image-variants:${key}`, objectKey: key });
}

/**
 * PUT an already cropped icon or header as the raw request body. Stored under a new key, then the
 * fan club points at it and the previous object is deleted.
 */
creatorApi.put("/images/:kind", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "editProfile");
  const kind = c.req.param("kind");
  if (kind !== "icon" && kind !== "header") throw new ApiError(404, app.t("api.notFound"));
  const { bytes, type } = await readImage(c);
  const key = profileImageKey(op.fanclubId, kind as ImageKind, randomToken(9), type.ext);
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  const previous = await setFanclubImage(app.db, op.fanclubId, kind, key, Date.now());
  // the sizes pages show are made off the request; until then /media serves the original
  await queueVariants(c.env, key);
  if (previous && !previous.startsWith("/")) c.executionCtx.waitUntil(deleteWithVariants(c.env.MEDIA, previous));
  return ok(c, { url: mediaUrl(key) });
});

/** PUT a plan's cropped icon (square), like the fan club's own. */
creatorApi.put("/plans/:id/icon", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "managePlans");
  const planId = Number(c.req.param("id"));
  if (!Number.isSafeInteger(planId) || planId < 1) throw new ApiError(404, app.t("api.notFound"));
  if (!(await getPlan(app.db, op.fanclubId, planId))) throw new ApiError(404, app.t("api.notFound"));
  const { bytes, type } = await readImage(c);
  const key = profileImageKey(op.fanclubId, `plan-${planId}`, randomToken(9), type.ext);
  // stored first, pointed at second: a failed upload never leaves the plan without its icon
  await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  const previous = await setPlanIcon(app.db, op.fanclubId, planId, key, Date.now());
  await queueVariants(c.env, key);
  if (previous && !previous.startsWith("/")) c.executionCtx.waitUntil(deleteWithVariants(c.env.MEDIA, previous));
  return ok(c, { url: mediaUrl(key) });
});
