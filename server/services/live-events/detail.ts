import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  fanclubEditors,
  fanclubs,
  follows,
  lessonReservations,
  liveEventPlans,
  liveEvents,
  liveEventTickets,
  liveEventTicketTypes,
  memberships,
  plans,
} from "../../../db/schema";
import type { BillingMonth } from "../../domain/billing-month";
import { mediaUrl } from "../../domain/images";
import { canSeeEvent, liveTiming, watchReason, type WatchReason } from "../../domain/live-events";
import { membershipGrantsAccess, type MembershipStatus } from "../../domain/plan-change";
import { typeView } from "./creator-views";
import { moment } from "./lists";

/** One event as its viewer sees it: the detail page and GET /live_events/{id}. */

export type LiveDetail = Awaited<ReturnType<typeof loadLiveDetail>>;

/**
 * The detail page and GET /live_events/{id}: the event, its fan club, ticket types with their
 * sale state, the allowed plans' names, and for a signed-in viewer their ticket, whether they
 * follow, manage, and may watch (`watchReason`). One D1 round trip. Null when there is no such
 * event, its fan club is closed, or it is private to this viewer.
 */
export async function loadLiveDetail(db: Db, id: number, viewerId: number | null, now: number) {
  const viewer = viewerId ?? 0;
  const [eventRows, typeRows, planRows, ticketRows, editorRows, followRows, membershipRows, lessonSeatRows] = await db.batch([
    db
      .select({
        event: liveEvents,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        fanclubOwnerId: sql<number>`${fanclubs.ownerId}`.as("fanclub_owner_id"),
        fanclubIconKey: fanclubs.iconKey,
        fanclubServiceId: fanclubs.serviceId,
        fanclubStatus: sql<string>`${fanclubs.status}`.as("fanclub_status"),
      })
      .from(liveEvents)
      .innerJoin(fanclubs, eq(fanclubs.id, liveEvents.fanclubId))
      .where(eq(liveEvents.id, id)),
    db
      .select()
      .from(liveEventTicketTypes)
      .where(eq(liveEventTicketTypes.liveEventId, id))
      .orderBy(asc(liveEventTicketTypes.sortOrder), asc(liveEventTicketTypes.id)),
    db
      .select({ id: plans.id, name: plans.name, price: plans.price })
      .from(liveEventPlans)
      .innerJoin(plans, eq(plans.id, liveEventPlans.planId))
      .where(eq(liveEventPlans.liveEventId, id))
      .orderBy(asc(plans.price), asc(plans.id)),
    db
      .select({
        id: liveEventTickets.id,
        ticketTypeId: liveEventTickets.ticketTypeId,
        price: liveEventTickets.price,
        createdAt: liveEventTickets.createdAt,
      })
      .from(liveEventTickets)
      .where(and(eq(liveEventTickets.liveEventId, id), eq(liveEventTickets.userId, viewer))),
    db
      .select({ userId: fanclubEditors.userId })
      .from(fanclubEditors)
      .where(
        and(
          eq(fanclubEditors.userId, viewer),
          isNotNull(fanclubEditors.acceptedAt),
          sql`${fanclubEditors.fanclubId} = (SELECT "fanclub_id" FROM "live_events" WHERE "id" = ${id})`,
        ),
      ),
    db
      .select({ userId: follows.userId })
      .from(follows)
      .where(and(eq(follows.userId, viewer), sql`${follows.fanclubId} = (SELECT "fanclub_id" FROM "live_events" WHERE "id" = ${id})`)),
    db
      .select({ planId: memberships.planId, status: memberships.status, paidThrough: memberships.paidThrough })
      .from(memberships)
      .where(
        and(eq(memberships.userId, viewer), sql`${memberships.fanclubId} = (SELECT "fanclub_id" FROM "live_events" WHERE "id" = ${id})`),
      ),
    // a live seat of the online lesson this event holds counts as a ticket (issue 22, decision 038)
    db
      .select({ id: lessonReservations.id })
      .from(lessonReservations)
      .where(
        and(
          eq(lessonReservations.userId, viewer),
          eq(lessonReservations.status, 0),
          sql`${lessonReservations.slotId} IN (SELECT "id" FROM "lesson_slots" WHERE "live_event_id" = ${id})`,
        ),
      ),
  ]);
  const row = eventRows[0];
  if (!row || row.fanclubStatus !== "open") return null;
  const event = row.event;
  const startAt = event.startAt.getTime();
  const endAt = event.endAt.getTime();
  const ticket = ticketRows[0] ?? null;
  const lessonSeat = lessonSeatRows.length > 0;
  const isEditor = viewerId !== null && editorRows.length > 0;
  const manages = viewerId !== null && (viewerId === row.fanclubOwnerId || isEditor);
  if (!canSeeEvent(event, { manages, hasTicket: ticket !== null || lessonSeat })) return null;
  const accessPlanIds = membershipRows
    .filter((m) =>
      membershipGrantsAccess(
        { status: m.status as MembershipStatus, paidThroughMonth: (m.paidThrough as BillingMonth | null) ?? null },
        now,
      ),
    )
    .map((m) => m.planId);
  const planIds = planRows.map((p) => p.id);
  const reason: WatchReason | null = watchReason({
    event: { ownerId: event.ownerId, fanclubOwnerId: row.fanclubOwnerId, visibility: event.visibility, planIds },
    viewer: { userId: viewerId, isEditor, hasTicket: ticket !== null || lessonSeat, accessPlanIds },
  });
  const types = typeRows.map((r) => typeView(event, r, now));
  return {
    event: {
      id: event.id,
      fanclubId: event.fanclubId,
      ownerId: event.ownerId,
      title: event.title,
      description: event.description,
      coverUrl: mediaUrl(event.coverKey),
      startAt,
      endAt,
      status: event.status,
      visibility: event.visibility,
      timing: liveTiming(moment(event), now),
    },
    fanclub: {
      id: event.fanclubId,
      name: row.fanclubName,
      iconUrl: mediaUrl(row.fanclubIconKey),
      serviceId: row.fanclubServiceId,
      ownerId: row.fanclubOwnerId,
    },
    ticketTypes: types,
    plans: planRows,
    viewer: {
      signedIn: viewerId !== null,
      manages,
      isOwner: viewerId !== null && viewerId === event.ownerId,
      following: followRows.length > 0,
      ticket: ticket
        ? {
            id: ticket.id,
            ticketTypeId: ticket.ticketTypeId,
            title: types.find((t) => t.id === ticket.ticketTypeId)?.title ?? "",
            price: ticket.price,
            boughtAt: ticket.createdAt.getTime(),
          }
        : null,
      watchReason: reason,
    },
  };
}
