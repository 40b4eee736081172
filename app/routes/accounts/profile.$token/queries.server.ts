import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { fanclubs, linkApplications, memberships, plans, services, users } from "../../../../db/schema";

/** The person behind a public profile token; people who left have none. */
export async function profileOwner(db: Db, token: string) {
  if (token.length > 40) return undefined;
  return db
    .select({ id: users.id, name: users.name, iconImageUrl: users.iconImageUrl, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.identifyToken, token), isNull(users.leftAt)))
    .get();
}

/** The accounts the person linked to their profile, in the order they added them. */
export function profileLinks(db: Db, userId: number) {
  return db
    .select({ kind: linkApplications.kind, url: linkApplications.url })
    .from(linkApplications)
    .where(eq(linkApplications.userId, userId))
    .orderBy(asc(linkApplications.id))
    .all();
}

/** How many rows the joined history shows, newest first. */
const HISTORY_ROWS = 50;

/**
 * The fan clubs the person joined (spec §2 profile: the joined-history table), current and past,
 * newest first; fan clubs that closed are left out like their pages.
 */
export async function profileHistory(db: Db, userId: number) {
  const rows = await db
    .select({
      id: memberships.id,
      fanclubId: fanclubs.id,
      fanclub: fanclubs.name,
      // the fan club's page is on its own brand
      frontUrl: services.frontUrl,
      plan: plans.name,
      joinedAt: memberships.joinedAt,
      leftAt: memberships.leftAt,
    })
    .from(memberships)
    .innerJoin(fanclubs, eq(fanclubs.id, memberships.fanclubId))
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .innerJoin(services, eq(services.id, fanclubs.serviceId))
    .where(and(eq(memberships.userId, userId), eq(fanclubs.status, "open")))
    .orderBy(desc(memberships.joinedAt), desc(memberships.id))
    .limit(HISTORY_ROWS)
    .all();
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString(), leftAt: r.leftAt?.toISOString() ?? null }));
}
