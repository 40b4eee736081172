import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { memberships, membershipPayments, shareGoals, type ShareGoalRow } from "../../../db/schema";
import { billingMonthOf } from "../../domain/billing-month";
import { goalProgress, jstDayNumber, type GoalMetric, type GoalProgress, type GoalRows } from "../../domain/share-goals";

/**
 * Share goals (docs/decisions/037): the creator's goals and their progress, counted from the
 * memberships and membership payments of the fan club, grouped by JST day in SQL.
 */

const DAY_MS = 86_400_000;
const JST_MS = 9 * 3_600_000;

type GoalValues = { title: string; metric: GoalMetric; target: number; deadline: number; reward: string };
export type GoalWithProgress = { goal: ShareGoalRow; progress: GoalProgress };

/**
 * Where a goal's progress is counted: the fan club and the goal's start, deadline and their billing
 * months, as SQL. Values for a goal already read; subqueries of the open goal for the fan club
 * page, which then counts the progress in its own batch (`openGoalBounds`).
 */
type GoalBounds = { fanclubId: SQL; start: SQL; end: SQL; startMonth: SQL; endMonth: SQL };

/** The statements progress is counted from: supporters at the start, joins and leaves per day, payments per day and month. */
export function goalRowsQueries(db: Db, { fanclubId, start, end, startMonth, endMonth }: GoalBounds) {
  const day = (column: string) => sql.raw(`CAST((${column} + ${JST_MS}) / ${DAY_MS} AS INTEGER)`);
  return [
    db
      .select({ n: sql<number>`count(*)` })
      .from(memberships)
      .where(
        sql`${memberships.fanclubId} = ${fanclubId} AND ${memberships.joinedAt} < ${start} AND (${memberships.leftAt} IS NULL OR ${memberships.leftAt} >= ${start})`,
      ),
    db
      .select({ day: sql<number>`${day("joined_at")}`.as("day"), n: sql<number>`count(*)`.as("n") })
      .from(memberships)
      .where(sql`${memberships.fanclubId} = ${fanclubId} AND ${memberships.joinedAt} >= ${start} AND ${memberships.joinedAt} <= ${end}`)
      .groupBy(sql`day`),
    // a member who joined before the start is in the baseline, one who joined after it in the joins: every leave counts
    db
      .select({ day: sql<number>`${day("left_at")}`.as("day"), n: sql<number>`count(*)`.as("n") })
      .from(memberships)
      .where(sql`${memberships.fanclubId} = ${fanclubId} AND ${memberships.leftAt} >= ${start} AND ${memberships.leftAt} <= ${end}`)
      .groupBy(sql`day`),
    db
      .select({
        day: sql<number>`${day("created_at")}`.as("day"),
        month: membershipPayments.month,
        amount: sql<number>`sum(${membershipPayments.amount})`.as("amount"),
      })
      .from(membershipPayments)
      .where(
        sql`${membershipPayments.fanclubId} = ${fanclubId} AND ${membershipPayments.month} >= ${startMonth} AND ${membershipPayments.month} <= ${endMonth} AND ${membershipPayments.createdAt} <= ${end}`,
      )
      .groupBy(sql`day`, membershipPayments.month),
  ] as const;
}

type DayCount = { day: number; n: number };
type GoalRowsResults = readonly [{ n: number }[], DayCount[], DayCount[], { day: number; month: string; amount: number }[]];

/** The results of `goalRowsQueries` as the rows `goalProgress` counts, for a goal that started at `start`. */
export function goalRowsOf([baseline, joins, leaves, payments]: GoalRowsResults, start: number): GoalRows {
  const byDay = new Map<number, { day: number; joins: number; leaves: number }>();
  const entry = (d: number) => byDay.get(d) ?? byDay.set(d, { day: d, joins: 0, leaves: 0 }).get(d)!;
  for (const j of joins) entry(Number(j.day)).joins += Number(j.n);
  for (const l of leaves) entry(Number(l.day)).leaves += Number(l.n);
  return {
    baseline: Number(baseline[0]?.n ?? 0),
    memberDays: [...byDay.values()],
    // a payment made before the goal began still counts for its month: put it on the first day
    paymentDays: payments.map((p) => ({ day: Math.max(Number(p.day), jstDayNumber(start)), month: p.month, amount: Number(p.amount) })),
  };
}

/** The rows progress is counted from, in one batch. */
async function goalRows(db: Db, fanclubId: number, goal: Pick<ShareGoalRow, "startsAt" | "deadline">): Promise<GoalRows> {
  const start = goal.startsAt.getTime();
  const end = goal.deadline.getTime();
  const results = await db.batch(
    goalRowsQueries(db, {
      fanclubId: sql`${fanclubId}`,
      start: sql`${start}`,
      end: sql`${end}`,
      startMonth: sql`${billingMonthOf(start)}`,
      endMonth: sql`${billingMonthOf(end)}`,
    }),
  );
  return goalRowsOf(results, start);
}

