import { mediaSigningSecret } from "../config";
import type { AppContext } from "../context";
import { mediaSubject, mediaUrlExpiry } from "../domain/media-session";
import { signPath } from "../security/signed-url";

/** Keys of paid or unpublished post files: never public, always behind `/media` entitlement. */
export const PRIVATE_MEDIA_PREFIX = "posts/";

/** What signs a viewer's media links: the key, who and which session they are bound to, the clock. */
export interface MediaSigner {
  secret: string;
  /** mediaSubject(viewer, session): the URL works in this session only */
  subject: string;
  now: number;
}

/** The signer of this request's viewer and session. */
export function mediaSignerFor(app: Pick<AppContext, "env" | "user" | "session">, now: number): MediaSigner {
  return { secret: mediaSigningSecret(app.env), subject: mediaSubject(app.user?.id ?? null, app.session?.idHash ?? null), now };
}

/**
 * A link to a private object for one viewer in one session (docs/decisions/042): short-lived
 * (minutes; videos hours, see mediaUrlExpiry) and refused in any other session. The expiry is
 * rounded up so a reload soon after gets the same URL and the browser's cache works.
 * Minted only after the caller checked the viewer may see the object.
 */
export async function privateMediaUrl(signer: MediaSigner, key: string, kind: "streaming" | "other" = "other"): Promise<string> {
  const path = `/media/${key.split("/").map(encodeURIComponent).join("/")}`;
  const exp = mediaUrlExpiry(signer.now, kind);
  return `${path}?${await signPath(signer.secret, path, exp, signer.subject)}`;
}
