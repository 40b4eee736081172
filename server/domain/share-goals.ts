import { z } from "zod";
import { jstDateTimeField } from "./form-fields";
import type { TFunction } from "../i18n/setup";
import { billingMonthOf } from "./billing-month";
import { jstWallClock } from "./jst-time";
import { formatNumber } from "./number-display";

/**
 * Share goals (issue 21, docs/decisions/037): a number of supporters, or a month's support in yen,
 * to reach by a date. Progress is counted from the real rows (memberships, the month's membership
 * payments), never typed in; closing freezes it.
 */

export type GoalMetric = "supporters" | "monthly_amount";
const GOAL_LIMITS = { title: 60, reward: 500, maxSupporters: 1_000_000, maxAmount: 100_000_000 } as const;

const DAY_MS = 86_400_000;

/** The JST day number of an instant (days since 1970-01-01 in Japan time); SQL groups rows by the same number. */
export function jstDayNumber(ms: number): number {
  return Math.floor((ms + JST_OFFSET_MS) / DAY_MS);
}
const JST_OFFSET_MS = 9 * 3_600_000;

/**
 * What progress is counted from, grouped by JST day in SQL so a goal reads a few rows whatever
 * the number of members: supporters at the start and the joins and leaves of each day after it;
 * membership payments (yen) per day and billing month.
 */
export type GoalRows = {
  baseline: number;
  memberDays: ReadonlyArray<{ day: number; joins: number; leaves: number }>;
  paymentDays: ReadonlyArray<{ day: number; month: string; amount: number }>;
};

/** Supporters at the end of JST day `day`. */
export function supportersOnDay(rows: GoalRows, day: number): number {
  return rows.memberDays.filter((d) => d.day <= day).reduce((n, d) => n + d.joins - d.leaves, rows.baseline);
}

/** Support paid for the billing month that JST day `day` falls in, up to the end of that day (yen). */
export function monthlyAmountOnDay(rows: GoalRows, day: number): number {
  const month = billingMonthOf(day * DAY_MS);
  return rows.paymentDays.filter((p) => p.month === month && p.day <= day).reduce((sum, p) => sum + p.amount, 0);
}

export type GoalPoint = { day: string; value: number };

export type GoalProgress = {
  value: number;
  target: number;
  /** 0–100, whole percent, capped at 100 */
  percent: number;
  reached: boolean;
  /** the value at the end of each JST day from the start to today (or the deadline, or the close), at most 62 points */
  series: GoalPoint[];
  status: "open" | "reached" | "missed" | "closed";
};

function dayLabel(day: number): string {
  const w = jstWallClock(day * DAY_MS - JST_OFFSET_MS);
  return `${w.mo}/${w.d}`;
}

/**
 * A goal's progress at `now`: the value (the frozen result once closed), the percent of the
 * target, and the day-by-day series the graph draws.
 */
export function goalProgress(
  goal: { metric: GoalMetric; target: number; startsAt: number; deadline: number; closedAt: number | null; resultValue: number | null },
  rows: GoalRows,
  now: number,
): GoalProgress {
  const until = Math.min(now, goal.deadline, goal.closedAt ?? Number.POSITIVE_INFINITY);
  const valueOn = (day: number) => (goal.metric === "supporters" ? supportersOnDay(rows, day) : monthlyAmountOnDay(rows, day));
  const first = jstDayNumber(goal.startsAt);
  const last = Math.max(first, jstDayNumber(until));
  const value = goal.closedAt !== null && goal.resultValue !== null ? goal.resultValue : valueOn(last);
  const step = Math.ceil((last - first + 1) / 62);
  const series: GoalPoint[] = [];
  for (let day = first; day < last; day += step) series.push({ day: dayLabel(day), value: valueOn(day) });
  series.push({ day: dayLabel(last), value });
  const reached = value >= goal.target;
  const status = goal.closedAt !== null ? "closed" : reached ? "reached" : now >= goal.deadline ? "missed" : "open";
  return { value, target: goal.target, percent: Math.min(100, Math.floor((value * 100) / goal.target)), reached, series, status };
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
      deadline: jstDateTimeField(t("community:errors.dateTime")),
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

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The goal graph as SVG markup, drawn on the server so the fan club page ships no chart code:
 * the day-by-day line, the target as a dashed line, the first and last day under the axis.
 * `label` is the accessible name (the title and the value against the target).
 */
export function goalGraphSvg(progress: Pick<GoalProgress, "series" | "target" | "reached">, label: string): string {
  const width = 320;
  const height = 120;
  const plotHeight = 96;
  const top = Math.max(progress.target, ...progress.series.map((p) => p.value), 1);
  const targetY = Math.round((plotHeight - (progress.target * plotHeight) / top) * 10) / 10;
  const points = graphPoints(progress.series, progress.target, width, plotHeight);
  const first = progress.series[0]?.day ?? "";
  const last = progress.series[progress.series.length - 1]?.day ?? "";
  const stroke = progress.reached ? "#2e7d32" : "#e4007f";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}" class="goal-graph">` +
    `<line x1="0" y1="${targetY}" x2="${width}" y2="${targetY}" stroke="#999" stroke-dasharray="4 3"/>` +
    `<polyline points="${points}" fill="none" stroke="${stroke}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<line x1="0" y1="${plotHeight}" x2="${width}" y2="${plotHeight}" stroke="#ccc"/>` +
    `<text x="0" y="${height - 4}" font-size="11" fill="#666">${escapeXml(first)}</text>` +
    `<text x="${width}" y="${height - 4}" font-size="11" fill="#666" text-anchor="end">${escapeXml(last)}</text>` +
    `</svg>`
  );
}
