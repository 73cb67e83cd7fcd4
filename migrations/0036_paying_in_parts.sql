ALTER TABLE `commission_orders` ADD `deposit` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `paid_rest` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `rest_failure` text;--> statement-breakpoint
ALTER TABLE `commission_orders` ADD `kept_deposit` integer;