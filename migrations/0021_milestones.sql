CREATE TABLE `commission_order_stage_previews` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`stage_index` integer NOT NULL,
	`round` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`media_type` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`original_key` text NOT NULL,
	`preview_key` text,
	`preview_content_type` text,
	`width` integer,
	`height` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_order_stage_previews_original_key_unique` ON `commission_order_stage_previews` (`original_key`);--> statement-breakpoint
CREATE INDEX `commission_order_stage_previews_order` ON `commission_order_stage_previews` (`order_id`,`stage_index`,`round`,`position`);--> statement-breakpoint
CREATE TABLE `commission_order_stage_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`stage_index` integer NOT NULL,
	`round` integer NOT NULL,
	`comment` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_order_stage_revisions_order` ON `commission_order_stage_revisions` (`order_id`,`stage_index`,`round`);--> statement-breakpoint
DROP INDEX `creator_payouts_order_id_unique`;--> statement-breakpoint
ALTER TABLE `creator_payouts` ADD `stage_index` integer;--> statement-breakpoint
CREATE INDEX `creator_payouts_order` ON `creator_payouts` (`order_id`,`stage_index`);--> statement-breakpoint
ALTER TABLE `commission_forms` ADD `stage_plan` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_services` ADD `stage_plan` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `stages` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_transactions` ADD `refunded_amount` integer DEFAULT 0 NOT NULL;