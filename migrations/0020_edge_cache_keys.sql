CREATE TABLE `page_cache_keys` (
	`tag` text NOT NULL,
	`cache_key` text NOT NULL,
	`stored_at` integer NOT NULL,
	PRIMARY KEY(`tag`, `cache_key`)
);
--> statement-breakpoint
CREATE INDEX `page_cache_keys_stored` ON `page_cache_keys` (`stored_at`);--> statement-breakpoint
CREATE TABLE `page_cache_purges` (
	`tag` text PRIMARY KEY NOT NULL,
	`purged_at` integer NOT NULL
);
