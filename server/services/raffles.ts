import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emails, fanclubs, follows, notificationSettings, notifications, purchaseItems, purchases, raffleEntries, raffleWinners, raffles, services, users, type RaffleRow } from "../../db/schema";
import { SUPPORTED_LOCALES } from "../domain/locale";
import { canDraw, drawWinners, newSeed, RAFFLE_ALGORITHM, raffleEditProblem, type DrawWinner, type RaffleEditProblem, type RaffleInput } from "../domain/raffles";
import { translatorFor } from "../i18n";
import type { Stmt } from "./cart-items";
import type { ResolvedSession } from "./sessions";

/**
 * Raffles: the creator's list, form and draw; the fan club's public raffles and a fan's entries;
 * the purchase histories. Entries are bought through the cart (./cart-items/raffle.ts); the draw's
 * rules and algorithm are in server/domain/raffles.ts.
 */

export const RAFFLE_PAGE_SIZE = 20;

/** Entry totals of one raffle: tickets (entries counted with their count) and fans. */
const entryTotals = {
  ticketCount: sql<number>`(SELECT COALESCE(SUM("count"), 0) FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = "raffles"."id")`.as("ticket_count"),
  fanCount: sql<number>`(SELECT COUNT(DISTINCT "user_id") FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = "raffles"."id")`.as("fan_count"),
};

export type RaffleSummary = Pick<RaffleRow, "id" | "fanclubId" | "title" | "entryPrice" | "winnerCount" | "maxEntriesPerFan" | "status"> & {
  entryStartAt: number;
  entryEndAt: number;
  drawnAt: number | null;
  ticketCount: number;
  fanCount: number;
};

function summaryOf(row: RaffleRow & { ticketCount: number; fanCount: number }): RaffleSummary {
  return {
    id: row.id,
    fanclubId: row.fanclubId,
    title: row.title,
    entryPrice: row.entryPrice,
    winnerCount: row.winnerCount,
    maxEntriesPerFan: row.maxEntriesPerFan,
    status: row.status,
    entryStartAt: row.entryStartAt.getTime(),
    entryEndAt: row.entryEndAt.getTime(),
    drawnAt: row.drawnAt?.getTime() ?? null,
    ticketCount: Number(row.ticketCount),
    fanCount: Number(row.fanCount),
  };
}

// ----- creator

/** /me/fanclub/raffles: every raffle of the fan club with its entry counts, the latest deadline first. */
export async function listCreatorRaffles(db: Db, fanclubId: number): Promise<RaffleSummary[]> {
  const rows = await db
    .select({ ...rafflesColumns(), ...entryTotals })
    .from(raffles)
    .where(eq(raffles.fanclubId, fanclubId))
    .orderBy(desc(raffles.entryEndAt), desc(raffles.id));
  return rows.map(summaryOf);
}

function rafflesColumns() {
  return {
    id: raffles.id,
    fanclubId: raffles.fanclubId,
    title: raffles.title,
    description: raffles.description,
    prizeDescription: raffles.prizeDescription,
    entryPrice: raffles.entryPrice,
    winnerCount: raffles.winnerCount,
    entryStartAt: raffles.entryStartAt,
    entryEndAt: raffles.entryEndAt,
    maxEntriesPerFan: raffles.maxEntriesPerFan,
    status: raffles.status,
    drawnAt: raffles.drawnAt,
    seed: raffles.seed,
    algorithm: raffles.algorithm,
    drawnTicketCount: raffles.drawnTicketCount,
    createdAt: raffles.createdAt,
    updatedAt: raffles.updatedAt,
  };
}

export type RaffleWinnerView = { rank: number; userId: number; name: string; entryId: number };

export type RaffleDraw = { seed: string; algorithm: string; drawnAt: number; ticketCount: number; winners: RaffleWinnerView[] };

export type RaffleFull = RaffleSummary & { description: string; prizeDescription: string; draw: RaffleDraw | null };

