CREATE TABLE `post_products` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`linked_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `post_products_product` ON `post_products` (`product_id`);--> statement-breakpoint
CREATE TABLE `operator_notice_dismissals` (
	`notice_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`dismissed_at` integer NOT NULL,
	PRIMARY KEY(`notice_id`, `user_id`),
	FOREIGN KEY (`notice_id`) REFERENCES `operator_notices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `operator_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_id` integer NOT NULL,
	`title` text NOT NULL,
	`message_source` text NOT NULL,
	`message_html` text NOT NULL,
	`sizing` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `operator_notices_service_window_idx` ON `operator_notices` (`service_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `passkey_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`sign_in_enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
