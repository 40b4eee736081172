import { UPLOAD_RULES, type UploadKind } from "./posts";

/**
 * Rules of the multipart upload flow that the browser, the Worker and the tests share. Pure: the
 * browser computes the same part size as the server without asking it.
 */

const MiB = 1024 * 1024;

/** S3 and R2: every part but the last is at least 5 MiB, an upload has at most 10,000 parts. */
export const MIN_PART_SIZE = 5 * MiB;
export const MAX_PARTS = 10_000;

/**
 * The size of every part but the last (R2 also wants all of them equal). The smallest size S3
 * allows while that keeps the count within 10,000: small parts lose little when one must be sent
 * again and resume with little lost after a reload. Rounded up to whole MiB.
 */
export function partSizeFor(size: number): number {
  const needed = Math.ceil(size / MAX_PARTS / MiB) * MiB;
  return Math.max(MIN_PART_SIZE, needed);
}

/** How many parts a file of `size` bytes is sent in (one for an empty file, which is refused anyway). */
export function partCount(size: number): number {
  return Math.max(1, Math.ceil(size / partSizeFor(size)));
}

/** The exact byte length of part `partNumber` (1-based), or null when the file has no such part. */
export function partLength(size: number, partNumber: number): number | null {
  const count = partCount(size);
  if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > count) return null;
  const partSize = partSizeFor(size);
  return partNumber < count ? partSize : size - partSize * (count - 1);
}

/**
 * The parts a browser lists on completion: numbers 1..n, each once, each with an ETag. Sorted by
 * number, as R2 wants them; null when the list cannot be the whole file.
 */
export function completeParts(
  size: number,
  parts: ReadonlyArray<{ PartNumber: number; ETag: string }>,
): Array<{ partNumber: number; etag: string }> | null {
  const count = partCount(size);
  if (parts.length !== count) return null;
  const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
  for (let i = 0; i < sorted.length; i++) {
    const part = sorted[i]!;
    if (part.PartNumber !== i + 1 || !part.ETag) return null;
  }
  // S3 hands ETags out quoted; R2's binding wants the bare value
  return sorted.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag.replace(/^"|"$/g, "") }));
}

/** Unfinished uploads older than this are aborted by the daily job. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** Stored files that no post took within this time are deleted by the daily job. */
export const UNUSED_FILE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Kinds whose stored files a post takes by setting `post_id`, or a DC3 content by pointing at them
 * (docs/decisions/045); blog images are referenced from the body.
 */
export const COLLECTED_KINDS: readonly UploadKind[] = ["picture", "streaming", "attachment", "dc3"];

/** How long a signed part URL works: long enough for one slow part, short enough to stop reuse. */
export const PART_URL_TTL_MS = 15 * 60 * 1000;

/** Where an uploaded file lives in R2: chosen by the server, never by the browser. */
export function uploadKey(fanclubId: number, token: string, extension: string): string {
  return `posts/${fanclubId}/${token}.${extension}`;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  wmv: "video/x-ms-wmv",
  avi: "video/x-msvideo",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  aac: "audio/aac",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  mpeg: "video/mpeg",
  mpg: "video/mpeg",
  flv: "video/x-flv",
  mov: "video/quicktime",
  pdf: "application/pdf",
  zip: "application/zip",
  rar: "application/vnd.rar",
  psd: "image/vnd.adobe.photoshop",
  epub: "application/epub+zip",
};

/**
 * The Content-Type an object is stored with, from its (already allowed) extension. What the
 * browser declares is not trusted: a stored `text/html` would turn a download into a page.
 */
export function contentTypeFor(extension: string): string {
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

/** A limit as the messages show it: "20MB", "3GB". */
export function formatLimit(bytes: number): string {
  const GiB = 1024 * MiB;
  if (bytes >= GiB && bytes % GiB === 0) return `${bytes / GiB}GB`;
  return `${Math.round(bytes / MiB)}MB`;
}

/** The `accept` attribute of a file input for a kind: its extensions. */
export function acceptFor(kind: UploadKind): string {
  return UPLOAD_RULES[kind].extensions.map((e) => `.${e}`).join(",");
}

/**
 * Names a file the browser may see again after a reload (same name, size, modification time and
 * list), so an interrupted upload continues instead of starting over.
 */
export function uploadFingerprint(file: { name: string; size: number; lastModified: number }, kind: UploadKind): string {
  return [kind, file.size, file.lastModified, file.name].join(":");
}

/** spec §8: what the storage's own refusal of a part means to the person. */
export type StorageProblem = "storageTooLarge" | "storageOther";

/**
 * Reads a failed part PUT's answer from the storage (an S3-style XML error body). A body naming
 * `EntityTooLarge` asks for a smaller file; any other error answer is the storage's unknown error.
 * A success, or a failure without an answer (the network), is not the storage's word: null.
 */
export function storageProblemOf(status: number, body: string): StorageProblem | null {
  if (status >= 200 && status < 300) return null;
  if (/<Code>\s*EntityTooLarge\s*<\/Code>/i.test(body) || status === 413) return "storageTooLarge";
  if (/<Error>[\s\S]*<Code>/i.test(body)) return "storageOther";
  return null;
}

/** spec §8 image dropzone: only one file at a time (unless it takes several), and only images. */
export type PickedImageProblem = "oneFile" | "notImage";

export function pickedImageProblem(files: ReadonlyArray<{ type: string }>, multiple = false): PickedImageProblem | null {
  if (files.length === 0) return null;
  if (!multiple && files.length > 1) return "oneFile";
  return files.every((f) => f.type.startsWith("image/")) ? null : "notImage";
}

/**
 * spec §8 dropzone: a list that takes one file (a DC3 content) refuses a drop of several at once
 * with "only one file at a time", rather than taking the first and refusing the rest.
 */
export function pickedCountProblem(maxFiles: number, picked: number): "oneFile" | null {
  return maxFiles === 1 && picked > 1 ? "oneFile" : null;
}
