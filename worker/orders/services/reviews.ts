/**
 * Reviews both ways (issue 49, decision 086): writing, replying and reporting, their showing, and the read models the
 * pages use. The rules are worker/orders/domain/reviews.ts's; this file is their storage.
 *
 * Double-blind, exactly once: a review is written with `visible_at` at the window's end; the batch that writes the
 * order's second review brings both forward to now. D1 runs a batch as one transaction, so of two reviews landing at
 * once the later batch sees both. Whoever then finds a shown review not yet announced (that batch's caller, or the
 * cron at the window's end) claims it with a conditional update and purges the reviewed party's public pages.
 */
import { and, count, eq, gt, isNull, lte, sql } from "drizzle-orm";
import {
  averageRating,
  isPublic,
  isShown,
  mayReply,
  mayReportReview,
  mayWriteReview,
  otherSide,
  CLIENT_RECORD_REVIEWS,
  REVIEWS_PAGE_SIZE,
  type ReviewRefusal,
  type ReviewReportRefusal,
  type ReviewReportReason,
  type ReviewSide,
  reviewSideOf,
  reviewWindowEnd,
} from "../domain/reviews";
import { orderHref } from "../domain/order-notifications";
import { isProfileShownTo, type ProfileViewer } from "../../domain/public-profiles";
import { notBannedSql } from "../../domain/roles";
import type { Locale } from "../../domain/locales";
import { formatDate } from "../../domain/dates";
import type { TextReading } from "../../domain/text-reading";
import { pickText, typedIn, type TextRow } from "../../domain/localized-text";
import { parseJson, textsOf } from "../../services/json-columns";
import type { Database } from "../../db/client";
import { commissionAccounts, commissionOrders, notifications, orderReviews, reviewReports } from "../../db/schema";
import { emailNewNotificationsSoon } from "../../services/notification-emails";
import { translateInBackground } from "./order-translations";
import { purgeAccountPages } from "../../services/public-pages";
import { storedReadings } from "../../services/translations";
import { type BatchPart, sendParts } from "../../db/batch-parts";
import { type CreatorRef, creatorAccountSql } from "../../services/creator-ref";

type ReviewRow = typeof orderReviews.$inferSelect;
const time = (date: Date | null) => date?.getTime() ?? null;

/** The order as the review rules read it, and its two reviews. */
async function orderForReview(db: Database, orderId: string) {
  const [orders, reviews] = await db.batch([
    db
      .select({
        sellerId: commissionOrders.sellerId,
        buyerId: commissionOrders.buyerId,
        progress: commissionOrders.orderProgressStatus,
        completedAt: commissionOrders.completedAt,
        code: commissionOrders.code,
      })
      .from(commissionOrders)
      .where(eq(commissionOrders.id, orderId)),
    db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId)),
  ]);
  const order = orders[0];
  if (!order) return null;
  return { order: { ...order, completedAt: time(order.completedAt) }, reviews };
}

export type WriteReviewResult = { ok: true; reviewId: string; shown: boolean } | { ok: false; refusal: ReviewRefusal };

/**
 * Writes (or, until it shows, rewrites) `authorId`'s review of the other party. The other party is told once, on the
 * first write; when this is the order's second review, both show now and the reviewed parties' pages are purged.
 */
