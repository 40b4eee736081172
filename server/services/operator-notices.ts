import { and, desc, eq, gt, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { operatorNoticeDismissals, operatorNotices, services } from "../../db/schema";
import { noticeIsLive, type NoticeInput, type NoticeSizing, type NoticeWindow } from "../domain/operator-notices";

/**
 * Operator notices (spec §2 admin dialog, decision 041): staff publish a notice for one brand;
 * every person of that brand sees it once, as a dialog. Signed-in people's dismissals live here,
 * visitors' in a cookie the caller passes as `dismissedIds`.
 */

export interface CurrentNotice {
  id: number;
  title: string;
  html: string;
  sizing: NoticeSizing;
}

/**
 * Every page of a brand asks for its notice, and almost always there is none. Each isolate keeps
 * the brand's windows (start and end of every notice not yet over) for a minute, so a page with no
 * live notice costs no D1 read; only while one shows does the per-person query run. Publishing or
 * ending a notice clears this isolate's copy; other isolates see the change within the minute.
 */
const WINDOWS_TTL_MS = 60_000;
const windowsByBrand = new Map<number, { windows: NoticeWindow[]; freshUntil: number }>();

async function noticeWindows(db: Db, serviceId: number, now: number): Promise<NoticeWindow[]> {
  const cached = windowsByBrand.get(serviceId);
  if (cached && cached.freshUntil > now) return cached.windows;
  const rows = await db
    .select({ startsAt: operatorNotices.startsAt, endsAt: operatorNotices.endsAt })
    .from(operatorNotices)
    .where(and(eq(operatorNotices.serviceId, serviceId), gt(operatorNotices.endsAt, new Date(now))));
  const windows = rows.map((r) => ({ startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime() }));
  windowsByBrand.set(serviceId, { windows, freshUntil: now + WINDOWS_TTL_MS });
  return windows;
}

export async function createNotice(db: Db, input: { serviceId: number; createdBy: number; notice: NoticeInput; now: number }) {
  const brand = await db.select({ id: services.id }).from(services).where(eq(services.id, input.serviceId)).get();
  if (!brand) return { ok: false as const };
  const [row] = await db
    .insert(operatorNotices)
    .values({
      serviceId: input.serviceId,
      title: input.notice.title,
      messageSource: input.notice.messageSource,
      messageHtml: input.notice.messageHtml,
      sizing: input.notice.sizing,
      startsAt: new Date(input.notice.startsAt),
      endsAt: new Date(input.notice.endsAt),
      createdBy: input.createdBy,
      createdAt: new Date(input.now),
    })
    .returning({ id: operatorNotices.id });
  windowsByBrand.delete(input.serviceId);
  return { ok: true as const, id: row!.id };
}

/** Every notice, newest first, with its brand's name (the operator's list). */
export async function listNotices(db: Db) {
  return db
    .select({
      id: operatorNotices.id,
      serviceName: services.name,
      title: operatorNotices.title,
      sizing: operatorNotices.sizing,
      startsAt: operatorNotices.startsAt,
      endsAt: operatorNotices.endsAt,
      dismissals: sql<number>`(SELECT count(*) FROM ${operatorNoticeDismissals} d WHERE d.notice_id = ${operatorNotices.id})`,
    })
    .from(operatorNotices)
    .innerJoin(services, eq(services.id, operatorNotices.serviceId))
    .orderBy(desc(operatorNotices.id))
    .limit(100);
}

/** The notice this person should see now on this brand, if any: the newest live one not dismissed. */
export async function currentNoticeFor(
  db: Db,
  input: { serviceId: number; userId: number | null; dismissedIds: number[]; now: number },
): Promise<CurrentNotice | null> {
  if (!(await noticeWindows(db, input.serviceId, input.now)).some((w) => noticeIsLive(w, input.now))) return null;
  const now = new Date(input.now);
  const conditions = [eq(operatorNotices.serviceId, input.serviceId), lte(operatorNotices.startsAt, now), gt(operatorNotices.endsAt, now)];
  if (input.dismissedIds.length) conditions.push(notInArray(operatorNotices.id, input.dismissedIds));
  if (input.userId !== null) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM ${operatorNoticeDismissals} d WHERE d.notice_id = ${operatorNotices.id} AND d.user_id = ${input.userId})`,
    );
  }
  const row = await db
    .select({ id: operatorNotices.id, title: operatorNotices.title, html: operatorNotices.messageHtml, sizing: operatorNotices.sizing })
    .from(operatorNotices)
    .where(and(...conditions))
    .orderBy(desc(operatorNotices.startsAt), desc(operatorNotices.id))
    .get();
  return row ?? null;
}

/** Remembers that a signed-in person closed the notice; false when there is no such notice on the brand. */
export async function dismissNotice(db: Db, input: { noticeId: number; serviceId: number; userId: number | null; now: number }) {
  const notice = await db
    .select({ id: operatorNotices.id })
    .from(operatorNotices)
    .where(and(eq(operatorNotices.id, input.noticeId), eq(operatorNotices.serviceId, input.serviceId)))
    .get();
  if (!notice) return false;
  if (input.userId !== null) {
    await db
      .insert(operatorNoticeDismissals)
      .values({ noticeId: input.noticeId, userId: input.userId, dismissedAt: new Date(input.now) })
      .onConflictDoNothing();
  }
  return true;
}

/** Ends a notice now (staff change their mind); an already ended notice keeps its end. */
export async function endNotice(db: Db, input: { noticeId: number; now: number }): Promise<boolean> {
  const rows = await db
    .update(operatorNotices)
    .set({ endsAt: new Date(input.now) })
    .where(and(eq(operatorNotices.id, input.noticeId), gt(operatorNotices.endsAt, new Date(input.now))))
    .returning({ id: operatorNotices.id });
  // the brand is not known here; an end is rare, so every brand's windows are read again
  windowsByBrand.clear();
  return rows.length > 0;
}
