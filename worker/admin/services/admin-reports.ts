/**
 * The admin console's report queue (issue 49, decisions 087 and 089): the reviews, works and profiles users reported,
 * grouped by target, oldest first, and an admin's decision on one, hide or keep. A decision settles every open report
 * of the target and writes its audit row in one D1 batch, each statement conditional on the target still having open
 * reports: of two admins deciding at once, D1 runs one batch after the other, and the second finds nothing open and
 * changes nothing. An admin who is a party to the target (decision 093: a review's author or reviewed party, a work's or
 * a profile's owner, or one of its open reports' reporters) is refused, in the same batch, and shown who decides.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  adminActions,
  commissionAccounts,
  contentReports,
  orderReviews,
  portfolioWorks,
  reviewReports,
  userProfiles,
} from "../../db/schema";
import { judgeOf, type CaseJudge } from "../domain/admin-actions";
import type { Locale } from "../../domain/locales";
import type { ContentReportReason, ContentReportTarget } from "../domain/content-reports";
import { MISSING_TEXT } from "../../domain/localized-text";
import type { ReviewReportReason } from "../../orders/domain/reviews";
import { ACTIVE_ADMINS_SQL } from "./admin-users";
import { pickTextColumn, textsOf } from "../../services/json-columns";
import { purgeAccountPages, purgeWorkPages } from "../../services/public-pages";

/** How many reviews the queue shows at once, the oldest reports first. */
const REPORT_QUEUE_SIZE = 50;

export interface ReportedReview {
  reviewId: string;
  rating: number;
  body: string;
  /** Who wrote the review, and whom it is about (handles). */
  authorHandle: string;
  subjectHandle: string;
  orderCode: string;
  /** Each reason given, once, and how many users reported the review. */
  reasons: ReviewReportReason[];
  reporters: number;
  /** When its oldest open report came (ms), and how long ago that was. */
  firstReportedAt: number;
  ageMs: number;
  hidden: boolean;
  /** Who may decide it, as the reading admin is told (decision 093): they, another admin, or no admin yet. */
  judge: CaseJudge;
}

const QUEUE_SQL = `
SELECT r.id AS reviewId, r.rating, r.body, o.code AS orderCode, r.hidden_at AS hiddenAt,
  (SELECT a.user_account_id FROM commission_accounts a WHERE a.id = r.author_id) AS authorAccountId,
  (SELECT a.user_account_id FROM commission_accounts a WHERE a.id = r.subject_id) AS subjectAccountId,
  (SELECT p.original_handle FROM commission_accounts a JOIN user_profiles p ON p.account_id = a.user_account_id
    WHERE a.id = r.author_id) AS authorHandle,
  (SELECT p.original_handle FROM commission_accounts a JOIN user_profiles p ON p.account_id = a.user_account_id
    WHERE a.id = r.subject_id) AS subjectHandle,
  q.reasons, q.reporters, q.reporterIds, q.firstReportedAt
FROM (
  SELECT review_id, group_concat(DISTINCT reason) AS reasons, count(*) AS reporters,
    group_concat(reporter_id) AS reporterIds, min(created_at) AS firstReportedAt
  FROM review_reports WHERE resolved_at IS NULL GROUP BY review_id
) q
JOIN order_reviews r ON r.id = q.review_id
JOIN commission_orders o ON o.id = r.order_id
ORDER BY q.firstReportedAt, r.id
LIMIT ?`;

interface QueueRow {
  reviewId: string;
  rating: number;
  body: string;
  orderCode: string;
  hiddenAt: number | null;
  authorHandle: string | null;
  subjectHandle: string | null;
  authorAccountId: string | null;
  subjectAccountId: string | null;
  reasons: string;
  reporters: number;
  reporterIds: string;
  firstReportedAt: number;
}

/** The queue's rows and the admins who may decide, in one round trip. */
async function queueWithAdmins<T>(d1: D1Database, query: string): Promise<{ rows: T[]; admins: string[] }> {
  const [rows, admins] = await d1.batch<unknown>([
    d1.prepare(query).bind(REPORT_QUEUE_SIZE),
    d1.prepare(ACTIVE_ADMINS_SQL),
  ]);
  return { rows: rows.results as T[], admins: (admins.results as { id: string }[]).map((row) => row.id) };
}

