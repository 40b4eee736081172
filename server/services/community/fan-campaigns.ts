import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  coinCampaignGrants,
  coinCampaigns,
  coinLots,
  fanCampaignRewards,
  fanCampaigns,
  fanclubCampaignSettings,
  fanclubs,
  follows,
  memberships,
  posts,
  specialTicketTypes,
  specialTickets,
  type FanCampaignRow,
} from "../../../db/schema";
import {
  earnedCampaigns,
  joinsPaidPlan,
  CAMPAIGN_LIMITS,
  type CampaignCondition,
  type CampaignRewardKind,
  type PaidLine,
} from "../../domain/fan-campaigns";
import { mediaUrl } from "../../domain/images";
import { ticketKeys } from "../../domain/special-tickets";
import { grantCampaignBonus } from "../coin-campaigns";
import { ticketIssueStatement } from "./special-tickets";

/**
 * Fan club campaigns (docs/decisions/037). A campaign's coin reward is a vesting coin campaign row
 * of its own (the wallet's ledger, expiry and /me/coin_vesting_campaign stay the one place coins
 * are granted); the platform's own vesting campaigns are the rows no fan club campaign owns.
 */

type CampaignValues = {
  title: string;
  description: string;
  startsAt: number;
  endsAt: number;
  condition: CampaignCondition;
  rewardKind: CampaignRewardKind;
  rewardCoins: number | null;
  rewardPostId: number | null;
  rewardTicketTypeId: number | null;
  bannerPostId: number | null;
};

/** Whether the fan club runs campaigns (spec §3 useCampaign). */
export async function usesCampaigns(db: Db, fanclubId: number): Promise<boolean> {
  const row = await db.select().from(fanclubCampaignSettings).where(eq(fanclubCampaignSettings.fanclubId, fanclubId)).get();
  return row?.useCampaign === true;
}

/** Turns campaigns on or off for a fan club (the operator's switch; the seed and tests use it). */
export async function setUsesCampaigns(db: Db, fanclubId: number, useCampaign: boolean, now: number): Promise<void> {
  await db
    .insert(fanclubCampaignSettings)
    .values({ fanclubId, useCampaign, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: fanclubCampaignSettings.fanclubId, set: { useCampaign, updatedAt: new Date(now) } });
}

type CampaignSummary = FanCampaignRow & {
  rewarded: number;
  rewardCoins: number | null;
  rewardPostTitle: string | null;
  rewardTicketName: string | null;
};

const summaryColumns = {
  campaign: fanCampaigns,
  rewarded: sql<number>`(SELECT count(*) FROM fan_campaign_rewards r WHERE r.campaign_id = ${fanCampaigns.id})`,
  rewardCoins: coinCampaigns.bonusAmount,
  rewardPostTitle: posts.title,
  rewardTicketName: specialTicketTypes.name,
};

function summaryQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(fanCampaigns)
    .leftJoin(coinCampaigns, eq(coinCampaigns.id, fanCampaigns.coinCampaignId))
    .leftJoin(posts, eq(posts.id, fanCampaigns.rewardPostId))
    .leftJoin(specialTicketTypes, eq(specialTicketTypes.id, fanCampaigns.rewardTicketTypeId));
}

type SummaryRow = {
  campaign: FanCampaignRow;
  rewarded: number;
  rewardCoins: number | null;
  rewardPostTitle: string | null;
  rewardTicketName: string | null;
};
const toSummary = (r: SummaryRow): CampaignSummary => ({
  ...r.campaign,
  rewarded: Number(r.rewarded),
  rewardCoins: r.rewardCoins,
  rewardPostTitle: r.rewardPostTitle,
  rewardTicketName: r.rewardTicketName,
});

export async function campaignsOf(db: Db, fanclubId: number): Promise<CampaignSummary[]> {
  const rows = await summaryQuery(db)
    .where(eq(fanCampaigns.fanclubId, fanclubId))
    .orderBy(desc(fanCampaigns.startsAt), desc(fanCampaigns.id))
    .limit(100);
  return rows.map(toSummary);
}

export async function campaignOf(db: Db, fanclubId: number, campaignId: number): Promise<CampaignSummary | null> {
  const row = await summaryQuery(db)
    .where(and(eq(fanCampaigns.id, campaignId), eq(fanCampaigns.fanclubId, fanclubId)))
    .get();
  return row ? toSummary(row) : null;
}

