/**
 * Reviews both ways (issue 49, decision 086): after a completed order each party may review the other once, 1 to 5
 * stars and a text. Reviews are double-blind: neither shows until both are in or the review window has closed, so
 * nobody reviews in answer to what the other wrote; a review is editable until it shows. Pure rules: the service
 * (worker/orders/services/reviews.ts) reads the order and the stored reviews and asks these.
 */
import type { OrderProgressStatus } from "../../db/schema/enums";
import { hasUnstorableCharacters, isBlankText, normalizeText, textLength } from "../../domain/text";

const DAY = 86_400_000;
/** How long after completion a party may write a review; when it closes, whatever was written shows. */
export const REVIEW_WINDOW_MS = 14 * DAY;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 5;
/** The recent reviews of a client a creator sees beside their request. */
export const CLIENT_RECORD_REVIEWS = 3;
export const REVIEW_REPORT_REASONS = ["abuse", "personal_data", "off_topic"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** A review's (or a reply's) text as stored: 1 to `max` characters, storable, normalized; null when it is not. */
export function reviewTextOf(input: string, max: number): string | null {
  if (hasUnstorableCharacters(input) || isBlankText(input)) return null;
  const text = normalizeText(input);
  return textLength(text) > max ? null : text;
}

/** What a review form sends, checked: a whole number of stars from 1 to 5 (a number, not its text) and a storable text. */
export type ReviewInputError = "rating_invalid" | "text_invalid";
export function parseReviewInput(
  rating: unknown,
  text: unknown,
):
  | { ok: true; rating: number; body: string }
  | { ok: false; errors: Partial<Record<"rating" | "text", ReviewInputError>> } {
  const body = typeof text === "string" ? reviewTextOf(text, REVIEW_TEXT_MAX) : null;
  const errors: Partial<Record<"rating" | "text", ReviewInputError>> = {};
  if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5)
    errors.rating = "rating_invalid";
  if (body === null) errors.text = "text_invalid";
  if (errors.rating || errors.text) return { ok: false, errors };
  return { ok: true, rating: rating as number, body: body! };
}

/** Who wrote a review, by their side of the order: the buyer reviews the creator, the seller the client. */
export type ReviewSide = "buyer" | "seller";
export const otherSide = (side: ReviewSide): ReviewSide => (side === "buyer" ? "seller" : "buyer");

export interface ReviewableOrder {
  sellerId: string;
  buyerId: string;
  progress: OrderProgressStatus;
  completedAt: number | null;
}

export type ReviewRefusal =
  /** Not a party to the order: told as for any order they cannot see. */
  | "not_found"
  /** Only a completed order is reviewed; a cancelled one (staged or not) never is. */
  | "not_reviewable"
  /** The window after completion has closed. */
  | "review_window_closed"
  /** The review shows already: it stays as it was shown. */
  | "review_shown";

/** The side `accountId` (a commission account) reviews from, or why they may not. */
export function reviewSideOf(
  order: Pick<ReviewableOrder, "sellerId" | "buyerId">,
  accountId: string,
): ReviewSide | null {
  if (order.buyerId === accountId) return "buyer";
  if (order.sellerId === accountId) return "seller";
  return null;
}

/** When the review window of a completed order closes. */
export const reviewWindowEnd = (completedAt: number) => completedAt + REVIEW_WINDOW_MS;

/**
 * Whether `accountId` may write (or, before it shows, rewrite) their review of the order now. `mine` is their stored
 * review, if any.
 */
export function mayWriteReview(
  order: ReviewableOrder,
  accountId: string,
  mine: { visibleAt: number } | null,
  now: number,
): { ok: true; side: ReviewSide } | { ok: false; refusal: ReviewRefusal } {
  const side = reviewSideOf(order, accountId);
  if (!side) return { ok: false, refusal: "not_found" };
  if (order.progress !== "COMPLETED" || order.completedAt === null) return { ok: false, refusal: "not_reviewable" };
  if (mine && isShown(mine, now)) return { ok: false, refusal: "review_shown" };
  if (now >= reviewWindowEnd(order.completedAt)) return { ok: false, refusal: "review_window_closed" };
  return { ok: true, side };
}

/** A review shows once its time has come (both in, or the window closed) and no admin has hidden it. */
export const isShown = (review: { visibleAt: number }, now: number) => review.visibleAt <= now;
export const isPublic = (review: { visibleAt: number; hiddenAt: number | null }, now: number) =>
  isShown(review, now) && review.hiddenAt === null;

/** The reviewed party's one reply: to a public review of them that has none yet. */
export function mayReply(
  review: { subjectId: string; visibleAt: number; hiddenAt: number | null; reply: string | null },
  accountId: string,
  now: number,
): boolean {
  return review.subjectId === accountId && isPublic(review, now) && review.reply === null;
}

/** Why a report of a review is refused: not one that shows (told as one that does not exist), or the reporter's own. */
export type ReviewReportRefusal = "not_found" | "own_review";

/**
 * Whether `accountId` (a commission account) may report a review to the admins: one that shows, and not their own
 * (issue 59: the author reporting their own review only filled the admins' queue). The reviewed party may report it.
 */
export function mayReportReview(
  review: { authorId: string; visibleAt: number; hiddenAt: number | null },
  accountId: string,
  now: number,
): { ok: true } | { ok: false; refusal: ReviewReportRefusal } {
  if (!isPublic(review, now)) return { ok: false, refusal: "not_found" };
  if (review.authorId === accountId) return { ok: false, refusal: "own_review" };
  return { ok: true };
}

/** An average as the pages show it: one decimal, null with no reviews. */
export function averageRating(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}
