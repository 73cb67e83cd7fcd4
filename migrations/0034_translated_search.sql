-- Search across the language wall (issue 62): the stored machine translations of what creator_search searches (a
-- profile's name and bio), one row per creator and target language, with its own FTS5 trigram index as 0009 gives
-- creator_search. The explore search matches a creator through either index, so an English query finds a creator who
-- wrote only in Japanese, and back. The rows are written by the Worker (services/creator-search-translated.ts): a
-- translation's key is a SHA-256 of its original's language and text (machine_translations), which SQL cannot
-- compute, so no trigger can fill them. A creator banned, hidden or no longer a creator has no creator_search row,
-- and the search reaches this table only through one, so nothing here needs to follow those.
-- An INTEGER PRIMARY KEY: the index's rowids stay this table's ids through a VACUUM or an export and import.
CREATE TABLE creator_search_translated (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES user_accounts (id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  search_text TEXT NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX creator_search_translated_account ON creator_search_translated (account_id, language);
--> statement-breakpoint
CREATE VIRTUAL TABLE creator_search_translated_fts USING fts5(search_text, content = 'creator_search_translated', content_rowid = 'id', tokenize = 'trigram');
--> statement-breakpoint
-- The index follows the table, as 0009's triggers follow creator_search. None of these names starts with
-- "creator_search_": scripts/seed-local.mjs turns those off during its bulk import.
CREATE TRIGGER creator_translated_fts_insert AFTER INSERT ON creator_search_translated BEGIN
  INSERT INTO creator_search_translated_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER creator_translated_fts_delete AFTER DELETE ON creator_search_translated BEGIN
  INSERT INTO creator_search_translated_fts (creator_search_translated_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER creator_translated_fts_update AFTER UPDATE OF search_text ON creator_search_translated BEGIN
  INSERT INTO creator_search_translated_fts (creator_search_translated_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
  INSERT INTO creator_search_translated_fts (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
--> statement-breakpoint
-- An edited name or bio drops the creator's translated rows in the same write, so the old translation stops matching
-- at once; the Worker rebuilds them after the save from the translations of the new texts (stored, or made then).
CREATE TRIGGER creator_translated_text_insert AFTER INSERT ON localized_texts WHEN NEW.entity_type = 'user_profile' AND NEW.field IN ('name', 'bio') BEGIN
  DELETE FROM creator_search_translated WHERE account_id = (SELECT account_id FROM user_profiles WHERE id = NEW.entity_id);
END;
--> statement-breakpoint
CREATE TRIGGER creator_translated_text_update AFTER UPDATE OF text, field, entity_id ON localized_texts
WHEN (OLD.entity_type = 'user_profile' AND OLD.field IN ('name', 'bio')) OR (NEW.entity_type = 'user_profile' AND NEW.field IN ('name', 'bio')) BEGIN
  DELETE FROM creator_search_translated WHERE account_id IN (SELECT account_id FROM user_profiles WHERE id IN (OLD.entity_id, NEW.entity_id));
END;
--> statement-breakpoint
CREATE TRIGGER creator_translated_text_delete AFTER DELETE ON localized_texts WHEN OLD.entity_type = 'user_profile' AND OLD.field IN ('name', 'bio') BEGIN
  DELETE FROM creator_search_translated WHERE account_id = (SELECT account_id FROM user_profiles WHERE id = OLD.entity_id);
END;
