CREATE TABLE `order_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`author_side` text NOT NULL,
	`author_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`reply` text,
	`replied_at` integer,
	`visible_at` integer NOT NULL,
	`announced_at` integer,
	`hidden_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subject_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_reviews_one_per_side` ON `order_reviews` (`order_id`,`author_side`);--> statement-breakpoint
CREATE INDEX `order_reviews_subject` ON `order_reviews` (`subject_id`,`author_side`,`visible_at`);--> statement-breakpoint
CREATE INDEX `order_reviews_unannounced` ON `order_reviews` (`announced_at`,`visible_at`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`review_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	FOREIGN KEY (`review_id`) REFERENCES `order_reviews`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reporter_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reports_one_per_reporter` ON `review_reports` (`review_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `review_reports_open` ON `review_reports` (`resolved_at`);