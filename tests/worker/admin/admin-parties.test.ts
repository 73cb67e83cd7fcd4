// A party is never the judge (issue 59, decision 093): an admin who sells or buys in an order, wrote or is the subject
// of a review, owns a work or a profile, reported it, or is the account itself, is refused the decision at every door
// (403 admin_is_party, in their language), nothing is written, and the console shows them why instead of the action;
// another admin decides, and a case every admin is a party to stays in the queue, saying it waits for another admin.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as disputePage from "#app/routes/admin/dispute";
import * as queuePage from "#app/routes/admin/disputes";
import * as reportsPage from "#app/routes/admin/reports";
import * as usersPage from "#app/routes/admin/users";
import type { ReportedContent, ReportedReview } from "#worker/admin/services/admin-reports";
import { createSession } from "#worker/services/sessions";
import { uid } from "../support/auth-helpers";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { insertOrderIn, newParty, type Party } from "../support/order-states";
import { adminPost, as, auditRows, form, person, reportedReview, run, type Person } from "./admin-fixtures";

const ORDER_PARTY = "You are a party to this order; another admin must decide.";
const NO_ADMIN =
  "Every admin is a party to this, so no admin can decide it yet. It waits here until another admin is added: ask whoever runs Comet to give a second account the admin role.";

/** Gives an existing user the admin role, as an operator does. */
const makeAdmin = (accountId: string) =>
  env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
    .bind(accountId)
    .run();

/** A party of an order who is also an admin: a Person the console's helpers take. */
async function adminParty(): Promise<Party & Person> {
  const party = await newParty();
  await makeAdmin(party.userAccountId);
  const profile = await env.DB.prepare(
    "SELECT p.original_handle AS handle, u.email FROM user_profiles p JOIN user_accounts u ON u.id = p.account_id WHERE u.id = ?",
  )
    .bind(party.userAccountId)
    .first<{ handle: string; email: string }>();
  return { ...party, accountId: party.userAccountId, handle: profile!.handle, email: profile!.email };
}

/** A paid order disputed by its client; the admin party is its creator (`seller`) or its client (`buyer`). */
async function disputedWith(side: "seller" | "buyer", state: "PAID" | "DELIVERED" = "PAID") {
  const [admin, other] = await Promise.all([adminParty(), newParty()]);
  const [seller, buyer] = side === "seller" ? [admin, other] : [other, admin];
  const order = await insertOrderIn(state, seller, buyer);
  const opened = await call("/api/features/commission/order/dispute/open", {
    method: "POST",
    cookie: buyer.cookie,
    json: { orderId: order.id, reason: "not_as_agreed", statement: "The sketch is not what we agreed." },
  });
  expect(opened.status).toBe(200);
  return { ...order, admin, seller, buyer };
}

const orderRow = (orderId: string) =>
  env.DB.prepare(
    "SELECT order_progress_status, order_payment_status, disputed_since FROM commission_orders WHERE id = ?",
  )
    .bind(orderId)
    .first();

