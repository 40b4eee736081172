CREATE TABLE `contest_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contest_entries_votes_not_negative" CHECK("contest_entries"."vote_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contest_entries_post` ON `contest_entries` (`post_id`,`contest_id`);--> statement-breakpoint
CREATE INDEX `contest_entries_contest` ON `contest_entries` (`contest_id`,`id`);--> statement-breakpoint
CREATE INDEX `contest_entries_ranking` ON `contest_entries` (`contest_id`,`vote_count`,`id`);--> statement-breakpoint
CREATE TABLE `contest_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contest_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `contest_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contest_votes_once_a_day` ON `contest_votes` (`entry_id`,`user_id`,`day_key`);--> statement-breakpoint
CREATE INDEX `contest_votes_user_day` ON `contest_votes` (`user_id`,`contest_id`,`day_key`);--> statement-breakpoint
CREATE TABLE `contests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`post_template` text DEFAULT '' NOT NULL,
	`hash_tag` text DEFAULT '' NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`entry_start_at` integer NOT NULL,
	`entry_end_at` integer NOT NULL,
	`vote_start_at` integer NOT NULL,
	`vote_end_at` integer NOT NULL,
	`judges` text DEFAULT '[]' NOT NULL,
	`prizes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "contests_windows" CHECK("contests"."start_at" <= "contests"."entry_start_at" AND "contests"."entry_start_at" < "contests"."entry_end_at" AND "contests"."entry_start_at" <= "contests"."vote_start_at" AND "contests"."vote_start_at" < "contests"."vote_end_at" AND "contests"."vote_end_at" <= "contests"."end_at" AND "contests"."entry_end_at" <= "contests"."end_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contests_slug` ON `contests` (`slug`);