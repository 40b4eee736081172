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
CREATE INDEX `lesson_slots_post` ON `lesson_slots` (`post_id`);