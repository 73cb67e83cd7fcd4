// Reviews both ways (issue 49, decision 086): who may review, double-blind showing, edits until shown, the reply and
// the report, each door's refusals, and the races that must leave one outcome.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as profileRoute from "#app/routes/profile";
import { REVIEW_TEXT_MAX, REVIEW_WINDOW_MS } from "#worker/orders/domain/reviews";
import { moveDevClock, resetDevClock } from "#worker/dev/clock";
import { sendParts } from "#worker/db/batch-parts";
import {
  announceShownReviews,
  creatorRatingPart,
  type ListedReview,
  orderReviewsView,
  ratingSummary,
} from "#worker/orders/services/reviews";
import { chatOrder, type Party } from "../support/chat-fixtures";
import { BASE, call, db } from "../support/helpers";
import { pageContext } from "../support/visibility-fixtures";

const DAY = 86_400_000;

/** A completed order between fresh people, completed `ago` ms before now. */
async function completedOrder(ago = DAY) {
  const order = await chatOrder({ progress: "COMPLETED", payment: "COMPLETED", chat: "CLOSED" });
  await env.DB.prepare("UPDATE commission_orders SET completed_at = ? WHERE id = ?")
    .bind(Date.now() - ago, order.id)
    .run();
  return order;
}

const review = (cookie: string, json: Record<string, unknown>) =>
  call("/api/reviews", { method: "POST", cookie, json });

