ALTER TABLE `cart_items` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `cart_items` ADD `note` text;--> statement-breakpoint
ALTER TABLE `purchase_items` ADD `quantity` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `purchase_items` ADD `note` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `refund_id` text;--> statement-breakpoint
-- A plan's join limit holds in the batch that takes the seat: two fans paying for the last seat at
-- once both pass the check before paying, and the second batch fails here. The purchase gives that
-- fan's card part back (server/services/cart-purchase.ts, 'capacity_exceeded'). Lowering the limit
-- below the members a plan already has stays possible: only a growing count is checked.
CREATE TRIGGER `plans_join_limit_capacity` BEFORE UPDATE OF `member_count` ON `plans`
WHEN NEW.`join_limit` IS NOT NULL AND NEW.`member_count` > OLD.`member_count` AND NEW.`member_count` > NEW.`join_limit`
BEGIN SELECT RAISE(ABORT, 'capacity_exceeded: plan join limit'); END;
