import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanclubBlocks, fanclubs, follows, memberships, plans, users } from "../../db/schema";
import { FANS_PAGE_SIZE, pageOffset, type SearchType } from "../domain/fans";

/**
 * The creator's fans page (spec §2 `/me/fanclub/fans?searchType=fans|followers|blocks`): who
 * joined, who follows, who is blocked, and blocking itself.
 */

interface FanRow {
  userId: number;
  name: string;
  iconImageUrl: string | null;
  identifyToken: string;
  /** joined (fans), followed (followers) or blocked (blocks) */
  since: Date;
  /** fans only: the plan and the membership number */
  planName: string | null;
  memberNumber: number | null;
  /** a member stays listed after being blocked (see blockUser), so the row says so */
  blocked: boolean;
}

export interface FansPage {
  rows: FanRow[];
  hasNext: boolean;
  counts: Record<SearchType, number>;
}

/**
 * One page of one list plus the three tab counts, in one D1 round trip. The list asks for one row
 * more than a page to know whether another page exists, instead of counting its own list again.
 */
export async function listFans(
  db: Db,
  fanclubId: number,
  searchType: SearchType,
  page: number,
  pageSize = FANS_PAGE_SIZE,
): Promise<FansPage> {
  const person = { userId: users.id, name: users.name, iconImageUrl: users.iconImageUrl, identifyToken: users.identifyToken };
  const isBlocked =
    sql<number>`EXISTS (SELECT 1 FROM ${fanclubBlocks} WHERE ${fanclubBlocks.fanclubId} = ${fanclubId} AND ${fanclubBlocks.userId} = ${users.id})`.as(
      "blocked",
    );
  // D1 batches hand rows back keyed by column name, so every column needs a distinct one
  // (`plans.name` would otherwise overwrite `users.name`)
  const noPlan = { planName: sql<string | null>`NULL`.as("plan_name"), memberNumber: sql<number | null>`NULL`.as("member_number") };
  const offset = pageOffset(page, pageSize);

  const list =
    searchType === "fans"
      ? db
          .select({
            ...person,
            since: memberships.joinedAt,
            planName: sql<string | null>`${plans.name}`.as("plan_name"),
            memberNumber: sql<number | null>`${memberships.memberNumber}`.as("member_number"),
            blocked: isBlocked,
          })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .innerJoin(plans, eq(plans.id, memberships.planId))
          // current members: "unpaid" ones are still members until the money feature ends them
          .where(and(eq(memberships.fanclubId, fanclubId), ne(memberships.status, "left")))
          .orderBy(desc(memberships.joinedAt), desc(memberships.id))
          .limit(pageSize + 1)
          .offset(offset)
      : searchType === "followers"
        ? db
            .select({ ...person, since: follows.createdAt, ...noPlan, blocked: isBlocked })
            .from(follows)
            .innerJoin(users, eq(users.id, follows.userId))
            .where(eq(follows.fanclubId, fanclubId))
            .orderBy(desc(follows.createdAt), desc(follows.userId))
            .limit(pageSize + 1)
            .offset(offset)
        : db
            .select({ ...person, since: fanclubBlocks.createdAt, ...noPlan, blocked: sql<number>`1`.as("blocked") })
            .from(fanclubBlocks)
            .innerJoin(users, eq(users.id, fanclubBlocks.userId))
            .where(eq(fanclubBlocks.fanclubId, fanclubId))
            .orderBy(desc(fanclubBlocks.createdAt), desc(fanclubBlocks.userId))
            .limit(pageSize + 1)
            .offset(offset);

  const [rows, fans, followers, blocks] = await db.batch([
    list,
    db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.fanclubId, fanclubId), ne(memberships.status, "left"))),
    db.select({ n: count() }).from(follows).where(eq(follows.fanclubId, fanclubId)),
    db.select({ n: count() }).from(fanclubBlocks).where(eq(fanclubBlocks.fanclubId, fanclubId)),
  ]);
  return {
    rows: rows.slice(0, pageSize).map((r) => ({
      ...r,
      // a raw NULL/number column: drizzle maps declared columns only
      memberNumber: r.memberNumber === null ? null : Number(r.memberNumber),
      blocked: Boolean(Number(r.blocked)),
    })),
    hasNext: rows.length > pageSize,
    counts: { fans: fans[0]?.n ?? 0, followers: followers[0]?.n ?? 0, blocks: blocks[0]?.n ?? 0 },
  };
}

export type BlockResult = { ok: true; name: string } | { ok: false; reason: "notFound" | "own" };

/**
 * Blocks a person from the fan club. In one batch: the block row, the end of their follow, and the
 * follower count recomputed from the follow rows (as in follows.ts), so the count can never drift.
 *
 * Their membership is deliberately left alone: it was paid for the current month, and ending it is
 * the renewal job's decision (the money feature's renewal refuses blocked people, so it simply
 * does not renew). Until then they stay on the fans list, marked as blocked.
 */
export async function blockUser(db: Db, input: { fanclubId: number; userId: number; now: number }): Promise<BlockResult> {
  const [club, person] = await db.batch([
    db.select({ ownerId: fanclubs.ownerId }).from(fanclubs).where(eq(fanclubs.id, input.fanclubId)),
    db.select({ name: users.name, leftAt: users.leftAt }).from(users).where(eq(users.id, input.userId)),
  ]);
  // people who left are gone: nothing to block, and their names are not for this page
  if (!club[0] || !person[0] || person[0].leftAt) return { ok: false, reason: "notFound" };
  if (club[0].ownerId === input.userId) return { ok: false, reason: "own" };
  await db.batch([
    db
      .insert(fanclubBlocks)
      .values({ fanclubId: input.fanclubId, userId: input.userId, createdAt: new Date(input.now) })
      .onConflictDoNothing(),
    db.delete(follows).where(and(eq(follows.fanclubId, input.fanclubId), eq(follows.userId, input.userId))),
    db
      .update(fanclubs)
      .set({ followerCount: sql`(SELECT COUNT(*) FROM ${follows} WHERE ${follows.fanclubId} = ${input.fanclubId})` })
      .where(eq(fanclubs.id, input.fanclubId)),
  ]);
  return { ok: true, name: person[0].name };
}

/** Lifts a block. The person may follow and join again; nothing of before comes back by itself. */
export async function unblockUser(
  db: Db,
  input: { fanclubId: number; userId: number },
): Promise<{ ok: true; name: string } | { ok: false }> {
  const [person, removed] = await db.batch([
    db.select({ name: users.name }).from(users).where(eq(users.id, input.userId)),
    db
      .delete(fanclubBlocks)
      .where(and(eq(fanclubBlocks.fanclubId, input.fanclubId), eq(fanclubBlocks.userId, input.userId)))
      .returning({ userId: fanclubBlocks.userId }),
  ]);
  return removed.length > 0 ? { ok: true, name: person[0]?.name ?? "" } : { ok: false };
}
