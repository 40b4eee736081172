/**
 * Profile images (fan club icon and header, plan icons): the browser crops them and sends the
 * result; the server checks what arrived by its first bytes, not by what the browser claims.
 */
export const PROFILE_IMAGE = {
  /** bytes; a cropped 1500×500 JPEG/WebP is far below this */
  maxBytes: 5 * 1024 * 1024,
  icon: { width: 400, height: 400 },
  header: { width: 1500, height: 500 },
} as const;

export type ImageKind = "icon" | "header";
export type ImageType = { mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif"; ext: "jpg" | "png" | "webp" | "gif" };

/** The image type by magic bytes, or null for anything that is not a JPEG, PNG, WebP or GIF. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { mime: "image/jpeg", ext: "jpg" };
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return { mime: "image/png", ext: "png" };
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return { mime: "image/gif", ext: "gif" };
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { mime: "image/webp", ext: "webp" };
  return null;
}

/** Public images live under `public/`; everything else in the bucket is private media. */
export const PUBLIC_MEDIA_PREFIX = "public/";

export function profileImageKey(fanclubId: number, kind: ImageKind | `plan-${number}`, random: string, ext: string): string {
  return `${PUBLIC_MEDIA_PREFIX}fanclubs/${fanclubId}/${kind}-${random}.${ext}`;
}

/** A stored key as a URL: static demo files keep their path, R2 objects go through /media. */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.startsWith("/") ? key : `/media/${key}`;
}
