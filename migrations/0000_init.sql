CREATE TABLE `currencies` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`name_plural` text NOT NULL,
	`symbol` text NOT NULL,
	`symbol_native` text NOT NULL,
	`decimal_digits` integer NOT NULL,
	`rounding` real DEFAULT 0 NOT NULL,
	`base_exchange` real NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`is_default` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `currencies_code_unique` ON `currencies` (`code`);--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`from_currency_code` text NOT NULL,
	`to_currency_code` text NOT NULL,
	`rate` real NOT NULL,
	`rated_on` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_rates_pair_day` ON `exchange_rates` (`from_currency_code`,`to_currency_code`,`rated_on`);--> statement-breakpoint
CREATE TABLE `languages` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`native_name` text NOT NULL,
	`native_code` text NOT NULL,
	`country` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `languages_code_unique` ON `languages` (`code`);--> statement-breakpoint
CREATE TABLE `localized_texts` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`field` text NOT NULL,
	`language_code` text NOT NULL,
	`is_original` integer DEFAULT false NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `localized_texts_owner` ON `localized_texts` (`entity_type`,`entity_id`,`field`,`language_code`);--> statement-breakpoint
CREATE INDEX `localized_texts_search` ON `localized_texts` (`entity_type`,`field`,`language_code`);--> statement-breakpoint
CREATE TABLE `auth_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`signup_handle` text,
	`failed_attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_codes_email` ON `auth_codes` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `commission_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_accounts_user_account_id_unique` ON `commission_accounts` (`user_account_id`);--> statement-breakpoint
