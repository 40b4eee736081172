import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A form page whose action may answer 429 keeps the action's Retry-After on the document it
 * renders: Remix takes a document's headers from the route's `headers` export only, so without
 * this the status arrives but the wait does not.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const wait = actionHeaders.get("Retry-After");
  return wait ? { "Retry-After": wait } : new Headers();
};
