import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { openRequests, services, users } from "../../db/schema";
import type { OpenRequestInput } from "../domain/fanclub-profile";
import { notificationInsert } from "./notifications";

/**
 * Requests to open a fan club on a brand that requires one (spec §2). People send one per brand
 * at a time; an operator approves or rejects it, and the person is notified either way.
 */

/** The person's latest request on a brand, if any. */
export async function latestRequest(db: Db, userId: number, serviceId: number) {
  return (
    (await db
      .select({ id: openRequests.id, status: openRequests.status, createdAt: openRequests.createdAt, reviewedAt: openRequests.reviewedAt })
      .from(openRequests)
      .where(and(eq(openRequests.userId, userId), eq(openRequests.serviceId, serviceId)))
      .orderBy(desc(openRequests.id))
      .get()) ?? null
  );
}

export type SubmitResult = { ok: true; id: number } | { ok: false; reason: "pending" | "approved" };

/**
 * Stores a request unless one is pending or approved already. The check is inside the insert
 * (INSERT … SELECT … WHERE NOT EXISTS), so two quick submits store one request.
 */
export async function submitOpenRequest(
  db: Db,
  input: OpenRequestInput & { userId: number; serviceId: number; now: number },
): Promise<SubmitResult> {
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO ${openRequests} (user_id, service_id, activity_name, activity_description, urls, plan, status, created_at)
    SELECT ${input.userId}, ${input.serviceId}, ${input.activityName}, ${input.activityDescription}, ${JSON.stringify(input.urls)}, ${input.plan}, 'pending', ${input.now}
    WHERE NOT EXISTS (SELECT 1 FROM ${openRequests} WHERE user_id = ${input.userId} AND service_id = ${input.serviceId} AND status IN ('pending', 'approved'))
    RETURNING id`);
  if (inserted[0]) return { ok: true, id: inserted[0].id };
  const existing = await latestRequest(db, input.userId, input.serviceId);
  return { ok: false, reason: existing?.status === "approved" ? "approved" : "pending" };
}

/** Pending requests first, for operators. */
export async function listRequests(db: Db, limit = 100) {
  const rows = await db
    .select({
      id: openRequests.id,
      status: openRequests.status,
      activityName: openRequests.activityName,
      activityDescription: openRequests.activityDescription,
      urls: openRequests.urls,
      plan: openRequests.plan,
      createdAt: openRequests.createdAt,
      userName: users.name,
      userEmail: users.email,
      serviceName: services.name,
    })
    .from(openRequests)
    .innerJoin(users, eq(users.id, openRequests.userId))
    .innerJoin(services, eq(services.id, openRequests.serviceId))
    .orderBy(sql`CASE ${openRequests.status} WHEN 'pending' THEN 0 ELSE 1 END`, desc(openRequests.id))
    .limit(limit)
    .all();
  return rows.map((r) => ({ ...r, urls: requestUrls(r.urls) }));
}

/** The stored URL list; anything malformed or not http(s) is left out rather than failing the page. */
function requestUrls(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((u): u is string => typeof u === "string" && /^https?:\/\//i.test(u)) : [];
  } catch {
    return [];
  }
}

/** Approves or rejects a pending request and tells the person, in one batch. */
export async function reviewRequest(db: Db, input: { id: number; decision: "approved" | "rejected"; now: number }): Promise<boolean> {
  const request = await db
    .select({ userId: openRequests.userId, status: openRequests.status, frontUrl: services.frontUrl, serviceName: services.name })
    .from(openRequests)
    .innerJoin(services, eq(services.id, openRequests.serviceId))
    .where(eq(openRequests.id, input.id))
    .get();
  if (!request || request.status !== "pending") return false;
  const [updated] = await db.batch([
    db
      .update(openRequests)
      .set({ status: input.decision, reviewedAt: new Date(input.now) })
      .where(and(eq(openRequests.id, input.id), eq(openRequests.status, "pending")))
      .returning({ id: openRequests.id }),
    notificationInsert(db, {
      userId: request.userId,
      kind: input.decision === "approved" ? "openRequestApproved" : "openRequestRejected",
      params: { brand: request.serviceName },
      url: input.decision === "approved" ? `${request.frontUrl}/me/fanclub/new` : `${request.frontUrl}/help/fanclub_open_request`,
      now: input.now,
    }),
  ]);
  return updated.length > 0;
}
