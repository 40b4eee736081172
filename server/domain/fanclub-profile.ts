import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { FANCLUB_CATEGORIES, PLAN_PRICE, isValidInvoiceNumber, isValidPlanPrice, isValidUniquePath } from "./fanclub-rules";
import { formatNumber } from "./number-display";

/**
 * Forms of the creator pages: open, profile, plan, invoice number. One schema per form, used by the
 * browser (conform) and the action, with messages in the visitor's language.
 */

export const PROFILE_LIMITS = {
  name: 50,
  creatorName: 50,
  description: 200,
  introduction: 5000,
  links: 5,
  linkLabel: 30,
  linkUrl: 500,
  tags: 10,
  tag: 20,
  law: 1000,
} as const;

export const PLAN_LIMITS = { name: 50, description: 1000, joinLimitMax: 100_000 } as const;

const chars = (v: string) => [...v].length;

const requiredText = (t: TFunction, field: string, max: number) =>
  z
    .string({ required_error: t("validation.required", { field: t(field) }) })
    .trim()
    .min(1, t("validation.required", { field: t(field) }))
    .refine((v) => chars(v) <= max, t("validation.maxLength", { max }));

const optionalText = (t: TFunction, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => chars(v) <= max, t("validation.maxLength", { max }))
    .optional()
    .transform((v) => v ?? "");

const checkbox = () =>
  z
    .literal("on")
    .optional()
    .transform((v) => v === "on");

const category = (t: TFunction) => z.enum(FANCLUB_CATEGORIES, { errorMap: () => ({ message: t("validation.choice") }) });

export const openFanclubSchema = (t: TFunction) =>
  z.object({
    name: requiredText(t, "creator:fields.name", PROFILE_LIMITS.name),
    creatorName: requiredText(t, "creator:fields.creatorName", PROFILE_LIMITS.creatorName),
    category: category(t),
    agree: z.literal("on", { errorMap: () => ({ message: t("creator:open.agreeRequired") }) }),
  });