const rows = (orderId: string) =>
  env.DB.prepare("SELECT * FROM order_reviews WHERE order_id = ? ORDER BY author_side")
    .bind(orderId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

describe("POST /api/reviews", () => {
  it("refuses strangers (404), an order not completed (409) and bad input (400), and stores nothing", async () => {
    const order = await completedOrder();
    expect((await review(order.stranger.cookie, { orderId: order.id, rating: 5, text: "Great" })).status).toBe(404);
    expect((await review(order.buyer.cookie, { orderId: "nope", rating: 5, text: "Great" })).status).toBe(404);
    expect(
      (await call("/api/reviews", { method: "POST", json: { orderId: order.id, rating: 5, text: "x" } })).status,
    ).toBe(401);
    for (const rating of [0, 6, 2.5, "5", null])
      expect((await review(order.buyer.cookie, { orderId: order.id, rating, text: "Great" })).status).toBe(400);
    for (const text of ["", "   ", "x".repeat(REVIEW_TEXT_MAX + 1), "bad\u0000text"])
      expect((await review(order.buyer.cookie, { orderId: order.id, rating: 4, text })).status).toBe(400);
    const ja = await review(`${order.buyer.cookie}; app-language=ja`, { orderId: order.id, rating: 4, text: " " });
    expect(((await ja.json()) as { errors: { text: string } }).errors.text).toContain("文字");
    const wrongType = await call("/api/reviews", {
      method: "POST",
      cookie: order.buyer.cookie,
      body: "rating=5",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);

    const open = await chatOrder({ progress: "APPROVED", payment: "COMPLETED" });
    const refused = await review(open.buyer.cookie, { orderId: open.id, rating: 5, text: "Too early" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("not_reviewable");
    const canceled = await completedOrder();
    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'CANCELED' WHERE id = ?")
      .bind(canceled.id)
      .run();
    expect((await review(canceled.seller.cookie, { orderId: canceled.id, rating: 1, text: "No" })).status).toBe(409);
    expect(await rows(order.id)).toEqual([]);
    expect(await rows(open.id)).toEqual([]);
  });

  it("is double-blind: the first review hides until the second lands, then both show and the first can't change", async () => {
    const order = await completedOrder();
    const now = () => Date.now();
    expect((await review(order.buyer.cookie, { orderId: order.id, rating: 4, text: "Lovely work" })).status).toBe(200);
    // Edited before it shows: still one review, with the new words.
    expect((await review(order.buyer.cookie, { orderId: order.id, rating: 5, text: "Lovely work, fast" })).status).toBe(
      200,
    );
    const sellerView = await orderReviewsView(db(), order.id, order.seller.commissionAccountId, now());
    expect(sellerView).toMatchObject({ side: "seller", theirsWritten: true, theirs: null, mine: null, canWrite: true });
    expect(await ratingSummary(db(), order.seller.commissionAccountId, "buyer", now())).toEqual({
      count: 0,
      average: null,
    });

    const second = await review(order.seller.cookie, { orderId: order.id, rating: 5, text: "Clear brief" });
    expect(((await second.json()) as { data: { shown: boolean } }).data.shown).toBe(true);
    const stored = await rows(order.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((r) => Number(r.visible_at) <= now() && r.announced_at !== null)).toBe(true);
    expect(stored[0]).toMatchObject({ author_side: "buyer", rating: 5, body: "Lovely work, fast" });
    expect(await ratingSummary(db(), order.seller.commissionAccountId, "buyer", now())).toEqual({
      count: 1,
      average: 5,
    });
    const buyerView = await orderReviewsView(db(), order.id, order.buyer.commissionAccountId, now());
    expect(buyerView?.theirs).toMatchObject({ rating: 5, body: "Clear brief" });

    const late = await review(order.buyer.cookie, { orderId: order.id, rating: 1, text: "Changed my mind" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe("review_shown");
    expect((await rows(order.id))[0]).toMatchObject({ rating: 5, body: "Lovely work, fast" });
    // The other party was told once, whatever the edits.
    const notices = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE order_id = ? AND notification_type = 'REVIEW_RECEIVED'",
    )
      .bind(order.id)
      .first<{ n: number }>();
    expect(notices?.n).toBe(2);
  });

  it("two reviews landing at once both show, and are announced once", async () => {
    const order = await completedOrder();
    const answers = await Promise.all([
      review(order.buyer.cookie, { orderId: order.id, rating: 3, text: "Fine" }),
      review(order.seller.cookie, { orderId: order.id, rating: 4, text: "Good client" }),
      review(order.buyer.cookie, { orderId: order.id, rating: 3, text: "Fine" }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const stored = await rows(order.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((r) => Number(r.visible_at) <= Date.now() && r.announced_at !== null)).toBe(true);
    expect(await announceShownReviews(db(), Date.now(), order.id)).toBe(0);
  });

  it("closes the window after 14 days; a lone review then shows, announced once by the cron", async () => {
    const order = await completedOrder(REVIEW_WINDOW_MS - DAY);
    expect((await review(order.buyer.cookie, { orderId: order.id, rating: 2, text: "Late and quiet" })).status).toBe(
      200,
    );
    const later = Date.now() + 2 * DAY;
    expect(await orderReviewsView(db(), order.id, order.seller.commissionAccountId, later)).toMatchObject({
      theirs: { rating: 2 },
      canWrite: false,
      canReply: true,
    });
    expect(await announceShownReviews(db(), later, order.id)).toBe(1);
    expect(await announceShownReviews(db(), later, order.id)).toBe(0);

    const closed = await completedOrder(REVIEW_WINDOW_MS + DAY);
    const refused = await review(closed.buyer.cookie, { orderId: closed.id, rating: 5, text: "Too late" });
    expect(((await refused.json()) as { error: string }).error).toBe("review_window_closed");
  });
});

describe("the dev clock", () => {
  it("moved past the window, shows a lone review and makes it known once (the timed jobs)", async () => {
    const order = await completedOrder();
    await review(order.buyer.cookie, { orderId: order.id, rating: 4, text: "Good work" });
    try {
      expect((await rows(order.id))[0]).toMatchObject({ announced_at: null });
      await moveDevClock(env, REVIEW_WINDOW_MS);
      const [stored] = await rows(order.id);
      expect(stored!.announced_at).not.toBeNull();
      await moveDevClock(env, DAY);
      expect((await rows(order.id))[0]!.announced_at).toBe(stored!.announced_at);
    } finally {
      await resetDevClock(env);
    }
  });
});

describe("replies and reports", () => {
  async function shownPair() {
    const order = await completedOrder();
    await review(order.buyer.cookie, { orderId: order.id, rating: 2, text: "Missed the date" });
    const hidden = (await rows(order.id))[0]!.id as string;
    return { order, hidden };
  }

  it("the reviewed party replies once to a shown review; nobody else, and not before it shows", async () => {
    const { order, hidden } = await shownPair();
    const reply = (cookie: string, text = "Sorry, I was ill") =>
      call("/api/reviews/reply", { method: "POST", cookie, json: { reviewId: hidden, text } });
    expect((await reply(order.seller.cookie)).status).toBe(404);
    await review(order.seller.cookie, { orderId: order.id, rating: 4, text: "Kind client" });
    expect((await reply(order.buyer.cookie)).status).toBe(404);
    expect((await reply(order.stranger.cookie)).status).toBe(404);
    expect((await reply(order.seller.cookie, "")).status).toBe(400);
    const both = await Promise.all([reply(order.seller.cookie, "first"), reply(order.seller.cookie, "second")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = (await rows(order.id))[0]!;
    expect(["first", "second"]).toContain(stored.reply);
  });

  it("anyone signed in reports a shown review once; a hidden one is not found; a bad reason is 400", async () => {
    const { order, hidden } = await shownPair();
    const report = (cookie: string, reason: unknown = "abuse") =>
      call("/api/reviews/report", { method: "POST", cookie, json: { reviewId: hidden, reason } });
    expect((await report(order.stranger.cookie)).status).toBe(404);
    await review(order.seller.cookie, { orderId: order.id, rating: 4, text: "Kind client" });
    expect((await report(order.stranger.cookie, "spam")).status).toBe(400);
    await Promise.all([report(order.stranger.cookie), report(order.stranger.cookie, "off_topic")]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM review_reports WHERE review_id = ?")
      .bind(hidden)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("the author may not report their own review (403 in their language); the reviewed party may", async () => {
    const { order, hidden: reviewId } = await shownPair();
    await review(order.seller.cookie, { orderId: order.id, rating: 4, text: "Kind client" });
    const report = (cookie: string) =>
      call("/api/reviews/report", { method: "POST", cookie, json: { reviewId, reason: "abuse" } });
    const own = await report(order.buyer.cookie);
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ error: "own_review", message: "You can't report your own review." });
    const ja = await report(`${order.buyer.cookie}; app-language=ja`);
    expect(((await ja.json()) as { message: string }).message).toBe("自分のレビューは報告できません。");
    const reports = () =>
      env.DB.prepare("SELECT reporter_id FROM review_reports WHERE review_id = ?")
        .bind(reviewId)
        .all<{ reporter_id: string }>()
        .then((r) => r.results.map((row) => row.reporter_id));
    expect(await reports()).toEqual([]);
    expect((await report(order.seller.cookie)).status).toBe(200);
    expect(await reports()).toEqual([order.seller.userAccountId]);
  });
});

describe("who reads a creator's reviews and rating (issue 59)", () => {
  const DAY_AGO = () => Date.now() - DAY;
  const handleOf = (party: Party) =>
    env.DB.prepare("SELECT original_handle FROM user_profiles WHERE account_id = ?")
      .bind(party.userAccountId)
      .first<string>("original_handle")
      .then((handle) => handle!);
  const hide = (party: Party) =>
    env.DB.prepare("UPDATE user_profiles SET hidden_at = ? WHERE account_id = ?")
      .bind(DAY_AGO(), party.userAccountId)
      .run();
  const grant = (party: Party, role: "ban" | "admin") =>
    env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, ?)")
      .bind(party.userAccountId, role)
      .run();
  const viewerOf = async (party: Party | null) => {
    if (!party) return null;
    const { results } = await env.DB.prepare("SELECT role_code FROM user_account_roles WHERE user_account_id = ?")
      .bind(party.userAccountId)
      .all<{ role_code: string }>();
    return { accountId: party.userAccountId, roles: results.map((r) => r.role_code) };
  };

  /** A completed order whose client's review of the creator shows (both reviewed), and an admin. */
  async function reviewedCreator() {
    const order = await completedOrder();
    await review(order.buyer.cookie, { orderId: order.id, rating: 5, text: "Wonderful colours" });
    await review(order.seller.cookie, { orderId: order.id, rating: 4, text: "Clear brief" });
    const admin = (await chatOrder()).stranger;
    await grant(admin, "admin");
    return { order, admin, handle: await handleOf(order.seller), clientHandle: await handleOf(order.buyer) };
  }

  /** GET /api/reviews/creator/{handle} as this party (signed out: null): its status and reviews. */
  async function apiReviews(handle: string, party: Party | null) {
    const answer = await call(`/api/reviews/creator/${handle}?before=${Date.now() + DAY}`, {
      cookie: party?.cookie,
    });
    const body = answer.status === 200 ? ((await answer.json()) as { data: { reviews: ListedReview[] } }) : null;
    return { status: answer.status, reviews: body?.data.reviews ?? [] };
  }

  /** The profile page's loader as this party: its status and reviews. */
  async function pageReviews(handle: string, party: Party | null) {
    try {
      const data = await profileRoute.loader({
        params: { handle },
        request: new Request(`${BASE}/${handle}`),
        context: await pageContext(party && ({ accountId: party.userAccountId } as never), `/${handle}`),
      } as never);
      return { status: 200, summary: data.reviews?.summary ?? null, reviews: data.reviews?.reviews ?? [] };
    } catch (thrown) {
      return { status: (thrown as { init?: ResponseInit }).init?.status ?? 500, summary: null, reviews: [] };
    }
  }

  const rating = async (handle: string, party: Party | null) => {
    const reader = { now: Date.now(), viewer: await viewerOf(party) };
    return (await sendParts(env.DB, [creatorRatingPart(db(), { handle }, reader)]))[0];
  };

  it("a profile the admins hid shows its reviews and rating to its owner and the admins only, as its page", async () => {
    const { order, admin, handle } = await reviewedCreator();
    expect(await apiReviews(handle, null)).toMatchObject({ status: 200, reviews: [{ body: "Wonderful colours" }] });
    expect(await rating(handle, null)).toEqual({ count: 1, average: 5 });

    await hide(order.seller);
    for (const party of [null, order.stranger, order.buyer]) {
      expect((await apiReviews(handle, party)).status).toBe(404);
      expect((await pageReviews(handle, party)).status).toBe(404);
      expect(await rating(handle, party)).toBeNull();
    }
    for (const party of [order.seller, admin]) {
      expect(await apiReviews(handle, party)).toMatchObject({ status: 200, reviews: [{ body: "Wonderful colours" }] });
      expect(await pageReviews(handle, party)).toMatchObject({ status: 200, summary: { count: 1, average: 5 } });
      expect(await rating(handle, party)).toEqual({ count: 1, average: 5 });
    }
  });

  it("a banned creator's reviews and rating show to nobody, the admins included", async () => {
    const { order, admin, handle } = await reviewedCreator();
    await grant(order.seller, "ban");
    for (const party of [null, order.stranger, admin]) {
      expect((await apiReviews(handle, party)).status).toBe(404);
      expect((await pageReviews(handle, party)).status).toBe(404);
      expect(await rating(handle, party)).toBeNull();
    }
  });

  it("a review by a client whose profile is hidden or banned stays, its author unnamed where their profile is the 404", async () => {
    const { order, admin, handle, clientHandle } = await reviewedCreator();
    const named = { handle: clientHandle };
    expect((await apiReviews(handle, null)).reviews[0]?.author).toMatchObject(named);

    await hide(order.buyer);
    for (const party of [null, order.stranger, order.seller]) {
      const { reviews } = await apiReviews(handle, party);
      expect(reviews).toMatchObject([{ body: "Wonderful colours", rating: 5, author: null }]);
      expect((await pageReviews(handle, party)).reviews).toMatchObject([{ author: null }]);
    }
    // Its own writer and the admins still see who wrote it, as they still see the profile.
    expect((await apiReviews(handle, admin)).reviews[0]?.author).toMatchObject(named);
    expect((await apiReviews(handle, order.buyer)).reviews[0]?.author).toMatchObject(named);
    // The rating keeps it: the order happened, and the creator earned it.
    expect(await rating(handle, null)).toEqual({ count: 1, average: 5 });

    await grant(order.buyer, "ban");
    expect((await apiReviews(handle, admin)).reviews).toMatchObject([{ body: "Wonderful colours", author: null }]);
    expect(await rating(handle, null)).toEqual({ count: 1, average: 5 });
  });

  it("marks the reader's own review, which the page offers no report of", async () => {
    const { order, handle } = await reviewedCreator();
    expect((await apiReviews(handle, order.buyer)).reviews).toMatchObject([{ byReader: true }]);
    expect((await pageReviews(handle, order.buyer)).reviews).toMatchObject([{ byReader: true }]);
    for (const party of [null, order.stranger, order.seller])
      expect((await apiReviews(handle, party)).reviews).toMatchObject([{ byReader: false }]);
  });
});