describe("an order's party settles nothing as its admin", () => {
  for (const side of ["seller", "buyer"] as const)
    it(`the ${side} who is an admin is refused the settlement at the door and on the form, and shown why`, async () => {
      // Another admin, no party to it: the one who may settle it.
      const [order, judge] = await Promise.all([disputedWith(side), person({ admin: true })]);
      const before = await orderRow(order.id);
      // The JSON door: each outcome (a release for themselves as creator, a refund to themselves as client).
      for (const settlement of [
        { outcome: "release" },
        { outcome: "refund" },
        { outcome: "split", refundAmount: 4000 },
        { outcome: "reopen", days: 3 },
      ]) {
        const answer = await adminPost(
          "/disputes/settle",
          { orderId: order.id, ...settlement, reason: "Mine to decide.", confirmed: true },
          order.admin.cookie,
        );
        expect(answer.status, settlement.outcome).toBe(403);
        expect(await answer.json()).toEqual({ error: "admin_is_party", message: ORDER_PARTY });
      }
      // The console's form, confirmed, in Japanese.
      const path = `/admin/disputes/${order.id}`;
      const posted = form({ outcome: "refund", refundAmount: "", days: "", reason: "Mine.", confirmed: "yes" });
      const refused = await run(disputePage.action, {
        ...(await as(order.admin, path, posted, "ja")),
        params: { orderId: order.id },
      });
      expect(refused.status).toBe(403);
      expect((refused.body as { message: string }).message).toBe(
        "あなたはこの注文の当事者です。ほかの管理者が判断します。",
      );
      expect(await orderRow(order.id)).toEqual(before);
      expect(await auditRows(order.id)).toEqual([]);

      // The record offers no form to them, and says why; the queue marks it.
      const { body } = await run(disputePage.loader, {
        ...(await as(order.admin, path)),
        params: { orderId: order.id },
      });
      const record = body as Awaited<ReturnType<typeof disputePage.loader>>;
      expect(record.settle).toBeNull();
      expect(record.judgeNote).toBe(ORDER_PARTY);
      const queue = await run(queuePage.loader, { ...(await as(order.admin, "/admin/disputes")), params: {} });
      const entry = (queue.body as Awaited<ReturnType<typeof queuePage.loader>>).disputes.find(
        (d) => d.orderId === order.id,
      )!;
      expect(entry).toMatchObject({ judge: "another_admin", judgeNote: ORDER_PARTY });

      // The other admin sees the form and settles it.
      const theirs = await run(disputePage.loader, { ...(await as(judge, path)), params: { orderId: order.id } });
      expect((theirs.body as Awaited<ReturnType<typeof disputePage.loader>>).settle).not.toBeNull();
      expect((theirs.body as Awaited<ReturnType<typeof disputePage.loader>>).judgeNote).toBeNull();
      const settled = await adminPost(
        "/disputes/settle",
        { orderId: order.id, outcome: "reopen", days: 3, reason: "More time for the sketch." },
        judge.cookie,
      );
      expect(settled.status).toBe(200);
      expect((await auditRows(order.id)).map((row) => [row.action, row.admin_account_id])).toEqual([
        ["order.dispute_settled", judge.accountId],
      ]);
    });

  it("an admin who bought in a delivered order is refused its admin cancel (403, nothing changes); another admin may", async () => {
    const admin = await adminParty();
    const seller = await newParty();
    const order = await insertOrderIn("DELIVERED", seller, admin);
    const before = await orderRow(order.id);
    const cancel = (cookie: string) =>
      call("/api/features/commission/order/admin-cancel", {
        method: "POST",
        cookie,
        json: { orderId: order.id, confirmed: true },
      });
    const refused = await cancel(admin.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "admin_is_party", message: ORDER_PARTY });
    expect(await orderRow(order.id)).toEqual(before);
    expect(await auditRows(order.id)).toEqual([]);
    const judge = await person({ admin: true });
    expect((await cancel(judge.cookie)).status).toBe(200);
    expect((await auditRows(order.id)).map((row) => row.admin_account_id)).toEqual([judge.accountId]);
  });

  it("when every admin is a party, the dispute stays in the queue, saying it waits for another admin to be added", async () => {
    const order = await disputedWith("seller");
    // The world of this file for a moment: the order's creator its one admin (the others' roles put back after).
    const others = await env.DB.prepare(
      "SELECT user_account_id FROM user_account_roles WHERE role_code = 'admin' AND user_account_id <> ?",
    )
      .bind(order.admin.accountId)
      .all<{ user_account_id: string }>();
    await env.DB.prepare("DELETE FROM user_account_roles WHERE role_code = 'admin' AND user_account_id <> ?")
      .bind(order.admin.accountId)
      .run();
    try {
      const queue = await run(queuePage.loader, { ...(await as(order.admin, "/admin/disputes")), params: {} });
      const entry = (queue.body as Awaited<ReturnType<typeof queuePage.loader>>).disputes.find(
        (d) => d.orderId === order.id,
      )!;
      expect(entry).toMatchObject({ judge: "no_admin", judgeNote: NO_ADMIN });
      const path = `/admin/disputes/${order.id}`;
      const { body } = await run(disputePage.loader, {
        ...(await as(order.admin, path)),
        params: { orderId: order.id },
      });
      expect(body).toMatchObject({ settle: null, judgeNote: NO_ADMIN });
      // A banned admin is no judge either.
      const banned = await person({ admin: true });
      await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'ban')")
        .bind(banned.accountId)
        .run();
      const again = await run(disputePage.loader, { ...(await as(order.admin, path)), params: { orderId: order.id } });
      expect(again.body).toMatchObject({ judgeNote: NO_ADMIN });
    } finally {
      await env.DB.batch(
        others.results.map((row) =>
          env.DB.prepare(
            "INSERT OR IGNORE INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')",
          ).bind(row.user_account_id),
        ),
      );
    }
    expect((await orderRow(order.id))!.disputed_since).not.toBeNull();
  });
});

