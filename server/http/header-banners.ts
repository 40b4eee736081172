import type { AppContext } from "../context";
import { BANNER_KINDS, visibleBanners, type Banner, type BannerKind } from "../domain/banners";
import { fetchBanners, type BannerOutcome, type BannerSource } from "../integrations/banners";
import { helpSiteFetcher } from "./help-banners";

/**
 * How long an isolate reuses a kind's list. Banners change a few times a month, and every page of
 * the default layout needs them: a list, or the help site's 'none', serves a minute of pages; a
 * failure is asked again after a few seconds, so a hiccup does not hide banners for long.
 */
const BANNER_CACHE_MS: Record<BannerOutcome, number> = { ok: 60_000, none: 60_000, failed: 10_000 };

interface Entry {
  banners: Banner[];
  freshUntil: number;
}

// Plain data only: a promise started by one request and awaited by another would tie the second
// to the first request's I/O, which workerd does not allow.
const entries = new Map<string, Entry>();

async function load(key: string, kind: BannerKind, source: BannerSource, now: () => number): Promise<Banner[]> {
  const { outcome, banners } = await fetchBanners(kind, source);
  entries.set(key, { banners, freshUntil: now() + BANNER_CACHE_MS[outcome] });
  return banners;
}

export type HeaderBanners = Record<BannerKind, Banner[]>;

/**
 * Every kind's banners showing now, for the layout to pick from by page (client-side navigations
 * then need no new request), or null when no kind has one. A kind's list comes from the isolate's
 * cache; a stale one is served while it is read again after the response, so only an isolate's
 * first page waits for the help site, at most BANNER_TIMEOUT_MS, beside the page's own loaders.
 */
export async function headerBannersFor(
  app: Pick<AppContext, "env" | "origins" | "waitUntil">,
  now: () => number = Date.now,
): Promise<HeaderBanners | null> {
  const source: BannerSource = { helpOrigin: app.origins.base, fetcher: helpSiteFetcher(app.env) };
  const lists = await Promise.all(
    BANNER_KINDS.map(async (kind) => {
      const key = `${source.helpOrigin} ${kind}`;
      const entry = entries.get(key);
      if (!entry) return load(key, kind, source, now);
      if (entry.freshUntil <= now()) {
        // one refresh at a time: the next pages keep the stale list meanwhile, and should this
        // refresh never finish, another starts once this pause is over
        entry.freshUntil = now() + BANNER_CACHE_MS.failed;
        app.waitUntil(load(key, kind, source, now));
      }
      return entry.banners;
    }),
  );
  const at = new Date(now());
  const shown = lists.map((list) => visibleBanners(list, at));
  // null when there is nothing to show anywhere: the layout then loads no banner code at all
  if (shown.every((list) => list.length === 0)) return null;
  return Object.fromEntries(BANNER_KINDS.map((kind, i) => [kind, shown[i] ?? []])) as HeaderBanners;
}
