import type { Db } from "../../db/client";
import { listServices } from "../../db/queries/services";
import type { ServiceRow } from "../../db/schema";

/**
 * Every request needs the brand list (Host → brand, primary brand, brand links). Brands change a
 * few times a year, while a D1 round trip costs more than rendering a page, so each isolate keeps
 * the list for a short while. A change in D1 shows everywhere within BRAND_CACHE_TTL_MS.
 */
const BRAND_CACHE_TTL_MS = 30_000;
/** How long the other requests keep using the expired list while one request reads it again. */
const BRAND_REFRESH_WAIT_MS = 5_000;

let cached: { rows: ServiceRow[]; loadedAt: number; refreshingUntil: number } | null = null;

/**
 * The brand list, from this isolate's copy while it is fresh. Only rows are shared between
 * requests, never a query in flight: workerd ties a D1 read's I/O to the request that started it,
 * and a request that awaited another's read answered 500 ("Cannot perform I/O on behalf of a
 * different request") when that read ended in the other's context. So on a cold isolate each request
 * reads for itself, and when the copy expires one request reads it again while the others go on
 * with the expired copy, at most BRAND_REFRESH_WAIT_MS, after which another request tries.
 */
export async function loadBrands(db: Db, now: number = Date.now()): Promise<ServiceRow[]> {
  if (cached) {
    if (now - cached.loadedAt < BRAND_CACHE_TTL_MS || cached.refreshingUntil > now) return cached.rows;
    cached.refreshingUntil = now + BRAND_REFRESH_WAIT_MS;
  }
  let rows: ServiceRow[];
  try {
    rows = await listServices(db);
  } catch (error) {
    // a failed refresh leaves the expired copy in use; only a cold isolate has nothing to show
    if (!cached) throw error;
    console.error("[brands] reading the brand list failed; the previous copy stays in use", error);
    return cached.rows;
  }
  cached = { rows, loadedAt: now, refreshingUntil: 0 };
  return rows;
}
