import { BROWSING_HISTORY_KEY, parseBrowsingHistory, recordBrowsing } from "../../server/domain/browsing-history";

/**
 * Fan clubs this browser visited, for the home page's history (spec §4/§9: four entries, a repeat
 * moves to the end, the most recent last). Kept in localStorage, so it is per brand host and never
 * reaches the server except as the ids the home page asks about.
 */
export const FANCLUB_HISTORY_KEY = "browsingHistoryFanclubs";

/** The stored ids, oldest first; storage that is blocked or holds garbage reads as empty. */
export function readFanclubHistory(): number[] {
  try {
    return parseBrowsingHistory(localStorage.getItem(FANCLUB_HISTORY_KEY)).filter((id) => id > 0);
  } catch {
    return [];
  }
}

/** For the fan club page: call once per visit. Private modes may refuse storage; then nothing is kept. */
export function rememberFanclubVisit(id: number): void {
  try {
    localStorage.setItem(FANCLUB_HISTORY_KEY, JSON.stringify(recordBrowsing(readFanclubHistory(), id)));
  } catch {
    // storage full or disabled: the history is a convenience, not worth an error
  }
}

/** Posts this browser opened (spec §4: `browsingHistoryPosts`, the same four-entry rule). */
export function readPostHistory(): number[] {
  try {
    return parseBrowsingHistory(localStorage.getItem(BROWSING_HISTORY_KEY)).filter((id) => id > 0);
  } catch {
    return [];
  }
}

/** For the post page: call once per visit. */
export function rememberPostVisit(id: number): void {
  try {
    localStorage.setItem(BROWSING_HISTORY_KEY, JSON.stringify(recordBrowsing(readPostHistory(), id)));
  } catch {
    // storage full or disabled: the history is a convenience, not worth an error
  }
}
