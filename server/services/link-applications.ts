import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { linkApplications } from "../../db/schema";
import { LINK_LIMITS, linkLimitProblem, type LinkKind, type LinkLimitProblem } from "../domain/link-applications";

/**
 * Linked accounts of the signed-in person. Every query names the user id, so an id from another
 * person's list simply is not found. Validation happened before (server/domain/link-applications).
 */

export interface LinkItem {
  id: number;
  kind: LinkKind;
  url: string;
}

export function listLinkApplications(db: Db, userId: number): Promise<LinkItem[]> {
  return db
    .select({ id: linkApplications.id, kind: linkApplications.kind, url: linkApplications.url })
    .from(linkApplications)
    .where(eq(linkApplications.userId, userId))
    .orderBy(asc(linkApplications.id))
    .all();
}

export type AddLinkResult = { ok: true } | { ok: false; problem: LinkLimitProblem };

export async function addLinkApplication(
  db: Db,
  input: { userId: number; kind: LinkKind; url: string; now: number },
): Promise<AddLinkResult> {
  const existing = await listLinkApplications(db, input.userId);
  const problem = linkLimitProblem(existing, input);
  if (problem) return { ok: false, problem };

  // The check above gives the right message; this insert enforces the same limits again inside
  // one statement, so two tabs adding at the same moment cannot pass the check together
  // (D1 runs each statement atomically).
  const { userId, kind, url, now } = input;
  const inserted = await db.run(sql`
    INSERT INTO link_applications (user_id, kind, url, created_at)
    SELECT ${userId}, ${kind}, ${url}, ${now}
    WHERE (SELECT count(*) FROM link_applications WHERE user_id = ${userId}) < ${LINK_LIMITS.total}
      AND (SELECT count(*) FROM link_applications WHERE user_id = ${userId} AND kind = ${kind}) < ${LINK_LIMITS.perKind[kind]}
      AND NOT EXISTS (SELECT 1 FROM link_applications WHERE user_id = ${userId} AND url = ${url})
  `);
  if (inserted.meta.changes > 0) return { ok: true };
  // lost a race: say why, from what is stored now
  return { ok: false, problem: linkLimitProblem(await listLinkApplications(db, userId), input) ?? "total" };
}

/** Removes one of the person's own links; false when there is no such link of theirs. */
export async function deleteLinkApplication(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(linkApplications)
    .where(and(eq(linkApplications.id, id), eq(linkApplications.userId, userId)))
    .returning({ id: linkApplications.id })
    .all();
  return deleted.length > 0;
}
