// The admin console's report queue (issue 49, decision 087): who may see and settle it, hide and keep, each exactly
// once under a race, with one audit row, and a hidden review gone from the creator's public reviews.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as reportsPage from "#app/routes/admin/reports";
import type { ReportedReview } from "#worker/admin/services/admin-reports";
import { call } from "../support/helpers";
import {
  adminPost,
  as,
  auditRows,
  form,
  person,
  reportedReview,
  run,
  UNSTORABLE_FORM_REASONS,
  UNSTORABLE_REASONS,
} from "./admin-fixtures";

const queue = async (cookie: string) => {
  const response = await call("/api/admin/reports", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ReportedReview[] }).data;
};

const reviewState = (reviewId: string) =>
  Promise.all([
    env.DB.prepare("SELECT hidden_at FROM order_reviews WHERE id = ?").bind(reviewId).first<{ hidden_at: number }>(),
    env.DB.prepare("SELECT resolved_at, resolution FROM review_reports WHERE review_id = ? ORDER BY id")
      .bind(reviewId)
      .all<{ resolved_at: number | null; resolution: string | null }>()
      .then((r) => r.results),
  ]).then(([review, reports]) => ({ hiddenAt: review?.hidden_at ?? null, reports }));

describe("the report queue's doors", () => {
  it("refuse the signed-out (401), non-admins (404) and bad input (400), and change nothing", async () => {
    const { reviewId } = await reportedReview();
    const [admin, user] = await Promise.all([person({ admin: true }), person()]);
    const before = await reviewState(reviewId);

    expect((await call("/api/admin/reports")).status).toBe(401);
    expect((await call("/api/admin/reports", { cookie: user.cookie })).status).toBe(404);
    const good = { reviewId, decision: "hide" };
    expect((await adminPost("/reports/resolve", good)).status).toBe(401);
    expect((await adminPost("/reports/resolve", good, user.cookie)).status).toBe(404);
    for (const bad of [
      {},
      { reviewId },
      { reviewId, decision: "delete" },
      { reviewId: "", decision: "keep" },
      { reviewId: 5, decision: "keep" },
      { reviewId, decision: "keep", reason: "x".repeat(501) },
      { reviewId, decision: "keep", reason: 7 },
    ])
      expect((await adminPost("/reports/resolve", bad, admin.cookie)).status, JSON.stringify(bad)).toBe(400);
    const notJson = await call("/api/admin/reports/resolve", {
      method: "POST",
      cookie: admin.cookie,
      body: `reviewId=${reviewId}&decision=hide`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect((await adminPost("/reports/resolve", { reviewId: "nope", decision: "hide" }, admin.cookie)).status).toBe(
      404,
    );

    expect(await reviewState(reviewId)).toEqual(before);
    expect(await auditRows(reviewId)).toEqual([]);
  });

  it("list open reports by review, oldest first, with the review, its parties, the reasons and how many", async () => {
    const first = await reportedReview(2, ["abuse", "off_topic"]);
    const second = await reportedReview(1, ["personal_data"]);
    const admin = await person({ admin: true });
    const listed = (await queue(admin.cookie)).filter((r) => [first.reviewId, second.reviewId].includes(r.reviewId));
    expect(listed.map((r) => r.reviewId)).toEqual([first.reviewId, second.reviewId]);
    const handleOf = async (accountId: string) =>
      (
        await env.DB.prepare("SELECT original_handle AS h FROM user_profiles WHERE account_id = ?")
          .bind(accountId)
          .first<{ h: string }>()
      )?.h;
    expect(listed[0]).toMatchObject({
      rating: 2,
      body: "Rude and late",
      authorHandle: await handleOf(first.order.buyer.userAccountId),
      subjectHandle: await handleOf(first.order.seller.userAccountId),
      orderCode: first.order.code,
      reasons: ["abuse", "off_topic"],
      reporters: 2,
      hidden: false,
    });
    expect(listed[0].ageMs).toBeGreaterThanOrEqual(0);
    expect(listed[1]).toMatchObject({ reasons: ["personal_data"], reporters: 1 });
  });
});

describe("a decision on a reported review", () => {
  it("hide: hides the review, settles every open report as hidden, audits once, and the profile no longer shows it", async () => {
    const { order, reviewId } = await reportedReview(2);
    const admin = await person({ admin: true });
    const sellerHandle = (
      await env.DB.prepare("SELECT original_handle AS h FROM user_profiles WHERE account_id = ?")
        .bind(order.seller.userAccountId)
        .first<{ h: string }>()
    )?.h;
    const publicReviews = async () =>
      ((await (await call(`/api/reviews/creator/${sellerHandle}`)).json()) as { data: { reviews: { id: string }[] } })
        .data.reviews;
    expect((await publicReviews()).map((r) => r.id)).toContain(reviewId);

    const answer = await adminPost("/reports/resolve", { reviewId, decision: "hide", reason: "Insults" }, admin.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { reviewId, decision: "hide", reports: 2 } });
    const state = await reviewState(reviewId);
    expect(state.hiddenAt).not.toBeNull();
    expect(state.reports.map((r) => r.resolution)).toEqual(["hidden", "hidden"]);
    expect(await auditRows(reviewId)).toMatchObject([
      { admin_account_id: admin.accountId, action: "review.hide", target_type: "review", reason: "Insults" },
    ]);
    expect((await queue(admin.cookie)).map((r) => r.reviewId)).not.toContain(reviewId);
    expect((await publicReviews()).map((r) => r.id)).not.toContain(reviewId);
    // The review stays in the table.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM order_reviews WHERE id = ?").bind(reviewId).first("n")).toBe(
      1,
    );
  });

  it("keep: settles the reports as kept and leaves the review shown", async () => {
    const { reviewId } = await reportedReview();
    const admin = await person({ admin: true });
    expect((await adminPost("/reports/resolve", { reviewId, decision: "keep" }, admin.cookie)).status).toBe(200);
    const state = await reviewState(reviewId);
    expect(state.hiddenAt).toBeNull();
    expect(state.reports.map((r) => r.resolution)).toEqual(["kept"]);
    expect(await auditRows(reviewId)).toMatchObject([{ action: "review.keep", reason: null }]);
  });

  for (const decisions of [
    ["hide", "hide"],
    ["keep", "keep"],
    ["hide", "keep"],
  ] as const)
    it(`acts exactly once when two admins press at once (${decisions.join(" / ")})`, async () => {
      const { reviewId } = await reportedReview(2);
      const admins = await Promise.all([person({ admin: true }), person({ admin: true })]);
      const answers = await Promise.all(
        decisions.map((decision, n) =>
          adminPost("/reports/resolve", { reviewId, decision }, admins[n].cookie).then((r) => r.status),
        ),
      );
      expect(answers.sort()).toEqual([200, 409]);
      const audit = await auditRows(reviewId);
      expect(audit).toHaveLength(1);
      const state = await reviewState(reviewId);
      const outcome = audit[0].action === "review.hide" ? "hidden" : "kept";
      expect(state.reports.map((r) => r.resolution)).toEqual([outcome, outcome]);
      expect(state.hiddenAt === null).toBe(outcome === "kept");
    });

  it("a second decision on settled reports is 409 and changes nothing; a new report opens it again", async () => {
    const { reviewId } = await reportedReview();
    const admin = await person({ admin: true });
    expect((await adminPost("/reports/resolve", { reviewId, decision: "keep" }, admin.cookie)).status).toBe(200);
    const again = await adminPost("/reports/resolve", { reviewId, decision: "hide" }, admin.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "already_resolved" });
    expect((await reviewState(reviewId)).hiddenAt).toBeNull();
    expect(await auditRows(reviewId)).toHaveLength(1);

    const reporter = await person();
    await call("/api/reviews/report", { method: "POST", cookie: reporter.cookie, json: { reviewId, reason: "abuse" } });
    expect((await queue(admin.cookie)).find((r) => r.reviewId === reviewId)).toMatchObject({ reporters: 1 });
  });
});

