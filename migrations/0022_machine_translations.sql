CREATE TABLE `machine_translations` (
	`source_hash` text NOT NULL,
	`target_language` text NOT NULL,
	`source_language` text NOT NULL,
	`translated_text` text NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`source_hash`, `target_language`)
);
--> statement-breakpoint
CREATE INDEX `machine_translations_created` ON `machine_translations` (`created_at`);--> statement-breakpoint
CREATE TABLE `translation_usage` (
	`day` text NOT NULL,
	`scope` text NOT NULL,
	`characters` integer NOT NULL,
	PRIMARY KEY(`day`, `scope`)
);
