CREATE TABLE `order_dispute_files` (
	`id` text PRIMARY KEY NOT NULL,
	`statement_id` text NOT NULL,
	`order_id` text NOT NULL,
	`object_key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`statement_id`) REFERENCES `order_dispute_statements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_dispute_files_statement` ON `order_dispute_files` (`statement_id`);--> statement-breakpoint
CREATE TABLE `order_dispute_statements` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`kind` text NOT NULL,
	`side` text NOT NULL,
	`author_user_account_id` text NOT NULL,
	`reason` text,
	`body` text NOT NULL,
	`language_code` text NOT NULL,
	`refund_amount` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_dispute_statements_order` ON `order_dispute_statements` (`order_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `dispute` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `disputed_since` integer;--> statement-breakpoint
CREATE INDEX `commission_orders_disputed` ON `commission_orders` (`disputed_since`) WHERE disputed_since IS NOT NULL;