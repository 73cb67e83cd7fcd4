CREATE TABLE `portfolio_work_user_categories` (
	`work_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`work_id`, `name`),
	FOREIGN KEY (`work_id`) REFERENCES `portfolio_works`(`id`) ON UPDATE no action ON DELETE cascade
);
