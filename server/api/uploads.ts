import { Hono, type Context } from "hono";
import { z } from "zod";
import type { PostFileRow } from "../../db/schema";
import type { AppContext } from "../context";
import { UPLOAD_RULES, type UploadKind, type UploadProblem } from "../domain/posts";
import { completeParts, formatLimit, partLength } from "../domain/uploads";
import { variantKindOfFile } from "../domain/image-variants";
import { queueVariants } from "../media/variants";
import type { AppEnv } from "../hono-env";
import { abortUpload, completeUpload, getUploadFile, issueUpload } from "../services/uploads";
import { partSignerFor } from "../uploads/part-signer";
import { ApiError, ok } from "./envelope";
import { requireCreatorApi } from "./creator";
import { bodyOf } from "./body";

/**
 * `/api/v1/me/fanclub/uploads`: the browser's side of a multipart upload (issue, sign parts,
 * list finished parts, complete, abort). Anyone who may write posts in the operating fan club
 * may upload: the owner, and editors with postable or postable_drafts.
 */
export const uploadsApi = new Hono<AppEnv>();

function requireUploader(app: AppContext) {
  try {
    return requireCreatorApi(app, "createDraft");
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return requireCreatorApi(app, "publishPost");
    throw error;
  }
}

const issueBody = z.object({
  kind: z.enum(Object.keys(UPLOAD_RULES) as [UploadKind, ...UploadKind[]]),
  filename: z
    .string()
    .trim()
    .min(1)
    .max(255)
    // names come back on pages and in Content-Disposition: no control characters or paths
    .transform((name) => name.replace(/[\u0000-\u001f\u007f/\\]/g, "_")),
  size: z.number().int(),
  contentType: z.string().max(255).optional().default(""),
  existingCount: z.number().int().min(0).optional().default(0),
});

const completeBody = z.object({
  parts: z
    .array(z.object({ PartNumber: z.number().int().min(1), ETag: z.string().min(1).max(200) }))
    .max(10_000)
    .optional()
    .default([]),
});

function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  return bodyOf(c);
}

function problemMessage(app: AppContext, kind: UploadKind, problem: UploadProblem): string {
  const rule = UPLOAD_RULES[kind];
  switch (problem) {
    case "tooMany":
      return app.t("uploads:errors.tooMany", { count: rule.maxFiles });
    case "tooLarge":
      return app.t("uploads:errors.tooLarge", { maxFileSize: formatLimit(rule.maxBytes) });
    case "badType":
      return app.t("uploads:errors.badType");
    case "empty":
      return app.t("uploads:errors.empty");
  }
}

/** What a post form shows for a stored file (spec §3 album/streaming/attachment item). */
function uploadItem(file: PostFileRow) {
  return { id: file.id, filename: file.filename, kind: file.kind, size: file.size, isLoading: false, isPublish: true };
}

async function fileOf(c: Context<AppEnv>, fanclubId: number): Promise<PostFileRow> {
  const app = c.get("app");
  const id = Number(c.req.param("fileId"));
  const file = Number.isSafeInteger(id) && id > 0 ? await getUploadFile(app.db, fanclubId, id) : null;
  if (!file) throw new ApiError(404, app.t("api.notFound"));
  return file;
}

uploadsApi.post("/", async (c) => {
  const app = c.get("app");
  const body = issueBody.parse(await jsonBody(c));
  // a DC3 content's file is uploaded by those who may manage DC3 contents (docs/decisions/045)
  const op = body.kind === "dc3" ? requireCreatorApi(app, "manageDc3Contents") : requireUploader(app);
  const result = await issueUpload(
    app.db,
    c.env.MEDIA,
    {
      fanclubId: op.fanclubId,
      uploaderId: app.user!.id,
      kind: body.kind,
      filename: body.filename,
      size: body.size,
      contentType: body.contentType,
      existingCount: body.existingCount,
    },
    Date.now(),
  );
  if (!result.ok) {
    const status = result.problem === "tooLarge" ? 413 : result.problem === "badType" ? 415 : 422;
    throw new ApiError(status, problemMessage(app, body.kind, result.problem), [
      { message: problemMessage(app, body.kind, result.problem), target: "file" },
    ]);
  }
  const { file, partSize } = result;
  return ok(c, { file: { id: file.id, key: file.r2Key, uploadId: file.uploadId, filename: file.filename }, partSize });
});

uploadsApi.get("/:fileId/parts", async (c) => {
  const app = c.get("app");
  const op = requireUploader(app);
  const file = await fileOf(c, op.fanclubId);
  if (file.status !== "uploading" || !file.uploadId) throw new ApiError(409, app.t("uploads:errors.failed"));
  const parts = await partSignerFor(c.env, app.db).listParts({ id: file.id, r2Key: file.r2Key, uploadId: file.uploadId });
  return ok(c, { parts });
});

uploadsApi.post("/:fileId/parts/:partNumber", async (c) => {
  const app = c.get("app");
  const op = requireUploader(app);
  const file = await fileOf(c, op.fanclubId);
  if (file.status !== "uploading" || !file.uploadId) throw new ApiError(409, app.t("uploads:errors.failed"));
  const partNumber = Number(c.req.param("partNumber"));
  if (partLength(file.size, partNumber) === null) throw new ApiError(400, app.t("api.invalid"));
  const signed = await partSignerFor(c.env, app.db).signPart(
    { id: file.id, r2Key: file.r2Key, uploadId: file.uploadId },
    partNumber,
    Date.now(),
  );
  return ok(c, signed);
});

uploadsApi.post("/:fileId/complete", async (c) => {
  const app = c.get("app");
  const op = requireUploader(app);
  const file = await fileOf(c, op.fanclubId);
  const body = completeBody.parse(await jsonBody(c));
  const signer = partSignerFor(c.env, app.db);
  // Parts that went through the Worker are on record; direct ones only the browser (and R2) know.
  const listed =
    signer.mode === "local" && file.uploadId
      ? await signer.listParts({ id: file.id, r2Key: file.r2Key, uploadId: file.uploadId })
      : body.parts;
  const result = await completeUpload(app.db, c.env.MEDIA, file, completeParts(file.size, listed), Date.now());
  if (result.ok) {
    // an album or blog picture's smaller sizes are made off the request (docs/decisions/044);
    // until then the page's links to them answer with the original, behind the same gate
    const variant = variantKindOfFile(result.file.kind);
    if (variant) await queueVariants(c.env.JOBS, [{ key: result.file.r2Key, kind: variant }]);
    return ok(c, { item: uploadItem(result.file) });
  }
  switch (result.reason) {
    case "incomplete":
      throw new ApiError(400, app.t("uploads:errors.failed"));
    case "gone":
      throw new ApiError(409, app.t("uploads:errors.failed"));
    case "size":
      throw new ApiError(422, app.t("uploads:errors.failed"));
    case "type":
      throw new ApiError(422, app.t("uploads:errors.badType"));
  }
});

uploadsApi.delete("/:fileId", async (c) => {
  const app = c.get("app");
  const op = requireUploader(app);
  const file = await fileOf(c, op.fanclubId);
  const result = await abortUpload(app.db, c.env.MEDIA, file, Date.now());
  if (result === "inUse") throw new ApiError(409, app.t("uploads:errors.inUse"));
  return ok(c, { aborted: true });
});
