import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { userAccountRoles, userAccounts } from "../db/schema";
import { purgeAccountPages } from "./public-pages";

/** Make an account a creator. Idempotent: granting twice leaves one role row. */
export async function grantCreatorRole(db: Database, accountId: string): Promise<void> {
  await db.insert(userAccountRoles).values({ userAccountId: accountId, roleCode: "creator" }).onConflictDoNothing();
  await purgeAccountPages(db, accountId);
}

/**
 * Ban an account, or lift its ban (decision 075). A ban sends the user to /ban on their next request (worker/app.ts)
 * and hides their public face (`notBannedSql`); either way their public pages and the catalog are purged at once, so
 * no cached copy outlives the change. Idempotent. False when there is no such account.
 */
export async function setAccountBanned(db: Database, accountId: string, banned: boolean): Promise<boolean> {
  const account = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId))
    .get();
  if (!account) return false;
  if (banned)
    await db.insert(userAccountRoles).values({ userAccountId: accountId, roleCode: "ban" }).onConflictDoNothing();
  else
    await db
      .delete(userAccountRoles)
      .where(and(eq(userAccountRoles.userAccountId, accountId), eq(userAccountRoles.roleCode, "ban")));
  await purgeAccountPages(db, accountId);
  return true;
}
