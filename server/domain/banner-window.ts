/** spec §4: a banner shows while now is within start and end; a missing bound is open. */
export interface BannerWindow {
  start_time?: string | null;
  end_time?: string | null;
}

export function isBannerVisible(banner: BannerWindow, now: Date): boolean {
  const at = now.getTime();
  const start = banner.start_time ? Date.parse(banner.start_time) : Number.NaN;
  const end = banner.end_time ? Date.parse(banner.end_time) : Number.NaN;
  if (!Number.isNaN(start) && at < start) return false;
  if (!Number.isNaN(end) && at > end) return false;
  return true;
}

/** spec §2: the campaign banner runs 2021-05-28 to 2021-06-30, Japan time, both days included. */
export const CAMPAIGN_BANNER_WINDOW: BannerWindow = {
  start_time: "2021-05-28T00:00:00+09:00",
  end_time: "2021-06-30T23:59:59.999+09:00",
};
