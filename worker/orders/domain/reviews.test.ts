import { describe, expect, it } from "vitest";
import {
  averageRating,
  isPublic,
  mayReply,
  mayWriteReview,
  parseReviewInput,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_MS,
  reviewSideOf,
} from "./reviews";

const DAY = 86_400_000;
const completedAt = Date.UTC(2026, 10, 1);
const order = { sellerId: "s", buyerId: "b", progress: "COMPLETED" as const, completedAt };

describe("who may review, and when", () => {
  it("each party reviews from their side; anyone else is a stranger", () => {
    expect(reviewSideOf(order, "b")).toBe("buyer");
    expect(reviewSideOf(order, "s")).toBe("seller");
    expect(mayWriteReview(order, "x", null, completedAt + DAY)).toEqual({ ok: false, refusal: "not_found" });
  });

  it("only a completed order, within its window", () => {
    for (const progress of ["DRAFT", "APPROVED", "DELIVERED", "CANCELED"] as const)
      expect(mayWriteReview({ ...order, progress }, "b", null, completedAt + DAY)).toEqual({
        ok: false,
        refusal: "not_reviewable",
      });
    expect(mayWriteReview(order, "b", null, completedAt + REVIEW_WINDOW_MS - 1)).toEqual({ ok: true, side: "buyer" });
    expect(mayWriteReview(order, "b", null, completedAt + REVIEW_WINDOW_MS)).toEqual({
      ok: false,
      refusal: "review_window_closed",
    });
  });

  it("a review is rewritten only until it shows", () => {
    const hidden = { visibleAt: completedAt + REVIEW_WINDOW_MS };
    expect(mayWriteReview(order, "s", hidden, completedAt + DAY).ok).toBe(true);
    expect(mayWriteReview(order, "s", { visibleAt: completedAt + DAY }, completedAt + DAY)).toEqual({
      ok: false,
      refusal: "review_shown",
    });
  });
});

describe("showing, replying", () => {
  const review = { subjectId: "s", visibleAt: completedAt + DAY, hiddenAt: null, reply: null };
  it("shows from its time unless hidden", () => {
    expect(isPublic(review, completedAt)).toBe(false);
    expect(isPublic(review, completedAt + DAY)).toBe(true);
    expect(isPublic({ ...review, hiddenAt: completedAt + 2 * DAY }, completedAt + 3 * DAY)).toBe(false);
  });
  it("only the reviewed party replies, once, to a review that shows", () => {
    expect(mayReply(review, "s", completedAt + DAY)).toBe(true);
    expect(mayReply(review, "b", completedAt + DAY)).toBe(false);
    expect(mayReply(review, "s", completedAt)).toBe(false);
    expect(mayReply({ ...review, reply: "Thanks" }, "s", completedAt + DAY)).toBe(false);
  });
});

describe("input and averages", () => {
  it("takes 1 to 5 whole stars as a number and a storable text", () => {
    expect(parseReviewInput(5, "  Great  ")).toEqual({ ok: true, rating: 5, body: "Great" });
    for (const rating of [0, 6, 2.5, "5", null])
      expect(parseReviewInput(rating, "Fine")).toEqual({ ok: false, errors: { rating: "rating_invalid" } });
    for (const text of ["", "  ", "x".repeat(REVIEW_TEXT_MAX + 1), 7])
      expect(parseReviewInput(3, text)).toEqual({ ok: false, errors: { text: "text_invalid" } });
  });
  it("averages to one decimal, none without reviews", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(14, 3)).toBe(4.7);
  });
});
