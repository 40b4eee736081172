import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { billingMonthOf, monthEndMs, monthStartMs } from "./billing-month";
import { jstWallClock, jstInstantOf, parseJstInput } from "./jst-time";
import { formatNumber } from "./number-display";

/**
 * Share goals (issue 21, docs/decisions/037): a number of supporters, or a month's support in yen,
 * to reach by a date. Progress is counted from the real rows (memberships, the month's membership
 * payments), never typed in; closing freezes it.
 */

export type GoalMetric = "supporters" | "monthly_amount";
export const GOAL_METRICS: readonly GoalMetric[] = ["supporters", "monthly_amount"];
export const GOAL_LIMITS = { title: 60, reward: 500, maxSupporters: 1_000_000, maxAmount: 100_000_000 } as const;

const DAY_MS = 86_400_000;

/** A membership as progress sees it: when it started and, if it did, when it ended. */
export type MembershipSpan = { joinedAt: number; leftAt: number | null };
/** A membership payment: when it was made, for which billing month, and how much (yen). */
export type SupportPayment = { at: number; month: string; amount: number };

/** Supporters at `at`: memberships that had started and not ended. */
export function supportersAt(spans: readonly MembershipSpan[], at: number): number {
  return spans.filter((s) => s.joinedAt <= at && (s.leftAt === null || s.leftAt > at)).length;
}

/** Support of the billing month (JST) `at` falls in, paid up to `at` (yen). */
export function monthlyAmountAt(payments: readonly SupportPayment[], at: number): number {
  const month = billingMonthOf(at);
  return payments.filter((p) => p.month === month && p.at <= at).reduce((sum, p) => sum + p.amount, 0);
}

export type GoalPoint = { day: string; value: number };

export type GoalProgress = {
  value: number;
  target: number;
  /** 0–100, whole percent, capped at 100 */
  percent: number;
  reached: boolean;
  /** one point per JST day from the start to today or the deadline, at most 62 (longer goals are sampled) */
  series: GoalPoint[];
  status: "open" | "reached" | "missed" | "closed";
};

function dayLabel(ms: number): string {
  const w = jstWallClock(ms);
  return `${w.mo}/${w.d}`;
}

/**
 * A goal's progress at `now`: the value (frozen when closed), the percent of the target, and the
 * day-by-day series the graph draws (the value at the end of each JST day).
 */
export function goalProgress(
  goal: { metric: GoalMetric; target: number; startsAt: number; deadline: number; closedAt: number | null; resultValue: number | null },
  rows: { spans: readonly MembershipSpan[]; payments: readonly SupportPayment[] },
  now: number,
): GoalProgress {
  const until = Math.min(now, goal.deadline, goal.closedAt ?? Number.POSITIVE_INFINITY);
  const valueAt = (at: number) => (goal.metric === "supporters" ? supportersAt(rows.spans, at) : monthlyAmountAt(rows.payments, at));
  const value = goal.closedAt !== null && goal.resultValue !== null ? goal.resultValue : valueAt(until);
  const start = jstStartOfDay(goal.startsAt);
  const days = Math.max(1, Math.floor((until - start) / DAY_MS) + 1);
  const step = Math.ceil(days / 62);
  const series: GoalPoint[] = [];
  for (let i = 0; i < days; i += step) {
    const end = Math.min(start + (i + 1) * DAY_MS - 1, until);
    series.push({ day: dayLabel(end), value: valueAt(end) });
  }
  const last = series[series.length - 1];
  if (last && (days - 1) % step !== 0) series.push({ day: dayLabel(until), value: valueAt(until) });
  if (series.length) series[series.length - 1]!.value = value;
  const reached = value >= goal.target;
  const status = goal.closedAt !== null ? "closed" : reached ? "reached" : now >= goal.deadline ? "missed" : "open";
  return { value, target: goal.target, percent: Math.min(100, Math.floor((value * 100) / goal.target)), reached, series, status };
}

/** 00:00 JST of the day `ms` falls in. */
export function jstStartOfDay(ms: number): number {
  const w = jstWallClock(ms);
  return jstInstantOf(w.y, w.mo, w.d);
}

/** The window of payments a monthly goal reads: from the start month to the deadline's month. */
export function paymentWindow(startsAt: number, deadline: number): { from: number; to: number } {
  return { from: monthStartMs(billingMonthOf(startsAt)), to: monthEndMs(billingMonthOf(deadline)) };
}

/** Points of the small SVG graph: x from 0 to width, y from height (0) to 0 (the target or the top value). */
export function graphPoints(series: readonly GoalPoint[], target: number, width: number, height: number): string {
  const top = Math.max(target, ...series.map((p) => p.value), 1);
  const n = series.length;
  return series
    .map((p, i) => {
      const x = n === 1 ? width : (i * width) / (n - 1);
      const y = height - (p.value * height) / top;
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(" ");
}

const chars = (v: string) => [...v].length;

/** The creator's goal form (share_goals/new, {id}/edit), checked in the browser and the action. Deadline in JST. */
export const shareGoalSchema = (t: TFunction) =>
  z
    .object({
      title: z
        .string()
        .optional()
        .transform((v) => (v ?? "").trim())
        .superRefine((v, ctx) => {
          if (!v)
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              message: t("community:errors.required", { field: t("community:goals.fields.title") }),
            });
          else if (chars(v) > GOAL_LIMITS.title)
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max: GOAL_LIMITS.title }) });
        }),
      metric: z.enum(["supporters", "monthly_amount"], { message: t("community:errors.choice") }),
      target: z
        .string()
        .optional()
        .transform((v, ctx) => {
          const s = (v ?? "").normalize("NFKC").replace(/[,\s円]/g, "");
          const n = Number(s);
          if (!/^\d+$/.test(s) || n < 1 || n > GOAL_LIMITS.maxAmount) {
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              message: t("community:errors.integer", { min: formatNumber(1), max: formatNumber(GOAL_LIMITS.maxAmount) }),
            });
            return z.NEVER;
          }
          return n;
        }),
      deadline: z
        .string()
        .optional()
        .transform((v, ctx) => {
          const ms = parseJstInput(v ?? "");
          if (ms === null) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("community:errors.dateTime") });
            return z.NEVER;
          }
          return ms;
        }),
      reward: z
        .string()
        .optional()
        .transform((v) => (v ?? "").trim())
        .superRefine((v, ctx) => {
          if (chars(v) > GOAL_LIMITS.reward)
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max: GOAL_LIMITS.reward }) });
        }),
    })
    .superRefine((v, ctx) => {
      if (v.metric === "supporters" && v.target > GOAL_LIMITS.maxSupporters)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["target"],
          message: t("community:errors.integer", { min: formatNumber(1), max: formatNumber(GOAL_LIMITS.maxSupporters) }),
        });
    });

/** A deadline must be in the future when a goal is set or moved. */
export function deadlineRefusal(deadline: number, now: number): "deadlinePast" | null {
  return deadline <= now ? "deadlinePast" : null;
}
