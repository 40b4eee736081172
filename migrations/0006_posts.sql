CREATE TABLE `post_comment_likes` (
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `post_comments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `post_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`parent_id` integer,
	`body` text NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "post_comments_like_count" CHECK("post_comments"."like_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `post_comments_post` ON `post_comments` (`post_id`,`parent_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`uploader_id` integer NOT NULL,
	`post_id` integer,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`extension` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`upload_id` text,
	`status` text DEFAULT 'uploading' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_files_key_unique` ON `post_files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `post_files_post` ON `post_files` (`post_id`,`kind`,`sort_order`);--> statement-breakpoint
CREATE INDEX `post_files_status_created` ON `post_files` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `post_likes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`type` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`blog_json` text,
	`blog_html` text,
	`blog_char_count` integer DEFAULT 0 NOT NULL,
	`cover_key` text,
	`cover_name` text,
	`is_publish` integer DEFAULT false NOT NULL,
	`published_at` integer NOT NULL,
	`unpublished_at` integer,
	`plan_id` integer,
	`allow_comment` integer DEFAULT true NOT NULL,
	`comment_scope` text DEFAULT 'everyone' NOT NULL,
	`show_filename` integer DEFAULT false NOT NULL,
	`allow_tipping` integer DEFAULT false NOT NULL,
	`edit_scope` text DEFAULT 'editable_all_editors' NOT NULL,
	`editor_user_id` integer,
	`contest_id` integer,
	`group_id` integer,
	`limit_lesson` integer,
	`lesson_platform_type` text,
	`reservation_start_at` integer,
	`lesson_duration` integer,
	`like_count` integer DEFAULT 0 NOT NULL,
	`comment_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`editor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group_id`) REFERENCES `fanclub_groups`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "posts_type" CHECK("posts"."type" BETWEEN 1 AND 5),
	CONSTRAINT "posts_counts_not_negative" CHECK("posts"."like_count" >= 0 AND "posts"."comment_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `posts_fanclub_published` ON `posts` (`fanclub_id`,`is_publish`,`published_at`);--> statement-breakpoint
CREATE INDEX `posts_published` ON `posts` (`is_publish`,`published_at`);--> statement-breakpoint
CREATE INDEX `posts_group` ON `posts` (`group_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `upload_parts` (
	`file_id` integer NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`file_id`, `part_number`),
	FOREIGN KEY (`file_id`) REFERENCES `post_files`(`id`) ON UPDATE no action ON DELETE no action
);
