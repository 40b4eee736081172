CREATE TABLE `welcome_pending` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fan_mark_deliveries` (
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`first_delivered_at` integer NOT NULL,
	`last_delivered_at` integer NOT NULL,
	PRIMARY KEY(`fanclub_id`, `user_id`),
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
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
CREATE INDEX `media_fetch_counters_start` ON `media_fetch_counters` (`window_start`);--> statement-breakpoint
CREATE TABLE `discord_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`discord_user_id` text NOT NULL,
	`username` text NOT NULL,
	`access_token` text,
	`token_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discord_accounts_user_unique` ON `discord_accounts` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `discord_accounts_discord_user_unique` ON `discord_accounts` (`discord_user_id`);--> statement-breakpoint
CREATE TABLE `discord_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role_id` text,
	`pending_since` integer,
	`recheck_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`synced_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discord_members_unique` ON `discord_members` (`fanclub_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `discord_members_user` ON `discord_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `discord_members_pending` ON `discord_members` (`pending_since`);--> statement-breakpoint
CREATE INDEX `discord_members_recheck` ON `discord_members` (`recheck_at`);--> statement-breakpoint
CREATE TABLE `discord_plan_roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`role_id` text NOT NULL,
	`role_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discord_plan_roles_plan_unique` ON `discord_plan_roles` (`plan_id`);--> statement-breakpoint
CREATE INDEX `discord_plan_roles_fanclub` ON `discord_plan_roles` (`fanclub_id`);--> statement-breakpoint
CREATE TABLE `discord_servers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`guild_id` text NOT NULL,
	`guild_name` text NOT NULL,
	`linked_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`linked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discord_servers_fanclub_unique` ON `discord_servers` (`fanclub_id`);