ALTER TABLE `cart_items` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `cart_items` ADD `note` text;--> statement-breakpoint
ALTER TABLE `purchase_items` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_items` ADD `note` text;