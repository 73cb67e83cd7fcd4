CREATE TABLE `dev_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`offset_ms` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
