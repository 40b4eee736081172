CREATE TABLE `lesson_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`purchase_id` integer,
	`price` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`idempotency_key` text NOT NULL,
	`refund_id` text,
	`refunded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `lesson_slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "lesson_reservations_status_values" CHECK("lesson_reservations"."status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_reservations_key_unique` ON `lesson_reservations` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_reservations_one_per_fan` ON `lesson_reservations` (`slot_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `lesson_reservations_user_created` ON `lesson_reservations` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `lesson_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`post_id` integer,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_at` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`capacity` integer NOT NULL,
	`reserved_count` integer DEFAULT 0 NOT NULL,
	`method` text NOT NULL,
	`external_url` text,
	`live_event_id` integer,
	`price` integer NOT NULL,
	`reservation_start_at` integer NOT NULL,
	`reservation_end_at` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`reminded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`live_event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "lesson_slots_status_values" CHECK("lesson_slots"."status" IN (0, 1, 2)),
	CONSTRAINT "lesson_slots_price" CHECK("lesson_slots"."price" = 0 OR ("lesson_slots"."price" >= 100 AND "lesson_slots"."price" <= 100000)),
	CONSTRAINT "lesson_slots_duration" CHECK("lesson_slots"."duration_minutes" BETWEEN 10 AND 300 AND "lesson_slots"."duration_minutes" % 10 = 0),
	CONSTRAINT "lesson_slots_window" CHECK("lesson_slots"."reservation_start_at" < "lesson_slots"."reservation_end_at" AND "lesson_slots"."reservation_end_at" <= "lesson_slots"."start_at"),
	CONSTRAINT "lesson_slots_capacity" CHECK("lesson_slots"."reserved_count" >= 0 AND "lesson_slots"."reserved_count" <= "lesson_slots"."capacity")
);
--> statement-breakpoint
CREATE INDEX `lesson_slots_fanclub_start` ON `lesson_slots` (`fanclub_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `lesson_slots_status_start` ON `lesson_slots` (`status`,`start_at`);--> statement-breakpoint
CREATE INDEX `lesson_slots_post` ON `lesson_slots` (`post_id`);--> statement-breakpoint
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
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `talk_blocks` (
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`blocked_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`fanclub_id`, `user_id`),
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`blocked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `talk_settings` (
	`fanclub_id` integer PRIMARY KEY NOT NULL,
	`starters` text DEFAULT 'creator' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `topic_comment_likes` (
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `topic_comments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `topic_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer,
	`body` text NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "topic_comments_like_count" CHECK("topic_comments"."like_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `topic_comments_topic` ON `topic_comments` (`topic_id`,`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `topic_comments_user_created` ON `topic_comments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `topic_likes` (
	`topic_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`topic_id`, `user_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`plan_id` integer,
	`pinned_at` integer,
	`closed_at` integer,
	`deleted_at` integer,
	`like_count` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`last_activity_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "topics_counts" CHECK("topics"."like_count" >= 0 AND "topics"."comment_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `topics_fanclub_activity` ON `topics` (`fanclub_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `topics_user_created` ON `topics` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `schedule_feed_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schedule_feed_tokens_token` ON `schedule_feed_tokens` (`token`);--> statement-breakpoint
CREATE INDEX `schedule_feed_tokens_user` ON `schedule_feed_tokens` (`user_id`,`fanclub_id`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`members_only` integer DEFAULT false NOT NULL,
	`link_kind` text,
	`link_id` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "schedules_window" CHECK("schedules"."end_at" > "schedules"."start_at"),
	CONSTRAINT "schedules_link" CHECK(("schedules"."link_kind" IS NULL) = ("schedules"."link_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `schedules_fanclub_start` ON `schedules` (`fanclub_id`,`start_at`);--> statement-breakpoint
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