describe("a report's party decides nothing", () => {
  const reviewState = (reviewId: string) =>
    Promise.all([
      env.DB.prepare("SELECT hidden_at FROM order_reviews WHERE id = ?").bind(reviewId).first("hidden_at"),
      env.DB.prepare("SELECT resolved_at FROM review_reports WHERE review_id = ?")
        .bind(reviewId)
        .all()
        .then((r) => r.results),
    ]);

  for (const who of ["subject", "author", "reporter"] as const)
    it(`the review's ${who}, an admin, may neither hide nor keep it; the queue says why; another admin decides`, async () => {
      const [{ order, reviewId }, judge] = await Promise.all([reportedReview(), person({ admin: true })]);
      // The reported review is the client's, about the creator.
      let admin: Person;
      if (who === "reporter") {
        admin = await person({ admin: true });
        await call("/api/reviews/report", {
          method: "POST",
          cookie: admin.cookie,
          json: { reviewId, reason: "abuse" },
        });
      } else {
        const party = who === "subject" ? order.seller : order.buyer;
        await makeAdmin(party.userAccountId);
        admin = { ...party, accountId: party.userAccountId, handle: "", email: "" };
      }
      const before = await reviewState(reviewId);
      const message = "You wrote this review, it is about you, or you reported it; another admin must decide.";
      for (const decision of ["hide", "keep"]) {
        const answer = await adminPost("/reports/resolve", { reviewId, decision, reason: "Mine." }, admin.cookie);
        expect(answer.status, decision).toBe(403);
        expect(await answer.json()).toEqual({ error: "admin_is_party", message });
        const posted = form({ reviewId, decision });
        const page = await run(reportsPage.action, { ...(await as(admin, "/admin/reports", posted)), params: {} });
        expect(page.status).toBe(403);
        expect(page.body).toMatchObject({ ok: false, message });
      }
      expect(await reviewState(reviewId)).toEqual(before);
      expect(await auditRows(reviewId)).toEqual([]);
      const listed = await call("/api/admin/reports", { cookie: admin.cookie });
      const entry = ((await listed.json()) as { data: ReportedReview[] }).data.find((r) => r.reviewId === reviewId);
      expect(entry?.judge).toBe("another_admin");
      const { body } = await run(reportsPage.loader, { ...(await as(admin, "/admin/reports")), params: {} });
      const shown = (body as Awaited<ReturnType<typeof reportsPage.loader>>).reviews.find(
        (r) => r.reviewId === reviewId,
      );
      expect(shown?.judgeNote).toBe(message);
      expect((await adminPost("/reports/resolve", { reviewId, decision: "hide" }, judge.cookie)).status).toBe(200);
    });

  it("a work's or a profile's owner, or one who reported it, may neither hide nor keep it", async () => {
    const owner = await seedCreator({ handle: `own${uid()}`, name: { en: `Owner ${uid()}` }, works: 1 });
    const [reporter, stranger, judge] = await Promise.all([person({ admin: true }), person(), person({ admin: true })]);
    await makeAdmin(owner.accountId);
    const ownerCookie = `comet_session=${(await createSession(db(), owner.accountId)).token}`;
    const targets = [
      ["work", owner.works[0], "This is your work, or you reported it; another admin must decide."],
      ["profile", owner.profileId, "This is your profile, or you reported it; another admin must decide."],
    ] as const;
    for (const [targetType, targetId] of targets)
      for (const cookie of [reporter.cookie, stranger.cookie])
        expect(
          (await call("/api/reports", { method: "POST", cookie, json: { targetType, targetId, reason: "spam" } }))
            .status,
        ).toBe(200);
    for (const [targetType, targetId, message] of targets) {
      for (const cookie of [ownerCookie, reporter.cookie])
        for (const decision of ["hide", "keep"]) {
          const answer = await adminPost("/reports/content/resolve", { targetType, targetId, decision }, cookie);
          expect(answer.status, `${targetType} ${decision}`).toBe(403);
          expect(await answer.json()).toEqual({ error: "admin_is_party", message });
        }
      const listed = await call("/api/admin/reports/content", { cookie: reporter.cookie });
      const entry = ((await listed.json()) as { data: ReportedContent[] }).data.find((r) => r.targetId === targetId);
      expect(entry?.judge).toBe("another_admin");
      const posted = form({ targetType, targetId, decision: "hide" });
      const page = await run(reportsPage.action, {
        ...(await as({ accountId: owner.accountId }, "/admin/reports", posted)),
        params: {},
      });
      expect(page.status).toBe(403);
      expect(page.body).toMatchObject({ ok: false, message });
      expect(await auditRows(targetId)).toEqual([]);
    }
    const still = await env.DB.prepare(
      "SELECT count(*) AS n FROM content_reports WHERE target_id IN (?, ?) AND resolved_at IS NULL",
    )
      .bind(owner.works[0], owner.profileId)
      .first("n");
    expect(still).toBe(4);
    expect(
      (
        await adminPost(
          "/reports/content/resolve",
          { targetType: "work", targetId: owner.works[0], decision: "keep" },
          judge.cookie,
        )
      ).status,
    ).toBe(200);
  });
});

