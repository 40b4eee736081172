/** Rules of the leak trace upload (docs/decisions/042): what the creator's page accepts. */

const TRACE_MAX_BYTES = 10 * 1024 * 1024;

export type TraceUploadProblem = "noFile" | "notImage" | "tooLarge";

/** Why an uploaded suspect cannot be checked, or null. JPEG only: the mark is made on JPEGs. */
export function traceUploadProblem(file: { size: number; type: string; head: Uint8Array } | null): TraceUploadProblem | null {
  if (!file || file.size === 0) return "noFile";
  if (file.size > TRACE_MAX_BYTES) return "tooLarge";
  // the bytes decide, not the name or the browser's guess: a JPEG starts with FF D8 FF
  const isJpeg = file.head[0] === 0xff && file.head[1] === 0xd8 && file.head[2] === 0xff;
  return isJpeg ? null : "notImage";
}
