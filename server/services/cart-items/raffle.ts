import { mediaUrl } from "../../domain/images";
import { entryProblem, type EntryProblem } from "../../domain/raffles";
import { entryStatement, loadFanRaffleStates, type FanRaffleState } from "../raffles";
import { defineKind, EMPTY_ITEM_FIELDS, type CartProblem, type ItemCheck } from "./kind";

/**
 * Raffle entries in the cart: target raffle_entry, the raffle's id, quantity = entries. The fan
 * must follow the fan club (spec §4, like products); entries are taken inside the raffle's window
 * up to its per-fan limit, checked here and again in SQL by the purchase batch (../raffles.ts
 * entryStatement), where concurrent purchases meet.
 */
type RaffleDetail = { state: FanRaffleState };

const ENTRY_PROBLEMS: Record<EntryProblem, CartProblem> = {
  raffleClosed: "raffleClosed",
  invalidQuantity: "invalidItem",
  limitReached: "raffleLimitReached",
};

function checkEntry(state: FanRaffleState | undefined, quantity: number, now: number): ItemCheck<RaffleDetail> {
  if (!state || state.raffle.status === "draft" || state.fanclub.status !== "open") return { ok: false, problem: "invalidItem" };
  if (!state.following || state.blocked) return { ok: false, problem: "followRequired" };
  const times = {
    status: state.raffle.status,
    entryStartAt: state.raffle.entryStartAt.getTime(),
    entryEndAt: state.raffle.entryEndAt.getTime(),
    maxEntriesPerFan: state.raffle.maxEntriesPerFan,
  };
  const problem = entryProblem(times, state.held, quantity, now);
  if (problem) return { ok: false, problem: ENTRY_PROBLEMS[problem] };
  return { ok: true, price: state.raffle.entryPrice * quantity, detail: { state } };
}

export const raffleKind = defineKind<Map<number, FanRaffleState>, RaffleDetail>({
  type: "Raffle",
  targetTypes: ["raffle_entry"],

  async prepare(db, request) {
    const states = await loadFanRaffleStates(db, request.userId, [request.id]);
    const check = checkEntry(states.get(request.id), request.quantity, request.now);
    if (!check.ok) return check;
    const raffle = check.detail.state.raffle;
    return {
      ok: true,
      rows: [
        {
          type: "Raffle",
          targetType: "raffle_entry",
          targetId: raffle.id,
          fanclubId: raffle.fanclubId,
          price: check.price,
          quantity: request.quantity,
          note: null,
        },
      ],
    };
  },

  load: (db, userId, rows) =>
    loadFanRaffleStates(
      db,
      userId,
      rows.map((r) => r.targetId),
    ),

  check: (ctx, row, now) => checkEntry(ctx.get(row.targetId), row.quantity, now),

  view(row, price, detail) {
    const { raffle, fanclub } = detail.state;
    return {
      ...EMPTY_ITEM_FIELDS,
      id: row.id,
      type: "Raffle",
      target_type: "raffle_entry",
      price,
      quantity: row.quantity,
      note: null,
      title: raffle.title,
      fanclub: { id: fanclub.id, name: fanclub.name, iconImageUrl: mediaUrl(fanclub.iconKey) },
      detail: {
        raffleId: raffle.id,
        entryPrice: raffle.entryPrice,
        entryEndAt: raffle.entryEndAt.getTime(),
        winnerCount: raffle.winnerCount,
      },
    };
  },

  effect: (db, input) => [
    entryStatement(db, {
      userId: input.userId,
      raffleId: input.row.targetId,
      count: input.row.quantity,
      purchaseKey: input.purchaseKey,
      purchaseId: input.purchaseId,
      now: input.now,
    }),
  ],

  memo: (detail) => `${detail.state.fanclub.name} ${detail.state.raffle.title}`,
  month: () => null,
  earningSubject: (row) => ({ type: "raffle", id: row.targetId }),
});
