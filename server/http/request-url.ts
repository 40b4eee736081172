/**
 * The request's URL, parsed once per request. A page request passes some ten steps that each
 * read its path, query or origin (the Worker entry, the app's service split, the request context,
 * the origin check, the page guard, the page cache, the cache and security headers); parsing it
 * anew in each was the largest single cost of serving a shared page from the cache (decision 034).
 * Read only: a caller that changes the URL makes its own copy (`new URL(url)`).
 */
const parsed = new WeakMap<Request, URL>();

export function requestUrl(req: Request): URL {
  let url = parsed.get(req);
  if (!url) {
    url = new URL(req.url);
    parsed.set(req, url);
  }
  return url;
}
