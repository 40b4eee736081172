import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/idempotency";
import {
  fanclubs,
  memberships,
  specialTickets,
  specialTicketTypes,
  type SpecialTicketRow,
  type SpecialTicketTypeRow,
} from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import {
  normalizePurpose,
  ticketExpiry,
  ticketKeys,
  ticketBuyButton,
  ticketState,
  ticketUseRefusal,
  type TicketBuyButton,
  type TicketState,
  type TicketUseRefusal,
} from "../../domain/special-tickets";

/**
 * Special tickets (docs/decisions/037): the creator's ticket types, issuing them to fans, the
 * fan's tickets, and using one exactly once. Selling goes through the cart (./ticket cart kind in
 * ../cart-items/special-ticket.ts); campaigns issue them as rewards (./fan-campaigns.ts).
 */

type TicketTypeSummary = SpecialTicketTypeRow & { issued: number; used: number };

/** The fan club's ticket types (archived ones left out), with how many were issued and used. */
export async function ticketTypesOf(db: Db, fanclubId: number): Promise<TicketTypeSummary[]> {
  const rows = await db
    .select({
      type: specialTicketTypes,
      // the outer id written out: drizzle leaves a lone table's columns unqualified, and inside the
      // subquery "id" was the ticket's own (every type counted the one ticket whose id equals its own)
      issued: sql<number>`(SELECT count(*) FROM special_tickets s WHERE s.type_id = "special_ticket_types"."id")`,
      used: sql<number>`(SELECT count(*) FROM special_tickets s WHERE s.type_id = "special_ticket_types"."id" AND s.used_at IS NOT NULL)`,
    })
    .from(specialTicketTypes)
    .where(and(eq(specialTicketTypes.fanclubId, fanclubId), isNull(specialTicketTypes.archivedAt)))
    .orderBy(asc(specialTicketTypes.id));
  return rows.map((r) => ({ ...r.type, issued: Number(r.issued), used: Number(r.used) }));
}

/** A type of this fan club that is not archived, or undefined. */
export async function ticketTypeOf(db: Db, fanclubId: number, typeId: number): Promise<SpecialTicketTypeRow | undefined> {
  return db
    .select()
    .from(specialTicketTypes)
    .where(and(eq(specialTicketTypes.id, typeId), eq(specialTicketTypes.fanclubId, fanclubId), isNull(specialTicketTypes.archivedAt)))
    .get();
}

export async function createTicketType(
  db: Db,
  fanclubId: number,
  values: { name: string; grants: string; validDays: number | null; price: number },
  now: number,
): Promise<SpecialTicketTypeRow> {
  const at = new Date(now);
  return db
    .insert(specialTicketTypes)
    .values({ fanclubId, ...values, createdAt: at, updatedAt: at })
    .returning()
    .get();
}

/** Archiving hides a type from sale and new issues; tickets already held stay usable. */
export async function archiveTicketType(db: Db, fanclubId: number, typeId: number, now: number): Promise<boolean> {
  const done = await db
    .update(specialTicketTypes)
    .set({ archivedAt: new Date(now), updatedAt: new Date(now) })
    .where(and(eq(specialTicketTypes.id, typeId), eq(specialTicketTypes.fanclubId, fanclubId), isNull(specialTicketTypes.archivedAt)))
    .returning({ id: specialTicketTypes.id });
  return done.length > 0;
}

type IssueTarget = { kind: "plan"; planId: number } | { kind: "allMembers" } | { kind: "memberNumbers"; numbers: number[] };

/**
 * Issues one ticket of `typeId` free to each chosen fan (members of a plan, every member, or the
 * members with these numbers). `batchKey` names the issue: repeating it (a double click, a retry)
 * issues nothing more, each fan's ticket being keyed by type, fan and batch.
 */
