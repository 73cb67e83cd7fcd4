ALTER TABLE `commission_accounts` ADD `default_currency_id` text REFERENCES currencies(id);--> statement-breakpoint
ALTER TABLE `portfolio_works` ADD `client_account_id` text REFERENCES user_accounts(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `portfolio_works_client` ON `portfolio_works` (`client_account_id`);