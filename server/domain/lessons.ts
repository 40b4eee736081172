import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { parseYen } from "./fanclub-profile";
import { formatNumber } from "./number-display";
import { jstInstant, TICKET_PRICE, ticketPriceAllowed } from "./live-events";
import { LESSON_DURATIONS } from "./posts";

/**
 * Lessons with reservations (issue 22): the rules of a slot (start, length, seats, method, price,
 * reservation window), what a fan may do with it now, the states a slot and its seats go through,
 * the tab rule of the creator's pages, and the fan's calendar file. No I/O; the clock comes in.
 */

/** Spec §4 lesson reservation status; a slot goes through the same states. */
export const LESSON_STATUS = { before: 0, done: 1, cancelled: 2 } as const;
export type LessonStatus = (typeof LESSON_STATUS)[keyof typeof LESSON_STATUS];

const LESSON_METHODS = ["online", "external"] as const;
type LessonMethod = (typeof LESSON_METHODS)[number];

export const LESSON_LIMITS = { title: 100, description: 1000, capacityMax: 1000, url: 500 } as const;

/** The lesson's price follows the ticket rule (decision 021): free, or 100–100,000 yen. */
export const LESSON_PRICE = TICKET_PRICE;

/** The hourly cron of the lesson job (reminders, refunds still owed); wrangler.toml lists it. */
export const LESSON_CRON = "20 * * * *";

/** How long before the start fans are reminded (the hourly cron sends it once). */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** The room of an online lesson opens this long before the start, so the creator can set up. */
const ROOM_OPENS_BEFORE_MS = 15 * 60 * 1000;

export type SlotTiming = { startAt: number; durationMinutes: number };

export function lessonEndAt(slot: SlotTiming): number {
  return slot.startAt + slot.durationMinutes * 60_000;
}

export function isLessonDuration(minutes: number): boolean {
  return LESSON_DURATIONS.includes(minutes);
}

export type SlotForReserve = SlotTiming & {
  status: number;
  capacity: number;
  reservedCount: number;
  reservationStartAt: number;
  reservationEndAt: number;
};

/** Where a slot stands for a fan who wants a seat now. */
export type ReserveState = "open" | "notYet" | "closed" | "full" | "done" | "cancelled";

export function reserveState(slot: SlotForReserve, now: number): ReserveState {
  if (slot.status === LESSON_STATUS.cancelled) return "cancelled";
  if (slot.status === LESSON_STATUS.done) return "done";
  if (now < slot.reservationStartAt) return "notYet";
  if (now >= slot.reservationEndAt || now >= slot.startAt) return "closed";
  if (slot.reservedCount >= slot.capacity) return "full";
  return "open";
}

export function seatsLeft(slot: Pick<SlotForReserve, "capacity" | "reservedCount">): number {
  return Math.max(0, slot.capacity - slot.reservedCount);
}

/** What the creator may do to a slot: mark it done once it has started, cancel it while it is not done. */
export type SlotAction = "done" | "cancel";

export function slotActionAllowed(slot: SlotTiming & { status: number }, action: SlotAction, now: number): boolean {
  if (slot.status !== LESSON_STATUS.before) return false;
  return action === "cancel" || now >= slot.startAt;
}

/** The status a slot and all its live seats take after the action. */
export function statusAfter(action: SlotAction): LessonStatus {
  return action === "done" ? LESSON_STATUS.done : LESSON_STATUS.cancelled;
}

/**
 * Whether a slot's fields may still change: only before anyone reserved (a fan paid for that time,
 * length and method; spec §1 allows no change that a refund would have to answer). Title and
 * description stay editable.
 */
export function scheduleLocked(slot: { reservedCount: number; status: number }): boolean {
  return slot.reservedCount > 0 || slot.status !== LESSON_STATUS.before;
}

/** Whether the room of an online lesson is open at `now`: from a little before the start to its end. */
export function lessonRoomOpen(slot: SlotTiming & { status: number }, now: number): boolean {
  return slot.status === LESSON_STATUS.before && now >= slot.startAt - ROOM_OPENS_BEFORE_MS && now < lessonEndAt(slot);
}

/** The hourly cron reminds the seats of a slot that starts within the lead and was not reminded yet. */
export function reminderDue(slot: SlotTiming & { status: number; remindedAt: number | null }, now: number): boolean {
  return slot.status === LESSON_STATUS.before && slot.remindedAt === null && slot.startAt > now && slot.startAt - now <= REMINDER_LEAD_MS;
}

/**
 * Spec §2 tab rule of the creator's lesson pages: the manage tab is active on every path under
 * lesson_reserve except `show`; the reserve tab only on `show`.
 */
export function lessonTab(pathname: string): "manage" | "reserve" | null {
  const path = pathname.replace(/\/+$/, "");
  const base = "/me/fanclub/lesson_reserve";
  if (path !== base && !path.startsWith(`${base}/`)) return null;
  return path === `${base}/show` ? "reserve" : "manage";
}

