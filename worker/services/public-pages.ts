// The edge cache's bookkeeping over D1 (docs/decisions/069-edge-cache.md): which accounts a stored page shows (its
// tags), the keys stored under each tag, and the purge every write that changes a public page calls.
import { env } from "cloudflare:workers";
import { and, eq, gte, inArray, lt, max, sql } from "drizzle-orm";
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
import { CATALOG_TAG, PAGE_STALE_S, type PublicPage, accountTag } from "../domain/page-cache";

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
 * Notes a stored page's key under its tags, after it was put. True when it may stay: false when one of its tags was
 * purged after its render began (the render read what that write replaced), and the caller deletes it again. Keys
 * first, then the put, then this check: a purge either comes after the check and finds the key, or before it and
 * is seen by it.
 */
export async function recordStoredPage(
  db: Database,
  key: string,
  tags: string[],
  renderStartedAt: number,
): Promise<boolean> {
  const storedAt = new Date();
  const [, purges] = await db.batch([
    db
      .insert(pageCacheKeys)
      .values(tags.map((tag) => ({ tag, cacheKey: key, storedAt })))
      .onConflictDoUpdate({ target: [pageCacheKeys.tag, pageCacheKeys.cacheKey], set: { storedAt } }),
    db
      .select({ last: max(pageCachePurges.purgedAt) })
      .from(pageCachePurges)
      .where(and(inArray(pageCachePurges.tag, tags), gte(pageCachePurges.purgedAt, new Date(renderStartedAt)))),
  ]);
  return purges[0]?.last == null;
}

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

/** The same, for the account a profile (by id) belongs to: the picture uploads know the profile only. */
export async function purgeProfilePages(db: Database, profileId: string): Promise<void> {
  const row = await db
    .select({ accountId: userProfiles.accountId })
    .from(userProfiles)
    .where(eq(userProfiles.id, profileId))
    .get();
  if (row) await purgeAccountPages(db, row.accountId);
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