describe("an admin's own account is another admin's to ban or unban", () => {
  it("refuses a ban or an unban of oneself at the door and on the page (403), and the page offers neither", async () => {
    const admin = await person({ admin: true });
    const message = "This is your own account; another admin must decide.";
    for (const path of ["/account/ban", "/account/unban"]) {
      const answer = await adminPost(path, { accountId: admin.accountId, reason: "Testing" }, admin.cookie);
      expect(answer.status, path).toBe(403);
      expect(await answer.json()).toEqual({ error: "admin_is_party", message });
    }
    for (const intent of ["ban", "unban"]) {
      const posted = form({ accountId: admin.accountId, handle: admin.handle, intent, reason: "Testing" });
      const page = await run(usersPage.action, { ...(await as(admin, "/admin/users", posted)), params: {} });
      expect(page.status, intent).toBe(403);
      expect(page.body).toMatchObject({ ok: false, message });
    }
    expect(await auditRows(admin.accountId)).toEqual([]);
    const path = `/admin/users?q=${encodeURIComponent(admin.handle)}`;
    const { body } = await run(usersPage.loader, { ...(await as(admin, path)), params: {} });
    const shown = (body as Awaited<ReturnType<typeof usersPage.loader>>).users.find(
      (u) => u.accountId === admin.accountId,
    );
    expect(shown?.self).toBe(true);
  });
});
