import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinCampaignGrants, coinCampaigns, coinLots, type CoinCampaignRow } from "../../db/schema";
import { coinKeys } from "../domain/coin-ledger";
import { creditCoins, type CoinEntry } from "./coins";

const DAY_MS = 86_400_000;

const runningAt = (now: number) =>
  and(lte(coinCampaigns.startsAt, new Date(now)), or(isNull(coinCampaigns.endsAt), gt(coinCampaigns.endsAt, new Date(now))));

/** Vesting campaigns running at `now` (started, not ended), optionally of one trigger. */
export async function activeCampaigns(db: Db, now: number, vestOn?: CoinCampaignRow["vestOn"]): Promise<CoinCampaignRow[]> {
  return db
    .select()
    .from(coinCampaigns)
    .where(and(runningAt(now), vestOn ? eq(coinCampaigns.vestOn, vestOn) : undefined))
    .orderBy(asc(coinCampaigns.startsAt), asc(coinCampaigns.id));
}

export type GrantResult = { ok: true; entry: CoinEntry; replayed: boolean } | { ok: false; reason: "missing" | "notRunning" };

/**
 * Grants a campaign's bonus coins to a person, once: the bonus entry (key
 * `campaign:{campaignId}:{userId}`) and the grant row go in one batch, so a repeated trigger
 * (a second plan join, a redelivered message) answers the first grant.
 */
export async function grantCampaignBonus(db: Db, input: { campaignId: number; userId: number; now: number }): Promise<GrantResult> {
  const campaign = await db.select().from(coinCampaigns).where(eq(coinCampaigns.id, input.campaignId)).get();
  if (!campaign) return { ok: false, reason: "missing" };
  const running = campaign.startsAt.getTime() <= input.now && (campaign.endsAt === null || campaign.endsAt.getTime() > input.now);
  if (!running) {
    // a grant made while it ran is still answered after it ends
    const granted = await db
      .select({ campaignId: coinCampaignGrants.campaignId })
      .from(coinCampaignGrants)
      .where(and(eq(coinCampaignGrants.campaignId, campaign.id), eq(coinCampaignGrants.userId, input.userId)))
      .get();
    if (!granted) return { ok: false, reason: "notRunning" };
  }
  const { entry, replayed } = await creditCoins(db, {
    userId: input.userId,
    amount: campaign.bonusAmount,
    kind: "bonus",
    idempotencyKey: coinKeys.campaign(campaign.id, input.userId),
    now: input.now,
    expiresAt: input.now + campaign.expiresAfterDays * DAY_MS,
    campaignId: campaign.id,
    memo: campaign.name,
    ref: { type: "campaign", id: campaign.id },
    extraStatements: ({ entryId }) => [
      db.insert(coinCampaignGrants).values({ campaignId: campaign.id, userId: input.userId, entryId, createdAt: new Date(input.now) }),
    ],
  });
  return { ok: true, entry, replayed };
}

export type VestingCampaign = {
  campaign: CoinCampaignRow;
  /** the person's grant, if any: coins granted, still usable (0 once expired), and when they expire */
  grant: { amount: number; remaining: number; expiresAt: Date; grantedAt: Date } | null;
};

/** /me/coin_vesting_campaign: running campaigns and any the person was granted, newest first. */
export async function vestingCampaigns(db: Db, userId: number, now: number): Promise<VestingCampaign[]> {
  const [running, granted] = await db.batch([
    // a fan club campaign's coins are that fan club's reward, not a platform campaign open to everyone (decision 037)
    db
      .select()
      .from(coinCampaigns)
      .where(
        and(
          runningAt(now),
          sql`${coinCampaigns.id} NOT IN (SELECT "coin_campaign_id" FROM "fan_campaigns" WHERE "coin_campaign_id" IS NOT NULL)`,
        ),
      ),
    db
      .select({
        campaign: coinCampaigns,
        amount: coinLots.amount,
        remaining: coinLots.remaining,
        expiresAt: coinLots.expiresAt,
        // D1 batch rows are keyed by column name: the grant's created_at would shadow the campaign's
        grantedAt: sql<number>`${coinCampaignGrants.createdAt}`.as("granted_at"),
      })
      .from(coinCampaignGrants)
      .innerJoin(coinCampaigns, eq(coinCampaigns.id, coinCampaignGrants.campaignId))
      .innerJoin(coinLots, eq(coinLots.entryId, coinCampaignGrants.entryId))
      .where(eq(coinCampaignGrants.userId, userId)),
  ]);
  const byId = new Map<number, VestingCampaign>();
  for (const c of running) byId.set(c.id, { campaign: c, grant: null });
  for (const g of granted) {
    byId.set(g.campaign.id, {
      campaign: g.campaign,
      grant: {
        amount: g.amount,
        remaining: g.expiresAt!.getTime() > now ? g.remaining : 0,
        expiresAt: g.expiresAt!,
        grantedAt: new Date(g.grantedAt),
      },
    });
  }
  return [...byId.values()].sort((a, b) => b.campaign.startsAt.getTime() - a.campaign.startsAt.getTime() || b.campaign.id - a.campaign.id);
}