/** The bounds of the fan club's open goal (the one `openGoalQuery` reads) as subqueries; they are NULL, and count nothing, when there is none. */
export function openGoalBounds(fanclubId: SQL): GoalBounds {
  const of = (column: SQL) =>
    sql`(SELECT ${column} FROM ${shareGoals} WHERE ${shareGoals.fanclubId} = ${fanclubId} AND ${shareGoals.closedAt} IS NULL ORDER BY ${shareGoals.id} DESC LIMIT 1)`;
  // the billing month is the month in Japan time (billingMonthOf), as SQLite writes it
  const month = (column: SQL) => of(sql`strftime('%Y-%m', (${column} + ${JST_MS}) / 1000, 'unixepoch')`);
  return {
    fanclubId,
    start: of(sql`${shareGoals.startsAt}`),
    end: of(sql`${shareGoals.deadline}`),
    startMonth: month(sql`${shareGoals.startsAt}`),
    endMonth: month(sql`${shareGoals.deadline}`),
  };
}

/** A goal's progress from rows already counted. */
export function progressOf(goal: ShareGoalRow, rows: GoalRows, now: number): GoalWithProgress {
  return {
    goal,
    progress: goalProgress(
      {
        metric: goal.metric,
        target: goal.target,
        startsAt: goal.startsAt.getTime(),
        deadline: goal.deadline.getTime(),
        closedAt: goal.closedAt?.getTime() ?? null,
        resultValue: goal.resultValue,
      },
      rows,
      now,
    ),
  };
}

async function withProgress(db: Db, goal: ShareGoalRow, now: number): Promise<GoalWithProgress> {
  return progressOf(goal, await goalRows(db, goal.fanclubId, goal), now);
}

/** The fan club's goals, newest first, each with its progress. */
export async function goalsOf(db: Db, fanclubId: number, now: number): Promise<GoalWithProgress[]> {
  const goals = await db.select().from(shareGoals).where(eq(shareGoals.fanclubId, fanclubId)).orderBy(desc(shareGoals.id)).limit(50);
  return Promise.all(goals.map((g) => withProgress(db, g, now)));
}

export async function goalOf(db: Db, fanclubId: number, goalId: number, now: number): Promise<GoalWithProgress | null> {
  const goal = await db
    .select()
    .from(shareGoals)
    .where(and(eq(shareGoals.id, goalId), eq(shareGoals.fanclubId, fanclubId)))
    .get();
  return goal ? withProgress(db, goal, now) : null;
}

/** The goal the fan club page shows: the newest open one, else nothing. */
/** The newest open goal, as a statement the fan club page puts in its batch (`fanclubId` may be a subquery). */
export function openGoalQuery(db: Db, fanclubId: SQL) {
  return db
    .select()
    .from(shareGoals)
    .where(and(sql`${shareGoals.fanclubId} = ${fanclubId}`, isNull(shareGoals.closedAt)))
    .orderBy(desc(shareGoals.id))
    .limit(1);
}

export async function openGoalOf(db: Db, fanclubId: number, now: number): Promise<GoalWithProgress | null> {
  const goal = await openGoalQuery(db, sql`${fanclubId}`).get();
  return goal ? withProgress(db, goal, now) : null;
}

export async function createGoal(db: Db, fanclubId: number, values: GoalValues, now: number): Promise<ShareGoalRow> {
  const at = new Date(now);
  return db
    .insert(shareGoals)
    .values({ fanclubId, ...values, deadline: new Date(values.deadline), startsAt: at, createdAt: at, updatedAt: at })
    .returning()
    .get();
}

/** Edits an open goal; a closed one keeps its result (false). */
export async function updateGoal(db: Db, fanclubId: number, goalId: number, values: GoalValues, now: number): Promise<boolean> {
  const done = await db
    .update(shareGoals)
    .set({ ...values, deadline: new Date(values.deadline), updatedAt: new Date(now) })
    .where(and(eq(shareGoals.id, goalId), eq(shareGoals.fanclubId, fanclubId), isNull(shareGoals.closedAt)))
    .returning({ id: shareGoals.id });
  return done.length > 0;
}

/**
 * Closes a goal and keeps its result: the progress at the close is written in the same
 * conditional update (`closed_at IS NULL`), so closing twice keeps the first result.
 */
export async function closeGoal(db: Db, fanclubId: number, goalId: number, now: number): Promise<GoalWithProgress | null> {
  const current = await goalOf(db, fanclubId, goalId, now);
  if (!current) return null;
  if (current.goal.closedAt) return current;
  await db
    .update(shareGoals)
    .set({ closedAt: new Date(now), resultValue: current.progress.value, updatedAt: new Date(now) })
    .where(and(eq(shareGoals.id, goalId), isNull(shareGoals.closedAt)));
  return goalOf(db, fanclubId, goalId, now);
}
