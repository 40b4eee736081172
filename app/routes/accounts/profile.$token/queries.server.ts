import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { linkApplications, users } from "../../../../db/schema";

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