export async function writeReview(
  db: Database,
  input: { orderId: string; authorId: string; rating: number; body: string; now: number },
): Promise<WriteReviewResult> {
  const found = await orderForReview(db, input.orderId);
  if (!found) return { ok: false, refusal: "not_found" };
  const { order, reviews } = found;
  const side = reviewSideOf(order, input.authorId);
  const mine = reviews.find((r) => r.authorSide === side) ?? null;
  const verdict = mayWriteReview(order, input.authorId, mine && { visibleAt: mine.visibleAt.getTime() }, input.now);
  if (!verdict.ok) return verdict;
  const subjectId = verdict.side === "buyer" ? order.sellerId : order.buyerId;
  const now = new Date(input.now);
  const id = mine?.id ?? crypto.randomUUID();
  const [written, , , stored] = await db.batch([
    // A rewrite only while it has not shown: a review the other's landed first has shown is kept as shown.
    db
      .insert(orderReviews)
      .values({
        id,
        orderId: input.orderId,
        authorSide: verdict.side,
        authorId: input.authorId,
        subjectId,
        rating: input.rating,
        body: input.body,
        visibleAt: new Date(reviewWindowEnd(order.completedAt!)),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [orderReviews.orderId, orderReviews.authorSide],
        set: { rating: input.rating, body: input.body, updatedAt: now },
        setWhere: gt(orderReviews.visibleAt, now),
      })
      .returning({ id: orderReviews.id }),
    // Both in: both show now.
    db
      .update(orderReviews)
      .set({ visibleAt: now })
      .where(
        and(
          eq(orderReviews.orderId, input.orderId),
          gt(orderReviews.visibleAt, now),
          sql`(SELECT count(*) FROM order_reviews WHERE order_id = ${input.orderId}) = 2`,
        ),
      ),
    // The other party hears of it once (the key), whatever the edits; the review itself is not in the notice.
    db
      .insert(notifications)
      .values({
        id: crypto.randomUUID(),
        recipientUserAccountId: sql`(SELECT user_account_id FROM commission_accounts WHERE id = ${subjectId})`,
        notificationType: "REVIEW_RECEIVED",
        fromProfileId: sql`(SELECT p.id FROM user_profiles p JOIN commission_accounts a ON a.user_account_id = p.account_id WHERE a.id = ${input.authorId})`,
        href: orderHref(otherSide(verdict.side), order.code),
        orderId: input.orderId,
        dedupeKey: `review:${input.orderId}:${verdict.side}`,
        createdAt: now,
      })
      .onConflictDoNothing(),
    // Whether it shows now, as the batch left it (a review landing at once may have been the second).
    db
      .select({ visibleAt: orderReviews.visibleAt })
      .from(orderReviews)
      .where(and(eq(orderReviews.orderId, input.orderId), eq(orderReviews.authorSide, verdict.side))),
  ]);
  if (written.length === 0) return { ok: false, refusal: "review_shown" };
  const shown = stored.length > 0 && isShown({ visibleAt: stored[0]!.visibleAt.getTime() }, input.now);
  if (shown) await announceShownReviews(db, input.now, input.orderId);
  return { ok: true, reviewId: id, shown };
}

/**
 * After a review or a reply is stored, once the answer is out: its text translated for readers of the other language,
 * and the other party's notice e-mailed (the shared sweep).
 */
export function afterReviewWritten(
  env: Env,
  executionCtx: Partial<ExecutionContext>,
  written: { text: string; writerAccountId: string },
) {
  translateInBackground(env, executionCtx, { texts: [written.text], writerAccountId: written.writerAccountId });
  const waitUntil = executionCtx.waitUntil?.bind(executionCtx);
  if (waitUntil) emailNewNotificationsSoon(env, waitUntil);
}

/**
 * Makes shown reviews known, once each: claims the ones not yet announced (all of them, or one order's) and purges
 * the reviewed parties' public pages, which show the new average. Run after a second review and by the cron. Answers
 * how many it claimed.
 */
export async function announceShownReviews(db: Database, nowMs: number, orderId?: string): Promise<number> {
  const now = new Date(nowMs);
  const claimed = await db
    .update(orderReviews)
    .set({ announcedAt: now })
    .where(
      and(
        isNull(orderReviews.announcedAt),
        lte(orderReviews.visibleAt, now),
        orderId ? eq(orderReviews.orderId, orderId) : undefined,
      ),
    )
    .returning({ subjectId: orderReviews.subjectId });
  if (claimed.length === 0) return 0;
  const subjects = [...new Set(claimed.map((r) => r.subjectId))];
  const owners = await db
    .select({ accountId: commissionAccounts.userAccountId })
    .from(commissionAccounts)
    .where(sql`${commissionAccounts.id} IN (${sql.join(subjects, sql`, `)})`);
  await purgeAccountPages(db, ...owners.map((o) => o.accountId));
  return claimed.length;
}

export type ReplyResult = { ok: true } | { ok: false; refusal: "not_found" | "already_replied" };

