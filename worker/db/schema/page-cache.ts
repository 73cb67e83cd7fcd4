import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The edge cache's keys by tag (docs/decisions/069-edge-cache.md): the Cache API deletes by key only, so a purge of a
 * tag reads the keys stored under it here. Written when a page is stored, removed when it is purged or expired.
 */
export const pageCacheKeys = sqliteTable(
  "page_cache_keys",
  {
    tag: text("tag").notNull(),
    cacheKey: text("cache_key").notNull(),
    storedAt: integer("stored_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.cacheKey] }), index("page_cache_keys_stored").on(t.storedAt)],
);

/**
 * When each tag was last purged: a page whose render began before its tag's purge read what the write replaced, so
 * it is not stored (a render racing a write cannot put the old page back).
 */
export const pageCachePurges = sqliteTable("page_cache_purges", {
  tag: text("tag").primaryKey(),
  purgedAt: integer("purged_at", { mode: "timestamp_ms" }).notNull(),
});
