import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubBlocks, fanclubs, follows, specialTicketTypes, type SpecialTicketTypeRow } from "../../../db/schema";
import { mediaUrl } from "../../domain/images";
import { ticketKeys, TICKET_LIMITS } from "../../domain/special-tickets";
import { ticketIssueStatement } from "../community/special-tickets";
import { defineKind, EMPTY_ITEM_FIELDS, type ItemCheck } from "./kind";

/**
 * Special tickets in the cart (type SpecialTicket, target special_ticket, the ticket type's id,
 * quantity = tickets). Like products, the fan follows the fan club first (spec §4). Paying issues
 * one ticket per unit inside the purchase's batch, each keyed by the purchase key, so a purchase
 * applied twice issues nothing more.
 */

type TicketFanclub = { id: number; name: string; iconKey: string | null; ownerId: number; status: string };
type TicketState = { type: SpecialTicketTypeRow; fanclub: TicketFanclub; following: boolean; blocked: boolean };
type TicketDetail = { state: TicketState };
const MAX_QUANTITY = 10;

async function loadStates(db: Db, userId: number, typeIds: readonly number[]): Promise<Map<number, TicketState>> {
  const ids = typeIds.length ? [...new Set(typeIds)] : [0];
  const rows = await db
    .select({
      type: specialTicketTypes,
      fanclub: { id: fanclubs.id, name: fanclubs.name, iconKey: fanclubs.iconKey, ownerId: fanclubs.ownerId, status: fanclubs.status },
      following: sql<number>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.fanclubId} = ${fanclubs.id} AND ${follows.userId} = ${userId})`,
      blocked: sql<number>`EXISTS (SELECT 1 FROM ${fanclubBlocks} WHERE ${fanclubBlocks.fanclubId} = ${fanclubs.id} AND ${fanclubBlocks.userId} = ${userId})`,
    })
    .from(specialTicketTypes)
    .innerJoin(fanclubs, eq(fanclubs.id, specialTicketTypes.fanclubId))
    .where(and(inArray(specialTicketTypes.id, ids), isNull(specialTicketTypes.archivedAt)));
  return new Map(
    rows.map((r) => [r.type.id, { type: r.type, fanclub: r.fanclub, following: Boolean(r.following), blocked: Boolean(r.blocked) }]),
  );
}

function checkTicket(state: TicketState | undefined, userId: number, quantity: number): ItemCheck<TicketDetail> {
  if (!state || state.fanclub.status !== "open") return { ok: false, problem: "invalidItem" };
  if (state.type.price <= 0 || state.type.price > TICKET_LIMITS.maxPrice) return { ok: false, problem: "notOnSale" };
  if (state.fanclub.ownerId === userId) return { ok: false, problem: "notOnSale" };
  if (!state.following || state.blocked) return { ok: false, problem: "followRequired" };
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return { ok: false, problem: "invalidItem" };
  return { ok: true, price: state.type.price * quantity, detail: { state } };
}

export const specialTicketKind = defineKind<Map<number, TicketState>, TicketDetail>({
  type: "SpecialTicket",
  targetTypes: ["special_ticket"],

  async prepare(db, request) {
    const states = await loadStates(db, request.userId, [request.id]);
    const check = checkTicket(states.get(request.id), request.userId, request.quantity);
    if (!check.ok) return check;
    const { type } = check.detail.state;
    return {
      ok: true,
      rows: [
        {
          type: "SpecialTicket",
          targetType: "special_ticket",
          targetId: type.id,
          fanclubId: type.fanclubId,
          price: check.price,
          quantity: request.quantity,
          note: null,
        },
      ],
    };
  },

  load: (db, userId, rows) =>
    loadStates(
      db,
      userId,
      rows.map((r) => r.targetId),
    ),

  check: (ctx, row) => {
    const state = ctx.get(row.targetId);
    return checkTicket(state, -1, row.quantity);
  },

  view(row, price, detail) {
    const { type, fanclub } = detail.state;
    return {
      ...EMPTY_ITEM_FIELDS,
      id: row.id,
      type: "SpecialTicket",
      target_type: "special_ticket",
      price,
      quantity: row.quantity,
      note: null,
      title: type.name,
      fanclub: { id: fanclub.id, name: fanclub.name, iconImageUrl: mediaUrl(fanclub.iconKey) },
      detail: { ticketTypeId: type.id, grants: type.grants, unitPrice: type.price, validDays: type.validDays },
    };
  },

  effect: (db, input) =>
    Array.from({ length: input.row.quantity }, (_, n) =>
      ticketIssueStatement(db, {
        type: input.detail.state.type,
        userId: input.userId,
        source: "purchased",
        issueKey: ticketKeys.purchase(input.purchaseKey, input.row.targetId, n),
        purchaseId: input.purchaseId,
        now: input.now,
      }),
    ),

  memo: (detail) => `${detail.state.fanclub.name} ${detail.state.type.name}`,
  month: () => null,
  earningSubject: (row) => ({ type: "special_ticket_type", id: row.targetId }),
});
