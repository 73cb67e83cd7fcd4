CREATE TABLE `follow_watches` (
	`creator_user_account_id` text PRIMARY KEY NOT NULL,
	`is_open` integer NOT NULL,
	`has_room` integer NOT NULL,
	`openings` integer DEFAULT 0 NOT NULL,
	`checked_at` integer NOT NULL,
	FOREIGN KEY (`creator_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_user_account_id` text NOT NULL,
	`creator_user_account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`follower_user_account_id`, `creator_user_account_id`),
	FOREIGN KEY (`follower_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follows_creator` ON `follows` (`creator_user_account_id`,`created_at`);