CREATE TABLE `earning_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text NOT NULL,
	`type` text NOT NULL,
	`fanclub_id` integer NOT NULL,
	`kind` text,
	`subject_type` text,
	`subject_id` integer,
	`payer_user_id` integer,
	`source_key` text NOT NULL,
	`reverses_entry_id` integer,
	`gross` integer NOT NULL,
	`fee` integer NOT NULL,
	`tax` integer NOT NULL,
	`net` integer NOT NULL,
	`fee_rate_bp` integer NOT NULL,
	`tax_rate_bp` integer NOT NULL,
	`month` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "earning_entries_figures" CHECK("earning_entries"."type" NOT IN ('sale', 'refund') OR "earning_entries"."gross" = "earning_entries"."fee" + "earning_entries"."tax" + "earning_entries"."net"),
	CONSTRAINT "earning_entries_signs" CHECK(("earning_entries"."type" = 'sale' AND "earning_entries"."gross" >= 0 AND "earning_entries"."fee" >= 0 AND "earning_entries"."tax" >= 0 AND "earning_entries"."net" >= 0) OR ("earning_entries"."type" = 'refund' AND "earning_entries"."gross" <= 0 AND "earning_entries"."fee" <= 0 AND "earning_entries"."tax" <= 0 AND "earning_entries"."net" <= 0) OR ("earning_entries"."type" NOT IN ('sale', 'refund') AND "earning_entries"."gross" = 0 AND "earning_entries"."fee" = 0 AND "earning_entries"."tax" = 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earning_entries_key_unique` ON `earning_entries` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `earning_entries_fanclub_month` ON `earning_entries` (`fanclub_id`,`month`,`type`,`kind`,`gross`,`fee`,`tax`,`net`);--> statement-breakpoint
CREATE INDEX `earning_entries_source` ON `earning_entries` (`source_key`);--> statement-breakpoint
CREATE INDEX `earning_entries_reverses` ON `earning_entries` (`reverses_entry_id`) WHERE "earning_entries"."reverses_entry_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `earning_postings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`account` text NOT NULL,
	`fanclub_id` integer,
	`amount` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `earning_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "earning_postings_amount_not_zero" CHECK("earning_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX `earning_postings_entry` ON `earning_postings` (`entry_id`);--> statement-breakpoint
CREATE INDEX `earning_postings_account` ON `earning_postings` (`account`,`fanclub_id`,`amount`);--> statement-breakpoint
CREATE TABLE `earning_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`effective_from` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "earning_rates_range" CHECK("earning_rates"."rate_bp" >= 0 AND "earning_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earning_rates_kind_from_unique` ON `earning_rates` (`kind`,`effective_from`);--> statement-breakpoint
-- The earnings ledger is append-only (docs/decisions/029): a correction is a new entry, never an edit.
CREATE TRIGGER `earning_entries_no_update` BEFORE UPDATE ON `earning_entries`
BEGIN SELECT RAISE(ABORT, 'earning_entries is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `earning_entries_no_delete` BEFORE DELETE ON `earning_entries`
BEGIN SELECT RAISE(ABORT, 'earning_entries is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `earning_postings_no_update` BEFORE UPDATE ON `earning_postings`
BEGIN SELECT RAISE(ABORT, 'earning_postings is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `earning_postings_no_delete` BEFORE DELETE ON `earning_postings`
BEGIN SELECT RAISE(ABORT, 'earning_postings is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `earning_rates_no_update` BEFORE UPDATE ON `earning_rates`
BEGIN SELECT RAISE(ABORT, 'earning_rates is append-only: a change is a new dated row'); END;
