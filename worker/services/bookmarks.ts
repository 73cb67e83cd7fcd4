import type { Database } from "../db/client";

export type BookmarkTarget = { kind: "form"; id: string } | { kind: "service"; id: string };

/**
 * Turn a user's bookmark of a published form or service on or off. One UPSERT: the unique index per
 * (account, target) makes repeated toggles idempotent. Returns false when the target is missing or unpublished.
 */
export async function setBookmark(
  db: Database,
  userAccountId: string,
  target: BookmarkTarget,
  isActive: boolean,
  now = Date.now(),
): Promise<boolean> {
  const column = target.kind === "form" ? "form_id" : "service_id";
  const exists =
    target.kind === "form"
      ? "SELECT 1 FROM commission_forms WHERE id = ? AND form_status = 'PUBLISHED'"
      : "SELECT 1 FROM commission_services WHERE id = ? AND service_status = 'PUBLISHED'";
  const result = await db.$client
    .prepare(
      `INSERT INTO bookmarks (id, user_account_id, ${column}, is_active, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (${exists})
       ON CONFLICT (user_account_id, ${column}) DO UPDATE SET is_active = excluded.is_active, updated_at = excluded.updated_at`,
    )
    .bind(crypto.randomUUID(), userAccountId, target.id, isActive ? 1 : 0, now, now, target.id)
    .run();
  return result.meta.changes > 0;
}
