CREATE TABLE `fan_campaign_rewards` (
	`campaign_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`trigger_key` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`campaign_id`, `user_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `fan_campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fan_campaign_rewards_user` ON `fan_campaign_rewards` (`user_id`);--> statement-breakpoint
CREATE TABLE `fan_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`condition` text NOT NULL,
	`reward_kind` text NOT NULL,
	`coin_campaign_id` integer,
	`reward_post_id` integer,
	`reward_ticket_type_id` integer,
	`banner_post_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coin_campaign_id`) REFERENCES `coin_campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reward_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reward_ticket_type_id`) REFERENCES `special_ticket_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`banner_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "fan_campaigns_period" CHECK("fan_campaigns"."ends_at" > "fan_campaigns"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `fan_campaigns_fanclub` ON `fan_campaigns` (`fanclub_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `fanclub_campaign_settings` (
	`fanclub_id` integer PRIMARY KEY NOT NULL,
	`use_campaign` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `share_goals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`title` text NOT NULL,
	`metric` text NOT NULL,
	`target` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`deadline` integer NOT NULL,
	`reward` text DEFAULT '' NOT NULL,
	`closed_at` integer,
	`result_value` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "share_goals_target" CHECK("share_goals"."target" > 0)
);
--> statement-breakpoint
CREATE INDEX `share_goals_fanclub` ON `share_goals` (`fanclub_id`,`id`);--> statement-breakpoint
CREATE TABLE `special_ticket_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`name` text NOT NULL,
	`grants` text DEFAULT '' NOT NULL,
	`valid_days` integer,
	`price` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`archived_at` integer,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "special_ticket_types_price" CHECK("special_ticket_types"."price" = 0 OR ("special_ticket_types"."price" >= 100 AND "special_ticket_types"."price" <= 100000))
);
--> statement-breakpoint
CREATE INDEX `special_ticket_types_fanclub` ON `special_ticket_types` (`fanclub_id`);--> statement-breakpoint
CREATE TABLE `special_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`source` text NOT NULL,
	`issue_key` text NOT NULL,
	`purchase_id` integer,
	`expires_at` integer,
	`used_at` integer,
	`used_purpose` text,
	`use_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`type_id`) REFERENCES `special_ticket_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `special_tickets_issue_key_unique` ON `special_tickets` (`issue_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `special_tickets_use_key_unique` ON `special_tickets` (`use_key`) WHERE "special_tickets"."use_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `special_tickets_user` ON `special_tickets` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `special_tickets_type` ON `special_tickets` (`type_id`);