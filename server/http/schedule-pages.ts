import { data, redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { formatJstTime } from "../domain/jst-time";
import { jstParts } from "../domain/live-events";
import {
  addMonths,
  dayRange,
  entriesByDay,
  jstDayKey,
  jstMonthOf,
  monthGrid,
  monthKey,
  parseDay,
  parseMonth,
  parseScheduleInput,
  SCHEDULE_LIMITS,
  showsScheduleTab,
  type ScheduleFormProblem,
} from "../domain/schedules";
import { postViewerFrom } from "../services/post-access";
import { deleteSchedule, issueFeedToken, loadCalendar, revokeFeedToken, saveSchedule, type CalendarEntry } from "../services/schedules";
import { setFlash } from "./flash";
import { mergedReads } from "./merged-reads";

/**
 * The calendar pages' loaders and actions (docs/decisions/036): the month and the day of
 * /fanclubs/{id}/schedules, the feed address, and the creator's entry form. Each public page reads
 * in one round trip of its own (`loadCalendar`); the fan club frame above it is the other one.
 */

function feedUrls(app: AppContext, request: Request, fanclubId: number, token: string | null) {
  const front = app.service?.frontUrl ?? new URL(request.url).origin;
  const base = `${front}/fanclubs/${fanclubId}/schedules.ics`;
  return { publicFeed: base, privateFeed: token ? `${base}?token=${token}` : null };
}

/** What a calendar cell or the day view shows of an entry: a locked one keeps only its times. */
function entryLine(e: CalendarEntry, day: string) {
  return {
    key: e.key,
    kind: e.kind,
    title: e.title,
    description: e.description,
    locked: e.locked,
    membersOnly: e.membersOnly,
    href: e.href,
    // the time shows on the day the entry starts; later days of a long entry say it continues
    startTime: jstDayKey(e.startAt) === day ? formatJstTime(e.startAt) : null,
    startAt: e.startAt,
    endAt: e.endAt,
  };
}

async function calendarFor(app: AppContext, fanclubId: number, range: { start: number; end: number }, now: number) {
  const view = await loadCalendar(mergedReads(app), { fanclubId, range, viewer: postViewerFrom(app.session), now });
  // `displaySchedule` off: the calendar is the staff's draft, not a public page
  if (!view || !showsScheduleTab(view.fanclub, view)) throw new Response(null, { status: 404 });
  return view;
}

/** /fanclubs/{id}/schedules?month=yyyy-MM: the month grid (Sunday first), default this month in Japan. */
export async function monthPage(app: AppContext, request: Request, fanclubId: number) {
  const now = Date.now();
  const raw = new URL(request.url).searchParams.get("month");
  const month = raw === null ? jstMonthOf(now) : parseMonth(raw);
  if (!month) throw new Response(app.t("schedules:errors.month"), { status: 400 });
  const weeks = monthGrid(month);
  const first = parseDay(weeks[0]![0]!.key)!;
  const last = parseDay(weeks[weeks.length - 1]![6]!.key)!;
  const view = await calendarFor(app, fanclubId, { start: dayRange(first).start, end: dayRange(last).end }, now);
  const byDay = entriesByDay(view.entries);
  return {
    fanclubId,
    month: monthKey(month),
    prev: monthKey(addMonths(month, -1)),
    next: monthKey(addMonths(month, 1)),
    today: jstDayKey(now),
    weeks: weeks.map((week) => week.map((cell) => ({ ...cell, entries: (byDay.get(cell.key) ?? []).map((e) => entryLine(e, cell.key)) }))),
    signedIn: app.user !== null,
    member: view.member,
    manages: view.manages,
    ...feedUrls(app, request, fanclubId, view.feedToken),
  };
}

/** /fanclubs/{id}/schedules/{yyyy-MM-dd}: one Japan day's entries; a date that does not exist is a 404. */
export async function dayPage(app: AppContext, request: Request, fanclubId: number, dayParam: string | undefined) {
  const day = parseDay(dayParam);
  if (!day) throw new Response(null, { status: 404 });
  const now = Date.now();
  const range = dayRange(day);
  const view = await calendarFor(app, fanclubId, range, now);
  const key = jstDayKey(range.start);
  return {
    fanclubId,
    day: key,
    month: key.slice(0, 7),
    prevDay: jstDayKey(range.start - 1),
    nextDay: jstDayKey(range.end),
    entries: view.entries.map((e) => entryLine(e, key)),
    member: view.member,
  };
}

export type FeedActionReply = { ok: boolean; message: string | null };

/** The month page's feed form: a fan with access issues (or re-issues) and revokes their private address. */
export async function feedAction(app: AppContext, request: Request, fanclubId: number) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!app.user) return data<FeedActionReply>({ ok: false, message: app.t("api.signInRequired") }, { status: 401 });
  const now = Date.now();
  if (intent === "revokeFeed") {
    await revokeFeedToken(app.db, { fanclubId, userId: app.user.id, now });
    return data<FeedActionReply>({ ok: true, message: null });
  }
  if (intent !== "issueFeed") return data<FeedActionReply>({ ok: false, message: app.t("api.invalid") }, { status: 400 });
  const view = await calendarFor(app, fanclubId, { start: now, end: now }, now);
  if (!view.member) return data<FeedActionReply>({ ok: false, message: app.t("schedules:errors.membersOnlyFeed") }, { status: 403 });
  await issueFeedToken(app.db, { fanclubId, userId: app.user.id, now });
  return data<FeedActionReply>({ ok: true, message: null });
}

