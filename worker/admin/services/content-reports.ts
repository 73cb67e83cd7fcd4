/**
 * A user's report of a portfolio work or a profile to the admins (issue 49, decision 089). Anyone signed in may report
 * what they can see, once per target; the owner may not report their own. The report waits in the admin console's
 * queue (admin/services/admin-reports.ts), which hides the target or keeps it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { PublishStatus } from "../../db/schema/enums";
import { contentReports, portfolioWorks, userProfiles } from "../../db/schema";
import type { ContentReportReason, ContentReportTarget } from "../domain/content-reports";
import { notBannedSql } from "../../domain/roles";
import { canViewItem, type Visitor } from "../../domain/visibility";
import { loadItemVisibility } from "../../services/visibility";

/**
 * Whether `reporter` may report the target: it exists, its owner is not banned and is someone else, it is not hidden
 * already, and a work is one this reporter can open (a private work's existence is not told).
 */
async function reportable(
  db: Database,
  target: { type: ContentReportTarget; id: string },
  reporter: Visitor,
): Promise<boolean> {
  if (target.type === "profile") {
    const row = await db
      .select({ owner: userProfiles.accountId })
      .from(userProfiles)
      .where(
        and(
          eq(userProfiles.id, target.id),
          isNull(userProfiles.hiddenAt),
          sql.raw(notBannedSql('"user_profiles"."account_id"')),
        ),
      )
      .get();
    return row !== undefined && row.owner !== reporter.accountId;
  }
  const [row, visibilities] = await Promise.all([
    db
      .select({
        owner: userProfiles.accountId,
        workStatus: portfolioWorks.workStatus,
        hiddenAt: portfolioWorks.hiddenAt,
      })
      .from(portfolioWorks)
      .innerJoin(userProfiles, eq(userProfiles.id, portfolioWorks.profileId))
      .where(and(eq(portfolioWorks.id, target.id), sql.raw(notBannedSql('"user_profiles"."account_id"'))))
      .get(),
    loadItemVisibility(db, "portfolio_work", [target.id]),
  ]);
  if (!row || row.hiddenAt !== null || row.owner === reporter.accountId) return false;
  const item = {
    ownerAccountId: row.owner,
    workStatus: row.workStatus as PublishStatus,
    hidden: false,
    ...visibilities.get(target.id)!,
  };
  return canViewItem(item, reporter);
}

/**
 * Files the report, once: a second report of the same target by the same user changes nothing and is answered the
 * same. `ok: false` when the target is not there for this reporter (their own, hidden, private, gone).
 */
export async function reportContent(
  db: Database,
  input: {
    targetType: ContentReportTarget;
    targetId: string;
    reporter: Visitor;
    reason: ContentReportReason;
    now: number;
  },
): Promise<{ ok: boolean }> {
  if (!(await reportable(db, { type: input.targetType, id: input.targetId }, input.reporter))) return { ok: false };
  await db
    .insert(contentReports)
    .values({
      id: crypto.randomUUID(),
      targetType: input.targetType,
      targetId: input.targetId,
      reporterId: input.reporter.accountId,
      reason: input.reason,
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing();
  return { ok: true };
}
