import { eq, sql } from "drizzle-orm";
import {
  fanclubBlocks,
  fanclubEditors,
  fanclubGroupMembers,
  fanclubGroups,
  fanclubManagers,
  fanclubs,
  follows,
  memberships,
  openRequests,
  plans,
} from "../../db/schema";
import type { EditorPermission } from "../../server/domain/fanclub-permissions";
import { defined, factoryDb, type Fields } from "./db";

/** An open fan club on the first brand. Counters start at zero unless given. */
export async function createFanclub(d1: D1Database, fields: Fields<typeof fanclubs.$inferInsert, "ownerId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(fanclubs)
    .values({
      serviceId: 1,
      name: "テスト",
      creatorName: "あかり",
      status: "open",
      activedAt: now,
      createdAt: now,
      updatedAt: now,
      ...defined(fields),
    })
    .returning()
    .get();
}

/** A 500-yen monthly plan unless told otherwise. */
export async function createPlan(d1: D1Database, fields: Fields<typeof plans.$inferInsert, "fanclubId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(plans)
    .values({ name: "ベーシック", price: 500, createdAt: now, updatedAt: now, ...defined(fields) })
    .returning()
    .get();
}

/**
 * A current membership with the next member number of its fan club. As the join flow does, the
 * plan's and the fan club's member counts move with it, unless `counted: false` (for tests that
 * set the counts themselves).
 */
export async function createMembership(
  d1: D1Database,
  fields: Omit<Fields<typeof memberships.$inferInsert, "userId" | "fanclubId" | "planId">, "memberNumber">,
  options: { counted?: boolean } = {},
) {
  const db = factoryDb(d1);
  const insert = db
    .insert(memberships)
    .values({
      memberNumber: sql`(SELECT COALESCE(MAX(${memberships.memberNumber}), 0) + 1 FROM ${memberships} WHERE ${memberships.fanclubId} = ${fields.fanclubId})`,
      status: "active",
      joinedAt: new Date(),
      ...defined(fields),
    })
    .returning();
  if (options.counted === false) return (await insert.all())[0]!;
  const [rows] = await db.batch([
    insert,
    db
      .update(plans)
      .set({ memberCount: sql`${plans.memberCount} + 1` })
      .where(eq(plans.id, fields.planId)),
    db
      .update(fanclubs)
      .set({ memberCount: sql`${fanclubs.memberCount} + 1` })
      .where(eq(fanclubs.id, fields.fanclubId)),
  ]);
  return rows[0]!;
}

/** A follow row only: the fan club's follower count is left as it is. */
export async function createFollow(d1: D1Database, fields: Fields<typeof follows.$inferInsert, "userId" | "fanclubId">) {
  return factoryDb(d1)
    .insert(follows)
    .values({ createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

export async function createBlock(d1: D1Database, fields: Fields<typeof fanclubBlocks.$inferInsert, "fanclubId" | "userId">) {
  return factoryDb(d1)
    .insert(fanclubBlocks)
    .values({ createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

/** An editor who accepted the invitation, with the given permissions. */
export async function createEditor(
  d1: D1Database,
  fields: Omit<Fields<typeof fanclubEditors.$inferInsert, "fanclubId" | "userId">, "permissions"> & {
    permissions: readonly EditorPermission[];
  },
) {
  const now = new Date();
  return factoryDb(d1)
    .insert(fanclubEditors)
    .values({ invitedAt: now, acceptedAt: now, ...defined(fields), permissions: JSON.stringify(fields.permissions) })
    .returning()
    .get();
}

export async function createManager(d1: D1Database, fields: Fields<typeof fanclubManagers.$inferInsert, "userId" | "fanclubId">) {
  return factoryDb(d1)
    .insert(fanclubManagers)
    .values({ createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

/** A request to open a fan club, pending unless told otherwise. */
export async function createOpenRequest(d1: D1Database, fields: Fields<typeof openRequests.$inferInsert, "userId">) {
  return factoryDb(d1)
    .insert(openRequests)
    .values({ serviceId: 1, activityName: "活動", activityDescription: "説明", plan: "計画", createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

export async function createGroup(d1: D1Database, fields: Fields<typeof fanclubGroups.$inferInsert, "ownerFanclubId">) {
  return factoryDb(d1)
    .insert(fanclubGroups)
    .values({ name: "テストグループ", createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

/** A fan club in a group, a member who accepted unless told otherwise. */
export async function createGroupMember(d1: D1Database, fields: Fields<typeof fanclubGroupMembers.$inferInsert, "groupId" | "fanclubId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(fanclubGroupMembers)
    .values({ status: "member", invitedAt: now, respondedAt: now, ...defined(fields) })
    .returning()
    .get();
}
