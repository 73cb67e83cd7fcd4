import { lte, sql } from "drizzle-orm";
import { RATE_LIMIT_RETENTION_MS } from "../domain/sign-in-rules";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Count one event against a fixed window and say whether it is within the limit.
 * A single UPSERT, so concurrent requests cannot both slip under the limit.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<boolean> {
  const row = await db.get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start <= ${now - windowMs} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${now - windowMs} THEN ${now} ELSE window_start END
    RETURNING count`);
  return (row?.count ?? Infinity) <= limit;
}

/**
 * Give back one event counted by consumeRateLimit in the current window, for each key (one statement): for budgets
 * that count every attempt up front (so concurrent attempts cannot overshoot) but are meant to charge only the ones
 * that fail.
 */
export async function releaseRateLimits(
  db: Database,
  keys: string[],
  windowMs: number,
  now = Date.now(),
): Promise<void> {
  await db.run(
    sql`UPDATE rate_limits SET count = count - 1 WHERE key IN (${sql.join(keys, sql`, `)}) AND count > 0 AND window_start > ${now - windowMs}`,
  );
}

/** The cron's part: forget windows older than any limit uses. */
export async function pruneRateLimits(db: Database, now: number): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.windowStart, new Date(now - RATE_LIMIT_RETENTION_MS)));
}
