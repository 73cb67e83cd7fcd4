CREATE TABLE `notification_email_preferences` (
	`user_account_id` text NOT NULL,
	`notification_type` text NOT NULL,
	`email_enabled` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_account_id`, `notification_type`),
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `emailed_at` integer;--> statement-breakpoint
-- Notices written before e-mail existed are not e-mailed now (hand-added to the generated migration).
UPDATE `notifications` SET `emailed_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `notifications_unemailed` ON `notifications` (`created_at`) WHERE emailed_at IS NULL;