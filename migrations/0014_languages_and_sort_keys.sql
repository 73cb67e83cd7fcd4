-- Issue 13 (docs/decisions/034-input-language-translations-and-sort-keys.md): the list sort keys systemIndex and
-- commissionFormCount for /explore/creators, and the languages' names in each language.
-- The generated part: a creator's curated rank (higher first; 0 = not curated).
ALTER TABLE `user_profiles` ADD `system_index` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Hand-written from here on. The search table carries both keys with an index each, so either sort is an index walk
-- that stops at the page size, like the name and date sorts (issue 8's budget: no per-row subquery at read time).
ALTER TABLE creator_search ADD COLUMN form_count INTEGER NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE creator_search ADD COLUMN system_index INTEGER NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX creator_search_form_count ON creator_search (form_count, profile_id);
--> statement-breakpoint
CREATE INDEX creator_search_system_index ON creator_search (system_index, profile_id);
--> statement-breakpoint
-- 0004/0006's triggers rebuild a creator's row (delete + insert) on every change that matters, forms included, so
-- the keys are filled in when the row is inserted. The name does not start with "creator_search_": the seed's bulk
-- import turns those off and rebuilds the table, and this must stay on to fill the rebuilt rows.
CREATE TRIGGER creator_rank_fill AFTER INSERT ON creator_search BEGIN
  UPDATE creator_search SET
    form_count = (SELECT count(*) FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
      WHERE ca.user_account_id = NEW.account_id AND f.form_status = 'PUBLISHED'),
    system_index = coalesce((SELECT p.system_index FROM user_profiles p WHERE p.id = NEW.profile_id), 0)
  WHERE profile_id = NEW.profile_id;
END;
--> statement-breakpoint
-- The profile trigger of 0006 does not watch system_index (a curated place changes nothing else).
CREATE TRIGGER creator_rank_system_index AFTER UPDATE OF system_index ON user_profiles BEGIN
  UPDATE creator_search SET system_index = NEW.system_index WHERE profile_id = NEW.id;
END;
--> statement-breakpoint
-- The FTS index follows only the searched text: the fill above updates the keys, which must not re-index the row.
DROP TRIGGER IF EXISTS creator_fts_update;
--> statement-breakpoint
CREATE TRIGGER creator_fts_update AFTER UPDATE OF search_text ON creator_search BEGIN
  INSERT INTO creator_search_fts (creator_search_fts, rowid, search_text) VALUES ('delete', OLD.rowid, OLD.search_text);
  INSERT INTO creator_search_fts (rowid, search_text) VALUES (NEW.rowid, NEW.search_text);
END;
--> statement-breakpoint
-- Backfill the rows already there.
UPDATE creator_search SET
  form_count = (SELECT count(*) FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
    WHERE ca.user_account_id = creator_search.account_id AND f.form_status = 'PUBLISHED'),
  system_index = coalesce((SELECT p.system_index FROM user_profiles p WHERE p.id = creator_search.profile_id), 0);
--> statement-breakpoint
-- Each language's name in each language, as localized_texts rows like the currencies' and categories' names
-- (entity "language", field "name"; the English name is the original). Ids as scripts/seed/core.mjs makes them.
INSERT OR IGNORE INTO `localized_texts` (`id`, `entity_type`, `entity_id`, `field`, `language_code`, `is_original`, `text`) VALUES
('6a020965-a655-82a3-ba36-f1749f9b926c', 'language', '900f983d-d294-83e7-8cbe-6ad1a076085b', 'name', 'en', 1, 'English'),
('6866dfee-f2f8-8d92-8c96-89f4e9cb6531', 'language', '900f983d-d294-83e7-8cbe-6ad1a076085b', 'name', 'ja', 0, '英語'),
('ec515c0f-5c61-8e7f-9a20-84d88b711ac7', 'language', '6da6a292-b632-8235-9e23-63ade047cd92', 'name', 'en', 1, 'Japanese'),
('2200c36e-1acf-8e2c-a86f-adfdf0c5c203', 'language', '6da6a292-b632-8235-9e23-63ade047cd92', 'name', 'ja', 0, '日本語');
