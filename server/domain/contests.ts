import { z } from "zod";
import { jstDateTimeField } from "./form-fields";
import type { TFunction } from "../i18n/setup";
import { formatJstDate } from "./jst-time";

/**
 * Contests (spec §2 /contest/*, §5 contest selector): the windows, the vote's day key, the
 * ranking and its podium, and the operator's form. Pure; the clock is passed in.
 */

export const CONTEST_LIMITS = { name: 80, slug: 60, description: 2000, postTemplate: 1000, hashTag: 50, judges: 20, prizes: 10 } as const;

/** Entries per page of a contest's entry list. */
export const CONTEST_PAGE_SIZE = 24;

export interface ContestWindows {
  startAt: number;
  endAt: number;
  entryStartAt: number;
  entryEndAt: number;
  voteStartAt: number;
  voteEndAt: number;
}

/** Each window is half-open, [start, end): at the end instant it is already closed. */
const within = (now: number, start: number, end: number) => start <= now && now < end;

export function contestPhase(c: ContestWindows, now: number) {
  return {
    /** the contest's period (spec §5: the post form hides the selector of a post entered in it) */
    running: within(now, c.startAt, c.endAt),
    entryOpen: within(now, c.entryStartAt, c.entryEndAt),
    votingOpen: within(now, c.voteStartAt, c.voteEndAt),
    /** once voting has closed the ranking is final: the results */
    resultsOut: now >= c.voteEndAt,
  };
}

/** What a contest page shows as its stage: one label, results winning over voting over entry. */
export type ContestStage = "upcoming" | "entry" | "voting" | "results";

export function contestStage(c: ContestWindows, now: number): ContestStage {
  const p = contestPhase(c, now);
  if (p.resultsOut) return "results";
  if (p.votingOpen) return "voting";
  if (p.entryOpen) return "entry";
  return "upcoming";
}

/** The Japan day a vote counts for: a fan votes again for the same entry after 00:00 JST. */
export function voteDayKey(now: number): string {
  return formatJstDate(now);
}

interface RankedEntry {
  id: number;
  voteCount: number;
}

/** More votes first; on a tie the earlier entry (lower id) first, so the order is total and stable. */
function compareEntries(a: RankedEntry, b: RankedEntry): number {
  return b.voteCount - a.voteCount || a.id - b.id;
}

export function rankEntries<T extends RankedEntry>(entries: readonly T[]): (T & { rank: number })[] {
  return [...entries].sort(compareEntries).map((e, i) => ({ ...e, rank: i + 1 }));
}

/**
 * The intermediate ranking's podium (spec §2): three entries, the first in the middle, so second,
 * first, third from left to right. With fewer than three entries the missing places are left out.
 */
export function podium<T>(ranked: readonly T[]): { place: 1 | 2 | 3; entry: T }[] {
  const order = [2, 1, 3] as const;
  return order.filter((place) => ranked[place - 1] !== undefined).map((place) => ({ place, entry: ranked[place - 1]! }));
}

/**
 * spec §5: the post form shows the contest selector unless the post is a group announcement or
 * it is already entered in a contest whose period is running (an entry cannot be moved or
 * withdrawn while the contest runs).
 */
export function contestSelectorShown(input: { isGroupPost: boolean; enteredContest: ContestWindows | null; now: number }): boolean {
  if (input.isGroupPost) return false;
  if (input.enteredContest && contestPhase(input.enteredContest, input.now).running) return false;
  return true;
}

export interface Judge {
  name: string;
  title: string;
}

/** Judges as the operator types them, one a line: `name | title` (the title may be left out). */
function parseJudgeLines(text: string): Judge[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [name = "", ...rest] = l.split("|");
      return { name: name.trim(), title: rest.join("|").trim() };
    });
}

export function judgeLines(judges: readonly Judge[]): string {
  return judges.map((j) => (j.title ? `${j.name} | ${j.title}` : j.name)).join("\n");
}

/** Prizes, first place first, one a line. */
function parsePrizeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Reads the stored JSON of judges, tolerating a damaged value as none. */
export function judgesFromJson(json: string): Judge[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v)
      ? v
          .filter((j): j is Judge => typeof j === "object" && j !== null && typeof (j as Judge).name === "string")
          .map((j) => ({ name: j.name, title: String(j.title ?? "") }))
      : [];
  } catch {
    return [];
  }
}