/** The reviewed party's one public reply to a review of them that shows. */
export async function replyToReview(
  db: Database,
  input: { reviewId: string; accountId: string; text: string; now: number },
): Promise<ReplyResult> {
  const review = await db.select().from(orderReviews).where(eq(orderReviews.id, input.reviewId)).get();
  if (!review || review.subjectId !== input.accountId || !isPublic(publicFacts(review), input.now))
    return { ok: false, refusal: "not_found" };
  if (
    !mayReply({ ...publicFacts(review), subjectId: review.subjectId, reply: review.reply }, input.accountId, input.now)
  )
    return { ok: false, refusal: "already_replied" };
  const now = new Date(input.now);
  const [updated] = await db.batch([
    db
      .update(orderReviews)
      .set({ reply: input.text, repliedAt: now })
      .where(and(eq(orderReviews.id, input.reviewId), isNull(orderReviews.reply)))
      .returning({ id: orderReviews.id }),
  ]);
  if (updated.length === 0) return { ok: false, refusal: "already_replied" };
  const owner = await db
    .select({ accountId: commissionAccounts.userAccountId })
    .from(commissionAccounts)
    .where(eq(commissionAccounts.id, review.subjectId))
    .get();
  if (owner) await purgeAccountPages(db, owner.accountId);
  return { ok: true };
}

const publicFacts = (review: ReviewRow) => ({
  visibleAt: review.visibleAt.getTime(),
  hiddenAt: time(review.hiddenAt),
});

/**
 * A user's report of a review that shows, to the admins; a second report by the same user changes nothing. Its author
 * may not report it (issue 59): the rule's `own_review`.
 */
export async function reportReview(
  db: Database,
  input: {
    reviewId: string;
    reporter: { userAccountId: string; commissionAccountId: string };
    reason: ReviewReportReason;
    now: number;
  },
): Promise<{ ok: true } | { ok: false; refusal: ReviewReportRefusal }> {
  const review = await db.select().from(orderReviews).where(eq(orderReviews.id, input.reviewId)).get();
  if (!review) return { ok: false, refusal: "not_found" };
  const verdict = mayReportReview(
    { ...publicFacts(review), authorId: review.authorId },
    input.reporter.commissionAccountId,
    input.now,
  );
  if (!verdict.ok) return verdict;
  await db
    .insert(reviewReports)
    .values({
      id: crypto.randomUUID(),
      reviewId: input.reviewId,
      reporterId: input.reporter.userAccountId,
      reason: input.reason,
      createdAt: new Date(input.now),
    })
    .onConflictDoNothing();
  return { ok: true };
}

// ───────────────────────── read models ─────────────────────────

export interface ShownReview {
  id: string;
  rating: number;
  body: string;
  reply: string | null;
  at: number;
  /**
   * Who wrote it, as the lists name people; null when the author's own profile does not show to the reader (hidden by
   * the admins, or banned: `isProfileShownTo`): the review stays, its author unnamed.
   */
  author: { handle: string; name: string | null; avatarUrl: string | null } | null;
  /** The reader wrote it (they may not report it). */
  byReader: boolean;
  /** The title of the service the order was for (its texts in every language), when it was a service order. */
  serviceTitles: TextRow[] | null;
}

export interface RatingSummary {
  count: number;
  /** One decimal; null with no reviews. */
  average: number | null;
}

/**
 * Whose public reviews: a SQL expression with one `?` and its value, the party's commission account (by its id, or a
 * creator's by handle or form code). The reviews' reads are written SQL, not built by Drizzle on every profile and form
 * page (decision 114: that building was a fifth of the profile's own JavaScript).
 */
interface ReviewSubject {
  sql: string;
  value: string;
}

const subjectById = (id: string): ReviewSubject => ({ sql: "?", value: id });

/** A creator's commission account, named in SQL so the statements beside `subjectAccountStatement` wait on nothing. */
function subjectOf(creator: CreatorRef): ReviewSubject {
  const account = creatorAccountSql(creator);
  return {
    sql: `(SELECT ca.id FROM commission_accounts ca WHERE ca.user_account_id = ${account.sql} LIMIT 1)`,
    value: account.value,
  };
}

/** The public reviews of a party from one side (the buyer's: of a creator): binds the subject's value, the side, now. */
const publicReviewsOf = (subject: ReviewSubject) =>
  `r.subject_id = ${subject.sql} AND r.author_side = ? AND r.visible_at <= ? AND r.hidden_at IS NULL`;

