CREATE TABLE `tips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`post_id` integer,
	`amount` integer NOT NULL,
	`message` text,
	`purchase_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "tips_amount_positive" CHECK("tips"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tips_key_unique` ON `tips` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `tips_post_created` ON `tips` (`post_id`,`id`);--> statement-breakpoint
CREATE INDEX `tips_fanclub_created` ON `tips` (`fanclub_id`,`id`);--> statement-breakpoint
CREATE INDEX `tips_user_created` ON `tips` (`user_id`,`id`);