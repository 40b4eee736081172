import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { fanclubCampaignSettings, fanclubs } from "../../../db/schema";

/**
 * The operator's campaign switch (spec §3 useCampaign, decision 037): campaigns promise coins and
 * rewards on the platform's promotion budget, so staff turn them on per fan club; the creator's
 * campaign pages, menu entry and banner follow it.
 */

export async function setUseCampaign(
  db: Db,
  input: { fanclubId: number; on: boolean; now: number },
): Promise<{ ok: true } | { ok: false; reason: "notFound" }> {
  const club = await db.select({ id: fanclubs.id }).from(fanclubs).where(eq(fanclubs.id, input.fanclubId)).get();
  if (!club) return { ok: false, reason: "notFound" };
  const at = new Date(input.now);
  await db
    .insert(fanclubCampaignSettings)
    .values({ fanclubId: input.fanclubId, useCampaign: input.on, updatedAt: at })
    .onConflictDoUpdate({ target: fanclubCampaignSettings.fanclubId, set: { useCampaign: input.on, updatedAt: at } });
  return { ok: true };
}

/** The fan clubs whose campaign switch was ever set, last changed first (on and off). */
export async function listCampaignSwitches(db: Db) {
  return db
    .select({
      fanclubId: fanclubCampaignSettings.fanclubId,
      name: fanclubs.name,
      useCampaign: fanclubCampaignSettings.useCampaign,
      updatedAt: fanclubCampaignSettings.updatedAt,
    })
    .from(fanclubCampaignSettings)
    .innerJoin(fanclubs, eq(fanclubs.id, fanclubCampaignSettings.fanclubId))
    .orderBy(desc(fanclubCampaignSettings.updatedAt))
    .limit(200);
}