/** Tags as typed: separated by commas, spaces or 「、」; a leading # is dropped; no duplicates. */
function parseTags(input: string): string[] {
  const seen = new Set<string>();
  for (const raw of input.normalize("NFKC").split(/[\s,、，#＃]+/)) {
    const tag = raw.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

const linkPair = (t: TFunction) =>
  z.object({
    label: z
      .string()
      .trim()
      .refine((v) => chars(v) <= PROFILE_LIMITS.linkLabel, t("validation.maxLength", { max: PROFILE_LIMITS.linkLabel }))
      .optional()
      .transform((v) => v ?? ""),
    url: z
      .string()
      .trim()
      .max(PROFILE_LIMITS.linkUrl, t("validation.maxLength", { max: PROFILE_LIMITS.linkUrl }))
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), t("creator:errors.linkUrl"))
      .optional(),
  });

export const profileSchema = (t: TFunction) =>
  z.object({
    name: requiredText(t, "creator:fields.name", PROFILE_LIMITS.name),
    creatorName: requiredText(t, "creator:fields.creatorName", PROFILE_LIMITS.creatorName),
    uniquePath: z
      .string()
      .trim()
      .toLowerCase()
      .refine(isValidUniquePath, t("creator:errors.uniquePath"))
      .optional()
      .transform((v) => v ?? null),
    description: optionalText(t, PROFILE_LIMITS.description),
    introduction: optionalText(t, PROFILE_LIMITS.introduction),
    links: z
      .array(linkPair(t))
      .max(PROFILE_LIMITS.links)
      .optional()
      .transform((rows) =>
        (rows ?? [])
          .filter((r): r is { label: string; url: string } => Boolean(r.url))
          .map((r) => ({ label: r.label || new URL(r.url).hostname, url: r.url })),
      ),
    tags: z
      .string()
      .optional()
      .transform((v) => parseTags(v ?? ""))
      .refine((tags) => tags.length <= PROFILE_LIMITS.tags, t("creator:errors.tagCount", { max: PROFILE_LIMITS.tags }))
      .refine((tags) => tags.every((tag) => chars(tag) <= PROFILE_LIMITS.tag), t("creator:errors.tagLength", { max: PROFILE_LIMITS.tag })),
    category: category(t),
    displayMemberCount: checkbox(),
    displaySchedule: checkbox(),
    lawPrice: optionalText(t, PROFILE_LIMITS.law),
    lawPaymentMethod: optionalText(t, PROFILE_LIMITS.law),
    lawPaymentTime: optionalText(t, PROFILE_LIMITS.law),
    lawDeliveryTime: optionalText(t, PROFILE_LIMITS.law),
    lawContract: optionalText(t, PROFILE_LIMITS.law),
    lawContact: optionalText(t, PROFILE_LIMITS.law),
  });
export type ProfileInput = z.output<ReturnType<typeof profileSchema>>;

export const invoiceNumberSchema = (t: TFunction) =>
  z.object({
    invoiceNumber: z
      .string()
      .optional()
      .transform((v) => (v ?? "").normalize("NFKC").replace(/[\s-]/g, "").toUpperCase())
      .refine((v) => v === "" || isValidInvoiceNumber(v), t("creator:errors.invoiceNumber"))
      .transform((v) => v || null),
  });

/** Whole yen as typed: full-width digits, separators and a trailing 円 are accepted. */
export function parseYen(input: string): number | null {
  const digits = input.normalize("NFKC").replace(/[,\s円¥]/g, "");
  if (!/^\d{1,7}$/.test(digits)) return null;
  return Number(digits);
}

export const planSchema = (t: TFunction) =>
  z.object({
    name: requiredText(t, "creator:fields.planName", PLAN_LIMITS.name),
    price: z.string({ required_error: t("validation.required", { field: t("creator:fields.price") }) }).transform((v, ctx) => {
      const yen = parseYen(v);
      if (yen === null || !isValidPlanPrice(yen)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: t("creator:errors.price", { min: formatNumber(PLAN_PRICE.min), max: formatNumber(PLAN_PRICE.max) }),
        });
        return z.NEVER;
      }
      return yen;
    }),
    description: optionalText(t, PLAN_LIMITS.description),
    joinLimit: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const text = (v ?? "").normalize("NFKC").replace(/[,\s]/g, "");
        if (!text) return null;
        const n = Number(text);
        if (!/^\d+$/.test(text) || n < 1 || n > PLAN_LIMITS.joinLimitMax) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: t("creator:errors.joinLimit", { max: formatNumber(PLAN_LIMITS.joinLimitMax) }),
          });
          return z.NEVER;
        }
        return n;
      }),
  });
export type PlanInput = z.output<ReturnType<typeof planSchema>>;

export const OPEN_REQUEST_LIMITS = { activityName: 50, activityDescription: 2000, urls: 3, url: 500, plan: 1000 } as const;

/** The open request form (spec §2 help page fanclub_open_request; an operator reviews it). */
export const openRequestSchema = (t: TFunction) =>
  z.object({
    activityName: requiredText(t, "creator:request.fields.activityName", OPEN_REQUEST_LIMITS.activityName),
    activityDescription: requiredText(t, "creator:request.fields.activityDescription", OPEN_REQUEST_LIMITS.activityDescription),
    urls: z
      .array(
        z
          .string()
          .trim()
          .max(OPEN_REQUEST_LIMITS.url, t("validation.maxLength", { max: OPEN_REQUEST_LIMITS.url }))
          .refine((v) => v === "" || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), t("creator:errors.linkUrl"))
          .optional(),
      )
      .max(OPEN_REQUEST_LIMITS.urls)
      .optional()
      .transform((v) => (v ?? []).filter((u): u is string => Boolean(u)))
      .refine((v) => v.length > 0, t("creator:request.urlRequired")),
    plan: requiredText(t, "creator:request.fields.plan", OPEN_REQUEST_LIMITS.plan),
  });
export type OpenRequestInput = z.output<ReturnType<typeof openRequestSchema>>;
