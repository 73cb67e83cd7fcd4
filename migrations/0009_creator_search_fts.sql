-- The searched explore page (docs/decisions/022-creator-search-fts.md): an FTS5 trigram index over
-- creator_search.search_text, so a query of 3 characters or more finds its creators through the index instead of a
-- LIKE scan of every row. External content: the index stores no second copy of the text, only its trigrams, keyed
-- by creator_search's rowid. Kept in sync by the triggers below, on creator_search itself: 0004/0006's triggers
-- rebuild a creator's row by delete + insert, and these follow every such write, so no write path knows about it.
-- The trigger names do not start with "creator_search_": scripts/seed-local.mjs drops those during a bulk import
-- and rebuilds creator_search after it, and these must stay on to index that rebuild.
-- A rowid may change when a table without an INTEGER PRIMARY KEY is VACUUMed or exported and imported (and
-- `wrangler d1 export` skips virtual tables): after either, run the last statement of this file again.
CREATE VIRTUAL TABLE creator_search_fts USING fts5(search_text, content = 'creator_search', content_rowid = 'rowid', tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER creator_fts_insert AFTER INSERT ON creator_search BEGIN
  INSERT INTO creator_search_fts (rowid, search_text) VALUES (NEW.rowid, NEW.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER creator_fts_delete AFTER DELETE ON creator_search BEGIN
  INSERT INTO creator_search_fts (creator_search_fts, rowid, search_text) VALUES ('delete', OLD.rowid, OLD.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER creator_fts_update AFTER UPDATE ON creator_search BEGIN
  INSERT INTO creator_search_fts (creator_search_fts, rowid, search_text) VALUES ('delete', OLD.rowid, OLD.search_text);
  INSERT INTO creator_search_fts (rowid, search_text) VALUES (NEW.rowid, NEW.search_text);
END;
--> statement-breakpoint
-- Backfill: index every row already in creator_search.
INSERT INTO creator_search_fts (creator_search_fts) VALUES ('rebuild');
