import { Hono } from "hono";
import { createDb } from "../../db/client";
import { mediaSigningSecret } from "../config";
import { partLength } from "../domain/uploads";
import type { AppEnv } from "../hono-env";
import { verifySignedPath } from "../security/signed-url";
import { getUploadingFile, recordPart } from "../services/uploads";
import { localPartPath } from "./part-signer";

/**
 * `PUT /uploads/parts/{fileId}/{partNumber}?exp&sig`: where the browser sends a part when the
 * Worker has no R2 S3 credentials (`wrangler dev`, tests). The signed URL is the capability, like
 * a presigned R2 URL, so no session is read. The body streams into R2; the Worker never holds a
 * part in memory, so its footprint stays flat however large the file.
 */
export const uploadRoutes = new Hono<AppEnv>();

const plain = (status: 400 | 403 | 404 | 411, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

uploadRoutes.put("/parts/:fileId/:partNumber", async (c) => {
  const fileId = Number(c.req.param("fileId"));
  const partNumber = Number(c.req.param("partNumber"));
  if (!Number.isSafeInteger(fileId) || fileId < 1 || !Number.isSafeInteger(partNumber) || partNumber < 1) return plain(404, "Not Found");
  const url = new URL(c.req.url);
  const problem = await verifySignedPath(mediaSigningSecret(c.env), localPartPath(fileId, partNumber), url.searchParams, Date.now());
  if (problem) return plain(403, problem === "expired" ? "Request has expired" : "Forbidden");

  const declared = c.req.header("content-length");
  if (declared === undefined || !/^\d+$/.test(declared)) return plain(411, "Length Required");
  const db = createDb(c.env.DB);
  const file = await getUploadingFile(db, fileId);
  const uploadId = file?.uploadId;
  if (!file || !uploadId) return plain(404, "Not Found");
  // R2 wants every part but the last of one size; a part of any other length cannot be used
  const expected = partLength(file.size, partNumber);
  const length = Number(declared);
  if (expected === null || length !== expected || !c.req.raw.body) return plain(400, "Bad part length");

  // FixedLengthStream tells R2 the length up front and fails if the body ends early
  const { readable, writable } = new FixedLengthStream(length);
  const piping = c.req.raw.body.pipeTo(writable);
  let etag: string;
  try {
    const [part] = await Promise.all([c.env.MEDIA.resumeMultipartUpload(file.r2Key, uploadId).uploadPart(partNumber, readable), piping]);
    etag = part.etag;
  } catch (error) {
    console.warn(`[uploads] part ${partNumber} of file ${fileId} was not stored`, error);
    return plain(400, "Incomplete part");
  }
  await recordPart(db, { fileId, partNumber, etag, size: length });
  return new Response(null, {
    status: 200,
    headers: { etag: `"${etag}"`, "access-control-expose-headers": "ETag" },
  });
});
