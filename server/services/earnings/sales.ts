import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { earningEntries, fanclubManagers, fanclubs } from "../../../db/schema";
import { managedFanclubsQuery } from "../creator";
import { billingMonthOf, type BillingMonth } from "../../domain/billing-month";
import { monthsEndingAt, type EarningKind } from "../../domain/earnings";
import { formatNumber } from "../../domain/number-display";

/**
 * The creator's sales page and its CSV (/me/fanclub/sales, decision 029): the figures of one
 * month by kind and by what was sold, and the last 12 months for the chart. Everything in one D1
 * batch (one round trip), read from the ledger's covering index.
 */

type Figures = { gross: number; fee: number; tax: number; net: number };
type SalesItem = Figures & { kind: EarningKind; subjectType: string; subjectId: number; title: string | null; count: number };

const sums = {
  gross: sql<number>`coalesce(sum(${earningEntries.gross}), 0)`.mapWith(Number),
  fee: sql<number>`coalesce(sum(${earningEntries.fee}), 0)`.mapWith(Number),
  tax: sql<number>`coalesce(sum(${earningEntries.tax}), 0)`.mapWith(Number),
  net: sql<number>`coalesce(sum(${earningEntries.net}), 0)`.mapWith(Number),
};

const salesOnly = inArray(earningEntries.type, ["sale", "refund"]);

/** The title of what was sold, whatever its kind (a deleted one reads null). */
const subjectTitle = sql<string | null>`CASE ${earningEntries.subjectType}
  WHEN 'plan' THEN (SELECT "name" FROM "plans" WHERE "id" = ${earningEntries.subjectId})
  WHEN 'product' THEN (SELECT "title" FROM "products" WHERE "id" = ${earningEntries.subjectId})
  WHEN 'live_event' THEN (SELECT "title" FROM "live_events" WHERE "id" = ${earningEntries.subjectId})
  WHEN 'raffle' THEN (SELECT "title" FROM "raffles" WHERE "id" = ${earningEntries.subjectId})
  WHEN 'lesson_slot' THEN (SELECT "title" FROM "lesson_slots" WHERE "id" = ${earningEntries.subjectId})
  WHEN 'post' THEN (SELECT "title" FROM "posts" WHERE "id" = ${earningEntries.subjectId})
  ELSE NULL END`;

export type SalesPage = {
  month: BillingMonth;
  months: Array<Figures & { month: BillingMonth }>;
  byKind: Array<Figures & { kind: EarningKind }>;
  items: SalesItem[];
  total: Figures;
};

const ZERO: Figures = { gross: 0, fee: 0, tax: 0, net: 0 };

function add(a: Figures, b: Figures): Figures {
  return { gross: a.gross + b.gross, fee: a.fee + b.fee, tax: a.tax + b.tax, net: a.net + b.net };
}

/** The month a request asks for ("yyyy-mm", not in the future), else the current one. */
export function salesMonth(asked: string | null, now: number): BillingMonth {
  const current = billingMonthOf(now);
  if (!asked || !/^\d{4}-(0[1-9]|1[0-2])$/.test(asked) || asked > current || asked < "2000-01") return current;
  return asked;
}

