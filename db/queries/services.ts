import { asc } from "drizzle-orm";
import type { Db } from "../client";
import { services, type ServiceRow } from "../schema";

/** All brands in display order. A handful of rows: one query serves host lookup, primary and tabs. */
export function listServices(db: Db): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.sortOrder), asc(services.id));
}
