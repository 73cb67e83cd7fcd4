import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { portfolioWorks, userProfiles, visibilityGrants, visibilitySettings } from "../db/schema";
import { purgeAccountPages } from "./public-pages";

/**
 * The client of a client work (008-client-works.md, 012): who may be named, and the client taking themselves off a
 * work. Split from portfolio.ts, whose saveWork applies them.
 */

const ITEM = "portfolio_work";

/**
 * The client of the work being saved (008-client-works.md). A new work is a client work when a handle is given.
 * A stored work keeps its kind: an own work ignores the field; a client work needs a handle, except when its client's
 * account is gone (then empty keeps "a former client") or its client removed themselves (then empty keeps the work
 * as it is, still without them; naming them again is refused, naming someone else starts over: 012). The handle must
 * be someone else's existing profile.
 */
export async function resolveClient(
  db: Database,
  userAccountId: string,
  existing: { clientAccountId: string | null; clientRemovedAt: Date | null; commissionOrderId: string | null } | null,
  handle: string | null,
): Promise<{ accountId: string | null; removed: boolean } | { error: string }> {
  if (existing && !existing.clientAccountId && !existing.commissionOrderId) return { accountId: null, removed: false };
  const removedClient = existing?.clientRemovedAt ? existing.clientAccountId : null;
  if (!handle) {
    if (removedClient) return { accountId: removedClient, removed: true };
    return existing && !existing.clientAccountId
      ? { accountId: null, removed: false }
      : existing
        ? { error: "client_works_client_required" }
        : { accountId: null, removed: false };
  }
  const row = await db
    .select({ accountId: userProfiles.accountId })
    .from(userProfiles)
    .where(sql`lower(${userProfiles.originalHandle}) = ${handle.toLowerCase()}`)
    .get();
  if (!row) return { error: "client_works_client_unknown" };
  if (row.accountId === userAccountId) return { error: "client_works_client_self" };
  if (row.accountId === removedClient) return { error: "client_works_client_removed" };
  return { accountId: row.accountId, removed: false };
}

/** In a `where` on visibility_grants: the credit of work `workId`'s client once they removed themselves. */
export function removedClientCredit(workId: string) {
  return and(
    eq(visibilityGrants.permission, "credit"),
    sql`${visibilityGrants.userAccountId} IN (SELECT ${portfolioWorks.clientAccountId} FROM ${portfolioWorks} WHERE ${portfolioWorks.id} = ${workId} AND ${portfolioWorks.clientRemovedAt} IS NOT NULL)`,
  );
}

/**
 * The named client of a work takes themselves off it (012): the work leaves their "Made for you", their credit goes,
 * and the creator's list says they removed themselves. Anyone else (the creator too) gets not found and nothing
 * changes. Asking twice keeps the first time.
 */
export async function removeMeFromWork(
  db: Database,
  clientAccountId: string,
  workId: string,
  now = Date.now(),
): Promise<{ ok: boolean }> {
  const isMine = and(eq(portfolioWorks.id, workId), eq(portfolioWorks.clientAccountId, clientAccountId));
  const work = await db.select({ id: portfolioWorks.id }).from(portfolioWorks).where(isMine).get();
  if (!work) return { ok: false };
  const setting = db
    .select({ id: visibilitySettings.id })
    .from(visibilitySettings)
    .where(and(eq(visibilitySettings.itemType, ITEM), eq(visibilitySettings.itemId, workId)));
  await db.batch([
    db
      .update(portfolioWorks)
      .set({ clientRemovedAt: new Date(now) })
      .where(and(isMine, isNull(portfolioWorks.clientRemovedAt))),
    db
      .delete(visibilityGrants)
      .where(and(inArray(visibilityGrants.visibilitySettingId, setting), removedClientCredit(workId))),
  ]);
  // The work's page is tagged with its client too, so this purges it with the lists.
  await purgeAccountPages(db, clientAccountId);
  return { ok: true };
}