type CampaignProblem = "postMissing" | "ticketMissing";

/** The reward and banner must be the fan club's own post and ticket type. */
async function checkReferences(db: Db, fanclubId: number, v: CampaignValues): Promise<CampaignProblem | null> {
  const postIds = [v.rewardKind === "post" ? v.rewardPostId : null, v.bannerPostId].filter((id): id is number => id !== null);
  if (postIds.length) {
    const found = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(inArray(posts.id, postIds), eq(posts.fanclubId, fanclubId), isNull(posts.deletedAt)));
    if (new Set(found.map((p) => p.id)).size !== new Set(postIds).size) return "postMissing";
  }
  if (v.rewardKind === "ticket") {
    const type = await db
      .select({ id: specialTicketTypes.id })
      .from(specialTicketTypes)
      .where(
        and(
          eq(specialTicketTypes.id, v.rewardTicketTypeId ?? 0),
          eq(specialTicketTypes.fanclubId, fanclubId),
          isNull(specialTicketTypes.archivedAt),
        ),
      )
      .get();
    if (!type) return "ticketMissing";
  }
  return null;
}

function rowValues(v: CampaignValues) {
  return {
    title: v.title,
    description: v.description,
    startsAt: new Date(v.startsAt),
    endsAt: new Date(v.endsAt),
    condition: v.condition,
    rewardKind: v.rewardKind,
    rewardPostId: v.rewardKind === "post" ? v.rewardPostId : null,
    rewardTicketTypeId: v.rewardKind === "ticket" ? v.rewardTicketTypeId : null,
    bannerPostId: v.bannerPostId,
  };
}

/**
 * Creates a campaign. A coin reward creates its vesting coin campaign in the same batch (the
 * fan campaign row points at it through last_insert_rowid()), so neither lands without the other.
 */
export async function createCampaign(
  db: Db,
  fanclubId: number,
  v: CampaignValues,
  now: number,
): Promise<{ ok: true; id: number } | { ok: false; problem: CampaignProblem }> {
  const problem = await checkReferences(db, fanclubId, v);
  if (problem) return { ok: false, problem };
  const at = new Date(now);
  const fanRow = { fanclubId, ...rowValues(v), createdAt: at, updatedAt: at };
  if (v.rewardKind === "coins") {
    const [, inserted] = await db.batch([
      db.insert(coinCampaigns).values({
        name: v.title,
        description: v.description,
        bonusAmount: v.rewardCoins!,
        vestOn: "plan_join",
        startsAt: new Date(v.startsAt),
        endsAt: new Date(v.endsAt),
        expiresAfterDays: CAMPAIGN_LIMITS.coinDays,
        createdAt: at,
      }),
      db
        .insert(fanCampaigns)
        .values({ ...fanRow, coinCampaignId: sql`last_insert_rowid()` })
        .returning({ id: fanCampaigns.id }),
    ]);
    return { ok: true, id: inserted[0]!.id };
  }
  const row = await db.insert(fanCampaigns).values(fanRow).returning({ id: fanCampaigns.id }).get();
  return { ok: true, id: row.id };
}

/**
 * Edits a campaign. Its kind of reward stays what it was once a fan earned it (what they got
 * cannot change under them); a coin reward's amount and window move with its coin campaign.
 */
