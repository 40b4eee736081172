CREATE TABLE `product_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`fanclub_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`price` integer NOT NULL,
	`shipping_address` text,
	`order_key` text NOT NULL,
	`free_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "product_orders_quantity_positive" CHECK("product_orders"."quantity" > 0),
	CONSTRAINT "product_orders_price_not_negative" CHECK("product_orders"."price" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_orders_key_unique` ON `product_orders` (`order_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_orders_free_unique` ON `product_orders` (`free_key`);--> statement-breakpoint
CREATE INDEX `product_orders_user_created` ON `product_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_orders_fanclub_created` ON `product_orders` (`fanclub_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_orders_product_user` ON `product_orders` (`product_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fanclub_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price` integer NOT NULL,
	`kind` text NOT NULL,
	`stock` integer,
	`sold_count` integer DEFAULT 0 NOT NULL,
	`sale_start_at` integer,
	`sale_end_at` integer,
	`image_key` text,
	`file_key` text,
	`file_name` text,
	`file_size` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`fanclub_id`) REFERENCES `fanclubs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_price_not_negative" CHECK("products"."price" >= 0),
	CONSTRAINT "products_stock_capacity" CHECK("products"."sold_count" >= 0 AND ("products"."stock" IS NULL OR "products"."sold_count" <= "products"."stock"))
);
--> statement-breakpoint
CREATE INDEX `products_fanclub_created` ON `products` (`fanclub_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_status_created` ON `products` (`status`,`created_at`);