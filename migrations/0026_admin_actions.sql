CREATE TABLE `admin_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_account_id` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `admin_actions_recent` ON `admin_actions` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_actions_target` ON `admin_actions` (`target_type`,`target_id`);