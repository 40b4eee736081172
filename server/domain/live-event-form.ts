import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { parseYen } from "./fanclub-profile";
import {
  LIVE_LIMITS,
  TICKET_PRICE,
  jstInstant,
  parseSchedule,
  sellsTickets,
  admitsPlanMembers,
  ticketPriceAllowed,
  type LiveStatus,
  type LiveVisibility,
} from "./live-events";
import { formatNumber } from "./number-display";

/**
 * The live event form of /me/fanclub/live_events/new and edit/{id}: one schema for the browser
 * (conform) and the action, messages in the creator's language. Ticket types come as up to
 * LIVE_LIMITS.ticketTypes rows; a row left blank is no ticket type.
 */

const chars = (v: string) => [...v].length;

/** Ticket prices in the live event texts: the amount and 円, as the creator form writes them in every language. */
export const ticketYen = (n: number) => `${formatNumber(n)}円`;

/** Spec §5 ticket price message with decision 021's bounds. */
function ticketPriceMessage(t: TFunction): string {
  return t("lives:errors.ticketPrice", {
    allow: ticketYen(TICKET_PRICE.allow),
    min: ticketYen(TICKET_PRICE.min),
    max: ticketYen(TICKET_PRICE.max),
  });
}

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim());

const ticketRow = z.object({
  id: text,
  title: text,
  price: text,
  capacity: text,
  saleEndDate: text,
  saleEndTime: text,
});

type TicketTypeInput = { id: number | null; title: string; price: number; capacity: number | null; saleEndAt: number | null };

export type LiveEventInput = {
  title: string;
  description: string;
  startAt: number;
  endAt: number;
  visibility: LiveVisibility;
  status: LiveStatus;
  planIds: number[];
  tickets: TicketTypeInput[];
};

export const liveEventSchema = (t: TFunction) =>
  z
    .object({
      title: z.string({ required_error: t("validation.required", { field: t("lives:fields.title") }) }).trim(),
      description: text,
      startDate: text,
      startTime: text,
      endDate: text,
      endTime: text,
      visibility: z.enum(["plan", "ticket", "both"], { errorMap: () => ({ message: t("validation.choice") }) }),
      status: z.enum(["0", "1", "2"], { errorMap: () => ({ message: t("validation.choice") }) }),
      planIds: z
        .array(z.string())
        .optional()
        .transform((v) => (v ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)),
      tickets: z
        .array(ticketRow)
        .max(LIVE_LIMITS.ticketTypes)
        .optional()
        .transform((v) => v ?? []),
    })
    .transform((form, ctx): LiveEventInput => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
      if (!form.title) issue(["title"], t("validation.required", { field: t("lives:fields.title") }));
      else if (chars(form.title) > LIVE_LIMITS.title) issue(["title"], t("validation.maxLength", { max: LIVE_LIMITS.title }));
      if (chars(form.description) > LIVE_LIMITS.description)
        issue(["description"], t("validation.maxLength", { max: LIVE_LIMITS.description }));

      const schedule = parseSchedule(form);
      if (!schedule.ok) {
        if (schedule.problem === "startInvalid") issue(["startDate"], t("validation.required", { field: t("lives:fields.startAt") }));
        else if (schedule.problem === "endInvalid") issue(["endDate"], t("validation.required", { field: t("lives:fields.endAt") }));
        else issue(["endDate"], t("lives:errors.endBeforeStart"));
      }

      const visibility = form.visibility;
      const tickets: TicketTypeInput[] = [];
      // rows of a hidden ticket section are not the event's (plan members only)
      (sellsTickets(visibility) ? form.tickets : []).forEach((row, i) => {
        // a blank row is an unused slot of the form
        if (!row.title && !row.price && !row.capacity && !row.id) return;
        if (!row.title) issue(["tickets", i, "title"], t("validation.required", { field: t("lives:fields.ticketTitle") }));
        else if (chars(row.title) > LIVE_LIMITS.ticketTitle)
          issue(["tickets", i, "title"], t("validation.maxLength", { max: LIVE_LIMITS.ticketTitle }));
        const price = parseYen(row.price);
        if (price === null || !ticketPriceAllowed(price)) issue(["tickets", i, "price"], ticketPriceMessage(t));
        let capacity: number | null = null;
        if (row.capacity) {
          const digits = row.capacity.normalize("NFKC").replace(/[,\s]/g, "");
          capacity = /^\d{1,6}$/.test(digits) ? Number(digits) : NaN;
          if (!(capacity >= 1 && capacity <= LIVE_LIMITS.capacityMax))
            issue(["tickets", i, "capacity"], t("lives:errors.capacity", { max: formatNumber(LIVE_LIMITS.capacityMax) }));
        }
        let saleEndAt: number | null = null;
        if (row.saleEndDate || row.saleEndTime) {
          saleEndAt = jstInstant(row.saleEndDate, row.saleEndTime || "00:00");
          if (saleEndAt === null) issue(["tickets", i, "saleEndDate"], t("validation.format"));
          else if (schedule.ok && saleEndAt > schedule.endAt) issue(["tickets", i, "saleEndDate"], t("lives:errors.saleEndAfterEnd"));
        }
        const id = row.id ? Number(row.id) : null;
        tickets.push({
          id: id !== null && Number.isSafeInteger(id) && id > 0 ? id : null,
          title: row.title,
          price: price ?? 0,
          capacity,
          saleEndAt,
        });
      });
      if (sellsTickets(visibility) && tickets.length === 0) issue(["tickets"], t("lives:errors.ticketRequired"));
      if (admitsPlanMembers(visibility) && form.planIds.length === 0) issue(["planIds"], t("lives:errors.planRequired"));

      return {
        title: form.title,
        description: form.description,
        startAt: schedule.ok ? schedule.startAt : 0,
        endAt: schedule.ok ? schedule.endAt : 0,
        visibility,
        status: Number(form.status) as LiveStatus,
        planIds: admitsPlanMembers(visibility) ? [...new Set(form.planIds)] : [],
        tickets: sellsTickets(visibility) ? tickets : [],
      };
    });
