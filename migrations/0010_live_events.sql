CREATE TABLE `live_event_plans` (
	`live_event_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	PRIMARY KEY(`live_event_id`, `plan_id`),
	FOREIGN KEY (`live_event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `live_event_plans_plan` ON `live_event_plans` (`plan_id`);--> statement-breakpoint
CREATE TABLE `live_event_ticket_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`live_event_id` integer NOT NULL,
	`title` text NOT NULL,
	`price` integer NOT NULL,
	`capacity` integer,
	`sold_count` integer DEFAULT 0 NOT NULL,
	`sale_end_at` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`live_event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "live_event_ticket_types_price" CHECK("live_event_ticket_types"."price" = 0 OR ("live_event_ticket_types"."price" >= 100 AND "live_event_ticket_types"."price" <= 100000)),
	CONSTRAINT "live_event_ticket_types_capacity" CHECK("live_event_ticket_types"."sold_count" >= 0 AND ("live_event_ticket_types"."capacity" IS NULL OR "live_event_ticket_types"."sold_count" <= "live_event_ticket_types"."capacity"))
);
--> statement-breakpoint
CREATE INDEX `live_event_ticket_types_event` ON `live_event_ticket_types` (`live_event_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `live_event_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`live_event_id` integer NOT NULL,
	`ticket_type_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`price` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`live_event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ticket_type_id`) REFERENCES `live_event_ticket_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_event_tickets_key_unique` ON `live_event_tickets` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `live_event_tickets_one_per_fan` ON `live_event_tickets` (`live_event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `live_event_tickets_user_created` ON `live_event_tickets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `live_event_tickets_type` ON `live_event_tickets` (`ticket_type_id`);--> statement-breakpoint
CREATE TABLE `live_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`cover_key` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`visibility` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "live_events_schedule" CHECK("live_events"."end_at" > "live_events"."start_at"),
	CONSTRAINT "live_events_status_values" CHECK("live_events"."status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX `live_events_fanclub_start` ON `live_events` (`fanclub_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `live_events_status_start` ON `live_events` (`status`,`start_at`);