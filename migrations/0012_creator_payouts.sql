-- The creator payouts outbox (issue 12, docs/decisions/029): one row per completed order, transferred once.
CREATE TABLE `creator_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`seller_user_account_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency_id` text NOT NULL,
	`payout_status` text DEFAULT 'HELD' NOT NULL,
	`idempotency_key` text NOT NULL,
	`stripe_transfer_id` text,
	`claimed_until` integer,
	`last_error` text,
	`transferred_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creator_payouts_order_id_unique` ON `creator_payouts` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `creator_payouts_idempotency_key_unique` ON `creator_payouts` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `creator_payouts_stripe_transfer_id_unique` ON `creator_payouts` (`stripe_transfer_id`);--> statement-breakpoint
CREATE INDEX `creator_payouts_seller` ON `creator_payouts` (`seller_user_account_id`,`payout_status`,`created_at`);