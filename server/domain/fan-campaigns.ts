import { z } from "zod";
import { jstDateTimeField } from "./form-fields";
import type { TFunction } from "../i18n/setup";
import { formatNumber } from "./number-display";

/**
 * Fan club campaigns (issue 21, docs/decisions/037): within a period in Japan time, a fan who
 * meets the condition (joins a plan, buys a product, tips) earns the reward once.
 */

export type CampaignCondition = "join_plan" | "buy_product" | "tip";
export type CampaignRewardKind = "coins" | "post" | "ticket";
export const CAMPAIGN_LIMITS = { title: 60, description: 1000, maxCoins: 10_000, coinDays: 180 } as const;

/** A campaign runs from its start (inclusive) to its end (exclusive). */
export function campaignRunning(c: { startsAt: number; endsAt: number }, at: number): boolean {
  return c.startsAt <= at && at < c.endsAt;
}

export type CampaignPhase = "upcoming" | "running" | "ended";
export function campaignPhase(c: { startsAt: number; endsAt: number }, at: number): CampaignPhase {
  return at < c.startsAt ? "upcoming" : at < c.endsAt ? "running" : "ended";
}

/** What a paid cart line tells a campaign: its kind and target (as the cart stores them) and its fan club. */
export type PaidLine = { type: string; targetType: string; fanclubId: number; price: number };

/** Whether a paid line meets a condition of a campaign of `fanclubId`. Plan upgrades and resumes count as joining. */
export function lineMeetsCondition(condition: CampaignCondition, fanclubId: number, line: PaidLine): boolean {
  if (line.fanclubId !== fanclubId) return false;
  switch (condition) {
    case "join_plan":
      return line.type === "Plan";
    case "buy_product":
      return line.type === "Product";
    case "tip":
      return line.type === "Tipping" && line.price > 0;
  }
}

/** The campaigns of a purchase's lines that earn a reward: running at the payment time and met by a line. */
export function earnedCampaigns<
  C extends { id: number; fanclubId: number; condition: CampaignCondition; startsAt: number; endsAt: number },
>(campaigns: readonly C[], lines: readonly PaidLine[], paidAt: number): C[] {
  return campaigns.filter((c) => campaignRunning(c, paidAt) && lines.some((l) => lineMeetsCondition(c.condition, c.fanclubId, l)));
}

/** The spec §9 promotion: 'limited coins on plan joining' applies to a purchase with a paid plan line. */
export function joinsPaidPlan(lines: readonly PaidLine[]): boolean {
  return lines.some((l) => l.type === "Plan" && l.price > 0);
}

const chars = (v: string) => [...v].length;

/** The creator's campaign form (campaigns/new, {id}/edit). Period in JST; the reward's own field by its kind. */
export const campaignSchema = (t: TFunction) => {
  const id = () =>
    z
      .string()
      .optional()
      .transform((v) => {
        const s = (v ?? "").trim();
        return /^\d+$/.test(s) && Number(s) > 0 ? Number(s) : null;
      });
  const dateTime = () => jstDateTimeField(t("community:errors.dateTime"));
  return z
    .object({
      title: z
        .string()
        .optional()
        .transform((v) => (v ?? "").trim())
        .superRefine((v, ctx) => {
          if (!v)
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              message: t("community:errors.required", { field: t("community:campaigns.fields.title") }),
            });
          else if (chars(v) > CAMPAIGN_LIMITS.title)
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max: CAMPAIGN_LIMITS.title }) });
        }),
      description: z
        .string()
        .optional()
        .transform((v) => (v ?? "").trim())
        .superRefine((v, ctx) => {
          if (chars(v) > CAMPAIGN_LIMITS.description)
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max: CAMPAIGN_LIMITS.description }) });
        }),
      startsAt: dateTime(),
      endsAt: dateTime(),
      condition: z.enum(["join_plan", "buy_product", "tip"], { message: t("community:errors.choice") }),
      rewardKind: z.enum(["coins", "post", "ticket"], { message: t("community:errors.choice") }),
      rewardCoins: z
        .string()
        .optional()
        .transform((v) => {
          const s = (v ?? "").normalize("NFKC").replace(/[,\s]/g, "");
          return /^\d+$/.test(s) ? Number(s) : null;
        }),
      rewardPostId: id(),
      rewardTicketTypeId: id(),
      bannerPostId: id(),
    })
    .superRefine((v, ctx) => {
      if (v.endsAt <= v.startsAt) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsAt"], message: t("community:errors.period") });
      if (v.rewardKind === "coins" && (v.rewardCoins === null || v.rewardCoins < 1 || v.rewardCoins > CAMPAIGN_LIMITS.maxCoins))
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["rewardCoins"],
          message: t("community:errors.integer", { min: formatNumber(1), max: formatNumber(CAMPAIGN_LIMITS.maxCoins) }),
        });
      if (v.rewardKind === "post" && v.rewardPostId === null)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["rewardPostId"], message: t("community:errors.choice") });
      if (v.rewardKind === "ticket" && v.rewardTicketTypeId === null)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["rewardTicketTypeId"], message: t("community:errors.choice") });
    });
};
