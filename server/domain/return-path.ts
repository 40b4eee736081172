/**
 * The one check every return path goes through (`next`, `loggedInPath`, `return`, `returnTo`):
 * where a browser is sent after signing in, after a card is registered, after a handoff. A value
 * is followed only when it is a path on the same origin or a URL on one of our own origins;
 * anything else is null and the caller falls back to a page of its own. Never throws.
 *
 * Browsers are lenient where a checker might be strict: they drop tabs and line breaks inside a
 * URL ("/\t/evil.example" becomes "//evil.example"), read "\" as "/", accept upper-case schemes,
 * map unicode dots ("。") to ".", and follow userinfo ("http://ours@evil"). So the raw string is
 * judged before any parser tidies it up, and once more after percent-decoding, and only
 * unambiguous forms pass.
 */

/** Longer values are refused: no return path of ours is anywhere near this long. */
export const RETURN_PATH_MAX = 2000;

// C0 and C1 controls, DEL, line and paragraph separators, zero-width and direction marks, BOM
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
// after percent-decoding, bytes rather than characters: only ASCII controls are certain
const DECODED_CONTROL = /[\u0000-\u001f\u007f]/;
// a whitespace of any kind: a URL never carries one raw
const WHITESPACE = /\s/;
// the origin part of an absolute URL exactly as we write our own: lower-case http(s), ASCII host, optional port
const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?/;
const PROBE_BASE = "http://return-path.invalid";

/** Percent-decodes `%XX` sequences, repeatedly (double encoding), without ever throwing. */
function percentDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    const next = current.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Shared by both forms: characters no return path of ours carries, raw or encoded. */
function hasHiddenTricks(value: string): boolean {
  if (INVISIBLE.test(value) || WHITESPACE.test(value) || value.includes("\\")) return true;
  const decoded = percentDecoded(value);
  return DECODED_CONTROL.test(decoded) || decoded.includes("\\");
}

/**
 * A path on this same origin ("/fanclubs/12?page=3#plans"), normalised, or null. Refused: anything
 * not starting with exactly one "/", scheme-relative forms ("//x", "/\x", "/%2F/x", "/%5Cx"),
 * control characters and whitespace raw or percent-encoded, and overlong values.
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (typeof candidate !== "string" || !candidate || candidate.length > RETURN_PATH_MAX) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return null;
  if (hasHiddenTricks(candidate)) return null;
  const decoded = percentDecoded(candidate);
  if (decoded.startsWith("//") || /^\/+[\\/]/.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // dot segments can fold "/a/..//evil" into "//evil": judge what the browser would be sent to
  return path.startsWith("//") ? null : path;
}

/**
 * An absolute URL on one of `knownOrigins` (each "scheme://host[:port]", as our own config writes
 * them), normalised, or null. The raw value must begin with one of those origins letter for letter,
 * followed by nothing, "/", "?" or "#"; the rest must pass as a same-origin path. So userinfo
 * ("http://ours@evil", "http://evil@ours"), other schemes (javascript:, data:, upper-case HTTP:),
 * unicode dots and look-alike hosts ("http://ours.evil") never pass.
 */
export function safeReturnUrl(candidate: string | null | undefined, knownOrigins: readonly string[]): string | null {
  if (typeof candidate !== "string" || !candidate || candidate.length > RETURN_PATH_MAX) return null;
  const origin = PLAIN_ORIGIN.exec(candidate)?.[0];
  if (!origin || !knownOrigins.includes(origin)) return null;
  const rest = candidate.slice(origin.length);
  if (rest !== "" && !["/", "?", "#"].includes(rest[0]!)) return null;
  const path = safeReturnPath(rest.startsWith("/") ? rest : `/${rest}`);
  if (path === null) return null;
  return new URL(path, origin).toString();
}
