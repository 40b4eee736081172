import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  emails,
  fanclubs,
  notificationSettings,
  notifications,
  raffleEntries,
  raffleWinners,
  raffles,
  services,
  users,
} from "../../../db/schema";
import { SUPPORTED_LOCALES } from "../../domain/locale";
import { canDraw, drawWinners, newSeed, RAFFLE_ALGORITHM, type DrawWinner } from "../../domain/raffles";
import { translatorFor } from "../../i18n";
import type { Stmt } from "../cart-items";
import { emailColumns } from "../mailer";

/** The draw: winners picked once the entries have closed, recorded and told. */

export type DrawResult =
  | { ok: true; seed: string; winners: DrawWinner[]; emailIds: number[] }
  | { ok: false; reason: "notFound" | "notClosed" | "alreadyDrawn" | "changed" };

/**
 * Draws the winners once the entries have closed. The seed comes from the CSPRNG now; one batch
 * records the seed, the algorithm and the winners and tells every entrant (a notification, and an
 * e-mail in their language unless they turned purchase mail off). The raffle's update only applies
 * to a published raffle whose window has closed and whose entries are the ones read, and every
 * later statement only acts when the raffle then carries this draw's seed: a second draw (a double
 * click, a second manager) writes nothing and the first result stands; an entry or an edit that
 * landed between the read and the batch makes the draw answer `changed` with nothing written.
 */
export async function drawRaffle(db: Db, input: { fanclubId: number; raffleId: number; now: number; seed?: string }): Promise<DrawResult> {
  const { fanclubId, raffleId, now } = input;
  const [raffleRows, entryRows] = await db.batch([
    db
      .select({ raffle: raffles, fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"), frontUrl: services.frontUrl })
      .from(raffles)
      .innerJoin(fanclubs, eq(fanclubs.id, raffles.fanclubId))
      .innerJoin(services, eq(services.id, fanclubs.serviceId))
      .where(and(eq(raffles.id, raffleId), eq(raffles.fanclubId, fanclubId))),
    db
      .select({ id: raffleEntries.id, userId: raffleEntries.userId, count: raffleEntries.count })
      .from(raffleEntries)
      .where(eq(raffleEntries.raffleId, raffleId))
      .orderBy(asc(raffleEntries.id)),
  ]);
  const found = raffleRows[0];
  if (!found) return { ok: false, reason: "notFound" };
  const { raffle } = found;
  if (raffle.status === "drawn") return { ok: false, reason: "alreadyDrawn" };
  const times = { status: raffle.status, entryStartAt: raffle.entryStartAt.getTime(), entryEndAt: raffle.entryEndAt.getTime() };
  if (!canDraw(times, now)) return { ok: false, reason: "notClosed" };

  const seed = input.seed ?? newSeed();
  const winners = await drawWinners(seed, entryRows, raffle.winnerCount);
  const ticketCount = entryRows.reduce((sum, e) => sum + e.count, 0);
  const at = new Date(now);
  const ours = sql`EXISTS (SELECT 1 FROM "raffles" WHERE "id" = ${raffleId} AND "seed" = ${seed})`;

  const statements: Stmt[] = [
    db
      .update(raffles)
      .set({ status: "drawn", drawnAt: at, seed, algorithm: RAFFLE_ALGORITHM, drawnTicketCount: ticketCount, updatedAt: at })
      .where(
        and(
          eq(raffles.id, raffleId),
          eq(raffles.status, "published"),
          sql`${raffles.entryEndAt} <= ${now}`,
          sql`(SELECT COUNT(*) FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = ${raffleId}) = ${entryRows.length}`,
        ),
      ),
  ];
  for (const w of winners) {
    statements.push(
      db.insert(raffleWinners).select(
        db
          .select({
            raffleId: sql<number>`${raffleId}`.as("raffle_id"),
            rank: sql<number>`${w.rank}`.as("rank"),
            entryId: sql<number>`${w.entryId}`.as("entry_id"),
            userId: sql<number>`${w.userId}`.as("user_id"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(raffles)
          .where(and(eq(raffles.id, raffleId), eq(raffles.seed, seed))),
      ),
    );
  }
  const url = `${found.frontUrl}/fanclubs/${fanclubId}/raffles/${raffleId}`;
  const params = JSON.stringify({ fanclub: found.fanclubName, raffle: raffle.title });
  const won = sql`EXISTS (SELECT 1 FROM "raffle_winners" w WHERE w."raffle_id" = ${raffleId} AND w."user_id" = "raffle_entries"."user_id")`;
  // one row per entrant: the entries grouped by fan, only when this draw's seed was recorded
  const entrants = and(eq(raffleEntries.raffleId, raffleId), ours);
  statements.push(
    db.insert(notifications).select(
      db
        .select({
          id: sql<null>`NULL`.as("id"),
          userId: sql<number>`"raffle_entries"."user_id"`.as("user_id"),
          kind: sql<string>`CASE WHEN ${won} THEN 'raffleWon' ELSE 'raffleLost' END`.as("kind"),
          params: sql<string>`${params}`.as("params"),
          url: sql<string>`${url}`.as("url"),
          readAt: sql<null>`NULL`.as("read_at"),
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(raffleEntries)
        .where(entrants)
        .groupBy(raffleEntries.userId),
    ),
  );
  const emailStatements: Stmt[] = [];
  for (const locale of SUPPORTED_LOCALES) {
    const t = translatorFor(locale, "raffles");
    // 'ja' also takes anyone whose stored language is not one we speak
    const inLocale =
      locale === "ja" ? sql`${users.locale} NOT IN ${SUPPORTED_LOCALES.filter((l) => l !== "ja")}` : sql`${users.locale} = ${locale}`;
    for (const outcome of ["won", "lost"] as const) {
      const mail = { fanclub: found.fanclubName, raffle: raffle.title, url };
      emailStatements.push(
        db
          .insert(emails)
          .select(
            db
              .select(
                emailColumns({
                  to: sql`"users"."email"`,
                  template: `raffles.${outcome}`,
                  locale,
                  subject: t(`mail.${outcome}.subject`, mail),
                  body: t(`mail.${outcome}.body`, mail),
                  now,
                }),
              )
              .from(raffleEntries)
              .innerJoin(users, eq(users.id, raffleEntries.userId))
              .leftJoin(notificationSettings, eq(notificationSettings.userId, raffleEntries.userId))
              .where(
                and(
                  entrants,
                  sql`${users.email} IS NOT NULL AND ${users.leftAt} IS NULL AND COALESCE(${notificationSettings.emailPurchase}, 1) = 1`,
                  inLocale,
                  outcome === "won" ? won : sql`NOT ${won}`,
                ),
              )
              .groupBy(raffleEntries.userId),
          )
          .returning({ id: emails.id }),
      );
    }
  }
  const results: unknown[] = await db.batch([...statements, ...emailStatements] as [Stmt, ...Stmt[]]);
  const after = await db.select({ seed: raffles.seed, status: raffles.status }).from(raffles).where(eq(raffles.id, raffleId)).get();
  if (after?.seed !== seed) return { ok: false, reason: after?.status === "drawn" ? "alreadyDrawn" : "changed" };
  const emailIds = results.slice(statements.length).flatMap((r) => (r as Array<{ id: number }>).map((row) => row.id));
  return { ok: true, seed, winners, emailIds };
}
