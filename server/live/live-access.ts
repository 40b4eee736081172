import { sql } from "drizzle-orm";
import { rawBatchRows } from "../../db/batch";
import type { Db } from "../../db/client";
import type { BillingMonth } from "../domain/billing-month";
import { canSeeEvent, watchReason, type LiveVisibility } from "../domain/live-events";
import type { RoomRole } from "../domain/live-room";
import { membershipGrantsAccess, type MembershipStatus } from "../domain/plan-change";

/**
 * What the room ticket says about one person in one live event's room. The Worker produces it
 * (after checking the right to watch) and signs it into the ticket; the room trusts nothing else.
 */
export interface LiveAccess {
  liveEventId: number;
  userId: number;
  role: RoomRole;
  name: string;
  iconUrl: string | null;
  /** the event's state, for whether its room is open (roomOpen) and until when its stream may run */
  event: { status: number; endAt: number };
}

type AccessRow = {
  ownerId: number;
  visibility: string;
  status: number;
  endAt: number;
  fanclubOwnerId: number;
  fanclubStatus: string;
  isEditor: number;
  isBlocked: number;
  hasTicket: number;
  planIds: string;
  memberships: string;
  name: string | null;
  iconUrl: string | null;
  leftAt: number | null;
};

/**
 * May `userId` enter the room of `liveEventId`, and as whom? Null when not. One D1 query over the
 * live events tables (live_events, live_event_plans, live_event_tickets) and the fan club's
 * editors and memberships.
 *
 * The rule (issue 7): the event's owner (the one who publishes) is "owner"; the fan club's owner
 * and its accepted editors moderate ("editor"); a ticket holder when the event sells tickets, or a
 * member of one of the chosen plans (while the membership grants access) when it admits plan
 * members, watches ("viewer"). A private event (status 1) admits only those who manage it and
 * ticket holders; a closed fan club admits no one, and a fan the fan club blocked is not admitted.
 * The room asks again while the person is in it (LiveRoom.recheckAccess). A seat of an online
 * lesson (issue 22) that is not done or cancelled counts as a ticket to the lesson's private event.
 */
export async function resolveLiveAccess(db: Db, liveEventId: number, userId: number, now: number): Promise<LiveAccess | null> {
  const [row] = await db.all<AccessRow>(accessSql(liveEventId, userId));
  return accessFrom(row, liveEventId, userId, now);
}

/** How many people one D1 batch asks about when a room re-checks everyone in it. */
const ACCESS_BATCH = 50;

/**
 * `resolveLiveAccess` for many people of one event at once, with the same query and the same
 * rule: the queries go to D1 in batches of `batchSize`, one round trip each, so a full room's
 * minute re-check is twenty round trips for a thousand fans instead of a thousand in a row.
 */
export async function resolveLiveAccessMany(
  db: Db,
  liveEventId: number,
  userIds: readonly number[],
  now: number,
  batchSize = ACCESS_BATCH,
): Promise<Map<number, LiveAccess | null>> {
  const access = new Map<number, LiveAccess | null>();
  for (let i = 0; i < userIds.length; i += batchSize) {
    const chunk = userIds.slice(i, i + batchSize);
    const [first, ...rest] = chunk.map((userId) => rawBatchRows<AccessRow>(db, accessSql(liveEventId, userId)));
    const results = await db.batch([first!, ...rest]);
    chunk.forEach((userId, k) => access.set(userId, accessFrom(results[k]?.[0], liveEventId, userId, now)));
  }
  return access;
}

function accessFrom(row: AccessRow | undefined, liveEventId: number, userId: number, now: number): LiveAccess | null {
  if (!row || row.fanclubStatus !== "open" || row.name === null || row.leftAt !== null) return null;
  const role = roomRole(row, userId, now);
  return role ? { liveEventId, userId, role, name: row.name, iconUrl: row.iconUrl, event: { status: row.status, endAt: row.endAt } } : null;
}