/** One raffle with its counts and, once drawn, its recorded result (one round trip). */
export async function getRaffle(db: Db, raffleId: number, fanclubId?: number): Promise<RaffleFull | null> {
  const [rows, winners] = await db.batch([
    db
      .select({ ...rafflesColumns(), ...entryTotals })
      .from(raffles)
      .where(fanclubId === undefined ? eq(raffles.id, raffleId) : and(eq(raffles.id, raffleId), eq(raffles.fanclubId, fanclubId))),
    db
      .select({ rank: raffleWinners.rank, userId: raffleWinners.userId, name: users.name, entryId: raffleWinners.entryId })
      .from(raffleWinners)
      .innerJoin(users, eq(users.id, raffleWinners.userId))
      .where(eq(raffleWinners.raffleId, raffleId))
      .orderBy(asc(raffleWinners.rank)),
  ]);
  const row = rows[0];
  if (!row) return null;
  const draw =
    row.status === "drawn" && row.seed && row.algorithm && row.drawnAt
      ? { seed: row.seed, algorithm: row.algorithm, drawnAt: row.drawnAt.getTime(), ticketCount: row.drawnTicketCount ?? 0, winners }
      : null;
  return { ...summaryOf(row), description: row.description, prizeDescription: row.prizeDescription, draw };
}

/** New raffles start as drafts unless the creator publishes at once. */
export async function createRaffle(db: Db, fanclubId: number, input: RaffleInput & { publish: boolean }, now: number): Promise<number> {
  const at = new Date(now);
  const [row] = await db
    .insert(raffles)
    .values({ fanclubId, ...rowValues(input), status: input.publish ? "published" : "draft", createdAt: at, updatedAt: at })
    .returning({ id: raffles.id });
  return row!.id;
}

function rowValues(input: RaffleInput) {
  return {
    title: input.title,
    description: input.description,
    prizeDescription: input.prizeDescription,
    entryPrice: input.entryPrice,
    winnerCount: input.winnerCount,
    entryStartAt: new Date(input.entryStartAt),
    entryEndAt: new Date(input.entryEndAt),
    maxEntriesPerFan: input.maxEntriesPerFan,
  };
}

export type UpdateRaffleResult = { ok: true } | { ok: false; reason: "notFound" | "unpublish" | RaffleEditProblem };

/**
 * Saves the form. A published raffle with entries stays published (fans paid to be in it); the
 * price stays once anyone entered. The update names the state it checked, so a draw or an entry
 * that landed meanwhile makes it answer again instead of overwriting.
 */
