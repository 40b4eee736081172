import { AwsClient } from "aws4fetch";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploadParts } from "../../db/schema";
import { mediaSigningSecret } from "../config";
import { PART_URL_TTL_MS } from "../domain/uploads";
import type { Env } from "../env";
import { signPath } from "../security/signed-url";

/** A part the storage already holds, in the shape S3's ListParts (and Uppy) use. */
export interface StoredPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

interface UploadTarget {
  id: number;
  r2Key: string;
  uploadId: string;
}

/**
 * Where the browser sends the bytes of one part, and what the storage already has. Production
 * hands out presigned R2 (S3 API) URLs, so 3 GB never pass through the Worker; without R2
 * credentials (`wrangler dev`, tests) the same browser code PUTs to the Worker's own signed
 * endpoint, which writes through the R2 binding.
 */
export interface PartSigner {
  /** "direct": the browser talks to R2 and the Worker learns parts from the browser or R2 */
  readonly mode: "direct" | "local";
  signPart(file: UploadTarget, partNumber: number, now: number): Promise<{ url: string; headers?: Record<string, string> }>;
  listParts(file: UploadTarget): Promise<StoredPart[]>;
}

/** The path of the Worker's part endpoint; the signature covers exactly this. */
export function localPartPath(fileId: number, partNumber: number): string {
  return `/uploads/parts/${fileId}/${partNumber}`;
}

function localPartSigner(db: Db, secret: string): PartSigner {
  return {
    mode: "local",
    async signPart(file, partNumber, now) {
      const path = localPartPath(file.id, partNumber);
      return { url: `${path}?${await signPath(secret, path, now + PART_URL_TTL_MS)}` };
    },
    async listParts(file) {
      const rows = await db
        .select({ PartNumber: uploadParts.partNumber, ETag: uploadParts.etag, Size: uploadParts.size })
        .from(uploadParts)
        .where(eq(uploadParts.fileId, file.id))
        .orderBy(asc(uploadParts.partNumber));
      return rows;
    },
  };
}

interface R2Credentials {
  accountId: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/** The parts in one page of an S3 ListParts answer (only the three fields we use). */
export function parseListParts(xml: string): { parts: StoredPart[]; nextMarker: string | null } {
  const parts: StoredPart[] = [];
  for (const m of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const body = m[1]!;
    const partNumber = Number(tag(body, "PartNumber"));
    const etag = (tag(body, "ETag") ?? "").replaceAll("&quot;", '"');
    const size = Number(tag(body, "Size"));
    if (Number.isSafeInteger(partNumber) && etag) parts.push({ PartNumber: partNumber, ETag: etag, Size: size });
  }
  const truncated = tag(xml, "IsTruncated") === "true";
  return { parts, nextMarker: truncated ? (tag(xml, "NextPartNumberMarker") ?? null) : null };
}

function r2PartSigner(credentials: R2Credentials): PartSigner {
  const client = new AwsClient({
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    service: "s3",
    region: "auto",
  });
  const objectUrl = (key: string) =>
    new URL(
      `https://${credentials.accountId}.r2.cloudflarestorage.com/${credentials.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`,
    );
  return {
    mode: "direct",
    async signPart(file, partNumber) {
      const url = objectUrl(file.r2Key);
      url.searchParams.set("partNumber", String(partNumber));
      url.searchParams.set("uploadId", file.uploadId);
      url.searchParams.set("X-Amz-Expires", String(PART_URL_TTL_MS / 1000));
      const signed = await client.sign(new Request(url, { method: "PUT" }), { aws: { signQuery: true } });
      return { url: signed.url };
    },
    async listParts(file) {
      const parts: StoredPart[] = [];
      let marker: string | null = null;
      // a page holds up to 1,000 parts; an upload may have 10,000
      do {
        const url = objectUrl(file.r2Key);
        url.searchParams.set("uploadId", file.uploadId);
        if (marker) url.searchParams.set("part-number-marker", marker);
        const res = await client.fetch(url, { method: "GET" });
        if (!res.ok) throw new Error(`R2 ListParts answered ${res.status}`);
        const page = parseListParts(await res.text());
        parts.push(...page.parts);
        marker = page.nextMarker;
      } while (marker);
      return parts;
    },
  };
}

/** Production when all four R2 S3-API settings are present; otherwise parts go through the Worker. */
export function partSignerFor(env: Env, db: Db): PartSigner {
  const { R2_ACCOUNT_ID, R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY, R2_BUCKET_NAME } = env;
  if (R2_ACCOUNT_ID && R2_ACCESS_KEY_ID && R2_SECRET_ACCESS_KEY && R2_BUCKET_NAME) {
    return r2PartSigner({
      accountId: R2_ACCOUNT_ID,
      accessKeyId: R2_ACCESS_KEY_ID,
      secretAccessKey: R2_SECRET_ACCESS_KEY,
      bucket: R2_BUCKET_NAME,
    });
  }
  return localPartSigner(db, mediaSigningSecret(env));
}
