CREATE TABLE `fanclub_blocks` (
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fanclub_blocks_unique` ON `fanclub_blocks` (`fanclub_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `fanclub_editors` (
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`permissions` text DEFAULT '[]' NOT NULL,
	`invited_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fanclub_editors_unique` ON `fanclub_editors` (`fanclub_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `fanclub_editors_user` ON `fanclub_editors` (`user_id`);--> statement-breakpoint
CREATE TABLE `fanclub_group_members` (
	`group_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`invited_at` integer NOT NULL,
	`responded_at` integer,
	FOREIGN KEY (`group_id`) REFERENCES `fanclub_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fanclub_group_members_unique` ON `fanclub_group_members` (`group_id`,`fanclub_id`);--> statement-breakpoint
CREATE INDEX `fanclub_group_members_fanclub` ON `fanclub_group_members` (`fanclub_id`,`status`);--> statement-breakpoint
CREATE TABLE `fanclub_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_fanclub_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`allow_post` integer DEFAULT false NOT NULL,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fanclub_tags` (
	`fanclub_id` integer NOT NULL,
	`tag` text NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fanclub_tags_unique` ON `fanclub_tags` (`fanclub_id`,`tag`);--> statement-breakpoint
CREATE INDEX `fanclub_tags_tag` ON `fanclub_tags` (`tag`);--> statement-breakpoint
CREATE TABLE `fanclubs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`creator_name` text NOT NULL,
	`unique_path` text,
	`icon_key` text,
	`header_key` text,
	`description` text DEFAULT '' NOT NULL,
	`introduction` text DEFAULT '' NOT NULL,
	`external_links` text DEFAULT '[]' NOT NULL,
	`category` text DEFAULT 'other' NOT NULL,
	`display_member_count` integer DEFAULT true NOT NULL,
	`display_schedule` integer DEFAULT false NOT NULL,
	`law_price` text DEFAULT '' NOT NULL,
	`law_payment_method` text DEFAULT '' NOT NULL,
	`law_payment_time` text DEFAULT '' NOT NULL,
	`law_delivery_time` text DEFAULT '' NOT NULL,
	`law_contract` text DEFAULT '' NOT NULL,
	`law_contact` text DEFAULT '' NOT NULL,
	`invoice_number` text,
	`status` text DEFAULT 'open' NOT NULL,
	`profile_edited_at` integer,
	`member_count` integer DEFAULT 0 NOT NULL,
	`follower_count` integer DEFAULT 0 NOT NULL,
	`post_count` integer DEFAULT 0 NOT NULL,
	`actived_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "fanclubs_counts_not_negative" CHECK("fanclubs"."member_count" >= 0 AND "fanclubs"."follower_count" >= 0 AND "fanclubs"."post_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fanclubs_owner_unique` ON `fanclubs` (`owner_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fanclubs_unique_path_unique` ON `fanclubs` (`unique_path`) WHERE "fanclubs"."unique_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `fanclubs_service_status_created` ON `fanclubs` (`service_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `fanclubs_service_status_members` ON `fanclubs` (`service_id`,`status`,`member_count`);--> statement-breakpoint
CREATE INDEX `fanclubs_service_status_actived` ON `fanclubs` (`service_id`,`status`,`actived_at`);--> statement-breakpoint
CREATE TABLE `follows` (
	`user_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_unique` ON `follows` (`user_id`,`fanclub_id`);--> statement-breakpoint
CREATE INDEX `follows_fanclub_created` ON `follows` (`fanclub_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	`member_number` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`joined_at` integer NOT NULL,
	`left_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_current_unique` ON `memberships` (`user_id`,`fanclub_id`) WHERE "memberships"."status" != 'left';--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_number_unique` ON `memberships` (`fanclub_id`,`member_number`);--> statement-breakpoint
CREATE INDEX `memberships_fanclub_status` ON `memberships` (`fanclub_id`,`status`);--> statement-breakpoint
CREATE INDEX `memberships_user_status` ON `memberships` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `open_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`activity_name` text NOT NULL,
	`activity_description` text NOT NULL,
	`urls` text DEFAULT '[]' NOT NULL,
	`plan` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `open_requests_user_service` ON `open_requests` (`user_id`,`service_id`);--> statement-breakpoint
CREATE INDEX `open_requests_status` ON `open_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`name` text NOT NULL,
	`price` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`icon_key` text,
	`join_limit` integer,
	`member_count` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "plans_price_range" CHECK("plans"."price" = 0 OR ("plans"."price" >= 100 AND "plans"."price" <= 50000)),
	CONSTRAINT "plans_member_count_not_negative" CHECK("plans"."member_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `plans_fanclub` ON `plans` (`fanclub_id`,`sort_order`);