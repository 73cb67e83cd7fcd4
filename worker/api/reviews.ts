import { Hono } from "hono";
import * as v from "valibot";
import {
  parseReviewInput,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_TEXT_MAX,
  type ReviewRefusal,
  reviewTextOf,
} from "../orders/domain/reviews";
import { isSaneTimestamp } from "../orders/domain/order-process";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { ownReviewReportMessage, replyTextError, reviewFieldErrors, reviewRefusalMessage } from "../messages/reviews";
import { cometNow } from "../services/clock";
import {
  afterReviewWritten,
  replyToReview,
  reportReview,
  reviewsOfCreator,
  writeReview,
} from "../orders/services/reviews";

/**
 * /api/reviews (issue 49, decision 086): POST / {orderId, rating, text} writes (or, until it shows, rewrites) the
 * caller's review of the other party to a completed order; POST /reply {reviewId, text} is the reviewed party's one
 * reply; POST /report {reviewId, reason} sends a shown review to the admins (its author is refused, 403 in words). A
 * stranger to the order, or to a review that does not show, is told 404, as for one that does not exist.
 * GET /creator/{handle}?before={ms} is the next page of a creator's public reviews (the profile's "More reviews"), 404
 * where the profile is (a hidden one but to its owner and the admins, a banned account's to all: `isProfileShownTo`).
 * The order page's form posts do the same through its action (app/routes/dashboard/orders.server.ts).
 */
export const reviewApi = new Hono<AppEnv>();

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** Texts are bounded at the door (a generous multiple of the rule's maximum), then checked by the rule. */
const text = v.pipe(v.string(), v.maxLength(REVIEW_TEXT_MAX * 4));

/** A stranger's 404, else the rule's refusal in the caller's language (409). */
function refused(c: AppContext, refusal: ReviewRefusal | "already_replied") {
  if (refusal === "not_found") return c.json({ error: "not_found" }, 404);
  return c.json({ error: refusal, message: reviewRefusalMessage(refusal, c.get("request").locale) }, 409);
}

reviewApi.post("/", jsonBody(v.object({ orderId: id, rating: v.unknown(), text })), async (c) => {
  const { db, env, executionCtx, locale, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  const parsed = parseReviewInput(input.rating, input.text);
  if (!parsed.ok) return c.json({ errors: reviewFieldErrors(parsed.errors, locale) }, 400);
  const result = await writeReview(db, {
    orderId: input.orderId,
    authorId: user.commissionAccountId,
    rating: parsed.rating,
    body: parsed.body,
    now: await cometNow(env),
  });
  if (!result.ok) return refused(c, result.refusal);
  afterReviewWritten(env, executionCtx, { text: parsed.body, writerAccountId: user.accountId });
  return c.json({ data: { reviewId: result.reviewId, shown: result.shown } });
});

reviewApi.post("/reply", jsonBody(v.object({ reviewId: id, text })), async (c) => {
  const { db, env, executionCtx, locale, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  const reply = reviewTextOf(input.text, REVIEW_REPLY_MAX);
  if (reply === null) return c.json({ errors: { text: replyTextError(locale) } }, 400);
  const result = await replyToReview(db, {
    reviewId: input.reviewId,
    accountId: user.commissionAccountId,
    text: reply,
    now: await cometNow(env),
  });
  if (!result.ok) return refused(c, result.refusal);
  afterReviewWritten(env, executionCtx, { text: reply, writerAccountId: user.accountId });
  return c.json({ data: { replied: true } });
});

reviewApi.post(
  "/report",
  jsonBody(v.object({ reviewId: id, reason: v.picklist(REVIEW_REPORT_REASONS) })),
  async (c) => {
    const { db, env, locale, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    const input = c.req.valid("json");
    const result = await reportReview(db, {
      ...input,
      reporter: { userAccountId: user.accountId, commissionAccountId: user.commissionAccountId },
      now: await cometNow(env),
    });
    if (!result.ok && result.refusal === "own_review")
      return c.json({ error: "own_review", message: ownReviewReportMessage(locale) }, 403);
    if (!result.ok) return c.json({ error: "not_found" }, 404);
    return c.json({ data: { reported: true } });
  },
);

const before = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number), v.check(isSaneTimestamp));

reviewApi.get("/creator/:handle", async (c) => {
  const { db, env, locale, user } = c.get("request");
  const cursor = c.req.query("before");
  const parsed = cursor === undefined ? null : v.safeParse(before, cursor);
  if (parsed && !parsed.success) return c.json({ error: "invalid_request" }, 400);
  const handle = c.req.param("handle");
  if (handle.length > 64) return c.json({ error: "not_found" }, 404);
  const viewer = user && { accountId: user.accountId, roles: user.roles };
  const reader = { locale, now: await cometNow(env), viewer };
  // A profile that is the 404 to this caller (hidden, banned) is one here too: its reviews hang on it (issue 59).
  const found = await reviewsOfCreator(db, handle, reader, parsed?.output ?? null);
  if (!found) return c.json({ error: "not_found" }, 404);
  return c.json({ data: { reviews: found.reviews, hasMore: found.hasMore } });
});