/** A target's parties: its own (author and reviewed party, or owner), then each reporter of its open reports. */
const partiesOf = (own: (string | null)[], reporterIds: string) => [
  ...own.filter((id): id is string => id !== null),
  ...reporterIds.split(",").filter(Boolean),
];

/**
 * The open reports, one entry per reported review, the longest waiting first, each with who may decide it as `viewer`
 * (an admin's account) reads it.
 */
export async function reportQueue(db: Database, nowMs: number, viewer: string): Promise<ReportedReview[]> {
  const { rows: results, admins } = await queueWithAdmins<QueueRow>(db.$client, QUEUE_SQL);
  return results.map((row) => ({
    reviewId: row.reviewId,
    rating: row.rating,
    body: row.body,
    authorHandle: row.authorHandle ?? "",
    subjectHandle: row.subjectHandle ?? "",
    orderCode: row.orderCode,
    reasons: row.reasons.split(",").sort() as ReviewReportReason[],
    reporters: row.reporters,
    firstReportedAt: row.firstReportedAt,
    ageMs: Math.max(0, nowMs - row.firstReportedAt),
    hidden: row.hiddenAt !== null,
    judge: judgeOf(viewer, admins, partiesOf([row.authorAccountId, row.subjectAccountId], row.reporterIds)),
  }));
}

type ReportDecision = "hide" | "keep";
type ResolveResult =
  | { ok: true; reports: number }
  | { ok: false; refusal: "not_found" | "already_resolved" | "admin_is_party" };

/**
 * An admin's decision on a reported review. "hide" sets the review's `hidden_at` (it stays in the table, shown to
 * nobody but the admins) and settles its open reports as 'hidden', then purges the reviewed party's public pages;
 * "keep" settles them as 'kept'. One audit row. Exactly once: a review with no open report is `already_resolved`.
 * An admin who wrote the review, is its reviewed party or reported it is refused `admin_is_party` (decision 093):
 * every statement of the batch is conditional on their not being one, so nothing is written.
 */
export async function resolveReports(
  db: Database,
  input: { adminAccountId: string; reviewId: string; decision: ReportDecision; reason: string | null; now: number },
): Promise<ResolveResult> {
  const now = new Date(input.now);
  const admin = input.adminAccountId;
  const party = sql`(EXISTS (SELECT 1 FROM order_reviews pr JOIN commission_accounts pa ON pa.id IN (pr.author_id, pr.subject_id)
      WHERE pr.id = ${input.reviewId} AND pa.user_account_id = ${admin})
    OR EXISTS (SELECT 1 FROM review_reports WHERE review_id = ${input.reviewId} AND reporter_id = ${admin} AND resolved_at IS NULL))`;
  const open = sql`(EXISTS (SELECT 1 FROM review_reports WHERE review_id = ${input.reviewId} AND resolved_at IS NULL) AND NOT ${party})`;
  const hide = input.decision === "hide";
  // INSERT … SELECT, first in the batch: the audit row only while the review has open reports (columns in order).
  const audit = db.insert(adminActions).select(
    db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        adminAccountId: sql<string>`${input.adminAccountId}`.as("admin_account_id"),
        action: sql<string>`${hide ? "review.hide" : "review.keep"}`.as("action"),
        targetType: sql<string>`'review'`.as("target_type"),
        targetId: orderReviews.id,
        reason: sql<string | null>`${input.reason}`.as("reason"),
        createdAt: sql<number>`${input.now}`.as("created_at"),
      })
      .from(orderReviews)
      .where(and(eq(orderReviews.id, input.reviewId), open)),
  );
  // Then the review hidden (while its reports are open), then the reports settled: the order the conditions need.
  const hideReview = db
    .update(orderReviews)
    .set({ hiddenAt: now })
    .where(and(eq(orderReviews.id, input.reviewId), isNull(orderReviews.hiddenAt), open));
  const settle = db
    .update(reviewReports)
    .set({ resolvedAt: now, resolution: hide ? "hidden" : "kept" })
    .where(and(eq(reviewReports.reviewId, input.reviewId), isNull(reviewReports.resolvedAt), sql`NOT ${party}`))
    .returning({ id: reviewReports.id });
  const subject = db
    .select({ accountId: commissionAccounts.userAccountId, party: sql<number>`${party}` })
    .from(orderReviews)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, orderReviews.subjectId))
    .where(eq(orderReviews.id, input.reviewId));
  const [settled, owner] = hide
    ? await db.batch([audit, hideReview, settle, subject]).then((r) => [r[2], r[3]] as const)
    : await db.batch([audit, settle, subject]).then((r) => [r[1], r[2]] as const);
  if (owner.length === 0) return { ok: false, refusal: "not_found" };
  if (owner[0].party) return { ok: false, refusal: "admin_is_party" };
  if (settled.length === 0) return { ok: false, refusal: "already_resolved" };
  if (hide) await purgeAccountPages(db, owner[0].accountId);
  return { ok: true, reports: settled.length };
}

