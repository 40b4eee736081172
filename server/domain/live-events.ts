import { formatJstDate, formatJstTime, jstInstantOf } from "./jst-time";
import { streamDeadline } from "./live-room";

/**
 * Live events as data (issue 7, spec §4 status, §5 time choices and ticket price rule): the
 * schedule the creator picks, the ticket price rule, who may watch, whether a ticket type is on
 * sale, and where an event stands in time. The live room (chat, video) reads the same rules.
 */

export const LIVE_STATUS = { waiting: 0, private: 1, ended: 2 } as const;
export type LiveStatus = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];
export type LiveVisibility = "plan" | "ticket" | "both";

export const LIVE_LIMITS = { title: 100, description: 1000, ticketTitle: 50, ticketTypes: 5, capacityMax: 100_000 } as const;

/**
 * Ticket price rule of spec §5 ('{allow}または{min}以上{max}以下にしてください。'), decision 021:
 * free (0) or 100–100,000 yen. The database holds the same bounds in a CHECK.
 */
export const TICKET_PRICE = { allow: 0, min: 100, max: 100_000 } as const;

export function ticketPriceAllowed(yen: number): boolean {
  return Number.isSafeInteger(yen) && (yen === TICKET_PRICE.allow || (yen >= TICKET_PRICE.min && yen <= TICKET_PRICE.max));
}

/** Spec §5: half-hour steps from 00:00 to 24:00 (49 choices; 24:00 is the next day's 00:00). */
export const TIME_CHOICES: readonly string[] = Array.from(
  { length: 49 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date ("yyyy-mm-dd") and one of the time choices, in Japan time, as an instant; null when either
 * is not a real date or not a choice.
 */
export function jstInstant(date: string, time: string): number | null {
  const m = DATE_PATTERN.exec(date);
  if (!m || !TIME_CHOICES.includes(time)) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  // 24:00 is a time choice: the end of the day, which Date.UTC rolls over to the next midnight
  return jstInstantOf(year, month, day, hours, minutes);
}

/** An instant as the form's date and time choice (Japan time). 00:00 stays 00:00 of its own day. */
export function jstParts(ms: number): { date: string; time: string } {
  return { date: formatJstDate(ms), time: formatJstTime(ms) };
}

export type ScheduleProblem = "startInvalid" | "endInvalid" | "endBeforeStart";

/** The schedule the form sends: both ends on the choices, the end after the start. */
export function parseSchedule(input: {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}): { ok: true; startAt: number; endAt: number } | { ok: false; problem: ScheduleProblem } {
  const startAt = jstInstant(input.startDate, input.startTime);
  if (startAt === null) return { ok: false, problem: "startInvalid" };
  const endAt = jstInstant(input.endDate, input.endTime);
  if (endAt === null) return { ok: false, problem: "endInvalid" };
  if (endAt <= startAt) return { ok: false, problem: "endBeforeStart" };
  return { ok: true, startAt, endAt };
}

export type LiveTiming = "upcoming" | "starting" | "onAir" | "ended";

/** Where an event stands, with what its live room last reported (`onAirAt`, null when off air). */
export interface LiveMoment {
  status: number;
  startAt: number;
  endAt: number;
  onAirAt: number | null;
}

/**
 * Where the event stands for the public pages. On air is what the live room says (the owner
 * publishes, spec §4), not the schedule: a creator may start early or run over, up to the stream's
 * deadline (end + grace), after which no stream can run whatever the room last said. Otherwise
 * the schedule: upcoming before the start, starting (waiting for the broadcast) inside the
 * window, ended after the end or once the creator says so.
 */
export function liveTiming(event: LiveMoment, now: number): LiveTiming {
  if (event.status === LIVE_STATUS.ended) return "ended";
  if (event.onAirAt !== null && now < streamDeadline(event)) return "onAir";
  if (now >= event.endAt) return "ended";
  return now >= event.startAt ? "starting" : "upcoming";
}

/**
 * The timing a page shows once its live room speaks: the room is the authority on air, so a page
 * loaded while on air stops saying 配信中 when the stream stops (waiting for the broadcast again),
 * and one loaded before the start says so as soon as it starts. Without a room (not joined yet,
 * may not watch) the page keeps the timing it was rendered with.
 */
export function timingWithRoom(rendered: LiveTiming, roomOnAir: boolean | null): LiveTiming {
  if (roomOnAir === null || rendered === "ended") return rendered;
  if (roomOnAir) return "onAir";
  return rendered === "onAir" ? "starting" : rendered;
}

/**
 * The creator's one-line status of an event (the lives namespace key): private and ended as
 * stored; a public event says 配信中 while on air, 配信終了 once over, else 配信待ち.
 */
export function liveStatusKey(status: number, timing: LiveTiming): "status.0" | "status.1" | "status.2" | "timing.onAir" {
  if (status === LIVE_STATUS.private) return "status.1";
  if (status === LIVE_STATUS.ended || timing === "ended") return "status.2";
  return timing === "onAir" ? "timing.onAir" : "status.0";
}

/** Now-on-air lists (spec §7 now_on_air): public, and its room broadcasts. */
export function isNowOnAir(event: LiveMoment, now: number): boolean {
  return event.status === LIVE_STATUS.waiting && liveTiming(event, now) === "onAir";
}

export function sellsTickets(visibility: LiveVisibility): boolean {
  return visibility === "ticket" || visibility === "both";
}

export function admitsPlanMembers(visibility: LiveVisibility): boolean {
  return visibility === "plan" || visibility === "both";
}

export type SaleState = "onSale" | "soldOut" | "closed";

/**
 * Whether a ticket type can be bought now: the event must sell tickets, be public and not ended,
 * and the type's sale must still run (its own end, or the event's end); then sold out or not.
 */
export function ticketSaleState(
  event: { status: number; endAt: number; visibility: LiveVisibility },
  type: { capacity: number | null; soldCount: number; saleEndAt: number | null },
  now: number,
): SaleState {
  if (!sellsTickets(event.visibility) || event.status !== LIVE_STATUS.waiting) return "closed";
  if (now >= Math.min(event.endAt, type.saleEndAt ?? event.endAt)) return "closed";
  if (type.capacity !== null && type.soldCount >= type.capacity) return "soldOut";
  return "onSale";
}

export type WatchReason = "owner" | "editor" | "ticket" | "plan";

/**
 * Who may watch (issue 7): the owner and the fan club's editors always; a ticket holder when the
 * event sells tickets; a member of one of the chosen plans when it admits plan members. A member
 * counts while the membership grants access (active, or left inside a paid month).
 */
export function watchReason(input: {
  event: { ownerId: number; fanclubOwnerId: number; visibility: LiveVisibility; planIds: readonly number[] };
  viewer: { userId: number | null; isEditor: boolean; hasTicket: boolean; accessPlanIds: readonly number[] };
}): WatchReason | null {
  const { event, viewer } = input;
  if (viewer.userId === null) return null;
  if (viewer.userId === event.ownerId || viewer.userId === event.fanclubOwnerId) return "owner";
  if (viewer.isEditor) return "editor";
  if (viewer.hasTicket && sellsTickets(event.visibility)) return "ticket";
  if (admitsPlanMembers(event.visibility) && viewer.accessPlanIds.some((id) => event.planIds.includes(id))) return "plan";
  return null;
}

/** A private event (status 1) shows only to those who manage it and to fans who already hold a ticket. */
export function canSeeEvent(event: { status: number }, viewer: { manages: boolean; hasTicket: boolean }): boolean {
  return event.status !== LIVE_STATUS.private || viewer.manages || viewer.hasTicket;
}