export async function issueTickets(
  db: Db,
  input: { fanclubId: number; typeId: number; target: IssueTarget; batchKey: string; now: number },
): Promise<{ ok: true; issued: number; recipients: number } | { ok: false; reason: "typeMissing" | "noRecipients" }> {
  const type = await ticketTypeOf(db, input.fanclubId, input.typeId);
  if (!type) return { ok: false, reason: "typeMissing" };
  const current = and(eq(memberships.fanclubId, input.fanclubId), inArray(memberships.status, ["active", "unpaid"]));
  const where =
    input.target.kind === "plan"
      ? and(current, eq(memberships.planId, input.target.planId))
      : input.target.kind === "memberNumbers"
        ? and(current, inArray(memberships.memberNumber, input.target.numbers.length ? input.target.numbers : [-1]))
        : current;
  const recipients = await db.select({ userId: memberships.userId }).from(memberships).where(where).limit(5000);
  if (!recipients.length) return { ok: false, reason: "noRecipients" };
  const at = new Date(input.now);
  const expiresAt = ticketExpiry(input.now, type.validDays);
  let issued = 0;
  // D1 caps the bound parameters of one statement: insert in slices, each slice idempotent by its keys
  for (let i = 0; i < recipients.length; i += 50) {
    const slice = recipients.slice(i, i + 50);
    const rows = await db
      .insert(specialTickets)
      .values(
        slice.map((r) => ({
          typeId: type.id,
          fanclubId: input.fanclubId,
          userId: r.userId,
          source: "issued" as const,
          issueKey: ticketKeys.issue(type.id, r.userId, input.batchKey),
          expiresAt: expiresAt === null ? null : new Date(expiresAt),
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: specialTickets.id });
    issued += rows.length;
  }
  return { ok: true, issued, recipients: recipients.length };
}

/** The statement that issues one ticket inside another batch (a purchase, a campaign reward); the key keeps it once. */
export function ticketIssueStatement(
  db: Db,
  input: {
    type: { id: number; fanclubId: number; validDays: number | null };
    userId: number;
    source: SpecialTicketRow["source"];
    issueKey: string;
    purchaseId?: ReturnType<typeof sql> | null;
    now: number;
  },
) {
  const expiresAt = ticketExpiry(input.now, input.type.validDays);
  return db
    .insert(specialTickets)
    .values({
      typeId: input.type.id,
      fanclubId: input.type.fanclubId,
      userId: input.userId,
      source: input.source,
      issueKey: input.issueKey,
      purchaseId: input.purchaseId ?? null,
      expiresAt: expiresAt === null ? null : new Date(expiresAt),
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing();
}

export type HeldTicket = {
  id: number;
  typeId: number;
  name: string;
  grants: string;
  fanclub: { id: number; name: string; iconImageUrl: string | null };
  source: SpecialTicketRow["source"];
  issuedAt: number;
  expiresAt: number | null;
  usedAt: number | null;
  usedPurpose: string | null;
  state: TicketState;
};

/** The fan's tickets, usable ones first, then newest first. */
export async function heldTickets(db: Db, userId: number, now: number, fanclubId?: number): Promise<HeldTicket[]> {
  const rows = await db
    .select({
      ticket: specialTickets,
      name: specialTicketTypes.name,
      grants: specialTicketTypes.grants,
      club: { id: fanclubs.id, name: fanclubs.name, iconKey: fanclubs.iconKey },
    })
    .from(specialTickets)
    .innerJoin(specialTicketTypes, eq(specialTicketTypes.id, specialTickets.typeId))
    .innerJoin(fanclubs, eq(fanclubs.id, specialTickets.fanclubId))
    .where(and(eq(specialTickets.userId, userId), fanclubId ? eq(specialTickets.fanclubId, fanclubId) : undefined))
    .orderBy(desc(specialTickets.id))
    .limit(200);
  const order: Record<TicketState, number> = { usable: 0, used: 1, expired: 2 };
  return rows
    .map((r) => ({
      id: r.ticket.id,
      typeId: r.ticket.typeId,
      name: r.name,
      grants: r.grants,
      fanclub: { id: r.club.id, name: r.club.name, iconImageUrl: mediaUrl(r.club.iconKey) },
      source: r.ticket.source,
      issuedAt: r.ticket.createdAt.getTime(),
      expiresAt: r.ticket.expiresAt?.getTime() ?? null,
      usedAt: r.ticket.usedAt?.getTime() ?? null,
      usedPurpose: r.ticket.usedPurpose,
      state: ticketState(r.ticket, now),
    }))
    .sort((a, b) => order[a.state] - order[b.state] || b.id - a.id);
}

/** The fan's usable tickets of these types (a lesson's specialTicketTypes), oldest expiry first. */
export async function usableTicketsOf(db: Db, userId: number, typeIds: readonly number[], now: number): Promise<SpecialTicketRow[]> {
  if (!typeIds.length) return [];
  return db
    .select()
    .from(specialTickets)
    .where(
      and(
        eq(specialTickets.userId, userId),
        inArray(specialTickets.typeId, [...typeIds]),
        isNull(specialTickets.usedAt),
        or(isNull(specialTickets.expiresAt), gt(specialTickets.expiresAt, new Date(now))),
      ),
    )
    .orderBy(asc(specialTickets.expiresAt), asc(specialTickets.id));
}

export type RedeemResult =
  { ok: true; ticket: SpecialTicketRow; replayed: boolean } | { ok: false; reason: TicketUseRefusal | "invalidPurpose" | "wrongType" };

/**
 * Uses a fan's ticket exactly once. One conditional UPDATE (`used_at IS NULL`, not expired, the
 * fan's own): of two concurrent uses one changes the row and the other finds it used. A retry
 * with the same `idempotencyKey` answers the first use (`replayed`). `typeIds` limits which
 * types are accepted (a lesson's specialTicketTypes); `now` defaults to the clock.
 */
export async function redeemSpecialTicket(
  db: Db,
  input: { ticketId: number; userId: number; purpose: string; idempotencyKey: string; typeIds?: readonly number[]; now?: number },
): Promise<RedeemResult> {
  const now = input.now ?? Date.now();
  const purpose = normalizePurpose(input.purpose);
  if (!purpose || !input.idempotencyKey) return { ok: false, reason: "invalidPurpose" };
  const current = await db.select().from(specialTickets).where(eq(specialTickets.id, input.ticketId)).get();
  if (current && current.userId === input.userId && current.useKey === input.idempotencyKey)
    return { ok: true, ticket: current, replayed: true };
  const refusal = ticketUseRefusal(current, input.userId, now);
  if (refusal) return { ok: false, reason: refusal };
  if (input.typeIds && !input.typeIds.includes(current!.typeId)) return { ok: false, reason: "wrongType" };
  let changed: SpecialTicketRow[];
  try {
    changed = await db
      .update(specialTickets)
      .set({ usedAt: new Date(now), usedPurpose: purpose, useKey: input.idempotencyKey })
      .where(
        and(
          eq(specialTickets.id, input.ticketId),
          eq(specialTickets.userId, input.userId),
          isNull(specialTickets.usedAt),
          or(isNull(specialTickets.expiresAt), gt(specialTickets.expiresAt, new Date(now))),
        ),
      )
      .returning();
  } catch (error) {
    // the key already used another ticket: this use is not a retry of that one
    if (isUniqueViolation(error)) return { ok: false, reason: "alreadyUsed" };
    throw error;
  }
  if (changed[0]) return { ok: true, ticket: changed[0], replayed: false };
  // someone else's use landed between the read and the update (or this very key did)
  const after = await db.select().from(specialTickets).where(eq(specialTickets.id, input.ticketId)).get();
  if (after && after.useKey === input.idempotencyKey) return { ok: true, ticket: after, replayed: true };
  return { ok: false, reason: ticketUseRefusal(after, input.userId, now) ?? "alreadyUsed" };
}

export type TicketOnSale = {
  id: number;
  name: string;
  grants: string;
  price: number;
  validDays: number | null;
  /** the viewer's usable tickets of this type */
  held: number;
  button: TicketBuyButton;
};

export type TicketShop = {
  fanclub: { id: number; name: string; iconImageUrl: string | null };
  tickets: TicketOnSale[];
};

/**
 * The special tickets a fan club sells (price set, not ended), each with the viewer's usable
 * tickets of it and what its button offers them, in ONE batch: the fan club's page of tickets (by
 * fan club) and the payment modal's ticket page (by type). Null for a fan club that is not open, or
 * a type that does not exist or is no longer on sale.
 */
export async function ticketShopOf(
  db: Db,
  key: { fanclubId: number } | { typeId: number },
  viewerId: number | null,
  now: number,
): Promise<TicketShop | null> {
  const viewer = viewerId ?? -1;
  const clubExpr =
    "fanclubId" in key ? sql`${key.fanclubId}` : sql`(SELECT "fanclub_id" FROM "special_ticket_types" WHERE "id" = ${key.typeId})`;
  const [clubRows, typeRows, heldRows] = await db.batch([
    db
      .select({
        id: fanclubs.id,
        name: fanclubs.name,
        iconKey: fanclubs.iconKey,
        ownerId: fanclubs.ownerId,
        status: fanclubs.status,
        following: sql<number>`EXISTS (SELECT 1 FROM "follows" f WHERE f."fanclub_id" = "fanclubs"."id" AND f."user_id" = ${viewer})`.as(
          "following_",
        ),
        blocked:
          sql<number>`EXISTS (SELECT 1 FROM "fanclub_blocks" b WHERE b."fanclub_id" = "fanclubs"."id" AND b."user_id" = ${viewer})`.as(
            "blocked_",
          ),
      })
      .from(fanclubs)
      .where(sql`${fanclubs.id} = ${clubExpr}`),
    db
      .select()
      .from(specialTicketTypes)
      .where(
        and(
          sql`${specialTicketTypes.fanclubId} = ${clubExpr}`,
          "typeId" in key ? eq(specialTicketTypes.id, key.typeId) : undefined,
          isNull(specialTicketTypes.archivedAt),
          gt(specialTicketTypes.price, 0),
        ),
      )
      .orderBy(asc(specialTicketTypes.price), asc(specialTicketTypes.id))
      .limit(50),
    db
      .select({ typeId: specialTickets.typeId, n: sql<number>`count(*)`.as("n") })
      .from(specialTickets)
      .where(
        and(
          eq(specialTickets.userId, viewer),
          sql`${specialTickets.fanclubId} = ${clubExpr}`,
          isNull(specialTickets.usedAt),
          or(isNull(specialTickets.expiresAt), gt(specialTickets.expiresAt, new Date(now))),
        ),
      )
      .groupBy(specialTickets.typeId),
  ]);
  const club = clubRows[0];
  if (!club || club.status !== "open") return null;
  if ("typeId" in key && !typeRows.length) return null;
  const held = new Map(heldRows.map((r) => [r.typeId, Number(r.n)]));
  return {
    fanclub: { id: club.id, name: club.name, iconImageUrl: mediaUrl(club.iconKey) },
    tickets: typeRows.map((t) => ({
      id: t.id,
      name: t.name,
      grants: t.grants,
      price: t.price,
      validDays: t.validDays,
      held: held.get(t.id) ?? 0,
      button: ticketBuyButton({
        signedIn: viewerId !== null,
        isOwner: viewerId === club.ownerId,
        price: t.price,
        ended: t.archivedAt !== null,
        following: Boolean(club.following),
        blocked: Boolean(club.blocked),
      }),
    })),
  };
}
