import { constantTimeEqual, fromBase64Url, hmacSha256, toBase64Url } from "./crypto";

/**
 * Short-lived capability URLs: `?exp=<ms>&sig=<HMAC-SHA256(path|exp|subject)>`. Media links and
 * local upload part URLs carry one, so a URL cannot be forged, altered or used after it expires.
 * `subject` binds the URL to a viewer (their user id, or "0" for anyone).
 */
function mac(secret: string, path: string, exp: number, subject: string): Promise<Uint8Array> {
  return hmacSha256(secret, `${path}|${exp}|${subject}`);
}

/** Query string (without "?") that makes `path` usable until `exp`. */
export async function signPath(secret: string, path: string, exp: number, subject = "0"): Promise<string> {
  return `exp=${exp}&sig=${toBase64Url(await mac(secret, path, exp, subject))}`;
}

export type SignatureProblem = "missing" | "expired" | "forged";

/** Checks a signed URL's query against its path; null when it is valid now. */
export async function verifySignedPath(
  secret: string,
  path: string,
  query: URLSearchParams,
  now: number,
  subject = "0",
): Promise<SignatureProblem | null> {
  const exp = Number(query.get("exp"));
  const sig = query.get("sig");
  if (!sig || !Number.isSafeInteger(exp)) return "missing";
  let given: Uint8Array;
  try {
    given = fromBase64Url(sig);
  } catch {
    return "forged";
  }
  if (!constantTimeEqual(given, await mac(secret, path, exp, subject))) return "forged";
  return exp < now ? "expired" : null;
}