/** The creator's form values of an entry (or of a new one: the next whole hour, one hour long). */
export function scheduleFormValues(
  row: {
    title: string;
    description: string;
    startAt: Date;
    endAt: Date;
    membersOnly: boolean;
    linkKind: string | null;
    linkId: number | null;
  } | null,
  now: number,
) {
  const start = row ? row.startAt.getTime() : Math.ceil(now / 3_600_000) * 3_600_000;
  const end = row ? row.endAt.getTime() : start + 3_600_000;
  const s = jstParts(start);
  const e = jstParts(end);
  return {
    title: row?.title ?? "",
    description: row?.description ?? "",
    startDate: s.date,
    startTime: s.time,
    endDate: e.date,
    endTime: e.time,
    membersOnly: row?.membersOnly ?? false,
    link: row?.linkKind && row.linkId ? `${row.linkKind}:${row.linkId}` : "",
  };
}

export type ScheduleFormReply = { errors: Partial<Record<ScheduleFormProblem["field"], string>>; values: Record<string, string> };

function problemText(app: AppContext, p: ScheduleFormProblem): string {
  if (p.problem === "required") return app.t("validation.required", { field: app.t(`schedules:fields.${p.field}`) });
  if (p.problem === "tooLong")
    return app.t("validation.maxLength", { max: SCHEDULE_LIMITS[p.field === "title" ? "title" : "description"] });
  return app.t(`schedules:errors.${p.problem}`);
}

/** The creator's new and edit forms: parsed by the tested rule, saved, or answered 400 with every field's message. */
export async function scheduleFormAction(app: AppContext, request: Request, input: { fanclubId: number; id: number | null }) {
  const form = await request.formData();
  const raw = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const parsed = parseScheduleInput(raw);
  if (!parsed.ok) {
    const errors: ScheduleFormReply["errors"] = {};
    for (const p of parsed.problems) errors[p.field] ??= problemText(app, p);
    return data<ScheduleFormReply>({ errors, values: raw }, { status: 400 });
  }
  const saved = await saveSchedule(app.db, {
    fanclubId: input.fanclubId,
    id: input.id,
    userId: app.user!.id,
    value: parsed.value,
    now: Date.now(),
  });
  if (!saved.ok) {
    if (saved.reason === "notFound") throw new Response(null, { status: 404 });
    return data<ScheduleFormReply>({ errors: { link: app.t("schedules:errors.invalid") }, values: raw }, { status: 400 });
  }
  setFlash(app, [{ type: "info", key: input.id === null ? "schedules:flash.created" : "schedules:flash.saved" }]);
  throw redirect("/me/fanclub/schedules");
}

/** The creator's list: delete an entry of their own fan club (another fan club's id is a 404). */
export async function scheduleListAction(app: AppContext, request: Request, fanclubId: number) {
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isSafeInteger(id) || id < 1) {
    return data({ ok: false, message: app.t("api.invalid") }, { status: 400 });
  }
  if (!(await deleteSchedule(app.db, { fanclubId, id }))) throw new Response(null, { status: 404 });
  setFlash(app, [{ type: "info", key: "schedules:flash.deleted" }]);
  throw redirect("/me/fanclub/schedules");
}