describe("a decision's note keeps the storable-text rule (issue 59)", () => {
  it("hide or keep with NUL, a control character, a right-to-left override or a lone surrogate is 400 and changes nothing", async () => {
    const { reviewId } = await reportedReview();
    const admin = await person({ admin: true });
    const before = await reviewState(reviewId);
    for (const [what, reason] of Object.entries(UNSTORABLE_REASONS))
      for (const decision of ["hide", "keep"]) {
        const answer = await adminPost("/reports/resolve", { reviewId, decision, reason }, admin.cookie);
        expect(answer.status, `${decision} ${what}`).toBe(400);
        expect(await answer.json()).toMatchObject({ error: "reason_invalid_characters" });
      }
    // The page's form too, in the admin's language.
    for (const [what, note] of UNSTORABLE_FORM_REASONS) {
      const posted = form({ reviewId, decision: "hide", note });
      const refused = await run(reportsPage.action, { ...(await as(admin, "/admin/reports", posted)), params: {} });
      expect(refused.status, what).toBe(400);
      expect(refused.body).toMatchObject({
        ok: false,
        message:
          "Remove the characters that can't be saved: control characters, text-direction overrides or broken characters.",
      });
    }
    expect(await reviewState(reviewId)).toEqual(before);
    expect(await auditRows(reviewId)).toEqual([]);
    // A blank note is none; a good one is stored as the rule stores it.
    const posted = form({ reviewId, decision: "keep", note: " Fine \r\n as is " });
    expect((await run(reportsPage.action, { ...(await as(admin, "/admin/reports", posted)), params: {} })).status).toBe(
      200,
    );
    expect(await auditRows(reviewId)).toMatchObject([{ action: "review.keep", reason: "Fine \n as is" }]);
  });
});
