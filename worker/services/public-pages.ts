// The edge cache's bookkeeping over D1 (docs/decisions/069-edge-cache.md): which accounts a stored page shows (its
// tags), the keys stored under each tag, and the purge every write that changes a public page calls.
import { env } from "cloudflare:workers";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  commissionAccounts,
  commissionForms,
  pageCacheKeys,
  pageCachePurges,
  portfolioWorks,
  userProfiles,
  visibilityGrants,
  visibilitySettings,
} from "../db/schema";
import {
  CATALOG_TAG,
  PAGE_KEYS_PER_TAG,
  PAGE_STALE_S,
  QUERIED_PAGE_KEYS_PER_TAG,
  type PublicPage,
  accountTag,
  isQueriedKey,
} from "../domain/page-cache";

/** The Workers Cache API's one cache (`caches.default`, which the DOM's CacheStorage type does not know). */
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

/**
 * The tags of a public page: `catalog` for the pages that list creators, else the accounts the page shows (a work's
 * creator, its client and credited users). Null when no account owns it any more: such a page is not stored.
 */
export async function tagsOfPage(db: Database, page: PublicPage): Promise<string[] | null> {
  if (page.kind === "catalog") return [CATALOG_TAG];
  const accounts = await accountsShownBy(db, page);
  return accounts.length ? [...new Set(accounts)].map(accountTag) : null;
}

async function accountsShownBy(db: Database, page: Exclude<PublicPage, { kind: "catalog" }>): Promise<string[]> {
  if (page.kind === "profile") {
    const row = await db
      .select({ accountId: userProfiles.accountId })
      .from(userProfiles)
      .where(sql`lower(${userProfiles.originalHandle}) = lower(${page.handle})`)
      .get();
    return row ? [row.accountId] : [];
  }
  if (page.kind === "form") {
    const row = await db
      .select({ accountId: commissionAccounts.userAccountId })
      .from(commissionForms)
      .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionForms.commissionAccountId))
      .where(eq(commissionForms.code, page.code))
      .get();
    return row ? [row.accountId] : [];
  }
  const [work, credits] = await db.batch([
    db
      .select({ owner: userProfiles.accountId, client: portfolioWorks.clientAccountId })
      .from(portfolioWorks)
      .innerJoin(userProfiles, eq(userProfiles.id, portfolioWorks.profileId))
      .where(eq(portfolioWorks.id, page.workId)),
    db
      .select({ accountId: visibilityGrants.userAccountId })
      .from(visibilitySettings)
      .innerJoin(visibilityGrants, eq(visibilityGrants.visibilitySettingId, visibilitySettings.id))
      .where(
        and(
          eq(visibilitySettings.itemType, "portfolio_work"),
          eq(visibilitySettings.itemId, page.workId),
          eq(visibilityGrants.permission, "credit"),
        ),
      ),
  ]);
  const owner = work[0];
  if (!owner) return [];
  // A client who removed themselves is still tagged: one purge too many, never one too few.
  return [owner.owner, ...(owner.client ? [owner.client] : []), ...credits.flatMap((c) => c.accountId ?? [])];
}

/**
 * Notes a stored page's key under its tags, after it was put. True when it may stay: false when a tag holds its
 * share of keys already (PAGE_KEYS_PER_TAG, QUERIED_PAGE_KEYS_PER_TAG: every purge stays bounded), or when one of its
 * tags was purged after its render began (the render read what that write replaced); the caller then deletes it
 * again. The put comes first, then this check: a purge either comes after the check and finds the key, or before it
 * and is seen by it.
 */
export async function recordStoredPage(
  db: Database,
  key: string,
  tags: string[],
  renderStartedAt: number,
): Promise<boolean> {
  const storedAt = Date.now();
  const live = storedAt - PAGE_STALE_S * 1000;
  const d1 = db.$client;
  const results = await d1.batch<{ tag?: string; last?: number | null }>([
    ...tags.map((tag) =>
      d1
        .prepare(RECORD_KEY_SQL)
        .bind(tag, key, storedAt, live, PAGE_KEYS_PER_TAG, isQueriedKey(key) ? 1 : 0, QUERIED_PAGE_KEYS_PER_TAG),
    ),
    d1
      .prepare(
        `SELECT max(purged_at) AS last FROM page_cache_purges WHERE tag IN (SELECT value FROM json_each(?)) AND purged_at >= ?`,
      )
      .bind(JSON.stringify(tags), renderStartedAt),
  ]);
  const recorded = results.slice(0, tags.length).every((result) => result.results.length === 1);
  const purgedSince = results[tags.length].results[0]?.last != null;
  if (recorded && !purgedSince) return true;
  if (!recorded) await d1.prepare("DELETE FROM page_cache_keys WHERE cache_key = ?").bind(key).run();
  return false;
}

/**
 * A key under a tag, when it is there already or the tag has room for it: live keys (younger than the stale window)
 * under the cap, and, for a key with a query, queried keys under theirs. One statement, so two stores at once cannot
 * both take the last place. Returns the tag when the key is noted.
 */
