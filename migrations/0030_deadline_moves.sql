CREATE TABLE `order_deadline_moves` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`proposed_deadline` integer NOT NULL,
	`previous_deadline` integer NOT NULL,
	`reason` text NOT NULL,
	`language_code` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_deadline_moves_order` ON `order_deadline_moves` (`order_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `extension_request` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `original_delivery_deadline` integer;