export async function updateRaffle(db: Db, fanclubId: number, raffleId: number, input: RaffleInput & { publish: boolean }, now: number): Promise<UpdateRaffleResult> {
  const current = await getRaffle(db, raffleId, fanclubId);
  if (!current) return { ok: false, reason: "notFound" };
  const problem = raffleEditProblem(current, input, current.ticketCount, now);
  if (problem) return { ok: false, reason: problem };
  if (!input.publish && current.status === "published" && current.ticketCount > 0) return { ok: false, reason: "unpublish" };
  const updated = await db
    .update(raffles)
    .set({ ...rowValues(input), status: input.publish ? "published" : "draft", updatedAt: new Date(now) })
    .where(
      and(
        eq(raffles.id, raffleId),
        eq(raffles.fanclubId, fanclubId),
        eq(raffles.status, current.status),
        // nobody entered since the check, when the check relied on it
        sql`(SELECT COALESCE(SUM("count"), 0) FROM "raffle_entries" WHERE "raffle_entries"."raffle_id" = ${raffleId}) = ${current.ticketCount}`,
      ),
    )
    .returning({ id: raffles.id });
  if (!updated.length) return updateRaffle(db, fanclubId, raffleId, input, now);
  return { ok: true };
}

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
    const inLocale = locale === "ja" ? sql`${users.locale} NOT IN ${SUPPORTED_LOCALES.filter((l) => l !== "ja")}` : sql`${users.locale} = ${locale}`;
    for (const outcome of ["won", "lost"] as const) {
      const mail = { fanclub: found.fanclubName, raffle: raffle.title, url };
      emailStatements.push(
        db
          .insert(emails)
          .select(
            db
              .select({
                id: sql<null>`NULL`.as("id"),
                toAddress: sql<string>`"users"."email"`.as("to_address"),
                template: sql<string>`${`raffles.${outcome}`}`.as("template"),
                locale: sql<string>`${locale}`.as("locale"),
                subject: sql<string>`${t(`mail.${outcome}.subject`, mail)}`.as("subject"),
                textBody: sql<string>`${t(`mail.${outcome}.body`, mail)}`.as("text_body"),
                status: sql<string>`'pending'`.as("status"),
                sentAt: sql<null>`NULL`.as("sent_at"),
                error: sql<null>`NULL`.as("error"),
                createdAt: sql<number>`${now}`.as("created_at"),
              })
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

// ----- fans

export type FanRaffleState = {
  raffle: RaffleRow;
  fanclub: { id: number; name: string; iconKey: string | null; status: "open" | "closed"; ownerId: number };
  following: boolean;
  blocked: boolean;
  /** entries the fan holds in this raffle */
  held: number;
};

/** What the cart needs to decide whether these raffles can be entered by this fan (one round trip). */
export async function loadFanRaffleStates(db: Db, userId: number, raffleIds: readonly number[]): Promise<Map<number, FanRaffleState>> {
  const ids = [...new Set(raffleIds)];
  if (!ids.length) return new Map();
  const [rows, held] = await db.batch([
    db
      .select({
        raffle: raffles,
        // raffles and fan clubs share column names (id, status): D1 batch rows are keyed by name
        fanclub: {
          id: sql<number>`${fanclubs.id}`.as("fanclub_row_id"),
          name: sql<string>`${fanclubs.name}`.as("fanclub_name"),
          iconKey: sql<string | null>`${fanclubs.iconKey}`.as("fanclub_icon_key"),
          status: sql<"open" | "closed">`${fanclubs.status}`.as("fanclub_status"),
          ownerId: fanclubs.ownerId,
        },
        following: sql<number>`EXISTS (SELECT 1 FROM "follows" WHERE "follows"."fanclub_id" = "raffles"."fanclub_id" AND "follows"."user_id" = ${userId})`.as("following"),
        blocked: sql<number>`EXISTS (SELECT 1 FROM "fanclub_blocks" WHERE "fanclub_blocks"."fanclub_id" = "raffles"."fanclub_id" AND "fanclub_blocks"."user_id" = ${userId})`.as("blocked"),
      })
      .from(raffles)
      .innerJoin(fanclubs, eq(fanclubs.id, raffles.fanclubId))
      .where(inArray(raffles.id, ids)),
    db
      .select({ raffleId: raffleEntries.raffleId, held: sql<number>`SUM(${raffleEntries.count})`.as("held") })
      .from(raffleEntries)
      .where(and(eq(raffleEntries.userId, userId), inArray(raffleEntries.raffleId, ids)))
      .groupBy(raffleEntries.raffleId),
  ]);
  const heldBy = new Map(held.map((h) => [h.raffleId, Number(h.held)]));
  return new Map(rows.map((r) => [r.raffle.id, { raffle: r.raffle, fanclub: r.fanclub, following: Boolean(r.following), blocked: Boolean(r.blocked), held: heldBy.get(r.raffle.id) ?? 0 }]));
}

/**
 * The purchase batch's entry row. `fan_total` and `fan_limit` are computed when the batch runs:
 * the limit is 0 unless the raffle is published and `now` is inside its window, so the row's CHECK
 * (raffle_entries_limit_capacity) fails the whole purchase when a concurrent purchase took the fan
 * past the limit or the window closed after the cart was checked.
 */
export function entryStatement(db: Db, input: { userId: number; raffleId: number; count: number; purchaseKey: string; purchaseId: SQL; now: number }): Stmt {
  const key = `${input.purchaseKey}:raffle:${input.raffleId}`;
  return db.insert(raffleEntries).select(
    db
      // every column of the table, in order; a NULL id takes the next rowid
      .select({
        id: sql<null>`NULL`.as("id"),
        raffleId: sql<number>`"raffles"."id"`.as("raffle_id"),
        userId: sql<number>`${input.userId}`.as("user_id"),
        purchaseId: sql<number>`${input.purchaseId}`.as("purchase_id"),
        count: sql<number>`${input.count}`.as("count"),
        fanTotal: sql<number>`${input.count} + (SELECT COALESCE(SUM(e."count"), 0) FROM "raffle_entries" e WHERE e."raffle_id" = "raffles"."id" AND e."user_id" = ${input.userId})`.as("fan_total"),
        fanLimit: sql<number>`CASE WHEN "raffles"."status" = 'published' AND "raffles"."entry_start_at" <= ${input.now} AND ${input.now} < "raffles"."entry_end_at" THEN "raffles"."max_entries_per_fan" ELSE 0 END`.as("fan_limit"),
        idempotencyKey: sql<string>`${key}`.as("idempotency_key"),
        createdAt: sql<number>`${input.now}`.as("created_at"),
      })
      .from(raffles)
      .where(eq(raffles.id, input.raffleId)),
  );
}

export type FanEntry = { count: number; createdAt: number };

/** The public list of a fan club's raffles (published and drawn), the latest deadline first. */
export async function listFanclubRaffles(db: Db, fanclubId: number): Promise<RaffleSummary[]> {
  const rows = await db
    .select({ ...rafflesColumns(), ...entryTotals })
    .from(raffles)
    .where(and(eq(raffles.fanclubId, fanclubId), inArray(raffles.status, ["published", "drawn"])))
    .orderBy(desc(raffles.entryEndAt), desc(raffles.id))
    .limit(100);
  return rows.map(summaryOf);
}

export type RaffleForViewer = {
  raffle: RaffleFull;
  /** the viewer's entries (empty when signed out) */
  entries: FanEntry[];
  held: number;
  following: boolean;
  /** whether the viewer may see who won: entrants and the fan club's managers */
  seesWinners: boolean;
};

/** /fanclubs/{id}/raffles/{raffleId}: the raffle as this viewer sees it; null when it is not public. */
export async function raffleForViewer(db: Db, input: { fanclubId: number; raffleId: number; userId: number | null; manages: boolean }): Promise<RaffleForViewer | null> {
  const raffle = await getRaffle(db, input.raffleId, input.fanclubId);
  if (!raffle || (raffle.status === "draft" && !input.manages)) return null;
  if (input.userId === null) return { raffle, entries: [], held: 0, following: false, seesWinners: input.manages };
  const [entryRows, followRows] = await db.batch([
    db
      .select({ count: raffleEntries.count, createdAt: raffleEntries.createdAt })
      .from(raffleEntries)
      .where(and(eq(raffleEntries.raffleId, input.raffleId), eq(raffleEntries.userId, input.userId)))
      .orderBy(asc(raffleEntries.id)),
    db
      .select({ n: sql<number>`1` })
      .from(follows)
      .where(and(eq(follows.fanclubId, input.fanclubId), eq(follows.userId, input.userId))),
  ]);
  const entries = entryRows.map((e) => ({ count: e.count, createdAt: e.createdAt.getTime() }));
  const held = entries.reduce((sum, e) => sum + e.count, 0);
  return { raffle, entries, held, following: followRows.length > 0, seesWinners: input.manages || held > 0 };
}

// ----- histories

export type FanRaffleHistoryRow = {
  entryId: number;
  raffleId: number;
  title: string;
  fanclubId: number;
  fanclubName: string;
  count: number;
  paid: number;
  enteredAt: number;
  result: "pending" | "won" | "lost";
};

/** /me/purchase_histories/raffles: the fan's entries, newest first, a page at a time (one batch). */
export async function fanRaffleHistory(db: Db, userId: number, page: number): Promise<{ rows: FanRaffleHistoryRow[]; total: number }> {
  const [rows, totals] = await db.batch([
    db
      .select({
        // entries, raffles and fan clubs all have an id: D1 batch rows are keyed by column name
        entryId: sql<number>`${raffleEntries.id}`.as("entry_id"),
        raffleId: raffleEntries.raffleId,
        title: raffles.title,
        fanclubId: raffles.fanclubId,
        fanclubName: sql<string>`${fanclubs.name}`.as("fanclub_name"),
        count: raffleEntries.count,
        paid: sql<number>`COALESCE((SELECT SUM(pi."price") FROM "purchase_items" pi WHERE pi."purchase_id" = "raffle_entries"."purchase_id" AND pi."type" = 'Raffle' AND pi."target_id" = "raffle_entries"."raffle_id"), 0)`.as("paid"),
        enteredAt: raffleEntries.createdAt,
        status: raffles.status,
        won: sql<number>`EXISTS (SELECT 1 FROM "raffle_winners" w WHERE w."raffle_id" = "raffle_entries"."raffle_id" AND w."user_id" = "raffle_entries"."user_id")`.as("won"),
      })
      .from(raffleEntries)
      .innerJoin(raffles, eq(raffles.id, raffleEntries.raffleId))
      .innerJoin(fanclubs, eq(fanclubs.id, raffles.fanclubId))
      .where(eq(raffleEntries.userId, userId))
      .orderBy(desc(raffleEntries.id))
      .limit(RAFFLE_PAGE_SIZE)
      .offset((page - 1) * RAFFLE_PAGE_SIZE),
    db.select({ n: sql<number>`COUNT(*)` }).from(raffleEntries).where(eq(raffleEntries.userId, userId)),
  ]);
  return {
    total: Number(totals[0]?.n ?? 0),
    rows: rows.map((r) => ({
      entryId: r.entryId,
      raffleId: r.raffleId,
      title: r.title,
      fanclubId: r.fanclubId,
      fanclubName: r.fanclubName,
      count: r.count,
      paid: Number(r.paid),
      enteredAt: r.enteredAt.getTime(),
      result: r.status !== "drawn" ? "pending" : r.won ? "won" : "lost",
    })),
  };
}

export type CreatorRaffleSales = { rows: CreatorRaffleSaleRow[]; total: number; salesTotal: number };

export type CreatorRaffleSaleRow = { purchaseItemId: number; raffleId: number; title: string; fanName: string; count: number; price: number; paidAt: number };

/** /me/fanclub/purchases/raffles: paid raffle entries of the fan club, newest first (one batch). */
export async function creatorRaffleSales(db: Db, fanclubId: number, page: number): Promise<CreatorRaffleSales> {
  const where = and(eq(purchaseItems.fanclubId, fanclubId), eq(purchaseItems.targetType, "raffle_entry"), eq(purchases.status, "paid"));
  const [rows, totals] = await db.batch([
    db
      .select({
        // purchase items and raffles both have an id: D1 batch rows are keyed by column name
        purchaseItemId: sql<number>`${purchaseItems.id}`.as("purchase_item_id"),
        raffleId: purchaseItems.targetId,
        title: raffles.title,
        fanName: sql<string>`${users.name}`.as("fan_name"),
        count: purchaseItems.quantity,
        price: purchaseItems.price,
        paidAt: purchases.updatedAt,
      })
      .from(purchaseItems)
      .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
      .innerJoin(raffles, eq(raffles.id, purchaseItems.targetId))
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(where)
      .orderBy(desc(purchaseItems.id))
      .limit(RAFFLE_PAGE_SIZE)
      .offset((page - 1) * RAFFLE_PAGE_SIZE),
    db
      .select({ n: sql<number>`COUNT(*)`, total: sql<number>`COALESCE(SUM(${purchaseItems.price}), 0)` })
      .from(purchaseItems)
      .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
      .where(where),
  ]);
  return { total: Number(totals[0]?.n ?? 0), salesTotal: Number(totals[0]?.total ?? 0), rows: rows.map((r) => ({ ...r, paidAt: r.paidAt.getTime() })) };
}

/** Whether the signed-in person manages this fan club's raffles (its owner, or an editor with can_raffle_manage). */
export function managesRaffles(session: Pick<ResolvedSession, "creator"> | null, fanclubId: number): boolean {
  if (!session) return false;
  if (session.creator.own?.id === fanclubId) return true;
  return session.creator.editing.some((e) => e.fanclubId === fanclubId && e.permissions.includes("can_raffle_manage"));
}