/** The link of an outside tool: http(s) only, so a stored link never runs script in a fan's browser. */
export function isLessonUrl(value: string): boolean {
  if (value.length > LESSON_LIMITS.url) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const yen = (n: number) => `${formatNumber(n)}円`;

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim());

// ---- the creator's notice after marking a lesson done or cancelled ----

/**
 * What the reserve tab says about a slot the creator just finished (`?finished={id}` in its URL,
 * so a reload says it again): derived from the slot's state now, never from what was clicked, so
 * it stays true after a reload and says nothing for a slot still before. A cancel with refunds
 * still owed adds that they are retried.
 */
export function finishNotice(slot: { status: number; owedRefunds: number } | null): Array<{ type: "info" | "error"; key: string }> {
  if (!slot) return [];
  if (slot.status === LESSON_STATUS.done) return [{ type: "info", key: "lessons:flash.done" }];
  if (slot.status !== LESSON_STATUS.cancelled) return [];
  return slot.owedRefunds > 0
    ? [
        { type: "info", key: "lessons:flash.cancelled" },
        { type: "error", key: "lessons:flash.owed" },
      ]
    : [{ type: "info", key: "lessons:flash.cancelled" }];
}

// ---- what a cancelled seat gives back ----

/**
 * The refund of one seat of a cancelled lesson: the seat's price was paid by card first, then
 * coins (a cart holds one lesson seat alone), so the card gets back at most its own part and the
 * wallet the rest. The key is the card refund's idempotency key; the coin credit, a debt owed
 * by bank transfer and a late refund failure all find the seat's refund by it.
 */
export function seatRefund(seat: { id: number; price: number; cardAmount: number; fanclubName: string; title: string }): {
  key: string;
  card: number;
  coins: number;
  memo: string;
} {
  const card = Math.min(seat.cardAmount, seat.price);
  return { key: `refund:lesson:${seat.id}`, card, coins: seat.price - card, memo: `${seat.fanclubName} ${seat.title}` };
}

// ---- seats taken with a special ticket (decision 038) ----

/** Why a fan cannot take a seat with a ticket now; each has a localized message (lessons:ticketSeat.*). */
export type TicketSeatRefusal = "notFound" | "notTicketSlot" | "alreadyReserved" | "soldOut" | "closed" | "noTicket";

/**
 * The rule before the batch: a slot of an open fan club that takes tickets, no seat of the fan's
 * yet, reservations open with a seat left, and at least one usable ticket of the slot's type. The
 * batch itself still guards the seat count and the ticket (two requests may pass this at once).
 */
export function ticketSeatRefusal(input: {
  found: boolean;
  ticketTypeId: number | null;
  hasSeat: boolean;
  state: ReserveState | null;
  usableTickets: number;
}): TicketSeatRefusal | null {
  if (!input.found || input.state === null) return "notFound";
  if (input.ticketTypeId === null) return "notTicketSlot";
  if (input.state !== "open" && input.state !== "full") return "closed";
  if (input.hasSeat) return "alreadyReserved";
  if (input.state === "full") return "soldOut";
  if (input.usableTickets < 1) return "noTicket";
  return null;
}

/** One ticket seat per fan and slot: the seat's key, also written as the ticket's use key (a cancel finds the ticket by it). */
export function ticketSeatKey(slotId: number, userId: number): string {
  return `lesson:ticket:${slotId}:${userId}`;
}

export type LessonSlotInput = {
  title: string;
  description: string;
  startAt: number;
  durationMinutes: number;
  capacity: number;
  method: LessonMethod;
  externalUrl: string | null;
  price: number;
  /** a seat costs one special ticket of this type (the price is then 0); null = yen or free */
  ticketTypeId: number | null;
  reservationStartAt: number;
  reservationEndAt: number;
  postId: number | null;
};

/**
 * The slot form of /me/fanclub/lesson_reserve/new and {id}/edit (and the API): start as a date and
 * one of the half-hour choices in Japan time, length 10–300 minutes in steps of 10, seats
 * 1–1,000, method, price free or 100–100,000 yen, and the reservation window, which must close by
 * the start (an empty end closes it at the start). `now` refuses a start in the past.
 */
