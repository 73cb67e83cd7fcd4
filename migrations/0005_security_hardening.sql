CREATE TABLE `signed_token_uses` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signed_token_uses_expiry` ON `signed_token_uses` (`expires_at`);--> statement-breakpoint
CREATE TABLE `pending_uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`owner_profile_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_uploads_created` ON `pending_uploads` (`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `portfolio_works` ADD `client_removed_at` integer;--> statement-breakpoint
CREATE INDEX `rate_limits_window` ON `rate_limits` (`window_start`);