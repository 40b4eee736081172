CREATE TABLE `bulk_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`sender_user_id` integer NOT NULL,
	`audience` text NOT NULL,
	`plan_ids` text DEFAULT '[]' NOT NULL,
	`body` text NOT NULL,
	`planned_count` integer DEFAULT 0 NOT NULL,
	`delivered_count` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`cursor_user_id` integer DEFAULT 0 NOT NULL,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sender_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bulk_messages_fanclub` ON `bulk_messages` (`fanclub_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `digest_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`url` text,
	`email_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `digest_items_pending` ON `digest_items` (`email_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `message_blocks` (
	`user_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_blocks_pair` ON `message_blocks` (`user_id`,`fanclub_id`);--> statement-breakpoint
CREATE TABLE `message_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `message_images_message` ON `message_images` (`message_id`);--> statement-breakpoint
CREATE TABLE `message_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`reporter_user_id` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_reports_once` ON `message_reports` (`message_id`,`reporter_user_id`);--> statement-breakpoint
CREATE TABLE `message_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `message_sends_user_time` ON `message_sends` (`user_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `message_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`fan_user_id` integer NOT NULL,
	`last_fan_message_id` integer DEFAULT 0 NOT NULL,
	`last_club_message_id` integer DEFAULT 0 NOT NULL,
	`fan_read_id` integer DEFAULT 0 NOT NULL,
	`club_read_id` integer DEFAULT 0 NOT NULL,
	`last_message_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fan_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_threads_pair` ON `message_threads` (`fanclub_id`,`fan_user_id`);--> statement-breakpoint
CREATE INDEX `message_threads_fan_last` ON `message_threads` (`fan_user_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `message_threads_club_last` ON `message_threads` (`fanclub_id`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `message_threads_fan_unread` ON `message_threads` (`fan_user_id`) WHERE "message_threads"."last_club_message_id" > "message_threads"."fan_read_id";--> statement-breakpoint
CREATE INDEX `message_threads_club_unread` ON `message_threads` (`fanclub_id`) WHERE "message_threads"."last_fan_message_id" > "message_threads"."club_read_id";--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`thread_id` integer NOT NULL,
	`side` text NOT NULL,
	`sender_user_id` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`bulk_message_id` integer,
	`bulk_recipient_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `message_threads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sender_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bulk_message_id`) REFERENCES `bulk_messages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `messages_thread` ON `messages` (`thread_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_bulk_once` ON `messages` (`bulk_message_id`,`bulk_recipient_id`) WHERE "messages"."bulk_message_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `notification_channels` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`channels` text DEFAULT '{}' NOT NULL,
	`digest` text DEFAULT 'none' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_id`);