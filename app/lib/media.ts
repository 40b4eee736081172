/**
 * The address of a stored image. Keys that start with "/" are static files shipped with the app
 * (seed and placeholder images) and are used as they are; any other key is an object in the media
 * bucket, served by the Worker under /media/. No key, no image: callers show an initial instead.
 */
export function mediaUrl(key: string | null): string | null {
  if (!key) return null;
  return key.startsWith("/") ? key : `/media/${key}`;
}
