-- A creator's own numbers (decision 111): one row of figures per creator, and the indexes its timed job reads changes by.
CREATE TABLE `creator_insights` (
	`user_account_id` text PRIMARY KEY NOT NULL,
	`figures` text NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `creator_payouts_updated` ON `creator_payouts` (`updated_at`);--> statement-breakpoint
CREATE INDEX `page_visits_visited` ON `page_visits` (`visited_at`);