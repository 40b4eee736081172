CREATE TABLE `heartbeats` (
	`source` text PRIMARY KEY NOT NULL,
	`beat_at` integer NOT NULL,
	`runs` integer DEFAULT 0 NOT NULL,
	`detail` text
);
--> statement-breakpoint
CREATE TABLE `inquiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`category` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`locale` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inquiries_status_created` ON `inquiries` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `processed_events` (
	`key` text PRIMARY KEY NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`css_class` text NOT NULL,
	`theme_color` text DEFAULT '#e4007f' NOT NULL,
	`front_url` text NOT NULL,
	`require_open_request` integer DEFAULT false NOT NULL,
	`require_basic` integer DEFAULT false NOT NULL,
	`logo` text NOT NULL,
	`full_logo` text NOT NULL,
	`ogp` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "services_theme_color_hex" CHECK(length("services"."theme_color") = 7 AND substr("services"."theme_color", 1, 1) = '#' AND lower(substr("services"."theme_color", 2)) NOT GLOB '*[^0-9a-f]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_domain_unique` ON `services` (`domain`);--> statement-breakpoint
CREATE UNIQUE INDEX `services_one_primary` ON `services` (`is_primary`) WHERE "services"."is_primary" = 1;