CREATE TABLE `cart_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cart_id` integer NOT NULL,
	`type` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`price` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cart_items_price_not_negative" CHECK("cart_items"."price" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_target_unique` ON `cart_items` (`cart_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_one_plan_per_fanclub` ON `cart_items` (`cart_id`,`fanclub_id`) WHERE "cart_items"."type" = 'Plan';--> statement-breakpoint
CREATE TABLE `carts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_user_unique` ON `carts` (`user_id`);--> statement-breakpoint
CREATE TABLE `coin_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`code` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coin_accounts_owner" CHECK(("coin_accounts"."kind" = 'user' AND "coin_accounts"."user_id" IS NOT NULL AND "coin_accounts"."code" IS NULL) OR ("coin_accounts"."kind" = 'system' AND "coin_accounts"."code" IS NOT NULL AND "coin_accounts"."user_id" IS NULL)),
	CONSTRAINT "coin_accounts_balance_not_negative" CHECK("coin_accounts"."kind" = 'system' OR "coin_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coin_accounts_user_unique` ON `coin_accounts` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `coin_accounts_code_unique` ON `coin_accounts` (`code`);--> statement-breakpoint
CREATE TABLE `coin_campaign_grants` (
	`campaign_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `user_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `coin_campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `coin_entries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `coin_campaign_grants_user` ON `coin_campaign_grants` (`user_id`);--> statement-breakpoint
CREATE TABLE `coin_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`bonus_amount` integer NOT NULL,
	`vest_on` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`expires_after_days` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "coin_campaigns_amounts" CHECK("coin_campaigns"."bonus_amount" > 0 AND "coin_campaigns"."expires_after_days" > 0)
);
--> statement-breakpoint
CREATE INDEX `coin_campaigns_window` ON `coin_campaigns` (`starts_at`,`ends_at`);--> statement-breakpoint
CREATE TABLE `coin_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`memo` text,
	`ref_type` text,
	`ref_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coin_entries_amount_positive" CHECK("coin_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coin_entries_key_unique` ON `coin_entries` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `coin_entries_user` ON `coin_entries` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `coin_lots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`remaining` integer NOT NULL,
	`expires_at` integer,
	`campaign_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `coin_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `coin_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`campaign_id`) REFERENCES `coin_campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coin_lots_amount_positive" CHECK("coin_lots"."amount" > 0),
	CONSTRAINT "coin_lots_remaining_range" CHECK("coin_lots"."remaining" >= 0 AND "coin_lots"."remaining" <= "coin_lots"."amount"),
	CONSTRAINT "coin_lots_expiry" CHECK(("coin_lots"."kind" = 'paid' AND "coin_lots"."expires_at" IS NULL) OR ("coin_lots"."kind" = 'bonus' AND "coin_lots"."expires_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coin_lots_entry_unique` ON `coin_lots` (`entry_id`);--> statement-breakpoint
CREATE INDEX `coin_lots_account_open` ON `coin_lots` (`account_id`) WHERE "coin_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX `coin_lots_bonus_expiring` ON `coin_lots` (`expires_at`) WHERE "coin_lots"."kind" = 'bonus' AND "coin_lots"."remaining" > 0;--> statement-breakpoint
CREATE TABLE `coin_postings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`lot_id` integer,
	`amount` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `coin_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `coin_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lot_id`) REFERENCES `coin_lots`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coin_postings_amount_not_zero" CHECK("coin_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX `coin_postings_entry` ON `coin_postings` (`entry_id`);--> statement-breakpoint
