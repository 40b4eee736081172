CREATE TABLE `fanclub_managers` (
	`user_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fanclub_managers_unique` ON `fanclub_managers` (`user_id`,`fanclub_id`);--> statement-breakpoint
CREATE INDEX `fanclub_managers_fanclub` ON `fanclub_managers` (`fanclub_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `is_operator` integer DEFAULT false NOT NULL;