/** The average and count of the public reviews of a party from the other side. */
export async function ratingSummary(
  db: Database,
  subjectId: string,
  side: ReviewSide,
  nowMs: number,
): Promise<RatingSummary> {
  return toRatingSummary((await ratingSummaryStatement(db.$client, subjectById(subjectId), side, nowMs).all()).results);
}

interface RatingSummaryRow {
  count: number;
  sum: number;
}

/** The rating summary's one statement, unsent, so a page can send it in a batch with its other reads. */
function ratingSummaryStatement(d1: D1Database, subject: ReviewSubject, side: ReviewSide, nowMs: number) {
  return d1
    .prepare(
      `SELECT count(*) AS count, coalesce(sum(r.rating), 0) AS sum FROM order_reviews r WHERE ${publicReviewsOf(subject)}`,
    )
    .bind(subject.value, side, nowMs);
}

function toRatingSummary(rows: readonly unknown[]): RatingSummary {
  const row = rows[0] as RatingSummaryRow | undefined;
  const total = row?.count ?? 0;
  return { count: total, average: averageRating(Number(row?.sum ?? 0), total) };
}

/**
 * A page of the public reviews of a party from one side, newest first; `before` is the last one's time on the page
 * before. `hasMore` says whether another page follows.
 */
async function shownReviews(
  db: Database,
  subjectId: string,
  side: ReviewSide,
  reader: { now: number; viewer: ProfileViewer },
  before: number | null = null,
): Promise<{ reviews: ShownReview[]; hasMore: boolean }> {
  const { results } = await shownReviewsStatement(db.$client, subjectById(subjectId), side, reader.now, before).all();
  return toShownReviews(results, reader.viewer);
}

interface ShownReviewRow {
  id: string;
  rating: number;
  body: string;
  reply: string | null;
  at: number;
  author_account_id: string;
  author_hidden: number | null;
  author_banned: number;
  handle: string;
  name: string | null;
  avatar_url: string | null;
  service_titles: string | null;
}

/** The page's one statement, unsent (see `ratingSummaryStatement`): one more than a page, to say whether more follow. */
function shownReviewsStatement(
  d1: D1Database,
  subject: ReviewSubject,
  side: ReviewSide,
  nowMs: number,
  before: number | null,
) {
  return d1
    .prepare(
      `SELECT r.id, r.rating, r.body, r.reply, r.visible_at AS at, aa.user_account_id AS author_account_id,
        ap.hidden_at AS author_hidden, NOT ${notBannedSql("aa.user_account_id")} AS author_banned,
        ap.original_handle AS handle,
        (SELECT t.text FROM localized_texts t WHERE t.entity_type = 'user_profile' AND t.entity_id = ap.id
          AND t.field = 'name' AND t.is_original = 1 LIMIT 1) AS name,
        ap.avatar_url,
        (SELECT ${textsOf("commission_order_service", "s.id", "title")} FROM commission_order_services s
          WHERE s.order_id = r.order_id LIMIT 1) AS service_titles
      FROM order_reviews r
      JOIN commission_accounts aa ON aa.id = r.author_id
      JOIN user_profiles ap ON ap.account_id = aa.user_account_id
      WHERE ${publicReviewsOf(subject)}${before === null ? "" : " AND r.visible_at < ?"}
      ORDER BY r.visible_at DESC, r.id DESC
      LIMIT ${REVIEWS_PAGE_SIZE + 1}`,
    )
    .bind(subject.value, side, nowMs, ...(before === null ? [] : [before]));
}

function toShownReviews(rows: readonly unknown[], viewer: ProfileViewer): { reviews: ShownReview[]; hasMore: boolean } {
  return {
    reviews: (rows as ShownReviewRow[]).slice(0, REVIEWS_PAGE_SIZE).map((r) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      reply: r.reply,
      at: r.at,
      author: isProfileShownTo(
        { ownerAccountId: r.author_account_id, hidden: r.author_hidden !== null, banned: Boolean(r.author_banned) },
        viewer,
      )
        ? { handle: r.handle, name: r.name, avatarUrl: r.avatar_url }
        : null,
      byReader: r.author_account_id === viewer?.accountId,
      serviceTitles: r.service_titles === null ? null : parseJson<TextRow>(r.service_titles),
    })),
    hasMore: rows.length > REVIEWS_PAGE_SIZE,
  };
}

