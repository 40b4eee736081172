/** spec §4/§9: the browser keeps the 4 most recent post ids under this key; a repeat moves to the end. */
export const BROWSING_HISTORY_KEY = "browsingHistoryPosts";
export const BROWSING_HISTORY_LIMIT = 4;

export function recordBrowsing(history: readonly number[], postId: number): number[] {
  const next = history.filter((id) => id !== postId);
  next.push(postId);
  return next.slice(-BROWSING_HISTORY_LIMIT);
}

/** Reads whatever localStorage held; anything malformed counts as an empty history. */
export function parseBrowsingHistory(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((v): v is number => Number.isInteger(v)).slice(-BROWSING_HISTORY_LIMIT);
  } catch {
    return [];
  }
}
