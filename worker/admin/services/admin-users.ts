/**
 * The admin console's users (issue 49, decision 087): a search by handle or e-mail, a ban and its lifting with a
 * reason, and the audit log the console's overview shows. A ban writes its role and its audit row in one D1 batch,
 * each conditional on the account not being banned yet (an unban: on its being banned), so two admins pressing at once
 * leave one row; then the account's public pages are purged at once (decisions 069, 075).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adminActions, userAccountRoles, userAccounts } from "../../db/schema";
import { ADMIN_IS_PARTY, isPartyTo } from "../domain/admin-actions";
import { parseJson } from "../../services/json-columns";
import { purgeAccountPages } from "../../services/public-pages";

/** At most this many users answer a search. */
const USER_SEARCH_LIMIT = 20;

export interface AdminUserRow {
  accountId: string;
  handle: string;
  email: string;
  roles: string[];
  banned: boolean;
  ordersAsBuyer: number;
  ordersAsSeller: number;
  reportsMade: number;
  /** Reports other users made of the reviews this user wrote. */
  reportsReceived: number;
  /** Their orders (either side) with an open dispute, the longest waiting first, at most OPEN_DISPUTES_SHOWN. */
  openDisputes: { orderId: string; code: string }[];
}

/** How many of a user's open disputes the search lists (the desk has them all). */
const OPEN_DISPUTES_SHOWN = 5;

// The handle by its case-blind index (user_profiles_handle_nocase), the address by its unique index: a prefix is the
// range [q, q + the last code point), which both indexes answer without a scan.
const SEARCH_SQL = `
SELECT u.id AS accountId, p.original_handle AS handle, u.email,
  (SELECT group_concat(role_code) FROM user_account_roles WHERE user_account_id = u.id) AS roles,
  (SELECT count(*) FROM commission_orders o JOIN commission_accounts a ON a.id = o.buyer_id
    WHERE a.user_account_id = u.id) AS ordersAsBuyer,
  (SELECT count(*) FROM commission_orders o JOIN commission_accounts a ON a.id = o.seller_id
    WHERE a.user_account_id = u.id) AS ordersAsSeller,
  (SELECT count(*) FROM review_reports WHERE reporter_id = u.id) AS reportsMade,
  (SELECT count(*) FROM review_reports rr JOIN order_reviews r ON r.id = rr.review_id
    JOIN commission_accounts a ON a.id = r.author_id WHERE a.user_account_id = u.id) AS reportsReceived,
  json((SELECT json_group_array(json_object('orderId', d.id, 'code', d.code)) FROM (
    SELECT o.id, o.code FROM commission_orders o
    WHERE o.disputed_since IS NOT NULL AND (o.buyer_id IN (SELECT id FROM commission_accounts WHERE user_account_id = u.id)
      OR o.seller_id IN (SELECT id FROM commission_accounts WHERE user_account_id = u.id))
    ORDER BY o.disputed_since LIMIT ${OPEN_DISPUTES_SHOWN}) d)) AS openDisputes
FROM user_accounts u JOIN user_profiles p ON p.account_id = u.id
WHERE u.id IN (
  SELECT account_id FROM user_profiles WHERE lower(original_handle) >= ?1 AND lower(original_handle) < ?2
  UNION SELECT id FROM user_accounts WHERE email >= ?1 AND email < ?2
)
ORDER BY lower(p.original_handle)
LIMIT ?3`;

type SearchRow = Omit<AdminUserRow, "roles" | "banned" | "openDisputes"> & {
  roles: string | null;
  openDisputes: string | null;
};

/** Users whose handle or e-mail starts with `query`, case aside; at most USER_SEARCH_LIMIT, by handle. */
export async function searchUsers(db: Database, query: string): Promise<AdminUserRow[]> {
  const prefix = query.trim().toLowerCase();
  if (!prefix) return [];
  const { results } = await db.$client
    .prepare(SEARCH_SQL)
    .bind(prefix, `${prefix}\u{10FFFF}`, USER_SEARCH_LIMIT)
    .all<SearchRow>();
  return results.map((row) => {
    const roles = (row.roles ?? "").split(",").filter(Boolean).sort();
    return {
      ...row,
      roles,
      banned: roles.includes("ban"),
      openDisputes: parseJson<{ orderId: string; code: string }>(row.openDisputes),
    };
  });
}

type BanResult = { ok: true; changed: boolean } | { ok: false; refusal: "not_found" | "admin_is_party" };

/**
 * Ban an account, or lift its ban (decision 075), for `reason`, audited. A ban sends the user to /ban on their next
 * request (worker/app.ts) and hides their public face (`notBannedSql`); a change purges their public pages and the
 * catalog at once. Banning a banned account (or lifting a ban that is not there) changes nothing and writes no row.
 * An admin's own account is another admin's to ban or unban (decision 093: a party is never the judge).
 */
