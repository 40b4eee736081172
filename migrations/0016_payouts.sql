CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`bank_code` text NOT NULL,
	`bank_name` text NOT NULL,
	`bank_kana` text NOT NULL,
	`branch_code` text NOT NULL,
	`branch_name` text NOT NULL,
	`branch_kana` text NOT NULL,
	`account_type` text NOT NULL,
	`account_number` text NOT NULL,
	`holder_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bank_accounts_codes" CHECK(length("bank_accounts"."bank_code") = 4 AND length("bank_accounts"."branch_code") = 3 AND length("bank_accounts"."account_number") = 7)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_accounts_user_unique` ON `bank_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `fanclub_payout_settings` (
	`fanclub_id` integer PRIMARY KEY NOT NULL,
	`payee` text NOT NULL,
	`label_user_id` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`label_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payout_periods` (
	`period` text PRIMARY KEY NOT NULL,
	`transfer_date` text NOT NULL,
	`closed_by` integer NOT NULL,
	`closed_at` integer NOT NULL,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`fanclub_id` integer,
	`period` text,
	`status` text NOT NULL,
	`amount` integer NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`reason` text,
	`memo` text,
	`bank_code` text,
	`bank_kana` text,
	`branch_code` text,
	`branch_kana` text,
	`account_type` text,
	`account_number` text,
	`holder_name` text,
	`idempotency_key` text NOT NULL,
	`state_token` text NOT NULL,
	`requested_at` integer,
	`in_transfer_at` integer,
	`paid_at` integer,
	`failed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfers_amounts" CHECK("transfers"."amount" > 0 AND "transfers"."fee" >= 0 AND "transfers"."amount" > "transfers"."fee"),
	CONSTRAINT "transfers_payout_fanclub" CHECK("transfers"."kind" = 'refund' OR "transfers"."fanclub_id" IS NOT NULL),
	CONSTRAINT "transfers_requested_complete" CHECK("transfers"."status" = 'owed' OR ("transfers"."bank_code" IS NOT NULL AND "transfers"."account_number" IS NOT NULL AND "transfers"."period" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_key_unique` ON `transfers` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `transfers_user` ON `transfers` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `transfers_fanclub` ON `transfers` (`fanclub_id`,`id`);--> statement-breakpoint
CREATE INDEX `transfers_period_status` ON `transfers` (`period`,`status`);