-- Issue 75: the SHA-256 shown of a stored work file is the server's own. Existing rows start pending, so the cron hashes
-- the files already stored too; their `sha256` stays what the uploader's browser said.
ALTER TABLE `file_facts` ADD `server_sha256` text;--> statement-breakpoint
ALTER TABLE `file_facts` ADD `checksum` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `file_facts` ADD `check_started_at` integer;--> statement-breakpoint
ALTER TABLE `file_facts` ADD `checked_at` integer;--> statement-breakpoint
CREATE INDEX `file_facts_pending` ON `file_facts` (`checksum`,`created_at`) WHERE checksum = 'pending';