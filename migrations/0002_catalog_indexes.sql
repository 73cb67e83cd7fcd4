CREATE INDEX `user_account_roles_role` ON `user_account_roles` (`role_code`,`user_account_id`);--> statement-breakpoint
CREATE INDEX `user_profiles_created` ON `user_profiles` (`created_at`,`id`);