// ───────────────────────── works and profiles (decision 089) ─────────────────────────

export interface ReportedContent {
  targetType: ContentReportTarget;
  /** The work's id, or the profile's (user_profiles.id). */
  targetId: string;
  /** The owner's handle: the profile's address, and the first part of a work's. */
  ownerHandle: string;
  /** The work's title, or the profile's name, in the admin's language where there is one. */
  title: string;
  /** Each reason given, once, and how many users reported the target. */
  reasons: ContentReportReason[];
  reporters: number;
  /** When its oldest open report came (ms), and how long ago that was. */
  firstReportedAt: number;
  ageMs: number;
  hidden: boolean;
  /** Who may decide it, as the reading admin is told (decision 093). */
  judge: CaseJudge;
}

// A reported target that is gone (a deleted work) drops out of the queue: there is nothing left to decide on.
const CONTENT_QUEUE_SQL = `
SELECT q.target_type AS targetType, q.target_id AS targetId, p.original_handle AS ownerHandle,
  p.account_id AS ownerAccountId,
  CASE q.target_type WHEN 'work' THEN w.hidden_at ELSE p.hidden_at END AS hiddenAt,
  CASE q.target_type WHEN 'work' THEN ${textsOf("portfolio_work", "w.id", "title")}
    ELSE ${textsOf("user_profile", "p.id", "name")} END AS titles,
  q.reasons, q.reporters, q.reporterIds, q.firstReportedAt
FROM (
  SELECT target_type, target_id, group_concat(DISTINCT reason) AS reasons, count(*) AS reporters,
    group_concat(reporter_id) AS reporterIds, min(created_at) AS firstReportedAt
  FROM content_reports WHERE resolved_at IS NULL GROUP BY target_type, target_id
) q
LEFT JOIN portfolio_works w ON q.target_type = 'work' AND w.id = q.target_id
JOIN user_profiles p ON p.id = CASE q.target_type WHEN 'work' THEN w.profile_id ELSE q.target_id END
ORDER BY q.firstReportedAt, q.target_id
LIMIT ?`;

interface ContentQueueRow {
  targetType: ContentReportTarget;
  targetId: string;
  ownerHandle: string;
  ownerAccountId: string;
  hiddenAt: number | null;
  titles: string | null;
  reasons: string;
  reporters: number;
  reporterIds: string;
  firstReportedAt: number;
}

/**
 * The open reports of works and profiles, one entry per target, the longest waiting first, each with who may decide it
 * as `viewer` (an admin's account) reads it.
 */
export async function contentReportQueue(
  db: Database,
  nowMs: number,
  locale: Locale,
  viewer: string,
): Promise<ReportedContent[]> {
  const { rows: results, admins } = await queueWithAdmins<ContentQueueRow>(db.$client, CONTENT_QUEUE_SQL);
  return results.map((row) => ({
    targetType: row.targetType,
    targetId: row.targetId,
    ownerHandle: row.ownerHandle,
    title: pickTextColumn(row.titles, locale) || (row.targetType === "profile" ? row.ownerHandle : MISSING_TEXT),
    reasons: row.reasons.split(",").sort() as ContentReportReason[],
    reporters: row.reporters,
    firstReportedAt: row.firstReportedAt,
    ageMs: Math.max(0, nowMs - row.firstReportedAt),
    hidden: row.hiddenAt !== null,
    judge: judgeOf(viewer, admins, partiesOf([row.ownerAccountId], row.reporterIds)),
  }));
}