export async function updateCampaign(
  db: Db,
  fanclubId: number,
  campaignId: number,
  v: CampaignValues,
  now: number,
): Promise<{ ok: true } | { ok: false; problem: CampaignProblem | "missing" | "rewardLocked" }> {
  const current = await campaignOf(db, fanclubId, campaignId);
  if (!current) return { ok: false, problem: "missing" };
  if (current.rewarded > 0 && (v.rewardKind !== current.rewardKind || (v.rewardKind === "coins" && v.rewardCoins !== current.rewardCoins)))
    return { ok: false, problem: "rewardLocked" };
  if (v.rewardKind === "coins" && current.rewardKind !== "coins") return { ok: false, problem: "rewardLocked" };
  const problem = await checkReferences(db, fanclubId, v);
  if (problem) return { ok: false, problem };
  const at = new Date(now);
  const update = db
    .update(fanCampaigns)
    .set({ ...rowValues(v), coinCampaignId: v.rewardKind === "coins" ? current.coinCampaignId : null, updatedAt: at })
    .where(and(eq(fanCampaigns.id, campaignId), eq(fanCampaigns.fanclubId, fanclubId)));
  if (v.rewardKind === "coins" && current.coinCampaignId) {
    await db.batch([
      update,
      db
        .update(coinCampaigns)
        .set({
          name: v.title,
          description: v.description,
          bonusAmount: v.rewardCoins!,
          startsAt: new Date(v.startsAt),
          endsAt: new Date(v.endsAt),
        })
        .where(eq(coinCampaigns.id, current.coinCampaignId)),
    ]);
  } else if (current.coinCampaignId) {
    // the reward moved away from coins before anyone earned it: the coin campaign ends now
    await db.batch([update, db.update(coinCampaigns).set({ endsAt: at }).where(eq(coinCampaigns.id, current.coinCampaignId))]);
  } else {
    await update;
  }
  return { ok: true };
}

/** Coin campaigns owned by a fan club campaign: the platform's promotion leaves them alone. */
const fanOwnedCoinCampaigns = (db: Db) =>
  db
    .select({ id: fanCampaigns.coinCampaignId })
    .from(fanCampaigns)
    .where(sql`${fanCampaigns.coinCampaignId} IS NOT NULL`);

/**
 * Rewards of a paid purchase, granted once per fan and campaign: the hook the cart's purchase
 * calls for every paid outcome, fresh or replayed (plan joins, product purchases and tips all
 * pay through it). Each reward is keyed (the coin entry by `campaign:{coin campaign}:{fan}`, a
 * ticket by `ticket:campaign:{campaign}:{fan}`, the reward row by its primary key), so an event
 * delivered twice or two racing purchases grant it once. Also the platform's 'limited coins on
 * plan joining' promotion (spec §9): its running vesting campaigns on a paid plan line.
 */
export async function grantCampaignRewards(
  db: Db,
  input: { userId: number; purchaseKey: string; lines: readonly PaidLine[]; paidAt: number; now: number },
): Promise<{ granted: number[] }> {
  const fanclubIds = [...new Set(input.lines.map((l) => l.fanclubId))];
  const paidAt = new Date(input.paidAt);
  // not a D1 batch: there drizzle reads joined rows by column name, and the ticket type's id and
  // fan club would overwrite the campaign's
  const [candidates, promotions] = await Promise.all([
    db
      .select({ campaign: fanCampaigns, ticketType: specialTicketTypes })
      .from(fanCampaigns)
      .innerJoin(
        fanclubCampaignSettings,
        and(eq(fanclubCampaignSettings.fanclubId, fanCampaigns.fanclubId), eq(fanclubCampaignSettings.useCampaign, true)),
      )
      .leftJoin(specialTicketTypes, eq(specialTicketTypes.id, fanCampaigns.rewardTicketTypeId))
      .where(
        and(
          inArray(fanCampaigns.fanclubId, fanclubIds.length ? fanclubIds : [0]),
          lte(fanCampaigns.startsAt, paidAt),
          gt(fanCampaigns.endsAt, paidAt),
        ),
      ),
    db
      .select({ id: coinCampaigns.id })
      .from(coinCampaigns)
      .where(
        and(
          eq(coinCampaigns.vestOn, "plan_join"),
          lte(coinCampaigns.startsAt, paidAt),
          or(isNull(coinCampaigns.endsAt), gt(coinCampaigns.endsAt, paidAt)),
          notInArray(coinCampaigns.id, fanOwnedCoinCampaigns(db)),
        ),
      )
      .orderBy(asc(coinCampaigns.id)),
  ]);
  const earned = earnedCampaigns(
    candidates.map((c) => ({
      ...c.campaign,
      startsAt: c.campaign.startsAt.getTime(),
      endsAt: c.campaign.endsAt.getTime(),
      ticketType: c.ticketType,
    })),
    input.lines,
    input.paidAt,
  );
  const granted: number[] = [];
  const at = new Date(input.now);
  for (const c of earned) {
    const rewardRow = db
      .insert(fanCampaignRewards)
      .values({ campaignId: c.id, userId: input.userId, triggerKey: `purchase:${input.purchaseKey}`, createdAt: at })
      .onConflictDoNothing();
    if (c.rewardKind === "coins" && c.coinCampaignId) {
      // the coins first, under their own key: a crash before the reward row is finished by the next delivery
      const bonus = await grantCampaignBonus(db, { campaignId: c.coinCampaignId, userId: input.userId, now: input.now });
      if (!bonus.ok) continue;
      await rewardRow;
    } else if (c.rewardKind === "ticket" && c.ticketType) {
      await db.batch([
        ticketIssueStatement(db, {
          type: c.ticketType,
          userId: input.userId,
          source: "campaign",
          issueKey: ticketKeys.campaign(c.id, input.userId),
          now: input.now,
        }),
        rewardRow,
      ]);
    } else {
      await rewardRow;
    }
    granted.push(c.id);
  }
  if (joinsPaidPlan(input.lines)) {
    for (const p of promotions) await grantCampaignBonus(db, { campaignId: p.id, userId: input.userId, now: input.now });
  }
  return { granted };
}

