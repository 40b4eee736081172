CREATE TABLE `fanclub_mark_settings` (
	`fanclub_id` integer PRIMARY KEY NOT NULL,
	`visible_mark` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `media_abuse_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`window_kind` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	`client_ip` text,
	`user_agent` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_abuse_flags_window` ON `media_abuse_flags` (`user_id`,`window_kind`,`window_start`);--> statement-breakpoint
CREATE INDEX `media_abuse_flags_created` ON `media_abuse_flags` (`created_at`);--> statement-breakpoint
CREATE TABLE `media_fetch_counters` (
	`user_id` integer NOT NULL,
	`window_kind` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `window_kind`, `window_start`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `media_fetch_counters_start` ON `media_fetch_counters` (`window_start`);