/** The one query behind both: the event, its fan club, and everything about this person that the rule reads. */
function accessSql(liveEventId: number, userId: number) {
  return sql`
    SELECT
      e.owner_id AS ownerId,
      e.visibility AS visibility,
      e.status AS status,
      e.end_at AS endAt,
      f.owner_id AS fanclubOwnerId,
      f.status AS fanclubStatus,
      EXISTS (SELECT 1 FROM fanclub_editors fe WHERE fe.fanclub_id = e.fanclub_id AND fe.user_id = ${userId} AND fe.accepted_at IS NOT NULL) AS isEditor,
      EXISTS (SELECT 1 FROM fanclub_blocks b WHERE b.fanclub_id = e.fanclub_id AND b.user_id = ${userId}) AS isBlocked,
      -- a ticket counts while its sale is not wholly refunded (a refund at the card provider
      -- posts to the earnings ledger; a free ticket has no sale and no refund)
      (EXISTS (
        SELECT 1 FROM live_event_tickets t JOIN purchases p ON p.id = t.purchase_id
        WHERE t.live_event_id = e.id AND t.user_id = ${userId} AND p.status = 'paid'
          AND NOT EXISTS (
            SELECT 1 FROM earning_entries s
            WHERE s.source_key = p.idempotency_key AND s.type = 'sale' AND s.subject_type = 'live_event' AND s.subject_id = e.id
              AND s.gross + COALESCE((SELECT SUM(r.gross) FROM earning_entries r WHERE r.reverses_entry_id = s.id), 0) <= 0
          )
      )
        OR EXISTS (SELECT 1 FROM lesson_reservations r JOIN lesson_slots s ON s.id = r.slot_id
          WHERE s.live_event_id = e.id AND r.user_id = ${userId} AND r.status = 0)) AS hasTicket,
      (SELECT json_group_array(p.plan_id) FROM live_event_plans p WHERE p.live_event_id = e.id) AS planIds,
      (SELECT json_group_array(json_object('planId', m.plan_id, 'status', m.status, 'paidThrough', m.paid_through))
         FROM memberships m WHERE m.user_id = ${userId} AND m.fanclub_id = e.fanclub_id) AS memberships,
      (SELECT u.name FROM users u WHERE u.id = ${userId}) AS name,
      (SELECT u.icon_image_url FROM users u WHERE u.id = ${userId}) AS iconUrl,
      (SELECT u.left_at FROM users u WHERE u.id = ${userId}) AS leftAt
    FROM live_events e
    JOIN fanclubs f ON f.id = e.fanclub_id
    WHERE e.id = ${liveEventId}
  `;
}

/** The right to watch is the live events' own rule (server/domain/live-events.ts); the room only names the roles it moderates by. */
function roomRole(row: AccessRow, userId: number, now: number): RoomRole | null {
  // only the event's owner publishes; the fan club's owner and editors moderate
  if (userId === row.ownerId) return "owner";
  if (row.isBlocked === 1) return null;
  const memberships = JSON.parse(row.memberships) as { planId: number; status: MembershipStatus; paidThrough: BillingMonth | null }[];
  const reason = watchReason({
    event: {
      ownerId: row.ownerId,
      fanclubOwnerId: row.fanclubOwnerId,
      visibility: row.visibility as LiveVisibility,
      planIds: JSON.parse(row.planIds) as number[],
    },
    viewer: {
      userId,
      isEditor: row.isEditor === 1,
      hasTicket: row.hasTicket === 1,
      accessPlanIds: memberships
        .filter((m) => membershipGrantsAccess({ status: m.status, paidThroughMonth: m.paidThrough }, now))
        .map((m) => m.planId),
    },
  });
  if (reason === "owner" || reason === "editor") return "editor";
  if (!reason || !canSeeEvent(row, { manages: false, hasTicket: reason === "ticket" })) return null;
  return "viewer";
}
