import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs, memberships, plans } from "./fanclubs";

// Money
//
// Yen are integers; 1 coin = 1 yen. Every money effect carries a UNIQUE idempotency key written in
// the same D1 batch as the effect (docs/decisions/014). Stripe webhook deliveries are deduplicated
// through `processed_events` with the key `stripe-event:{event.id}`: no table of their own.

/**
 * Coin accounts of the double-entry ledger: one per person (created at their first credit) and a
 * few system accounts seeded by the migration, which are the other side of every movement and may
 * go negative ('issued:card' coins sold for card money, 'issued:bonus' campaign grants, 'revenue'
 * coins spent on purchases, 'expired' bonus coins that ran out). `balance` is kept in the same
 * batch as the postings; the CHECK refuses any batch that would overdraw a person.
 */
export const coinAccounts = sqliteTable(
  "coin_accounts",
  {
    id: serialId(),
    kind: text("kind", { enum: ["user", "system"] }).notNull(),
    userId: integer("user_id").references(() => users.id),
    code: text("code"),
    balance: integer("balance").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLs are distinct in SQLite unique indexes, so system rows (no user) and user rows (no code) coexist
    uniqueIndex("coin_accounts_user_unique").on(t.userId),
    uniqueIndex("coin_accounts_code_unique").on(t.code),
    check(
      "coin_accounts_owner",
      sql`(${t.kind} = 'user' AND ${t.userId} IS NOT NULL AND ${t.code} IS NULL) OR (${t.kind} = 'system' AND ${t.code} IS NOT NULL AND ${t.userId} IS NULL)`,
    ),
    check("coin_accounts_balance_not_negative", sql`${t.kind} = 'system' OR ${t.balance} >= 0`),
  ],
);

/**
 * One money movement. Append-only (triggers refuse UPDATE and DELETE); its postings say which
 * accounts moved. `amount` is what the person gained or lost, always positive.
 */
