import type { Database } from "../db/client";
import { userAccountRoles } from "../db/schema";
import { purgeAccountPages } from "./public-pages";

/** Make an account a creator. Idempotent: granting twice leaves one role row. */
export async function grantCreatorRole(db: Database, accountId: string): Promise<void> {
  await db.insert(userAccountRoles).values({ userAccountId: accountId, roleCode: "creator" }).onConflictDoNothing();
  await purgeAccountPages(db, accountId);
}