const RECORD_KEY_SQL = `INSERT INTO page_cache_keys (tag, cache_key, stored_at)
  SELECT ?1, ?2, ?3 WHERE
    EXISTS (SELECT 1 FROM page_cache_keys WHERE tag = ?1 AND cache_key = ?2)
    OR ((SELECT count(*) FROM page_cache_keys WHERE tag = ?1 AND stored_at >= ?4) < ?5
      AND (?6 = 0 OR (SELECT count(*) FROM page_cache_keys WHERE tag = ?1 AND stored_at >= ?4 AND instr(cache_key, '?') > 0) < ?7))
  ON CONFLICT (tag, cache_key) DO UPDATE SET stored_at = excluded.stored_at
  RETURNING tag`;

/**
 * Purges the public pages under these tags: here (this data centre's cache, by the keys noted under them) and, where
 * configured, everywhere (Cloudflare's purge by tag). Awaited by the write that calls it, so the writer's next page
 * and any visitor's in this data centre is rendered anew.
 */
async function purgePublicPages(db: Database, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  const purgedAt = new Date();
  const [, keys] = await db.batch([
    db
      .insert(pageCachePurges)
      .values(tags.map((tag) => ({ tag, purgedAt })))
      .onConflictDoUpdate({ target: pageCachePurges.tag, set: { purgedAt } }),
    db.delete(pageCacheKeys).where(inArray(pageCacheKeys.tag, tags)).returning({ cacheKey: pageCacheKeys.cacheKey }),
  ]);
  const cache = edgeCache();
  await Promise.all([
    ...[...new Set(keys.map((k) => k.cacheKey))].map((key) => cache.delete(key)),
    purgeEverywhere(tags),
  ]);
}

/** What a change to these accounts' public face purges: their pages, and the lists that show creators. */
export function purgeAccountPages(db: Database, ...accountIds: string[]): Promise<void> {
  return purgePublicPages(db, [CATALOG_TAG, ...accountIds.map(accountTag)]);
}

/**
 * What a change only an account's own pages show purges (its profile, forms and works; decision 106's signals): those
 * pages, not the lists of creators.
 */
export function purgeAccountOwnPages(db: Database, ...accountIds: string[]): Promise<void> {
  return purgePublicPages(db, accountIds.map(accountTag));
}

/** The same, for the account a profile (by id) belongs to: the picture uploads know the profile only. */
export async function purgeProfilePages(db: Database, profileId: string): Promise<void> {
  const row = await db
    .select({ accountId: userProfiles.accountId })
    .from(userProfiles)
    .where(eq(userProfiles.id, profileId))
    .get();
  if (row) await purgeAccountPages(db, row.accountId);
}

/**
 * What a change to one work's public face purges (an admin hiding it, decision 089): the lists, and the pages of every
 * account its page shows (its creator's profile and work pages, its client's and credited users'), as its page is
 * tagged.
 */
export async function purgeWorkPages(db: Database, workId: string): Promise<void> {
  const tags = await tagsOfPage(db, { kind: "work", handle: "", workId });
  await purgePublicPages(db, [CATALOG_TAG, ...(tags ?? [])]);
}

/** Every stored page (the browser tests' fixtures write anything, and purge all after). */
export async function purgeAllPublicPages(db: Database): Promise<void> {
  const rows = await db.selectDistinct({ tag: pageCacheKeys.tag }).from(pageCacheKeys);
  await purgePublicPages(db, [CATALOG_TAG, ...rows.map((r) => r.tag)]);
}

/** Keys of pages the cache has dropped by itself (older than the stale window), and purge times no render can race. */
export async function prunePageCacheKeys(db: Database, nowMs: number): Promise<void> {
  const expired = new Date(nowMs - PAGE_STALE_S * 1000);
  await db.batch([
    db.delete(pageCacheKeys).where(lt(pageCacheKeys.storedAt, expired)),
    db.delete(pageCachePurges).where(lt(pageCachePurges.purgedAt, expired)),
  ]);
}

/**
 * Cloudflare's purge by tag (https://developers.cloudflare.com/cache/how-to/purge-cache/purge-by-tags/), which reaches
 * every data centre's Cache API entries carrying a `Cache-Tag` header. Only when the zone and a token with the Cache
 * Purge permission are configured (production); a failure is logged, not thrown: the write has happened, and the
 * stale window bounds what a missed purge leaves.
 */
async function purgeEverywhere(tags: string[]): Promise<void> {
  const config = env as unknown as Record<string, unknown>;
  const zone = config.CLOUDFLARE_ZONE_ID;
  const token = config.CACHE_PURGE_TOKEN;
  if (typeof zone !== "string" || !zone || typeof token !== "string" || !token) return;
  try {
    const response = await fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/purge_cache`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ tags }),
    });
    if (!response.ok) console.error(`cache purge by tag failed: ${response.status}`, tags);
  } catch (error) {
    console.error("cache purge by tag failed", tags, error);
  }
}
