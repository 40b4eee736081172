/**
 * Raffles, one file per use case: the shared read model (queries), the creator's list and form
 * (manage), the draw, a fan's entries through the cart (entries), the fan club's public pages
 * (public-view) and the purchase histories. Entries are bought through the cart
 * (../cart-items/raffle.ts); the draw's rules and algorithm are in server/domain/raffles.ts.
 */
export { RAFFLE_PAGE_SIZE, getRaffle } from "./queries";
export { listCreatorRaffles, createRaffle, updateRaffle, managesRaffles } from "./manage";
export { drawRaffle } from "./draw";
export { type FanRaffleState, loadFanRaffleStates, entryStatement } from "./entries";
export { listFanclubRaffles, raffleForViewer } from "./public-view";
export { fanRaffleHistory, creatorRaffleSales } from "./histories";
