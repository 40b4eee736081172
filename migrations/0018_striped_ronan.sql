CREATE TABLE `fan_mark_deliveries` (
	`fanclub_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`first_delivered_at` integer NOT NULL,
	`last_delivered_at` integer NOT NULL,
	PRIMARY KEY(`fanclub_id`, `user_id`),
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
