CREATE TABLE `file_facts` (
	`object_key` text PRIMARY KEY NOT NULL,
	`sha256` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `multipart_upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`size` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `multipart_uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `multipart_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`object_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`uploader_profile_id` text NOT NULL,
	`target_domain` text NOT NULL,
	`target_id` text NOT NULL,
	`target_field` text NOT NULL,
	`file_name` text NOT NULL,
	`declared_size` integer NOT NULL,
	`part_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`kind` text NOT NULL,
	`fingerprint` text NOT NULL,
	`lease_holder` text,
	`lease_expires_at` integer,
	`state` text DEFAULT 'uploading' NOT NULL,
	`sha256` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `multipart_uploads_object_key_unique` ON `multipart_uploads` (`object_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `multipart_uploads_one_per_file` ON `multipart_uploads` (`uploader_profile_id`,`target_domain`,`target_id`,`target_field`,`fingerprint`) WHERE state IN ('uploading', 'completing');--> statement-breakpoint
CREATE INDEX `multipart_uploads_target` ON `multipart_uploads` (`target_id`,`target_domain`,`state`);--> statement-breakpoint
CREATE INDEX `multipart_uploads_state_updated` ON `multipart_uploads` (`state`,`updated_at`);