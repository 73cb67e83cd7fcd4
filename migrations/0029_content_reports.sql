CREATE TABLE `content_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	`resolved_by` text,
	FOREIGN KEY (`reporter_id`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `user_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_reports_one_per_reporter` ON `content_reports` (`target_type`,`target_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `content_reports_open` ON `content_reports` (`resolved_at`,`target_type`,`target_id`);--> statement-breakpoint
ALTER TABLE `user_profiles` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `portfolio_works` ADD `hidden_at` integer;--> statement-breakpoint
-- Hand-written from here on (decision 089). A profile an admin hid leaves /explore/creators: no creator_search row is
-- ever inserted for it, whichever of 0006's triggers (a text, a role, a form…) rebuilds the creator's row. The name does
-- not start with "creator_search_", so the seed's bulk import keeps it on for its rebuild (as 0014's fill).
CREATE TRIGGER creator_hidden_skip BEFORE INSERT ON creator_search
WHEN EXISTS (SELECT 1 FROM user_profiles p WHERE p.id = NEW.profile_id AND p.hidden_at IS NOT NULL) BEGIN
  SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
-- Hiding (or showing again) rebuilds the creator's row as 0006's profile trigger does: the insert is skipped while hidden.
CREATE TRIGGER creator_search_profile_hidden AFTER UPDATE OF hidden_at ON user_profiles BEGIN
  DELETE FROM creator_search WHERE profile_id = NEW.id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = NEW.id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
