import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { formatNumber } from "./number-display";

/**
 * Special tickets (issue 21, docs/decisions/037): a creator defines ticket types (what a ticket
 * grants, how long it stays usable, a price when fans may buy it), issues tickets to fans or sells
 * them, and each ticket is used exactly once.
 */

export const TICKET_LIMITS = {
  name: 50,
  grants: 500,
  maxValidDays: 3650,
  minPrice: 100,
  maxPrice: 100_000,
  purpose: 100,
  issueBatch: 500,
} as const;

const DAY_MS = 86_400_000;

export type TicketState = "usable" | "used" | "expired";

/** What a ticket is now: used wins over expired (a used ticket stays used). */
export function ticketState(ticket: { usedAt: Date | number | null; expiresAt: Date | number | null }, now: number): TicketState {
  if (ticket.usedAt !== null) return "used";
  if (ticket.expiresAt !== null && Number(ticket.expiresAt) <= now) return "expired";
  return "usable";
}

/** When a ticket issued at `issuedAt` stops being usable; null when its type has no validity. */
export function ticketExpiry(issuedAt: number, validDays: number | null): number | null {
  return validDays === null ? null : issuedAt + validDays * DAY_MS;
}

export type TicketUseRefusal = "notFound" | "alreadyUsed" | "expired";

/** Why a fan cannot use this ticket now (null: they can). Someone else's ticket does not exist for them. */
export function ticketUseRefusal(
  ticket: { userId: number; usedAt: Date | number | null; expiresAt: Date | number | null } | null | undefined,
  userId: number,
  now: number,
): TicketUseRefusal | null {
  if (!ticket || ticket.userId !== userId) return "notFound";
  const state = ticketState(ticket, now);
  if (state === "used") return "alreadyUsed";
  if (state === "expired") return "expired";
  return null;
}

/** The purpose a use records ('lesson:12'): trimmed, 1–100 characters. */
export function normalizePurpose(purpose: unknown): string | null {
  if (typeof purpose !== "string") return null;
  const p = purpose.trim();
  return p && [...p].length <= TICKET_LIMITS.purpose ? p : null;
}

/** Issue keys: each issue of a ticket happens once, whatever repeats it. */
export const ticketKeys = {
  issue: (typeId: number, userId: number, batchKey: string) => `ticket:issue:${typeId}:${userId}:${batchKey}`,
  purchase: (purchaseKey: string, typeId: number, n: number) => `ticket:purchase:${purchaseKey}:${typeId}:${n}`,
  campaign: (campaignId: number, userId: number) => `ticket:campaign:${campaignId}:${userId}`,
};

const chars = (v: string) => [...v].length;

/** The creator's ticket type form on /me/fanclub/special_ticket, checked in the browser and the action. */
export const ticketTypeSchema = (t: TFunction) => {
  const text = (field: string, max: number, required: boolean) =>
    z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .superRefine((v, ctx) => {
        if (required && !v)
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: t("community:errors.required", { field: t(`community:tickets.fields.${field}`) }),
          });
        else if (chars(v) > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max }) });
      });
  const optionalInt = (min: number, max: number, allowZero: boolean) =>
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        const s = (v ?? "").normalize("NFKC").replace(/[,\s円]/g, "");
        if (!s) return allowZero ? 0 : null;
        const n = Number(s);
        if (!/^\d+$/.test(s) || ((n < min || n > max) && !(allowZero && n === 0))) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: t("community:errors.integer", { min: formatNumber(min), max: formatNumber(max) }),
          });
          return z.NEVER;
        }
        return n;
      });
  return z.object({
    intent: z.literal("createType").optional(),
    name: text("name", TICKET_LIMITS.name, true),
    grants: text("grants", TICKET_LIMITS.grants, true),
    validDays: optionalInt(1, TICKET_LIMITS.maxValidDays, false),
    price: optionalInt(TICKET_LIMITS.minPrice, TICKET_LIMITS.maxPrice, true),
  });
};

/**
 * The issue form: a ticket type, to whom (a plan's members, every member, or member numbers
 * separated by commas or spaces), and the batch key the page generated (a resubmission issues
 * nothing more).
 */
export const issueTicketsSchema = (t: TFunction) =>
  z
    .object({
      intent: z.literal("issue"),
      typeId: z.coerce
        .number({ message: t("community:errors.choice") })
        .int()
        .positive(t("community:errors.choice")),
      target: z.enum(["plan", "allMembers", "memberNumbers"], { message: t("community:errors.choice") }),
      planId: z.coerce.number().int().positive().optional(),
      numbers: z
        .string()
        .optional()
        .transform((v) =>
          (v ?? "")
            .normalize("NFKC")
            .split(/[\s,、]+/)
            .filter(Boolean),
        ),
      batchKey: z.string().regex(/^[\w-]{8,64}$/, t("community:errors.choice")),
    })
    .transform((v, ctx) => {
      if (v.target === "plan") {
        if (!v.planId) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["planId"], message: t("community:errors.choice") });
          return z.NEVER;
        }
        return { ...v, recipients: { kind: "plan" as const, planId: v.planId } };
      }
      if (v.target === "memberNumbers") {
        const numbers = v.numbers.map(Number);
        if (!numbers.length || numbers.length > TICKET_LIMITS.issueBatch || numbers.some((n) => !Number.isSafeInteger(n) || n < 1)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["numbers"], message: t("community:errors.memberNumbers") });
          return z.NEVER;
        }
        return { ...v, recipients: { kind: "memberNumbers" as const, numbers } };
      }
      return { ...v, recipients: { kind: "allMembers" as const } };
    });

/** What a ticket type's button offers the viewer on the fan club's ticket page and in the payment modal. */
export type TicketBuyButton = "signIn" | "buy" | "followAndBuy" | "own" | "notOnSale";

/**
 * Selling (docs/decisions/037): only types with a price and not ended are on sale; the creator
 * does not buy their own; a visitor signs in first; a fan who does not follow yet follows in the
 * same click, as with products (spec §4); a fan the fan club blocked cannot buy.
 */
export function ticketBuyButton(input: {
  signedIn: boolean;
  isOwner: boolean;
  price: number;
  ended: boolean;
  following: boolean;
  blocked: boolean;
}): TicketBuyButton {
  if (input.ended || input.price < TICKET_LIMITS.minPrice || input.price > TICKET_LIMITS.maxPrice) return "notOnSale";
  if (!input.signedIn) return "signIn";
  if (input.isOwner) return "own";
  if (input.blocked) return "notOnSale";
  return input.following ? "buy" : "followAndBuy";
}
