import type { Db } from "../../db/client";
import { listServices } from "../../db/queries/services";
import type { ServiceRow } from "../../db/schema";

/**
 * Every request needs the brand list (Host → brand, primary brand, brand links). Brands change a
 * few times a year, while a D1 round trip costs more than rendering a page, so each isolate keeps
 * the list for a short while. A change in D1 shows everywhere within BRAND_CACHE_TTL_MS.
 */
const BRAND_CACHE_TTL_MS = 30_000;

let cached: { rows: ServiceRow[]; loadedAt: number } | null = null;
let inflight: Promise<ServiceRow[]> | null = null;

export async function loadBrands(db: Db, now: number = Date.now()): Promise<ServiceRow[]> {
  if (cached && now - cached.loadedAt < BRAND_CACHE_TTL_MS) return cached.rows;
  // concurrent requests on a cold isolate share one query
  inflight ??= listServices(db).then(
    (rows) => {
      cached = { rows, loadedAt: now };
      inflight = null;
      return rows;
    },
    (error: unknown) => {
      inflight = null;
      throw error;
    },
  );
  return inflight;
}