/**
 * An admin's decision on a reported work or profile. "hide" sets its `hidden_at` (it stays in the table, for its owner
 * and the admins: decision 089) and settles its open reports as 'hidden', then purges the public pages that showed
 * it; "keep" settles them as 'kept'. One audit row. Exactly once: a target with no open report is `already_resolved`.
 * Its owner, or one who reported it, is refused `admin_is_party` (decision 093), nothing written.
 */
export async function resolveContentReports(
  db: Database,
  input: {
    adminAccountId: string;
    targetType: ContentReportTarget;
    targetId: string;
    decision: ReportDecision;
    reason: string | null;
    now: number;
  },
): Promise<ResolveResult> {
  const now = new Date(input.now);
  const { targetType, targetId } = input;
  const admin = input.adminAccountId;
  const owns =
    targetType === "work"
      ? sql`EXISTS (SELECT 1 FROM portfolio_works pw JOIN user_profiles pp ON pp.id = pw.profile_id
          WHERE pw.id = ${targetId} AND pp.account_id = ${admin})`
      : sql`EXISTS (SELECT 1 FROM user_profiles WHERE id = ${targetId} AND account_id = ${admin})`;
  const party = sql`(${owns} OR EXISTS (SELECT 1 FROM content_reports WHERE target_type = ${targetType}
    AND target_id = ${targetId} AND reporter_id = ${admin} AND resolved_at IS NULL))`;
  const open = sql`(EXISTS (SELECT 1 FROM content_reports WHERE target_type = ${targetType} AND target_id = ${targetId} AND resolved_at IS NULL) AND NOT ${party})`;
  const hide = input.decision === "hide";
  const table = targetType === "work" ? portfolioWorks : userProfiles;
  const owner =
    targetType === "work"
      ? db
          .select({ accountId: userProfiles.accountId, party: sql<number>`${party}` })
          .from(portfolioWorks)
          .innerJoin(userProfiles, eq(userProfiles.id, portfolioWorks.profileId))
          .where(eq(portfolioWorks.id, targetId))
      : db
          .select({ accountId: userProfiles.accountId, party: sql<number>`${party}` })
          .from(userProfiles)
          .where(eq(userProfiles.id, targetId));
  // INSERT … SELECT, first in the batch: the audit row only while the target has open reports (columns in order).
  const audit = db.insert(adminActions).select(
    db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as("id"),
        adminAccountId: sql<string>`${input.adminAccountId}`.as("admin_account_id"),
        action: sql<string>`${`${targetType}.${input.decision}`}`.as("action"),
        targetType: sql<string>`${targetType}`.as("target_type"),
        targetId: table.id,
        reason: sql<string | null>`${input.reason}`.as("reason"),
        createdAt: sql<number>`${input.now}`.as("created_at"),
      })
      .from(table)
      .where(and(eq(table.id, targetId), open)),
  );
  // Then the target hidden (while its reports are open), then the reports settled: the order the conditions need.
  const hideTarget = db
    .update(table)
    .set({ hiddenAt: now })
    .where(and(eq(table.id, targetId), isNull(table.hiddenAt), open));
  const settle = db
    .update(contentReports)
    .set({ resolvedAt: now, resolution: hide ? "hidden" : "kept", resolvedBy: input.adminAccountId })
    .where(
      and(
        eq(contentReports.targetType, targetType),
        eq(contentReports.targetId, targetId),
        isNull(contentReports.resolvedAt),
        sql`NOT ${party}`,
      ),
    )
    .returning({ id: contentReports.id });
  const [settled, found] = hide
    ? await db.batch([audit, hideTarget, settle, owner]).then((r) => [r[2], r[3]] as const)
    : await db.batch([audit, settle, owner]).then((r) => [r[1], r[2]] as const);
  if (found.length === 0) return { ok: false, refusal: "not_found" };
  if (found[0].party) return { ok: false, refusal: "admin_is_party" };
  if (settled.length === 0) return { ok: false, refusal: "already_resolved" };
  if (hide) await (targetType === "work" ? purgeWorkPages(db, targetId) : purgeAccountPages(db, found[0].accountId));
  return { ok: true, reports: settled.length };
}
