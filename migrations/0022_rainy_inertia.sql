CREATE TABLE `passkey_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`sign_in_enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
