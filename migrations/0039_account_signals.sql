CREATE TABLE `account_signals` (
	`user_account_id` text PRIMARY KEY NOT NULL,
	`identity_verified` integer DEFAULT false NOT NULL,
	`orders_completed` integer DEFAULT 0 NOT NULL,
	`on_time_percent` integer,
	`typical_response_hours` integer,
	`repeat_clients` integer DEFAULT 0 NOT NULL,
	`client_orders_completed` integer DEFAULT 0 NOT NULL,
	`repeat_creators` integer DEFAULT 0 NOT NULL,
	`member_since` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_orders_updated` ON `commission_orders` (`updated_at`);