import { and, eq, gt } from "drizzle-orm";
import { DEFAULT_CURRENCY_CODE, SESSION_ID_BYTES, SESSION_TTL_MS, isDisplayCurrencyCode, type DisplayCurrencyCode } from "../domain/constants";
import type { Database } from "../db/client";
import { currencies, sessions, userAccountRoles, userAccounts, userProfiles } from "../db/schema";
import { randomToken, sha256Hex } from "./crypto";

export interface SessionUser {
  accountId: string;
  profileId: string;
  email: string;
  handle: string;
  avatarUrl: string | null;
  roles: string[];
  displayLanguageCode: string;
  displayCurrencyId: string | null;
  /** JPY unless the user chose another active display currency. */
  displayCurrencyCode: DisplayCurrencyCode;
}

/** Start a session: returns the cookie value (never stored; the table keeps its hash). */
export async function createSession(db: Database, userAccountId: string, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(SESSION_ID_BYTES);
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db.insert(sessions).values({ idHash: await sha256Hex(token), userAccountId, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(token)));
}

/** The signed-in user behind a cookie value, or null when absent, unknown or expired. */
export async function getSessionUser(db: Database, token: string | undefined, now = Date.now()): Promise<SessionUser | null> {
  if (!token) return null;
  const rows = await db
    .select({
      accountId: userAccounts.id,
      email: userAccounts.email,
      displayLanguageCode: userAccounts.displayLanguageCode,
      displayCurrencyId: userAccounts.displayCurrencyId,
      profileId: userProfiles.id,
      handle: userProfiles.originalHandle,
      avatarUrl: userProfiles.avatarUrl,
      roleCode: userAccountRoles.roleCode,
      currencyCode: currencies.code,
    })
    .from(sessions)
    .innerJoin(userAccounts, eq(userAccounts.id, sessions.userAccountId))
    .innerJoin(userProfiles, eq(userProfiles.accountId, userAccounts.id))
    .leftJoin(userAccountRoles, eq(userAccountRoles.userAccountId, userAccounts.id))
    .leftJoin(currencies, eq(currencies.id, userAccounts.displayCurrencyId))
    .where(and(eq(sessions.idHash, await sha256Hex(token)), gt(sessions.expiresAt, new Date(now))));
  if (rows.length === 0) return null;
  const { roleCode: _, currencyCode, ...user } = rows[0];
  return {
    ...user,
    displayCurrencyCode: isDisplayCurrencyCode(currencyCode) ? currencyCode : DEFAULT_CURRENCY_CODE,
    roles: rows.flatMap((r) => (r.roleCode ? [r.roleCode] : [])),
  };
}
