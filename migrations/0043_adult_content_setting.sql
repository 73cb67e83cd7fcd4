-- Decision 110: a viewer's choice to see works rated for adults, with the time they confirmed being 18 or older.
ALTER TABLE `user_accounts` ADD `adult_content_confirmed_at` integer;