/**
 * Live events (issue 7), one file per use case: the creator saves events (save) and sees them
 * (creator-views); fans find them in the lists (lists) and open one (detail); the live room reports
 * on air (on-air); both sides read ticket lists (tickets). Selling a ticket is the cart's
 * (../cart-items/live-ticket.ts).
 */
export { type LiveEventSaveResult, createLiveEvent, updateLiveEvent, setLiveEventCover } from "./save";
export { listCreatorLiveEvents, getCreatorLiveEvent } from "./creator-views";
export { type LiveCard, listFanclubLives, listUpcomingLives, listNowOnAir } from "./lists";
export { recordLiveOnAir } from "./on-air";
export { type LiveDetail, loadLiveDetail } from "./detail";
export { listFanTickets, listTicketSales } from "./tickets";
