CREATE TABLE `raffle_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`raffle_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`count` integer NOT NULL,
	`fan_total` integer NOT NULL,
	`fan_limit` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`raffle_id`) REFERENCES `raffles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "raffle_entries_count_positive" CHECK("raffle_entries"."count" >= 1),
	CONSTRAINT "raffle_entries_limit_capacity" CHECK("raffle_entries"."fan_total" >= "raffle_entries"."count" AND "raffle_entries"."fan_total" <= "raffle_entries"."fan_limit")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `raffle_entries_key_unique` ON `raffle_entries` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `raffle_entries_raffle_user` ON `raffle_entries` (`raffle_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `raffle_entries_user` ON `raffle_entries` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `raffle_winners` (
	`raffle_id` integer NOT NULL,
	`rank` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`raffle_id`, `rank`),
	FOREIGN KEY (`raffle_id`) REFERENCES `raffles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `raffle_entries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "raffle_winners_rank_positive" CHECK("raffle_winners"."rank" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `raffle_winners_user_unique` ON `raffle_winners` (`raffle_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `raffles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`prize_description` text DEFAULT '' NOT NULL,
	`entry_price` integer NOT NULL,
	`winner_count` integer NOT NULL,
	`entry_start_at` integer NOT NULL,
	`entry_end_at` integer NOT NULL,
	`max_entries_per_fan` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`drawn_at` integer,
	`seed` text,
	`algorithm` text,
	`drawn_ticket_count` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "raffles_entry_price_not_negative" CHECK("raffles"."entry_price" >= 0),
	CONSTRAINT "raffles_counts" CHECK("raffles"."winner_count" >= 1 AND "raffles"."max_entries_per_fan" >= 1),
	CONSTRAINT "raffles_window" CHECK("raffles"."entry_end_at" > "raffles"."entry_start_at"),
	CONSTRAINT "raffles_draw_recorded" CHECK(("raffles"."status" = 'drawn' AND "raffles"."drawn_at" IS NOT NULL AND "raffles"."seed" IS NOT NULL AND "raffles"."algorithm" IS NOT NULL AND "raffles"."drawn_ticket_count" IS NOT NULL) OR ("raffles"."status" <> 'drawn' AND "raffles"."drawn_at" IS NULL AND "raffles"."seed" IS NULL AND "raffles"."algorithm" IS NULL AND "raffles"."drawn_ticket_count" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `raffles_fanclub_end` ON `raffles` (`fanclub_id`,`entry_end_at`);