export async function setBanned(
  db: Database,
  input: { adminAccountId: string; accountId: string; banned: boolean; reason: string; now: number },
): Promise<BanResult> {
  if (isPartyTo(input.adminAccountId, [input.accountId])) return { ok: false, refusal: ADMIN_IS_PARTY };
  const isBanned = sql`EXISTS (SELECT 1 FROM user_account_roles WHERE user_account_id = ${input.accountId} AND role_code = 'ban')`;
  // INSERT … SELECT, first in the batch: the row only when the change is still to be made (columns in order).
  const audit = db
    .insert(adminActions)
    .select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          adminAccountId: sql<string>`${input.adminAccountId}`.as("admin_account_id"),
          action: sql<string>`${input.banned ? "account.ban" : "account.unban"}`.as("action"),
          targetType: sql<string>`'account'`.as("target_type"),
          targetId: userAccounts.id,
          reason: sql<string>`${input.reason}`.as("reason"),
          createdAt: sql<number>`${input.now}`.as("created_at"),
        })
        .from(userAccounts)
        .where(and(eq(userAccounts.id, input.accountId), input.banned ? sql`NOT ${isBanned}` : isBanned)),
    )
    .returning({ id: adminActions.id });
  const change = input.banned
    ? db
        .insert(userAccountRoles)
        .select(
          db
            .select({
              userAccountId: userAccounts.id,
              roleCode: sql<string>`'ban'`.as("role_code"),
            })
            .from(userAccounts)
            .where(eq(userAccounts.id, input.accountId)),
        )
        .onConflictDoNothing()
    : db
        .delete(userAccountRoles)
        .where(and(eq(userAccountRoles.userAccountId, input.accountId), eq(userAccountRoles.roleCode, "ban")));
  const account = db.select({ id: userAccounts.id }).from(userAccounts).where(eq(userAccounts.id, input.accountId));
  const [audited, , found] = await db.batch([audit, change, account]);
  if (found.length === 0) return { ok: false, refusal: "not_found" };
  if (audited.length > 0) await purgeAccountPages(db, input.accountId);
  return { ok: true, changed: audited.length > 0 };
}

/**
 * The accounts that may decide a case (decision 093): those with the admin role, not banned. The role's index
 * (`user_account_roles_role`) answers it without a scan.
 */
export const ACTIVE_ADMINS_SQL = `SELECT r.user_account_id AS id FROM user_account_roles r WHERE r.role_code = 'admin'
  AND NOT EXISTS (SELECT 1 FROM user_account_roles b WHERE b.user_account_id = r.user_account_id AND b.role_code = 'ban')`;

/** The accounts that may decide a case: ACTIVE_ADMINS_SQL's. */
export async function activeAdmins(d1: D1Database): Promise<string[]> {
  const { results } = await d1.prepare(ACTIVE_ADMINS_SQL).all<{ id: string }>();
  return results.map((row) => row.id);
}

export interface AdminActionEntry {
  id: string;
  adminHandle: string;
  action: (typeof adminActions.$inferSelect)["action"];
  /**
   * The account's or profile's handle, a work's path ({handle}/works/{id}), or the order's code (a reviewed order's, or
   * the order acted on).
   */
  target: string;
  reason: string | null;
  createdAt: number;
}

const RECENT_SQL = `
SELECT x.id, p.original_handle AS adminHandle, x.action, x.reason, x.created_at AS createdAt,
  CASE x.target_type
    WHEN 'account' THEN (SELECT original_handle FROM user_profiles WHERE account_id = x.target_id)
    WHEN 'order' THEN (SELECT code FROM commission_orders WHERE id = x.target_id)
    WHEN 'profile' THEN (SELECT original_handle FROM user_profiles WHERE id = x.target_id)
    WHEN 'work' THEN (SELECT wp.original_handle || '/works/' || w.id FROM portfolio_works w
      JOIN user_profiles wp ON wp.id = w.profile_id WHERE w.id = x.target_id)
    ELSE (SELECT o.code FROM order_reviews r JOIN commission_orders o ON o.id = r.order_id WHERE r.id = x.target_id)
  END AS target
FROM admin_actions x LEFT JOIN user_profiles p ON p.account_id = x.admin_account_id
ORDER BY x.created_at DESC, x.id
LIMIT ?`;

/** The latest admin actions, newest first, with the admin's handle. */
export async function recentAdminActions(db: Database, limit = 20): Promise<AdminActionEntry[]> {
  const { results } = await db.$client.prepare(RECENT_SQL).bind(limit).all<AdminActionEntry>();
  return results.map((row) => ({ ...row, adminHandle: row.adminHandle ?? "", target: row.target ?? "" }));
}
