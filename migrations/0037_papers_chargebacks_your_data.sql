CREATE TABLE `document_counters` (
	`issuer_key` text PRIMARY KEY NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoice_registrations` (
	`user_account_id` text PRIMARY KEY NOT NULL,
	`registration_number` text NOT NULL,
	`registered_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `issued_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`issuer_key` text NOT NULL,
	`number` integer NOT NULL,
	`source_key` text NOT NULL,
	`recipient_user_account_id` text,
	`order_id` text,
	`period` text,
	`currency` text,
	`total` integer,
	`tax_amount` integer,
	`body` text NOT NULL,
	`replaces_document_id` text,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`recipient_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issued_documents_issuer_number` ON `issued_documents` (`issuer_key`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `issued_documents_source` ON `issued_documents` (`source_key`);--> statement-breakpoint
CREATE INDEX `issued_documents_recipient` ON `issued_documents` (`recipient_user_account_id`,`kind`,`issued_at`);--> statement-breakpoint
CREATE INDEX `issued_documents_order` ON `issued_documents` (`order_id`);--> statement-breakpoint
CREATE TABLE `chargebacks` (
	`id` text PRIMARY KEY NOT NULL,
	`stripe_dispute_id` text NOT NULL,
	`stripe_charge_id` text NOT NULL,
	`stripe_payment_intent_id` text,
	`order_id` text,
	`transaction_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`evidence_due_at` integer,
	`withdrawn_amount` integer DEFAULT 0 NOT NULL,
	`reinstated_amount` integer DEFAULT 0 NOT NULL,
	`evidence_submitted_at` integer,
	`evidence_submitted_by` text,
	`borne_by` text,
	`last_event_at` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`evidence_submitted_by`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chargebacks_stripe_dispute_id_unique` ON `chargebacks` (`stripe_dispute_id`);--> statement-breakpoint
CREATE INDEX `chargebacks_order` ON `chargebacks` (`order_id`);--> statement-breakpoint
CREATE INDEX `chargebacks_status` ON `chargebacks` (`status`,`evidence_due_at`);--> statement-breakpoint
CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`object_key` text,
	`byte_size` integer,
	`claimed_until` integer,
	`requested_at` integer NOT NULL,
	`ready_at` integer,
	`expires_at` integer,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_account` ON `data_exports` (`user_account_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `data_exports_status` ON `data_exports` (`status`);--> statement-breakpoint
CREATE TABLE `deliverable_downloads` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`user_account_id` text,
	`file_name` text NOT NULL,
	`downloaded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deliverable_downloads_order` ON `deliverable_downloads` (`order_id`,`downloaded_at`);--> statement-breakpoint
CREATE TABLE `reserved_handles` (
	`handle` text PRIMARY KEY NOT NULL,
	`reserved_until` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `user_accounts` ADD `deleted_at` integer;