CREATE TABLE `dev_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`code` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_account` ON `sessions` (`user_account_id`);--> statement-breakpoint
CREATE TABLE `user_account_roles` (
	`user_account_id` text NOT NULL,
	`role_code` text NOT NULL,
	PRIMARY KEY(`user_account_id`, `role_code`),
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_code`) REFERENCES `roles`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_language_code` text DEFAULT 'en' NOT NULL,
	`display_currency_id` text,
	`input_language_code` text DEFAULT 'en' NOT NULL,
	`birthday` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`display_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_accounts_email_unique` ON `user_accounts` (`email`);--> statement-breakpoint
CREATE TABLE `user_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`original_handle` text NOT NULL,
	`avatar_url` text,
	`cover_url` text,
	`is_open_commission` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_account_id_unique` ON `user_profiles` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_handle_nocase` ON `user_profiles` (lower("original_handle"));--> statement-breakpoint
CREATE TABLE `commission_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`group` text NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_categories_code_unique` ON `commission_categories` (`code`);--> statement-breakpoint
CREATE INDEX `commission_categories_active` ON `commission_categories` (`is_active`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_category_content_kinds` (
	`category_code` text NOT NULL,
	`content_kind_code` text NOT NULL,
	PRIMARY KEY(`category_code`, `content_kind_code`),
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_kind_code`) REFERENCES `content_kinds`(`code`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_category_content_kinds_kind` ON `commission_category_content_kinds` (`content_kind_code`);--> statement-breakpoint
CREATE TABLE `commission_category_use_cases` (
	`category_code` text NOT NULL,
	`use_case_code` text NOT NULL,
	PRIMARY KEY(`category_code`, `use_case_code`),
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`use_case_code`) REFERENCES `use_cases`(`code`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_category_use_cases_use_case` ON `commission_category_use_cases` (`use_case_code`);--> statement-breakpoint
CREATE TABLE `content_kinds` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_kinds_code_unique` ON `content_kinds` (`code`);--> statement-breakpoint
CREATE TABLE `content_ratings` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_ratings_code_unique` ON `content_ratings` (`code`);--> statement-breakpoint
CREATE TABLE `use_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `use_cases_code_unique` ON `use_cases` (`code`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_account_id` text,
	`format_type` text NOT NULL,
	`media_type` text NOT NULL,
	`file_name` text,
	`file_type` text,
	`file_size` integer,
	`file_width` integer,
	`file_height` integer,
	`file_extension` text,
	`file_url` text,
	`file_convert_url` text,
	`file_last_modified` integer,
	`link_site` text,
	`link_url` text,
	`embed_site` text,
	`embed_code` text,
	`thumbnail_url` text,
	`markdown` text,
	`user_index` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_owner` ON `media` (`owner_user_account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `media_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`media_id` text NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`field` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_attachments_owner_media` ON `media_attachments` (`owner_type`,`owner_id`,`field`,`media_id`);--> statement-breakpoint
CREATE INDEX `media_attachments_owner_position` ON `media_attachments` (`owner_type`,`owner_id`,`field`,`position`);--> statement-breakpoint
CREATE INDEX `media_attachments_media` ON `media_attachments` (`media_id`);--> statement-breakpoint
CREATE TABLE `media_content_ratings` (
	`media_id` text NOT NULL,
	`content_rating_code` text NOT NULL,
	PRIMARY KEY(`media_id`, `content_rating_code`),
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_rating_code`) REFERENCES `content_ratings`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `portfolio_work_categories` (
	`work_id` text NOT NULL,
	`category_code` text NOT NULL,
	PRIMARY KEY(`work_id`, `category_code`),
	FOREIGN KEY (`work_id`) REFERENCES `portfolio_works`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `portfolio_work_categories_category` ON `portfolio_work_categories` (`category_code`);--> statement-breakpoint
CREATE TABLE `portfolio_work_content_ratings` (
	`work_id` text NOT NULL,
	`content_rating_code` text NOT NULL,
	PRIMARY KEY(`work_id`, `content_rating_code`),
	FOREIGN KEY (`work_id`) REFERENCES `portfolio_works`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_rating_code`) REFERENCES `content_ratings`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `portfolio_work_tags` (
	`work_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`work_id`, `tag`),
	FOREIGN KEY (`work_id`) REFERENCES `portfolio_works`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portfolio_work_tags_tag` ON `portfolio_work_tags` (lower("tag"));--> statement-breakpoint
CREATE TABLE `portfolio_works` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`work_status` text DEFAULT 'DRAFT' NOT NULL,
	`commission_order_id` text,
	`user_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`commission_order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `portfolio_works_profile` ON `portfolio_works` (`profile_id`,`work_status`,`user_index`);--> statement-breakpoint
CREATE INDEX `portfolio_works_order` ON `portfolio_works` (`commission_order_id`);--> statement-breakpoint
CREATE INDEX `portfolio_works_recent` ON `portfolio_works` (`work_status`,`created_at`);--> statement-breakpoint
CREATE TABLE `visibility_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`visibility_setting_id` text NOT NULL,
	`permission` text NOT NULL,
	`role_code` text,
	`user_account_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`visibility_setting_id`) REFERENCES `visibility_settings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_code`) REFERENCES `roles`(`code`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "visibility_grants_one_target" CHECK(("visibility_grants"."role_code" IS NULL) <> ("visibility_grants"."user_account_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visibility_grants_role` ON `visibility_grants` (`visibility_setting_id`,`permission`,`role_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `visibility_grants_user` ON `visibility_grants` (`visibility_setting_id`,`permission`,`user_account_id`);--> statement-breakpoint
CREATE INDEX `visibility_grants_user_account` ON `visibility_grants` (`user_account_id`);--> statement-breakpoint
CREATE TABLE `visibility_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`item_type` text NOT NULL,
	`item_id` text NOT NULL,
	`visibility_status` text DEFAULT 'PUBLIC' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visibility_settings_item` ON `visibility_settings` (`item_type`,`item_id`);--> statement-breakpoint
CREATE TABLE `commission_form_question_choices` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`price_amount` integer,
	`price_currency_id` text,
	`user_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `commission_form_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_form_question_choices_question` ON `commission_form_question_choices` (`question_id`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_form_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`form_id` text NOT NULL,
	`question_type` text NOT NULL,
	`is_required` integer DEFAULT false NOT NULL,
	`question_status` text DEFAULT 'ACTIVE' NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`form_id`) REFERENCES `commission_forms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_form_questions_form` ON `commission_form_questions` (`form_id`,`question_status`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_form_template_question_choices` (
	`id` text PRIMARY KEY NOT NULL,
	`template_question_id` text NOT NULL,
	`price_amount` integer,
	`price_currency_id` text,
	`user_index` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`template_question_id`) REFERENCES `commission_form_template_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_form_template_question_choices_question` ON `commission_form_template_question_choices` (`template_question_id`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_form_template_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`question_type` text NOT NULL,
	`is_required` integer DEFAULT false NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `commission_form_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_form_template_questions_template` ON `commission_form_template_questions` (`template_id`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_form_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_form_templates_code_unique` ON `commission_form_templates` (`code`);--> statement-breakpoint
CREATE TABLE `commission_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`commission_account_id` text NOT NULL,
	`form_status` text DEFAULT 'DRAFT' NOT NULL,
	`price_amount` integer,
	`price_currency_id` text NOT NULL,
	`category_code` text,
	`user_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`commission_account_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_forms_code_unique` ON `commission_forms` (`code`);--> statement-breakpoint
CREATE INDEX `commission_forms_account` ON `commission_forms` (`commission_account_id`,`form_status`,`user_index`);--> statement-breakpoint
CREATE INDEX `commission_forms_category` ON `commission_forms` (`category_code`,`form_status`);--> statement-breakpoint
CREATE INDEX `commission_forms_status_price` ON `commission_forms` (`form_status`,`price_amount`);--> statement-breakpoint
CREATE TABLE `commission_policies` (
	`id` text PRIMARY KEY NOT NULL,
	`commission_account_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`commission_account_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `commission_policies_account` ON `commission_policies` (`commission_account_id`);--> statement-breakpoint
CREATE TABLE `commission_service_categories` (
	`service_id` text NOT NULL,
	`category_code` text NOT NULL,
	PRIMARY KEY(`service_id`, `category_code`),
	FOREIGN KEY (`service_id`) REFERENCES `commission_services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_service_categories_category` ON `commission_service_categories` (`category_code`);--> statement-breakpoint
CREATE TABLE `commission_services` (
	`id` text PRIMARY KEY NOT NULL,
	`commission_account_id` text NOT NULL,
	`form_id` text,
	`policy_id` text,
	`price_amount` integer,
	`price_currency_id` text NOT NULL,
	`service_status` text DEFAULT 'DRAFT' NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`commission_account_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `commission_forms`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`policy_id`) REFERENCES `commission_policies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_services_account` ON `commission_services` (`commission_account_id`,`service_status`,`user_index`);--> statement-breakpoint
CREATE INDEX `commission_services_form` ON `commission_services` (`form_id`);--> statement-breakpoint
CREATE INDEX `commission_services_recent` ON `commission_services` (`service_status`,`created_at`);--> statement-breakpoint
CREATE TABLE `commission_order_deliverables` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_order_deliverables_order_id_unique` ON `commission_order_deliverables` (`order_id`);--> statement-breakpoint
CREATE TABLE `commission_order_form_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_form_id` text NOT NULL,
	`form_question_id` text,
	`question_type` text NOT NULL,
	`is_required` integer DEFAULT false NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_form_id`) REFERENCES `commission_order_forms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_question_id`) REFERENCES `commission_form_questions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `commission_order_form_questions_form` ON `commission_order_form_questions` (`order_form_id`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_order_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`form_id` text,
	`category_code` text,
	`price_amount` integer,
	`price_currency_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `commission_forms`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_order_forms_order` ON `commission_order_forms` (`order_id`);--> statement-breakpoint
CREATE TABLE `commission_order_question_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`order_form_question_id` text NOT NULL,
	`answer_date` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_form_question_id`) REFERENCES `commission_order_form_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_order_question_answers_order_form_question_id_unique` ON `commission_order_question_answers` (`order_form_question_id`);--> statement-breakpoint
CREATE TABLE `commission_order_question_choices` (
	`id` text PRIMARY KEY NOT NULL,
	`order_form_question_id` text NOT NULL,
	`question_choice_id` text,
	`price_amount` integer,
	`price_currency_id` text,
	`answer_choice_status` text DEFAULT 'UNSELECTED' NOT NULL,
	`user_index` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`order_form_question_id`) REFERENCES `commission_order_form_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_choice_id`) REFERENCES `commission_form_question_choices`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_order_question_choices_question` ON `commission_order_question_choices` (`order_form_question_id`,`user_index`);--> statement-breakpoint
CREATE TABLE `commission_order_service_categories` (
	`order_service_id` text NOT NULL,
	`category_code` text NOT NULL,
	PRIMARY KEY(`order_service_id`, `category_code`),
	FOREIGN KEY (`order_service_id`) REFERENCES `commission_order_services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_code`) REFERENCES `commission_categories`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `commission_order_services` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`service_id` text,
	`policy_id` text,
	`price_amount` integer,
	`price_currency_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `commission_services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`policy_id`) REFERENCES `commission_policies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `commission_order_services_order` ON `commission_order_services` (`order_id`);--> statement-breakpoint
CREATE TABLE `commission_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`order_submit_status` text NOT NULL,
	`order_progress_status` text DEFAULT 'DRAFT' NOT NULL,
	`order_payment_status` text DEFAULT 'DRAFT' NOT NULL,
	`order_chat_status` text DEFAULT 'DRAFT' NOT NULL,
	`price_amount` integer,
	`price_currency_id` text NOT NULL,
	`estimated_start` integer,
	`estimated_delivery` integer,
	`submitted_at` integer NOT NULL,
	`approved_at` integer,
	`delivered_at` integer,
	`completed_at` integer,
	`canceled_at` integer,
	`approval_deadline` integer,
	`payment_deadline` integer,
	`delivery_deadline` integer,
	`completion_deadline` integer,
	`service_id` text,
	`form_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `commission_services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`form_id`) REFERENCES `commission_forms`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_orders_code_unique` ON `commission_orders` (`code`);--> statement-breakpoint
CREATE INDEX `commission_orders_seller` ON `commission_orders` (`seller_id`,`order_progress_status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `commission_orders_buyer` ON `commission_orders` (`buyer_id`,`order_progress_status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `commission_orders_buyer_service` ON `commission_orders` (`buyer_id`,`service_id`,`order_submit_status`,`order_progress_status`);--> statement-breakpoint
CREATE INDEX `commission_orders_service` ON `commission_orders` (`service_id`);--> statement-breakpoint
CREATE INDEX `commission_orders_form` ON `commission_orders` (`form_id`);--> statement-breakpoint
CREATE INDEX `commission_orders_progress` ON `commission_orders` (`order_progress_status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `fees` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`numerator_value` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fees_code_unique` ON `fees` (`code`);--> statement-breakpoint
CREATE TABLE `payment_account_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`stripe_method_id` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_account_methods_stripe_method_id_unique` ON `payment_account_methods` (`stripe_method_id`);--> statement-breakpoint
CREATE INDEX `payment_account_methods_account` ON `payment_account_methods` (`user_account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_transaction_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`fee_id` text NOT NULL,
	`numerator_value` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fee_id`) REFERENCES `fees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_transaction_fees_transaction_fee` ON `payment_transaction_fees` (`transaction_id`,`fee_id`);--> statement-breakpoint
CREATE TABLE `payment_transaction_products` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`product_type` text DEFAULT 'COMMISSION_ORDER' NOT NULL,
	`order_id` text,
	`price_amount` integer NOT NULL,
	`price_currency_id` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `payment_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`price_currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_transaction_products_transaction` ON `payment_transaction_products` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `payment_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`transaction_status` text DEFAULT 'PENDING' NOT NULL,
	`transaction_type` text DEFAULT 'COMMISSION_STANDARD' NOT NULL,
	`stripe_payment_intent_id` text,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`currency_id` text NOT NULL,
	`payment_account_method_id` text,
	`paid_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `commission_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`currency_id`) REFERENCES `currencies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_account_method_id`) REFERENCES `payment_account_methods`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_transactions_stripe_payment_intent_id_unique` ON `payment_transactions` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_transactions_idempotency_key_unique` ON `payment_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payment_transactions_order` ON `payment_transactions` (`order_id`,`transaction_status`,`transaction_type`);--> statement-breakpoint
CREATE INDEX `payment_transactions_buyer` ON `payment_transactions` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `processed_webhook_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`event_type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stripe_connected_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`stripe_account_id` text NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_connected_accounts_user_account_id_unique` ON `stripe_connected_accounts` (`user_account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_connected_accounts_stripe_account_id_unique` ON `stripe_connected_accounts` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `stripe_customers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_customers_user_account_id_unique` ON `stripe_customers` (`user_account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_customers_stripe_customer_id_unique` ON `stripe_customers` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`sender_user_account_id` text NOT NULL,
	`client_message_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `chat_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_messages_room_created` ON `chat_messages` (`room_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_room_client_id` ON `chat_messages` (`room_id`,`client_message_id`);--> statement-breakpoint
CREATE TABLE `chat_rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`room_status` text DEFAULT 'DRAFT' NOT NULL,
	`restriction_type` text DEFAULT 'UNLIMITED_REPLY' NOT NULL,
	`message_character_limit` integer DEFAULT 1000 NOT NULL,
	`message_media_limit` integer DEFAULT 10 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_rooms_order` ON `chat_rooms` (`order_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_user_account_id` text NOT NULL,
	`notification_type` text NOT NULL,
	`from_profile_id` text,
	`href` text,
	`order_id` text,
	`chat_room_id` text,
	`dedupe_key` text,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`recipient_user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_profile_id`) REFERENCES `user_profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `commission_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_room_id`) REFERENCES `chat_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_key_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_recipient` ON `notifications` (`recipient_user_account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_order` ON `notifications` (`order_id`);--> statement-breakpoint
CREATE TABLE `bookmarks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_account_id` text NOT NULL,
	`service_id` text,
	`form_id` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_account_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `commission_services`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`form_id`) REFERENCES `commission_forms`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookmarks_one_target" CHECK(("bookmarks"."service_id" IS NULL) <> ("bookmarks"."form_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookmarks_account_service` ON `bookmarks` (`user_account_id`,`service_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookmarks_account_form` ON `bookmarks` (`user_account_id`,`form_id`);--> statement-breakpoint
CREATE INDEX `bookmarks_service` ON `bookmarks` (`service_id`);--> statement-breakpoint
CREATE INDEX `bookmarks_form` ON `bookmarks` (`form_id`);--> statement-breakpoint
CREATE TABLE `page_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`model_name` text NOT NULL,
	`model_id` text NOT NULL,
	`visitor_key` text NOT NULL,
	`visited_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_visits_last` ON `page_visits` (`model_name`,`model_id`,`visitor_key`,`visited_at`);