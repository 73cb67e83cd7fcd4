import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * Count one event against a fixed window and say whether it is within the limit.
 * A single UPSERT, so concurrent requests cannot both slip under the limit.
 */
export async function consumeRateLimit(db: Database, key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  const row = await db.get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start <= ${now - windowMs} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${now - windowMs} THEN ${now} ELSE window_start END
    RETURNING count`);
  return (row?.count ?? Infinity) <= limit;
}
