/**
 * Raffles, one file per use case: the shared read model (queries), the creator's list and form
 * (manage), the draw, a fan's entries through the cart (entries), the fan club's public pages
 * (public-view) and the purchase histories. Entries are bought through the cart
 * (../cart-items/raffle.ts); the draw's rules and algorithm are in server/domain/raffles.ts.
 */
export { RAFFLE_PAGE_SIZE, type RaffleSummary, type RaffleWinnerView, type RaffleDraw, type RaffleFull, getRaffle } from "./queries";
export { listCreatorRaffles, createRaffle, type UpdateRaffleResult, updateRaffle, managesRaffles } from "./manage";
export { type DrawResult, drawRaffle } from "./draw";
export { type FanRaffleState, loadFanRaffleStates, entryStatement, type FanEntry } from "./entries";
export { listFanclubRaffles, type RaffleForViewer, raffleForViewer } from "./public-view";
export { type FanRaffleHistoryRow, fanRaffleHistory, type CreatorRaffleSales, type CreatorRaffleSaleRow, creatorRaffleSales } from "./histories";