export const coinEntries = sqliteTable(
  "coin_entries",
  {
    id: serialId(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind", { enum: ["charge", "bonus", "spend", "expire"] }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    memo: text("memo"),
    /** what the movement was for: 'purchase', 'membership', 'card_charge', 'campaign', 'lot' */
    refType: text("ref_type"),
    refId: text("ref_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coin_entries_key_unique").on(t.idempotencyKey),
    index("coin_entries_user").on(t.userId, t.id),
    check("coin_entries_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Coins granted together, spent down: bonus lots expire and are spent first (earliest expiry
 * first), paid lots never expire and are spent oldest first. `remaining` only ever decreases
 * (a trigger refuses anything else), so each lot expires at most once.
 */
export const coinLots = sqliteTable(
  "coin_lots",
  {
    id: serialId(),
    accountId: integer("account_id")
      .notNull()
      .references(() => coinAccounts.id),
    /** the credit that created the lot */
    entryId: integer("entry_id")
      .notNull()
      .references(() => coinEntries.id),
    kind: text("kind", { enum: ["paid", "bonus"] }).notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    expiresAt: timestamp("expires_at"),
    campaignId: integer("campaign_id").references(() => coinCampaigns.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coin_lots_entry_unique").on(t.entryId),
    // a spend reads only lots with something left
    index("coin_lots_account_open")
      .on(t.accountId)
      .where(sql`${t.remaining} > 0`),
    // the daily sweep finds bonus lots past their expiry with something left
    index("coin_lots_bonus_expiring")
      .on(t.expiresAt)
      .where(sql`${t.kind} = 'bonus' AND ${t.remaining} > 0`),
    check("coin_lots_amount_positive", sql`${t.amount} > 0`),
    check("coin_lots_remaining_range", sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
    check("coin_lots_expiry", sql`(${t.kind} = 'paid' AND ${t.expiresAt} IS NULL) OR (${t.kind} = 'bonus' AND ${t.expiresAt} IS NOT NULL)`),
  ],
);

/**
 * One side of an entry on one account. The postings of an entry sum to zero (built by one
 * function, server/domain/coin-ledger.ts `entryPostings`); a person's postings name the lot they
 * took from or created.
 */
export const coinPostings = sqliteTable(
  "coin_postings",
  {
    id: serialId(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => coinEntries.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => coinAccounts.id),
    lotId: integer("lot_id").references(() => coinLots.id),
    /** signed: + into the account, − out of it */
    amount: integer("amount").notNull(),
  },
  (t) => [
    index("coin_postings_entry").on(t.entryId),
    index("coin_postings_account").on(t.accountId),
    index("coin_postings_lot")
      .on(t.lotId)
      .where(sql`${t.lotId} IS NOT NULL`),
    check("coin_postings_amount_not_zero", sql`${t.amount} <> 0`),
  ],
);

/** Vesting campaigns (/me/coin_vesting_campaign): bonus coins granted once per person on a trigger. */
export const coinCampaigns = sqliteTable(
  "coin_campaigns",
  {
    id: serialId(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    bonusAmount: integer("bonus_amount").notNull(),
    /** what earns the bonus: joining a paid plan, or charging coins by card */
    vestOn: text("vest_on", { enum: ["plan_join", "charge"] }).notNull(),
    startsAt: timestamp("starts_at").notNull(),
    endsAt: timestamp("ends_at"),
    /** days the granted coins stay usable */
    expiresAfterDays: integer("expires_after_days").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("coin_campaigns_window").on(t.startsAt, t.endsAt),
    check("coin_campaigns_amounts", sql`${t.bonusAmount} > 0 AND ${t.expiresAfterDays} > 0`),
  ],
);

export const coinCampaignGrants = sqliteTable(
  "coin_campaign_grants",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => coinCampaigns.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    entryId: integer("entry_id")
      .notNull()
      .references(() => coinEntries.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index("coin_campaign_grants_user").on(t.userId)],
);

/** A person's payment settings: the card provider's customer and the coin-for-renewal option. */
export const paymentProfiles = sqliteTable("payment_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
  /** the provider's customer id; null until a card is registered */
  customerId: text("customer_id"),
  /** spec §4: settle a renewal with coins when the card fails */
  useCoinSubscription: integer("use_coin_subscription", { mode: "boolean" }).notNull().default(false),
  ...timestamps(),
});

/** Registered cards: only the provider's payment method id and what the card list shows. */
export const paymentCards = sqliteTable(
  "payment_cards",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [
    uniqueIndex("payment_cards_method_unique").on(t.paymentMethodId),
    index("payment_cards_user").on(t.userId),
    // at most one default card among those not deleted
    uniqueIndex("payment_cards_one_default")
      .on(t.userId)
      .where(sql`${t.isDefault} = 1 AND ${t.deletedAt} IS NULL`),
  ],
);

/**
 * One cart per person, kept for good. `version` goes up with every change of its items and with
 * every purchase attempt, so `purchase:{cartId}:{version}` names exactly one attempt at one content.
 */
export const carts = sqliteTable(
  "carts",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    version: integer("version").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carts_user_unique").on(t.userId)],
);

/** Spec §3 cart item; `price` is the price when it was added (yen, tax included). */
/**
 * What a cart (and a purchase) can hold. Spec §3 names Plan, LiveEventTicket and Product; tips and
 * raffle entries are paid through the same cart and modal, so they are item types too.
 */
export const CART_ITEM_TYPES = ["Plan", "LiveEventTicket", "Product", "Tipping", "Raffle", "SpecialTicket", "LessonReservation"] as const;
export const CART_ITEM_TARGET_TYPES = [
  "join_plan_type",
  "upgrade_plan_type",
  "subscribe_plan_type",
  "live_event_ticket",
  "product",
  "post_tipping",
  "fanclub_tipping",
  "raffle_entry",
  "special_ticket",
  "lesson_slot",
] as const;

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: serialId(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id),
    type: text("type", { enum: CART_ITEM_TYPES }).notNull(),
    targetType: text("target_type", { enum: CART_ITEM_TARGET_TYPES }).notNull(),
    /** the plan, live event ticket or product */
    targetId: integer("target_id").notNull(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** the line's price: the unit price times quantity (yen) */
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** what the fan wrote with the item (a tip's message), shown to the creator once paid */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_target_unique").on(t.cartId, t.targetType, t.targetId),
    // one plan change per fan club in a cart
    uniqueIndex("cart_items_one_plan_per_fanclub")
      .on(t.cartId, t.fanclubId)
      .where(sql`${t.type} = 'Plan'`),
    check("cart_items_price_not_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * A payment of a cart (or a direct purchase). `idempotencyKey` is 'purchase:{cartId}:{version}'
 * for carts, so a double click or a retried request finds the first attempt instead of paying twice.
 */
export const purchases = sqliteTable(
  "purchases",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    cartId: integer("cart_id").references(() => carts.id),
    idempotencyKey: text("idempotency_key").notNull(),
    /**
     * pending: the card part is being charged (the split is fixed for the attempt; a charge id is
     * kept as soon as the provider gives one); requires_action: waiting for 3-D Secure; paid and
     * failed are final. A plain text column: adding a state needs no migration.
     */
    /** refunded: the card part was charged, then the effect could not land (sold out meanwhile) and the charge was given back */
    status: text("status", { enum: ["pending", "requires_action", "paid", "failed", "refunded"] }).notNull(),
    total: integer("total").notNull(),
    coinAmount: integer("coin_amount").notNull().default(0),
    cardAmount: integer("card_amount").notNull().default(0),
    cardProvider: text("card_provider", { enum: ["sandbox", "stripe"] }),
    cardChargeId: text("card_charge_id"),
    coinEntryId: integer("coin_entry_id").references(() => coinEntries.id),
    /** the provider's decline code of a failed attempt */
    failureCode: text("failure_code"),
    /** the provider's refund of the card part (status refunded) */
    refundId: text("refund_id"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("purchases_key_unique").on(t.idempotencyKey),
    index("purchases_user_created").on(t.userId, t.createdAt),
    check("purchases_split", sql`${t.coinAmount} >= 0 AND ${t.cardAmount} >= 0 AND ${t.coinAmount} + ${t.cardAmount} = ${t.total}`),
  ],
);

export const purchaseItems = sqliteTable(
  "purchase_items",
  {
    id: serialId(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id),
    type: text("type", { enum: CART_ITEM_TYPES }).notNull(),
    targetType: text("target_type", { enum: CART_ITEM_TARGET_TYPES }).notNull(),
    targetId: integer("target_id").notNull(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    /** the line's price: the unit price times quantity (yen) */
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull().default(1),
    note: text("note"),
    /** billing month ('yyyy-mm', JST) a plan item pays for */
    month: text("month"),
  },
  (t) => [
    index("purchase_items_purchase").on(t.purchaseId),
    index("purchase_items_fanclub_target").on(t.fanclubId, t.targetType),
    check("purchase_items_price_not_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * Each month a membership was paid for, whatever paid it (a purchase, a card renewal, coins).
 * `idempotencyKey` is e.g. 'renewal:{membershipId}:{yyyy-mm}'. It also answers which months a fan
 * paid for: posts published in a paid month stay viewable to that fan after leaving.
 */
export const membershipPayments = sqliteTable(
  "membership_payments",
  {
    id: serialId(),
    membershipId: integer("membership_id")
      .notNull()
      .references(() => memberships.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    month: text("month").notNull(),
    amount: integer("amount").notNull(),
    kind: text("kind", { enum: ["join", "upgrade", "renewal", "subscribe"] }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    purchaseId: integer("purchase_id").references(() => purchases.id),
    /** renewals have no purchase: the coin entry or card charge that paid */
    coinEntryId: integer("coin_entry_id").references(() => coinEntries.id),
    cardChargeId: text("card_charge_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("membership_payments_key_unique").on(t.idempotencyKey),
    index("membership_payments_user_fanclub_month").on(t.userId, t.fanclubId, t.month),
    index("membership_payments_membership_month").on(t.membershipId, t.month),
    check("membership_payments_amount_not_negative", sql`${t.amount} >= 0`),
  ],
);

export type CoinAccountRow = typeof coinAccounts.$inferSelect;
export type CoinEntryRow = typeof coinEntries.$inferSelect;
export type CoinLotRow = typeof coinLots.$inferSelect;
export type CoinCampaignRow = typeof coinCampaigns.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
