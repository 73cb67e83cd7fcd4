import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { type CurrencyCode, FALLBACK_CURRENCY, isCurrencyCode } from "../domain/currency";
import { SESSION_ID_BYTES, SESSION_TOUCH_INTERVAL_MS } from "../domain/sign-in-rules";
import { isSessionLive, sessionExpiresAt, sessionIdleCutoff, shouldTouchSession } from "../domain/sessions";
import type { Database } from "../db/client";
import { sessions } from "../db/schema";
import { unreadNoticesSql } from "./notifications";
import { showsAdultContent } from "../domain/content-gate";
import { randomToken, sha256Hex } from "./crypto";

export interface SessionUser {
  accountId: string;
  profileId: string;
  /** Their commission account (every account has one), which orders, forms and services name. */
  commissionAccountId: string;
  email: string;
  handle: string;
  avatarUrl: string | null;
  roles: string[];
  displayLanguageCode: string;
  /** The language they write in: read it through inputLanguageOf (worker/domain/input-language.ts). */
  inputLanguageCode: string;
  displayCurrencyId: string | null;
  /** JPY unless the user chose another active display currency. */
  displayCurrencyCode: CurrencyCode;
  /** Chose "Show adult content" and is 18 or older by their birthday today (decision 110, showsAdultContent). */
  showsAdult: boolean;
  /**
   * Their unread notices as the request began: the header's bell (decision 023), read in the session's own query so a
   * signed-in page waits on one round trip fewer (decision 113). An action that reads notices answers with a fresh count.
   */
  unreadNotifications: number;
}

/** Start a session: returns the cookie value (never stored; the table keeps its hash). */
export async function createSession(
  db: Database,
  userAccountId: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(SESSION_ID_BYTES);
  const expiresAt = new Date(sessionExpiresAt(now));
  await db
    .insert(sessions)
    .values({ idHash: await sha256Hex(token), userAccountId, expiresAt, createdAt: new Date(now) });
  return { token, expiresAt };
}

/** Ends the session behind a cookie value; says whose it was, or null when there was none. */
export async function deleteSession(
  db: Database,
  token: string,
): Promise<{ idHash: string; userAccountId: string } | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.idHash, await sha256Hex(token)))
    .returning({ idHash: sessions.idHash, userAccountId: sessions.userAccountId });
  return ended ?? null;
}

/** Sessions past their absolute end or idle past the timeout; the cron deletes them (as a batch item). */
export function deleteEndedSessions(db: Database, now: number) {
  return db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt}) <= ${sessionIdleCutoff(now)}`,
      ),
    );
}

/**
 * The signed-in user behind a cookie value, or null when absent, unknown, idle too long or past its absolute end.
 * Records the request in `last_seen_at` when the last record is older than the touch interval.
 */
export async function getSessionUser(
  db: Database,
  token: string | undefined,
  now = Date.now(),
): Promise<SessionUser | null> {
  if (!token) return null;
  return (await readSession(db, await sha256Hex(token), [], now)).user;
}

/**
 * `getSessionUser` by the session's id hash, its statement sent in one batch with `alongside` (a page's reads sent
 * ahead, worker/http/read-ahead.ts), whose results come back after it.
 */
export async function readSession(
  db: Database,
  idHash: string,
  alongside: readonly D1PreparedStatement[],
  now = Date.now(),
): Promise<{ user: SessionUser | null; results: D1Result<Record<string, unknown>>[] }> {
  const statement = db.$client.prepare(SESSION_USER_SQL).bind(idHash, now);
  if (alongside.length === 0)
    return { user: await sessionUserOf(db, await statement.first<SessionUserRow>(), idHash, now), results: [] };
  const [session, ...results] = await db.$client.batch<Record<string, unknown>>([statement, ...alongside]);
  const row = (session?.results[0] as unknown as SessionUserRow | undefined) ?? null;
  return { user: await sessionUserOf(db, row, idHash, now), results };
}

async function sessionUserOf(
  db: Database,
  row: SessionUserRow | null,
  idHash: string,
  now: number,
): Promise<SessionUser | null> {
  if (!row) return null;
  const times = { createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at };
  if (!isSessionLive(times, now)) return null;
  if (shouldTouchSession(times, now)) {
    // Conditional, so requests racing past the interval write once between them.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(
        and(
          eq(sessions.idHash, idHash),
          or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(now - SESSION_TOUCH_INTERVAL_MS + 1))),
        ),
      );
  }
  return {
    accountId: row.account_id,
    profileId: row.profile_id,
    commissionAccountId: row.commission_account_id,
    email: row.email,
    handle: row.handle,
    avatarUrl: row.avatar_url,
    roles: JSON.parse(row.roles) as string[],
    displayLanguageCode: row.display_language_code,
    inputLanguageCode: row.input_language_code,
    displayCurrencyId: row.display_currency_id,
    displayCurrencyCode: isCurrencyCode(row.currency_code) ? row.currency_code : FALLBACK_CURRENCY,
    showsAdult: showsAdultContent({
      confirmedAt: row.adult_content_confirmed_at === null ? null : new Date(row.adult_content_confirmed_at),
      birthday: row.birthday,
      now,
    }),
    unreadNotifications: row.unread_notifications,
  };
}

/**
 * The live session's user, their roles and their unread notices in one statement, written as SQL rather than built by
 * Drizzle on every signed-in request (decision 113): ?1 the session's id hash, ?2 now.
 */
const SESSION_USER_SQL = `
  SELECT a.id AS account_id, a.email, a.display_language_code, a.input_language_code, a.display_currency_id,
    a.birthday, a.adult_content_confirmed_at, p.id AS profile_id, ca.id AS commission_account_id,
    p.original_handle AS handle, p.avatar_url, c.code AS currency_code,
    s.created_at, s.last_seen_at, s.expires_at,
    (SELECT json_group_array(r.role_code) FROM user_account_roles r WHERE r.user_account_id = a.id) AS roles,
    ${unreadNoticesSql("a.id")} AS unread_notifications
  FROM sessions s
  JOIN user_accounts a ON a.id = s.user_account_id
  JOIN user_profiles p ON p.account_id = a.id
  JOIN commission_accounts ca ON ca.user_account_id = a.id
  LEFT JOIN currencies c ON c.id = a.display_currency_id
  WHERE s.id_hash = ?1 AND s.expires_at > ?2`;

interface SessionUserRow {
  account_id: string;
  email: string;
  display_language_code: string;
  input_language_code: string;
  display_currency_id: string | null;
  birthday: string | null;
  adult_content_confirmed_at: number | null;
  profile_id: string;
  commission_account_id: string;
  handle: string;
  avatar_url: string | null;
  currency_code: string | null;
  created_at: number;
  last_seen_at: number | null;
  expires_at: number;
  /** A JSON array of role codes. */
  roles: string;
  unread_notifications: number;
}
