PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_lesson_slots` (
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
	`ticket_type_id` integer,
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
	FOREIGN KEY (`ticket_type_id`) REFERENCES `special_ticket_types`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "lesson_slots_status_values" CHECK("__new_lesson_slots"."status" IN (0, 1, 2)),
	CONSTRAINT "lesson_slots_price" CHECK("__new_lesson_slots"."price" = 0 OR ("__new_lesson_slots"."price" >= 100 AND "__new_lesson_slots"."price" <= 100000)),
	CONSTRAINT "lesson_slots_ticket_price" CHECK("__new_lesson_slots"."ticket_type_id" IS NULL OR "__new_lesson_slots"."price" = 0),
	CONSTRAINT "lesson_slots_duration" CHECK("__new_lesson_slots"."duration_minutes" BETWEEN 10 AND 300 AND "__new_lesson_slots"."duration_minutes" % 10 = 0),
	CONSTRAINT "lesson_slots_window" CHECK("__new_lesson_slots"."reservation_start_at" < "__new_lesson_slots"."reservation_end_at" AND "__new_lesson_slots"."reservation_end_at" <= "__new_lesson_slots"."start_at"),
	CONSTRAINT "lesson_slots_capacity" CHECK("__new_lesson_slots"."reserved_count" >= 0 AND "__new_lesson_slots"."reserved_count" <= "__new_lesson_slots"."capacity")
);
--> statement-breakpoint
INSERT INTO `__new_lesson_slots`("id", "fanclub_id", "owner_id", "post_id", "title", "description", "start_at", "duration_minutes", "capacity", "reserved_count", "method", "external_url", "live_event_id", "price", "ticket_type_id", "reservation_start_at", "reservation_end_at", "status", "reminded_at", "created_at", "updated_at") SELECT "id", "fanclub_id", "owner_id", "post_id", "title", "description", "start_at", "duration_minutes", "capacity", "reserved_count", "method", "external_url", "live_event_id", "price", "ticket_type_id", "reservation_start_at", "reservation_end_at", "status", "reminded_at", "created_at", "updated_at" FROM `lesson_slots`;--> statement-breakpoint
DROP TABLE `lesson_slots`;--> statement-breakpoint
ALTER TABLE `__new_lesson_slots` RENAME TO `lesson_slots`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `lesson_slots_fanclub_start` ON `lesson_slots` (`fanclub_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `lesson_slots_status_start` ON `lesson_slots` (`status`,`start_at`);--> statement-breakpoint
CREATE INDEX `lesson_slots_post` ON `lesson_slots` (`post_id`);