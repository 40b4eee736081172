import { coinCampaigns, paymentProfiles, purchases } from "../../db/schema";
import { defined, factoryDb, type Fields, unique } from "./db";

/** A person's payment settings; a Stripe customer unless told otherwise. */
export async function createPaymentProfile(d1: D1Database, fields: Fields<typeof paymentProfiles.$inferInsert, "userId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(paymentProfiles)
    .values({ provider: "stripe", createdAt: now, updatedAt: now, ...defined(fields) })
    .returning()
    .get();
}

/** A paid purchase of nothing (total 0), for rows that must point at a purchase. */
export async function createPurchase(d1: D1Database, fields: Fields<typeof purchases.$inferInsert, "userId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(purchases)
    .values({ idempotencyKey: unique("purchase:test:"), status: "paid", total: 0, createdAt: now, updatedAt: now, ...defined(fields) })
    .returning()
    .get();
}

/** A running campaign granting 100 bonus coins on a paid plan join, usable for 30 days. */
export async function createCoinCampaign(d1: D1Database, fields: Fields<typeof coinCampaigns.$inferInsert> = {}) {
  const now = Date.now();
  return factoryDb(d1)
    .insert(coinCampaigns)
    .values({
      name: "キャンペーン",
      bonusAmount: 100,
      vestOn: "plan_join",
      startsAt: new Date(now - 1000),
      expiresAfterDays: 30,
      createdAt: new Date(now - 1000),
      ...defined(fields),
    })
    .returning()
    .get();
}
