CREATE TABLE `post_products` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`linked_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `post_products_product` ON `post_products` (`product_id`);