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
CREATE INDEX `schedules_fanclub_start` ON `schedules` (`fanclub_id`,`start_at`);