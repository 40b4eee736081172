CREATE TABLE `dc3_content_plans` (
	`content_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	PRIMARY KEY(`content_id`, `plan_id`),
	FOREIGN KEY (`content_id`) REFERENCES `dc3_contents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `dc3_contents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`audience` text DEFAULT 'members' NOT NULL,
	`file_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_id`) REFERENCES `post_files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dc3_contents_fanclub` ON `dc3_contents` (`fanclub_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `dc3_contents_file_unique` ON `dc3_contents` (`file_id`);