export interface ListedReview extends Omit<ShownReview, "serviceTitles"> {
  /** The date shown, in the reader's language. */
  date: string;
  reading: TextReading;
  replyReading: TextReading | null;
  /**
   * The service the order was for, as every other title reads (issue 75): typed in the reader's language, else its
   * stored translation with the original and its language (shown on hover), else as written; null for a form's order.
   */
  service: ShownTitle | null;
}

/** A title as a card shows it: the text, and when that is a translation, the original and the original's language. */
export interface ShownTitle {
  title: string;
  original?: string;
  translatedFrom?: Locale;
}

/**
 * Public reviews as a list shows them: each text read in `locale` (stored translations only), each date in it; the
 * service's title in the reader's language where its creator typed one, else its stored translation.
 */
async function listed(db: Database, reviews: ShownReview[], locale: Locale): Promise<ListedReview[]> {
  const titles = reviews.map((r) => (r.serviceTitles ? pickText(r.serviceTitles, locale) : null));
  const readings = await storedReadings(
    db,
    reviews.flatMap((r, i) => [
      r.body,
      ...(r.reply ? [r.reply] : []),
      ...(titles[i] && !typedIn(r.serviceTitles, locale) ? [titles[i]] : []),
    ]),
    locale,
  );
  let next = 0;
  return reviews.map(({ serviceTitles, ...review }, i) => {
    const reading = readings[next++]!;
    const replyReading = review.reply ? readings[next++]! : null;
    const title = titles[i];
    const titleReading = title && !typedIn(serviceTitles, locale) ? readings[next++] : undefined;
    return {
      ...review,
      date: formatDate(review.at, locale),
      reading,
      replyReading,
      service: title
        ? titleReading?.kind === "translated"
          ? { title: titleReading.text, original: title, translatedFrom: titleReading.from }
          : { title }
        : null,
    };
  });
}

/**
 * The commission account of the creator's profile (a handle is unique ignoring case), when that profile shows to the
 * viewer (`isProfileShownTo`, its page's own rule): the reviews of a creator and their rating hang on their profile, so
 * a profile the admins hid or a banned account's shows them nowhere it does not show (issue 59). Read in the same batch
 * as what hangs on it, which names the account by `subjectOf`: one round trip (issue 66).
 */
function subjectAccountStatement(d1: D1Database, creator: CreatorRef) {
  const account = creatorAccountSql(creator);
  return d1
    .prepare(
      `SELECT p.account_id AS owner_account_id, p.hidden_at, NOT ${notBannedSql("p.account_id")} AS banned
      FROM commission_accounts ca JOIN user_profiles p ON p.account_id = ca.user_account_id
      WHERE p.account_id = ${account.sql} LIMIT 1`,
    )
    .bind(account.value);
}

interface SubjectAccountRow {
  owner_account_id: string;
  hidden_at: number | null;
  banned: number;
}

function isShownSubject(rows: readonly unknown[], viewer: ProfileViewer) {
  const row = rows[0] as SubjectAccountRow | undefined;
  if (!row) return false;
  return isProfileShownTo(
    { ownerAccountId: row.owner_account_id, hidden: row.hidden_at !== null, banned: Boolean(row.banned) },
    viewer,
  );
}

/**
 * A creator's average by their clients (the form page's line), as a part of a page's batch (worker/db/batch-parts.ts):
 * the account and the summary; null for an unknown creator, and for a profile that does not show to the viewer.
 */
export function creatorRatingPart(
  db: Database,
  creator: CreatorRef,
  reader: { now: number; viewer: ProfileViewer },
): BatchPart<RatingSummary | null> {
  return {
    statements: [
      subjectAccountStatement(db.$client, creator),
      ratingSummaryStatement(db.$client, subjectOf(creator), "buyer", reader.now),
    ],
    read: ([subject, summary]) =>
      isShownSubject(subject!.results, reader.viewer) ? toRatingSummary(summary!.results) : null,
  };
}

/**
 * A page of a creator's reviews by their clients, with their rating, by handle; null as for `creatorRatingPart`. The
 * account, the summary and the page go in one batch; the stored translations of the page's texts follow.
 */
export async function reviewsOfCreator(
  db: Database,
  handle: string,
  reader: { locale: Locale; now: number; viewer: ProfileViewer },
  before: number | null = null,
) {
  const [reviews] = await sendParts(db.$client, [reviewsOfCreatorPart(db, handle, reader, before)]);
  return reviews;
}