export type FanCampaignView = {
  id: number;
  title: string;
  description: string;
  startsAt: number;
  endsAt: number;
  condition: CampaignCondition;
  rewardKind: CampaignRewardKind;
  rewardCoins: number | null;
  rewardPost: { id: number; title: string } | null;
  rewardTicketName: string | null;
  fanclub: { id: number; name: string; iconImageUrl: string | null };
  /** when the fan earned the reward, or null */
  rewardedAt: number | null;
  /** coin rewards: coins still usable */
  coinsRemaining: number | null;
  /** ticket rewards: the ticket's id */
  ticketId: number | null;
};

function campaignViewQuery(db: Db, userId: number) {
  return db
    .select({
      campaign: fanCampaigns,
      rewardCoins: coinCampaigns.bonusAmount,
      postTitle: posts.title,
      ticketName: specialTicketTypes.name,
      club: { id: fanclubs.id, name: fanclubs.name, iconKey: fanclubs.iconKey },
      rewardedAt: sql<
        number | null
      >`(SELECT r.created_at FROM fan_campaign_rewards r WHERE r.campaign_id = ${fanCampaigns.id} AND r.user_id = ${userId})`,
      coinsRemaining: sql<
        number | null
      >`(SELECT l.remaining FROM ${coinCampaignGrants} g JOIN ${coinLots} l ON l.entry_id = g.entry_id WHERE g.campaign_id = ${fanCampaigns.coinCampaignId} AND g.user_id = ${userId})`,
      ticketId: sql<
        number | null
      >`(SELECT t.id FROM ${specialTickets} t WHERE t.issue_key = 'ticket:campaign:' || ${fanCampaigns.id} || ':' || ${userId})`,
    })
    .from(fanCampaigns)
    .innerJoin(fanclubs, eq(fanclubs.id, fanCampaigns.fanclubId))
    .innerJoin(
      fanclubCampaignSettings,
      and(eq(fanclubCampaignSettings.fanclubId, fanCampaigns.fanclubId), eq(fanclubCampaignSettings.useCampaign, true)),
    )
    .leftJoin(coinCampaigns, eq(coinCampaigns.id, fanCampaigns.coinCampaignId))
    .leftJoin(posts, eq(posts.id, fanCampaigns.rewardPostId))
    .leftJoin(specialTicketTypes, eq(specialTicketTypes.id, fanCampaigns.rewardTicketTypeId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof campaignViewQuery>["all"]>>[number];
const toView = (r: ViewRow): FanCampaignView => ({
  id: r.campaign.id,
  title: r.campaign.title,
  description: r.campaign.description,
  startsAt: r.campaign.startsAt.getTime(),
  endsAt: r.campaign.endsAt.getTime(),
  condition: r.campaign.condition,
  rewardKind: r.campaign.rewardKind,
  rewardCoins: r.rewardCoins,
  rewardPost: r.campaign.rewardPostId && r.postTitle !== null ? { id: r.campaign.rewardPostId, title: r.postTitle } : null,
  rewardTicketName: r.ticketName,
  fanclub: { id: r.club.id, name: r.club.name, iconImageUrl: mediaUrl(r.club.iconKey) },
  rewardedAt: r.rewardedAt === null ? null : Number(r.rewardedAt),
  coinsRemaining: r.coinsRemaining === null ? null : Number(r.coinsRemaining),
  ticketId: r.ticketId === null ? null : Number(r.ticketId),
});

/**
 * /me/campaigns: the campaigns the fan earned a reward in, and the running ones of fan clubs they
 * follow or support (where they can still take part); rewarded first, then newest.
 */
export async function fanCampaignsOf(db: Db, userId: number, now: number): Promise<FanCampaignView[]> {
  const at = new Date(now);
  const rows = await campaignViewQuery(db, userId)
    .where(
      or(
        sql`EXISTS (SELECT 1 FROM fan_campaign_rewards r WHERE r.campaign_id = ${fanCampaigns.id} AND r.user_id = ${userId})`,
        and(
          lte(fanCampaigns.startsAt, at),
          gt(fanCampaigns.endsAt, at),
          or(
            sql`EXISTS (SELECT 1 FROM ${follows} f WHERE f.fanclub_id = ${fanCampaigns.fanclubId} AND f.user_id = ${userId})`,
            sql`EXISTS (SELECT 1 FROM ${memberships} m WHERE m.fanclub_id = ${fanCampaigns.fanclubId} AND m.user_id = ${userId} AND m.status != 'left')`,
          ),
        ),
      ),
    )
    .orderBy(desc(fanCampaigns.startsAt), desc(fanCampaigns.id))
    .limit(100);
  return rows.map(toView).sort((a, b) => Number(b.rewardedAt !== null) - Number(a.rewardedAt !== null));
}

/** /me/campaigns/{id}: one campaign as this fan sees it (a fan club that stopped campaigns hides them). */
export async function fanCampaignOf(db: Db, userId: number, campaignId: number): Promise<FanCampaignView | null> {
  const row = await campaignViewQuery(db, userId).where(eq(fanCampaigns.id, campaignId)).get();
  return row ? toView(row) : null;
}

/** The fixed banner of the fan club page: the running campaign with a banner post, newest first. */
/** The running campaign's banner, as a statement the fan club page puts in its batch (`fanclubId` may be a subquery). */
export function campaignBannerQuery(db: Db, fanclubId: SQL, now: number) {
  const at = new Date(now);
  return db
    .select({ id: fanCampaigns.id, title: fanCampaigns.title, postId: fanCampaigns.bannerPostId, endsAt: fanCampaigns.endsAt })
    .from(fanCampaigns)
    .innerJoin(
      fanclubCampaignSettings,
      and(eq(fanclubCampaignSettings.fanclubId, fanCampaigns.fanclubId), eq(fanclubCampaignSettings.useCampaign, true)),
    )
    .where(
      and(
        sql`${fanCampaigns.fanclubId} = ${fanclubId}`,
        lte(fanCampaigns.startsAt, at),
        gt(fanCampaigns.endsAt, at),
        sql`${fanCampaigns.bannerPostId} IS NOT NULL`,
      ),
    )
    .orderBy(desc(fanCampaigns.startsAt))
    .limit(1);
}

export type CampaignBanner = { id: number; title: string; postId: number; endsAt: number };

/** The banner row of `campaignBannerQuery`, if it links to a post. */
export function campaignBannerOf(
  row: { id: number; title: string; postId: number | null; endsAt: Date } | undefined,
): CampaignBanner | null {
  return row && row.postId !== null ? { id: row.id, title: row.title, postId: row.postId, endsAt: row.endsAt.getTime() } : null;
}

/** What the campaign form offers: the fan club's live posts (reward or banner) and ticket types. */
export async function campaignChoicesOf(db: Db, fanclubId: number) {
  const [postRows, types] = await Promise.all([
    db
      .select({ id: posts.id, title: posts.title })
      .from(posts)
      .where(and(eq(posts.fanclubId, fanclubId), isNull(posts.deletedAt)))
      .orderBy(desc(posts.id))
      .limit(100),
    db
      .select({ id: specialTicketTypes.id, name: specialTicketTypes.name })
      .from(specialTicketTypes)
      .where(and(eq(specialTicketTypes.fanclubId, fanclubId), isNull(specialTicketTypes.archivedAt)))
      .orderBy(asc(specialTicketTypes.id)),
  ]);
  return { posts: postRows, ticketTypes: types };
}
