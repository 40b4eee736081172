import { z } from "zod";
import { jstDateTimeField } from "./form-fields";
import type { TFunction } from "../i18n/setup";
import { RAFFLE_LIMITS } from "./raffles";
import { formatNumber } from "./number-display";

/**
 * The creator's raffle form (raffles/new, raffles/{id}/edit), checked with the same schema in the
 * browser and in the action. Times are entered in Japan time (datetime-local, no zone).
 */

const chars = (v: string) => [...v].length;

export const raffleSchema = (t: TFunction) => {
  const text = (field: string, max: number, required: boolean) =>
    z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .superRefine((v, ctx) => {
        if (required && !v)
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("raffles:errors.required", { field: t(`raffles:fields.${field}`) }) });
        else if (chars(v) > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max }) });
      });
  const integer = (min: number, max: number) =>
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        const s = (v ?? "").normalize("NFKC").replace(/[,\s円]/g, "");
        const n = Number(s);
        if (!/^\d+$/.test(s) || n < min || n > max) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: t("raffles:errors.integer", { min: formatNumber(min), max: formatNumber(max) }),
          });
          return z.NEVER;
        }
        return n;
      });
  const dateTime = () => jstDateTimeField(t("raffles:errors.dateTime"));
  return z
    .object({
      title: text("title", RAFFLE_LIMITS.title, true),
      description: text("description", RAFFLE_LIMITS.description, false),
      prizeDescription: text("prizeDescription", RAFFLE_LIMITS.prizeDescription, false),
      entryPrice: integer(0, RAFFLE_LIMITS.maxPrice),
      winnerCount: integer(1, RAFFLE_LIMITS.maxWinners),
      maxEntriesPerFan: integer(1, RAFFLE_LIMITS.maxEntriesPerFan),
      entryStartAt: dateTime(),
      entryEndAt: dateTime(),
      publish: z
        .literal("on")
        .optional()
        .transform((v) => v === "on"),
    })
    .superRefine((v, ctx) => {
      if (v.entryEndAt <= v.entryStartAt)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["entryEndAt"], message: t("raffles:errors.window") });
    });
};
