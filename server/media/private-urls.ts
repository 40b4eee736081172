import { signPath } from "../security/signed-url";

/** How long a minted media link works: long enough to watch a film, short enough to stop sharing. */
const PRIVATE_MEDIA_TTL_MS = 6 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Keys of paid or unpublished post files: never public, always behind `/media` entitlement. */
export const PRIVATE_MEDIA_PREFIX = "posts/";

/**
 * A link to a private object for one viewer (user id, or 0 for a visitor). The expiry is rounded
 * up to the hour so the same viewer gets the same URL for a while and the browser's cache works.
 * Minted only after the caller checked the viewer may see the object.
 */
export async function privateMediaUrl(secret: string, key: string, viewerId: number | null, now: number): Promise<string> {
  const path = `/media/${key.split("/").map(encodeURIComponent).join("/")}`;
  const exp = Math.ceil((now + PRIVATE_MEDIA_TTL_MS) / HOUR) * HOUR;
  return `${path}?${await signPath(secret, path, exp, String(viewerId ?? 0))}`;
}
