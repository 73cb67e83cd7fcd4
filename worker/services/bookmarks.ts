import type { Database } from "../db/client";
import { visibleServiceSql, type ContentViewer } from "../domain/content-gate";

export type BookmarkTarget = { kind: "form"; id: string } | { kind: "service"; id: string };

/** The service's owner account, for the gate's "its creator sees it" (a creator never bookmarks, but the rule is one). */
const SERVICE_OWNER_SQL =
  "(SELECT ca.user_account_id FROM commission_accounts ca WHERE ca.id = x.commission_account_id)";

/**
 * Turn a user's bookmark of a published form or service on or off. One UPSERT: the unique index per
 * (account, target) makes repeated toggles idempotent. Returns false when the target is missing or unpublished, or a
 * service the viewer may not see (decision 110): a gated service is answered exactly as a missing one, so a bookmark
 * cannot tell an R-18 service's id from none (issue 75). Forms carry no rating.
 * `showsAdult`: the viewer's confirmed choice (the session's); unset, the viewer is guarded.
 */
export async function setBookmark(
  db: Database,
  userAccountId: string,
  target: BookmarkTarget,
  isActive: boolean,
  { showsAdult = false, now = Date.now() }: { showsAdult?: boolean; now?: number } = {},
): Promise<boolean> {
  const viewer: ContentViewer = { accountId: userAccountId, showsAdult };
  const column = target.kind === "form" ? "form_id" : "service_id";
  const exists =
    target.kind === "form"
      ? "SELECT 1 FROM commission_forms WHERE id = ? AND form_status = 'PUBLISHED'"
      : `SELECT 1 FROM commission_services x WHERE x.id = ? AND x.service_status = 'PUBLISHED'
           AND ${visibleServiceSql("x", viewer, SERVICE_OWNER_SQL)}`;
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