export const lessonSlotSchema = (t: TFunction, now: number) =>
  z
    .object({
      title: text,
      description: text,
      startDate: text,
      startTime: text,
      duration: text,
      capacity: text,
      method: text,
      externalUrl: text,
      price: text,
      priceType: text,
      ticketTypeId: text,
      reservationStartDate: text,
      reservationStartTime: text,
      reservationEndDate: text,
      reservationEndTime: text,
      postId: text,
    })
    .transform((form, ctx): LessonSlotInput => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (!form.title) issue("title", t("lessons:errors.required", { field: t("lessons:fields.title") }));
      else if ([...form.title].length > LESSON_LIMITS.title) issue("title", t("validation.maxLength", { max: LESSON_LIMITS.title }));
      if ([...form.description].length > LESSON_LIMITS.description)
        issue("description", t("validation.maxLength", { max: LESSON_LIMITS.description }));

      const startAt = jstInstant(form.startDate, form.startTime);
      if (startAt === null) issue("startDate", t("lessons:errors.dateTime"));
      else if (startAt <= now) issue("startDate", t("lessons:errors.startPast"));

      const duration = /^\d{1,3}$/.test(form.duration) ? Number(form.duration) : NaN;
      if (!isLessonDuration(duration)) issue("duration", t("lessons:errors.duration"));

      const capacityDigits = form.capacity.normalize("NFKC").replace(/[,\s]/g, "");
      const capacity = /^\d{1,4}$/.test(capacityDigits) ? Number(capacityDigits) : NaN;
      if (!(capacity >= 1 && capacity <= LESSON_LIMITS.capacityMax))
        issue("capacity", t("lessons:errors.capacity", { max: formatNumber(LESSON_LIMITS.capacityMax) }));

      const method = (LESSON_METHODS as readonly string[]).includes(form.method) ? (form.method as LessonMethod) : null;
      if (!method) issue("method", t("validation.choice"));
      let externalUrl: string | null = null;
      if (method === "external") {
        if (!isLessonUrl(form.externalUrl)) issue("externalUrl", t("lessons:errors.url"));
        else externalUrl = form.externalUrl;
      }

      // the third price kind of issue 22: one special ticket of the chosen type instead of yen
      const byTicket = form.priceType === "ticket";
      const ticketTypeId =
        byTicket && /^\d{1,12}$/.test(form.ticketTypeId) && Number(form.ticketTypeId) > 0 ? Number(form.ticketTypeId) : null;
      if (byTicket && ticketTypeId === null) issue("ticketTypeId", t("lessons:errors.ticketType"));
      const price = byTicket ? 0 : parseYen(form.price || "0");
      if (price === null || !ticketPriceAllowed(price))
        issue(
          "price",
          t("lessons:errors.price", { allow: yen(LESSON_PRICE.allow), min: yen(LESSON_PRICE.min), max: yen(LESSON_PRICE.max) }),
        );

      // an empty opening means "from now"; an empty closing means "until the start"
      let reservationStartAt: number | null = now;
      if (form.reservationStartDate || form.reservationStartTime) {
        reservationStartAt = jstInstant(form.reservationStartDate, form.reservationStartTime || "00:00");
        if (reservationStartAt === null) issue("reservationStartDate", t("lessons:errors.dateTime"));
      }
      let reservationEndAt: number | null = startAt;
      if (form.reservationEndDate || form.reservationEndTime) {
        reservationEndAt = jstInstant(form.reservationEndDate, form.reservationEndTime || "00:00");
        if (reservationEndAt === null) issue("reservationEndDate", t("lessons:errors.dateTime"));
      }
      // a start in the past already has its message; the window's would only repeat it
      if (startAt !== null && startAt > now && reservationStartAt !== null && reservationEndAt !== null) {
        if (reservationEndAt <= reservationStartAt) issue("reservationEndDate", t("lessons:errors.window"));
        else if (reservationEndAt > startAt) issue("reservationEndDate", t("lessons:errors.windowAfterStart"));
      }

      const postId = /^\d{1,12}$/.test(form.postId) && Number(form.postId) > 0 ? Number(form.postId) : null;
      return {
        title: form.title,
        description: form.description,
        startAt: startAt ?? 0,
        durationMinutes: duration,
        capacity,
        method: method ?? "online",
        externalUrl,
        price: price ?? 0,
        ticketTypeId,
        reservationStartAt: reservationStartAt ?? 0,
        reservationEndAt: reservationEndAt ?? 0,
        postId,
      };
    });

// ---- the fan's calendar (RFC 5545) ----

function icsEscape(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\r?\n/g, "\\n").replace(/;/g, "\\;").replace(/,/g, "\\,");
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function icsFold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function icsStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export type LessonCalendarEvent = {
  uid: string;
  title: string;
  description: string;
  url: string;
  startAt: number;
  durationMinutes: number;
  cancelled: boolean;
  now: number;
};

/** One VEVENT in a VCALENDAR, times in UTC (every calendar shows them in the reader's zone). */
export function lessonIcs(event: LessonCalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Fanclub//Lessons//JA",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsStamp(event.now)}`,
    `DTSTART:${icsStamp(event.startAt)}`,
    `DTEND:${icsStamp(lessonEndAt(event))}`,
    `SUMMARY:${icsEscape(event.title)}`,
    `DESCRIPTION:${icsEscape(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(icsFold).join("\r\n")}\r\n`;
}