export async function salesPage(db: Db, fanclubId: number, month: BillingMonth, now: number): Promise<SalesPage> {
  const current = billingMonthOf(now);
  const chartMonths = monthsEndingAt(current, 12);
  const from = month < chartMonths[0]! ? month : chartMonths[0]!;
  const [byMonthKind, items] = await db.batch([
    db
      .select({ month: earningEntries.month, kind: sql<EarningKind>`${earningEntries.kind}`, ...sums })
      .from(earningEntries)
      .where(and(eq(earningEntries.fanclubId, fanclubId), gte(earningEntries.month, from), lte(earningEntries.month, current), salesOnly))
      .groupBy(earningEntries.month, earningEntries.kind),
    db
      .select({
        kind: sql<EarningKind>`${earningEntries.kind}`,
        subjectType: sql<string>`${earningEntries.subjectType}`,
        subjectId: sql<number>`${earningEntries.subjectId}`,
        title: subjectTitle,
        count: sql<number>`sum(CASE WHEN ${earningEntries.type} = 'sale' THEN 1 ELSE 0 END)`.mapWith(Number),
        ...sums,
      })
      .from(earningEntries)
      .where(and(eq(earningEntries.fanclubId, fanclubId), eq(earningEntries.month, month), salesOnly))
      .groupBy(earningEntries.kind, earningEntries.subjectType, earningEntries.subjectId)
      .orderBy(sql`sum(${earningEntries.gross}) DESC`),
  ]);
  const months = chartMonths.map((m) => ({
    month: m,
    ...byMonthKind.filter((r) => r.month === m).reduce<Figures>((acc, r) => add(acc, r), ZERO),
  }));
  const byKind = byMonthKind
    .filter((r) => r.month === month)
    .map((r) => ({ kind: r.kind, gross: r.gross, fee: r.fee, tax: r.tax, net: r.net }))
    .sort((a, b) => b.gross - a.gross);
  return { month, months, byKind, items, total: byKind.reduce<Figures>((acc, r) => add(acc, r), ZERO) };
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The month's sales as CSV for Excel in Japan: UTF-8 with a byte order mark (Excel reads UTF-8
 * without mojibake only with it), CRLF line ends, yen with ja-JP separators in every language
 * (quoted, so Excel reads them as numbers).
 */
export function salesCsv(
  page: SalesPage,
  labels: { header: string[]; kind: (k: EarningKind) => string; untitled: string; fanclubTip: string; total: string },
): string {
  const yen = (n: number) => csvCell(formatNumber(n));
  const lines = [labels.header.map(csvCell).join(",")];
  for (const item of page.items)
    lines.push(
      [
        page.month,
        csvCell(labels.kind(item.kind)),
        csvCell(item.subjectType === "fanclub" ? labels.fanclubTip : (item.title ?? labels.untitled)),
        String(item.count),
        yen(item.gross),
        yen(item.fee),
        yen(item.tax),
        yen(item.net),
      ].join(","),
    );
  const t = page.total;
  lines.push(
    [
      page.month,
      csvCell(labels.total),
      "",
      String(page.items.reduce((s, i) => s + i.count, 0)),
      yen(t.gross),
      yen(t.fee),
      yen(t.tax),
      yen(t.net),
    ].join(","),
  );
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * A label's sales page (/me/managed_fanclubs/sales): the managed fan clubs, each one's month and
 * the last 12 months of all of them, in one D1 batch (one round trip), from the same covering
 * index as the creator's page; the fan clubs are chosen by a sub-select of the label's rows.
 */
export async function managedSalesPage(db: Db, userId: number, month: BillingMonth, now: number) {
  const chartMonths = monthsEndingAt(billingMonthOf(now), 12);
  const managed = and(
    inArray(
      earningEntries.fanclubId,
      db
        .select({ id: fanclubManagers.fanclubId })
        .from(fanclubManagers)
        .innerJoin(fanclubs, eq(fanclubs.id, fanclubManagers.fanclubId))
        .where(and(eq(fanclubManagers.userId, userId), eq(fanclubs.status, "open"))),
    ),
    salesOnly,
  );
  const [fanclubList, byMonth, byFanclub] = await db.batch([
    managedFanclubsQuery(db, userId),
    db
      .select({ month: earningEntries.month, ...sums })
      .from(earningEntries)
      .where(and(managed, gte(earningEntries.month, chartMonths[0]!), lte(earningEntries.month, chartMonths.at(-1)!)))
      .groupBy(earningEntries.month),
    db
      .select({ fanclubId: earningEntries.fanclubId, ...sums })
      .from(earningEntries)
      .where(and(managed, eq(earningEntries.month, month)))
      .groupBy(earningEntries.fanclubId),
  ]);
  const months = chartMonths.map((m) => {
    const r = byMonth.find((x) => x.month === m);
    return { month: m, ...(r ? pick(r) : ZERO) };
  });
  const figures = fanclubList.map((f) => {
    const r = byFanclub.find((x) => x.fanclubId === f.id);
    return { fanclubId: f.id, name: f.name, ...(r ? pick(r) : ZERO) };
  });
  return { month, months, fanclubs: figures, fanclubList, total: figures.reduce<Figures>((acc, r) => add(acc, r), ZERO) };
}

const pick = (r: Figures): Figures => ({ gross: r.gross, fee: r.fee, tax: r.tax, net: r.net });
