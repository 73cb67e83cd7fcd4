import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { type CurrencyCode, FALLBACK_CURRENCY, isCurrencyCode } from "../domain/currency";
import { SESSION_ID_BYTES, SESSION_TOUCH_INTERVAL_MS } from "../domain/sign-in-rules";
import { isSessionLive, sessionExpiresAt, sessionIdleCutoff, shouldTouchSession } from "../domain/sessions";
import type { Database } from "../db/client";
import { commissionAccounts, currencies, sessions, userAccountRoles, userAccounts, userProfiles } from "../db/schema";
import { unreadNoticesOf } from "./notifications";
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
  const idHash = await sha256Hex(token);
  const rows = await db
    .select({
      accountId: userAccounts.id,
      email: userAccounts.email,
      displayLanguageCode: userAccounts.displayLanguageCode,
      inputLanguageCode: userAccounts.inputLanguageCode,
      displayCurrencyId: userAccounts.displayCurrencyId,
      birthday: userAccounts.birthday,
      adultContentConfirmedAt: userAccounts.adultContentConfirmedAt,
      profileId: userProfiles.id,
      commissionAccountId: commissionAccounts.id,
      handle: userProfiles.originalHandle,
      avatarUrl: userProfiles.avatarUrl,
      roleCode: userAccountRoles.roleCode,
      currencyCode: currencies.code,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      unreadNotifications: unreadNoticesOf(userAccounts.id),
    })
    .from(sessions)
    .innerJoin(userAccounts, eq(userAccounts.id, sessions.userAccountId))
    .innerJoin(userProfiles, eq(userProfiles.accountId, userAccounts.id))
    .innerJoin(commissionAccounts, eq(commissionAccounts.userAccountId, userAccounts.id))
    .leftJoin(userAccountRoles, eq(userAccountRoles.userAccountId, userAccounts.id))
    .leftJoin(currencies, eq(currencies.id, userAccounts.displayCurrencyId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(now))));
  if (rows.length === 0) return null;
  const {
    roleCode: _,
    currencyCode,
    createdAt,
    lastSeenAt,
    expiresAt,
    birthday,
    adultContentConfirmedAt,
    ...user
  } = rows[0];
  const times = {
    createdAt: createdAt.getTime(),
    lastSeenAt: lastSeenAt?.getTime() ?? null,
    expiresAt: expiresAt.getTime(),
  };
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
    ...user,
    displayCurrencyCode: isCurrencyCode(currencyCode) ? currencyCode : FALLBACK_CURRENCY,
    showsAdult: showsAdultContent({ confirmedAt: adultContentConfirmedAt, birthday, now }),
    roles: rows.flatMap((r) => (r.roleCode ? [r.roleCode] : [])),
  };
}
