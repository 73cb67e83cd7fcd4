CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`service_id` text,
	`form_id` text,
	`client_id` text NOT NULL,
	`state` text DEFAULT 'WAITING' NOT NULL,
	`joined_at` integer NOT NULL,
	`reserved_at` integer,
	`reserved_until` integer,
	`order_id` text,
	`ended_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `commission_services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `commission_forms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_one_place_per_service` ON `waitlist_entries` (`client_id`,`service_id`) WHERE state IN ('WAITING', 'RESERVED') AND service_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_one_place_per_form` ON `waitlist_entries` (`client_id`,`form_id`) WHERE state IN ('WAITING', 'RESERVED') AND form_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `waitlist_line` ON `waitlist_entries` (`seller_id`,`state`,`joined_at`);--> statement-breakpoint
CREATE INDEX `waitlist_service` ON `waitlist_entries` (`service_id`,`state`);--> statement-breakpoint
CREATE INDEX `waitlist_form` ON `waitlist_entries` (`form_id`,`state`);--> statement-breakpoint
CREATE INDEX `waitlist_reserved` ON `waitlist_entries` (`reserved_until`) WHERE state = 'RESERVED';--> statement-breakpoint
ALTER TABLE `commission_accounts` ADD `slot_count` integer;--> statement-breakpoint
ALTER TABLE `commission_accounts` ADD `waitlist_closed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_forms` ADD `slot_count` integer;--> statement-breakpoint
ALTER TABLE `commission_services` ADD `slot_count` integer;