export function prizesFromJson(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/** How many winners the results name: one per prize, three when the contest lists no prizes. */
export function winnerCount(prizes: readonly string[]): number {
  return prizes.length || 3;
}

const chars = (v: string) => [...v].length;

/** The operator's contest form (/ops/contests/new, /ops/contests/{id}/edit); times in Japan time. */
export const contestSchema = (t: TFunction) => {
  const text = (field: string, max: number, required: boolean) =>
    z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .superRefine((v, ctx) => {
        if (required && !v)
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("contests:errors.required", { field: t(`contests:fields.${field}`) }) });
        else if (chars(v) > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("validation.maxLength", { max }) });
      });
  const dateTime = () => jstDateTimeField(t("contests:errors.dateTime"));
  return z
    .object({
      name: text("name", CONTEST_LIMITS.name, true),
      slug: text("slug", CONTEST_LIMITS.slug, true).refine((v) => v === "" || /^[a-z0-9][a-z0-9-]*$/.test(v), {
        message: t("contests:errors.slug"),
      }),
      description: text("description", CONTEST_LIMITS.description, false),
      postTemplate: text("postTemplate", CONTEST_LIMITS.postTemplate, false),
      hashTag: text("hashTag", CONTEST_LIMITS.hashTag, false).transform((v) => v.replace(/^[#＃]+/, "")),
      startAt: dateTime(),
      endAt: dateTime(),
      entryStartAt: dateTime(),
      entryEndAt: dateTime(),
      voteStartAt: dateTime(),
      voteEndAt: dateTime(),
      judges: z
        .string()
        .optional()
        .transform((v) => parseJudgeLines(v ?? ""))
        .refine((js) => js.length <= CONTEST_LIMITS.judges && js.every((j) => j.name && chars(j.name) <= 80 && chars(j.title) <= 80), {
          message: t("contests:errors.judges", { max: CONTEST_LIMITS.judges }),
        }),
      prizes: z
        .string()
        .optional()
        .transform((v) => parsePrizeLines(v ?? ""))
        .refine((ps) => ps.length <= CONTEST_LIMITS.prizes && ps.every((p) => chars(p) <= 80), {
          message: t("contests:errors.prizes", { max: CONTEST_LIMITS.prizes }),
        }),
    })
    .superRefine((v, ctx) => {
      const bad = (path: string, key: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: t(`contests:errors.${key}`) });
      if (!(v.startAt < v.endAt)) bad("endAt", "period");
      if (!(v.entryStartAt < v.entryEndAt)) bad("entryEndAt", "entryWindow");
      if (!(v.voteStartAt < v.voteEndAt)) bad("voteEndAt", "voteWindow");
      if (!(v.startAt <= v.entryStartAt && v.entryEndAt <= v.endAt)) bad("entryStartAt", "entryInPeriod");
      if (!(v.startAt <= v.voteStartAt && v.voteEndAt <= v.endAt)) bad("voteStartAt", "voteInPeriod");
      if (!(v.entryStartAt <= v.voteStartAt)) bad("voteStartAt", "voteAfterEntry");
    });
};

export type ContestInput = z.infer<ReturnType<typeof contestSchema>>;

export type ContestChoice = { ok: true; contestId: number | null; enter: boolean } | { ok: false };

/**
 * What saving a post does with the form's `contest_id` (spec §3 selectedContestId, -1 = none):
 * a post entered in a running contest stays in it (the form hides the selector then); a group
 * announcement enters none (spec §6); a new choice must be a contest whose entry window is open.
 * Once entered, an entry is never withdrawn: its votes belong to the contest's record.
 */
export function contestChoice(input: {
  requested: number;
  isGroupPost: boolean;
  current: { id: number; windows: ContestWindows } | null;
  chosen: ContestWindows | null;
  now: number;
}): ContestChoice {
  const { requested, current, now } = input;
  if (current && contestPhase(current.windows, now).running) {
    return requested === -1 || requested === current.id ? { ok: true, contestId: current.id, enter: false } : { ok: false };
  }
  if (requested === -1 || requested === current?.id) return { ok: true, contestId: current?.id ?? null, enter: false };
  if (input.isGroupPost || !input.chosen || !contestPhase(input.chosen, now).entryOpen) return { ok: false };
  return { ok: true, contestId: requested, enter: true };
}