/** `reviewsOfCreator` as a part of a page's batch (worker/db/batch-parts.ts): the account, the summary and the page. */
export function reviewsOfCreatorPart(
  db: Database,
  handle: string,
  reader: { locale: Locale; now: number; viewer: ProfileViewer },
  before: number | null = null,
) {
  const creator = { handle };
  const subject = subjectOf(creator);
  return {
    statements: [
      subjectAccountStatement(db.$client, creator),
      ratingSummaryStatement(db.$client, subject, "buyer", reader.now),
      shownReviewsStatement(db.$client, subject, "buyer", reader.now, before),
    ],
    read: async ([account, summary, page]) => {
      if (!isShownSubject(account!.results, reader.viewer)) return null;
      const shown = toShownReviews(page!.results, reader.viewer);
      return {
        summary: toRatingSummary(summary!.results),
        reviews: await listed(db, shown.reviews, reader.locale),
        hasMore: shown.hasMore,
      };
    },
  } satisfies BatchPart<unknown>;
}

/** What the order page shows of its reviews to one of its parties. */
export interface OrderReviewsView {
  side: ReviewSide;
  /** The viewer's own review, shown or not. */
  mine: { rating: number; body: string; shown: boolean } | null;
  /** The other party's review once it shows; before that only whether it was written. */
  theirs: { id: string; rating: number; body: string; reply: string | null; hidden: boolean } | null;
  theirsWritten: boolean;
  /** Whether the viewer may write or rewrite theirs now, and until when. */
  canWrite: boolean;
  windowEndsAt: number;
  /** The viewer may reply to the other's review of them (once, when it shows). */
  canReply: boolean;
}

export async function orderReviewsView(
  db: Database,
  orderId: string,
  viewerId: string,
  nowMs: number,
): Promise<OrderReviewsView | null> {
  const found = await orderForReview(db, orderId);
  if (!found || found.order.completedAt === null || found.order.progress !== "COMPLETED") return null;
  const { order, reviews } = found;
  const side = reviewSideOf(order, viewerId);
  if (!side) return null;
  const mine = reviews.find((r) => r.authorSide === side) ?? null;
  const theirs = reviews.find((r) => r.authorSide === otherSide(side)) ?? null;
  const theirsShown = theirs !== null && isShown({ visibleAt: theirs.visibleAt.getTime() }, nowMs);
  return {
    side,
    mine: mine && {
      rating: mine.rating,
      body: mine.body,
      shown: isShown({ visibleAt: mine.visibleAt.getTime() }, nowMs),
    },
    theirs:
      theirs && theirsShown
        ? {
            id: theirs.id,
            rating: theirs.rating,
            body: theirs.body,
            reply: theirs.reply,
            hidden: theirs.hiddenAt !== null,
          }
        : null,
    theirsWritten: theirs !== null,
    canWrite: mayWriteReview(order, viewerId, mine && { visibleAt: mine.visibleAt.getTime() }, nowMs).ok,
    windowEndsAt: reviewWindowEnd(order.completedAt!),
    canReply:
      theirs !== null &&
      mayReply({ ...publicFacts(theirs), subjectId: theirs.subjectId, reply: theirs.reply }, viewerId, nowMs),
  };
}

/**
 * A client's record as a creator sees it beside their request: completed orders, and reviews of them as a client (their
 * authors named as the reviews on a profile are, by `isProfileShownTo`).
 */
export async function clientRecord(
  db: Database,
  buyerId: string,
  reader: { locale: Locale; now: number; viewer: ProfileViewer },
) {
  const [completed, rating, recent] = await Promise.all([
    db
      .select({ count: count() })
      .from(commissionOrders)
      .where(and(eq(commissionOrders.buyerId, buyerId), eq(commissionOrders.orderProgressStatus, "COMPLETED")))
      .get(),
    ratingSummary(db, buyerId, "seller", reader.now),
    shownReviews(db, buyerId, "seller", reader),
  ]);
  return {
    completedOrders: completed?.count ?? 0,
    rating,
    recent: await listed(db, recent.reviews.slice(0, CLIENT_RECORD_REVIEWS), reader.locale),
  };
}
export type ClientRecord = Awaited<ReturnType<typeof clientRecord>>;
