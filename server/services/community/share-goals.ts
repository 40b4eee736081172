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

/** The rows progress is counted from, in one batch: supporters at the start, joins and leaves per day, payments per day and month. */
async function goalRows(db: Db, fanclubId: number, goal: Pick<ShareGoalRow, "startsAt" | "deadline">): Promise<GoalRows> {
  const start = goal.startsAt.getTime();
  const end = goal.deadline.getTime();
  const day = (column: string) => sql.raw(`CAST((${column} + ${JST_MS}) / ${DAY_MS} AS INTEGER)`);
  // one D1 round trip: the fan club page adds it only when the fan club has an open goal
  const [baseline, joins, leaves, payments] = await db.batch([
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
        sql`${membershipPayments.fanclubId} = ${fanclubId} AND ${membershipPayments.month} >= ${billingMonthOf(start)} AND ${membershipPayments.month} <= ${billingMonthOf(end)} AND ${membershipPayments.createdAt} <= ${end}`,
      )
      .groupBy(sql`day`, membershipPayments.month),
  ]);
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

export async function withProgress(db: Db, goal: ShareGoalRow, now: number): Promise<GoalWithProgress> {
  const rows = await goalRows(db, goal.fanclubId, goal);
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