CREATE INDEX `coin_postings_account` ON `coin_postings` (`account_id`);--> statement-breakpoint
CREATE INDEX `coin_postings_lot` ON `coin_postings` (`lot_id`) WHERE "coin_postings"."lot_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `membership_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`membership_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`month` text NOT NULL,
	`amount` integer NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`purchase_id` integer,
	`coin_entry_id` integer,
	`card_charge_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coin_entry_id`) REFERENCES `coin_entries`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "membership_payments_amount_not_negative" CHECK("membership_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_payments_key_unique` ON `membership_payments` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `membership_payments_user_fanclub_month` ON `membership_payments` (`user_id`,`fanclub_id`,`month`);--> statement-breakpoint
CREATE INDEX `membership_payments_membership_month` ON `membership_payments` (`membership_id`,`month`);--> statement-breakpoint
CREATE TABLE `payment_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`payment_method_id` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_cards_method_unique` ON `payment_cards` (`payment_method_id`);--> statement-breakpoint
CREATE INDEX `payment_cards_user` ON `payment_cards` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_cards_one_default` ON `payment_cards` (`user_id`) WHERE "payment_cards"."is_default" = 1 AND "payment_cards"."deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE `payment_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text,
	`use_coin_subscription` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `purchase_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purchase_id` integer NOT NULL,
	`type` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`price` integer NOT NULL,
	`month` text,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchase_items_price_not_negative" CHECK("purchase_items"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `purchase_items_purchase` ON `purchase_items` (`purchase_id`);--> statement-breakpoint
CREATE INDEX `purchase_items_fanclub_target` ON `purchase_items` (`fanclub_id`,`target_type`);--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`cart_id` integer,
	`idempotency_key` text NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`coin_amount` integer DEFAULT 0 NOT NULL,
	`card_amount` integer DEFAULT 0 NOT NULL,
	`card_provider` text,
	`card_charge_id` text,
	`coin_entry_id` integer,
	`failure_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coin_entry_id`) REFERENCES `coin_entries`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchases_split" CHECK("purchases"."coin_amount" >= 0 AND "purchases"."card_amount" >= 0 AND "purchases"."coin_amount" + "purchases"."card_amount" = "purchases"."total")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_key_unique` ON `purchases` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `purchases_user_created` ON `purchases` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `memberships` ADD `paid_through` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `expired_at` integer;--> statement-breakpoint
CREATE INDEX `memberships_status_paid_through` ON `memberships` (`status`,`paid_through`);--> statement-breakpoint
-- Hand-written below: drizzle-kit models neither seed rows nor triggers (docs/decisions/014).
-- The system accounts are the other side of every coin movement.
INSERT INTO `coin_accounts` (`kind`, `code`, `balance`, `created_at`) VALUES
	('system', 'issued:card', 0, CAST(unixepoch('subsec') * 1000 AS INTEGER)),
	('system', 'issued:bonus', 0, CAST(unixepoch('subsec') * 1000 AS INTEGER)),
	('system', 'revenue', 0, CAST(unixepoch('subsec') * 1000 AS INTEGER)),
	('system', 'expired', 0, CAST(unixepoch('subsec') * 1000 AS INTEGER));--> statement-breakpoint
-- The ledger is append-only: an entry or posting, once written, is never changed or removed.
CREATE TRIGGER `coin_entries_no_update` BEFORE UPDATE ON `coin_entries`
BEGIN SELECT RAISE(ABORT, 'coin_entries is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `coin_entries_no_delete` BEFORE DELETE ON `coin_entries`
BEGIN SELECT RAISE(ABORT, 'coin_entries is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `coin_postings_no_update` BEFORE UPDATE ON `coin_postings`
BEGIN SELECT RAISE(ABORT, 'coin_postings is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `coin_postings_no_delete` BEFORE DELETE ON `coin_postings`
BEGIN SELECT RAISE(ABORT, 'coin_postings is append-only'); END;--> statement-breakpoint
-- A lot is only ever spent down (or expired): its remaining never grows and nothing else changes,
-- so each lot expires at most once and its expiry key 'expire:{lotId}' is enough.
CREATE TRIGGER `coin_lots_spend_only` BEFORE UPDATE ON `coin_lots`
WHEN NEW.`remaining` > OLD.`remaining` OR NEW.`id` IS NOT OLD.`id` OR NEW.`account_id` IS NOT OLD.`account_id`
	OR NEW.`entry_id` IS NOT OLD.`entry_id` OR NEW.`kind` IS NOT OLD.`kind` OR NEW.`amount` IS NOT OLD.`amount`
	OR NEW.`expires_at` IS NOT OLD.`expires_at` OR NEW.`campaign_id` IS NOT OLD.`campaign_id` OR NEW.`created_at` IS NOT OLD.`created_at`
BEGIN SELECT RAISE(ABORT, 'coin_lots are only spent down'); END;--> statement-breakpoint
CREATE TRIGGER `coin_lots_no_delete` BEFORE DELETE ON `coin_lots`
BEGIN SELECT RAISE(ABORT, 'coin_lots are never deleted'); END;--> statement-breakpoint
CREATE TRIGGER `coin_accounts_no_delete` BEFORE DELETE ON `coin_accounts`
BEGIN SELECT RAISE(ABORT, 'coin_accounts are never deleted'); END;
