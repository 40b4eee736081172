import { parseBannerBody, type Banner, type BannerKind } from "../domain/banners";

/** spec §9: a banner request gives up after 500 ms; the page goes on without banners. */
export const BANNER_TIMEOUT_MS = 500;

/** How a banner request reaches the help site: `fetch`, or the help site's handler called in-process. */
export type BannerFetcher = (request: Request) => Promise<Response>;

export interface BannerSource {
  /** origin of the help site, e.g. https://fanclub.example */
  helpOrigin: string;
  fetcher: BannerFetcher;
  timeoutMs?: number;
}

/**
 * ok: the help site answered a list; none: it has no list of this kind (404); failed: anything
 * else, already logged. Banners are decoration: no outcome is an error for the page.
 */
export type BannerOutcome = "ok" | "none" | "failed";

function bannerListUrl(helpOrigin: string, kind: BannerKind): string {
  return `${helpOrigin}/help/banners/${kind}`;
}

const NO_LIST = Symbol("no list");

/**
 * spec §7: GET one kind's banners from the help site. A 404 is an empty list; an error status, a
 * timeout, a body that is not JSON or not a banner list are logged and also give an empty list.
 * Never throws.
 */
export async function fetchBanners(kind: BannerKind, source: BannerSource): Promise<{ outcome: BannerOutcome; banners: Banner[] }> {
  const url = bannerListUrl(source.helpOrigin, kind);
  const timeoutMs = source.timeoutMs ?? BANNER_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let body: unknown;
  try {
    // The signal aborts a network fetch; the race also bounds a fetcher that does not watch it
    // (the in-process help site) and a body that arrives slowly.
    body = await untilAborted(
      signal,
      (async () => {
        const res = await source.fetcher(new Request(url, { headers: { accept: "application/json" }, signal }));
        if (res.status === 404) {
          await res.body?.cancel();
          return NO_LIST;
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new Error(`answered ${res.status}`);
        }
        return (await res.json()) as unknown;
      })(),
    );
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    console.warn(`[banners] ${kind}: ${url} failed (${reason}); showing none`);
    return { outcome: "failed", banners: [] };
  }
  if (body === NO_LIST) return { outcome: "none", banners: [] };
  const parsed = parseBannerBody(kind, body);
  if (!parsed) {
    console.warn(`[banners] ${kind}: ${url} is not a banner list ({"banners": [...]}); showing none`);
    return { outcome: "failed", banners: [] };
  }
  for (const r of parsed.rejected) console.warn(`[banners] ${kind}: item ${r.index} of ${url} left out (${r.problem})`);
  return { outcome: "ok", banners: parsed.banners };
}

function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
