-- Issue 33 (docs/decisions/053): each user's invite code, and who invited an account (written once at sign-up).
CREATE TABLE `invitations` (
	`invitee_user_account_id` text PRIMARY KEY NOT NULL,
	`inviter_user_account_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invitee_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviter_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invitations_not_self" CHECK("invitations"."invitee_user_account_id" <> "invitations"."inviter_user_account_id")
);
--> statement-breakpoint
CREATE INDEX `invitations_inviter` ON `invitations` (`inviter_user_account_id`);--> statement-breakpoint
CREATE TABLE `invite_codes` (
	`user_account_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invite_codes_code_unique` ON `invite_codes` (`code`);