// The admin console's users (issue 49, decision 087): the search, and a ban and its lifting with a reason, audited,
// once under a race, the account's public pages purged at once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as usersPage from "#app/routes/admin/users";
import { accountTag } from "#worker/domain/page-cache";
import type { AdminUserRow } from "#worker/admin/services/admin-users";
import { uid } from "../support/auth-helpers";
import { seedCreator } from "../support/catalog-fixtures";
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

const search = async (cookie: string, q: string) => {
  const response = await call(`/api/admin/users?q=${encodeURIComponent(q)}`, { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: AdminUserRow[] }).data;
};

const bannedRows = (accountId: string) =>
  env.DB.prepare("SELECT count(*) AS n FROM user_account_roles WHERE user_account_id = ? AND role_code = 'ban'")
    .bind(accountId)
    .first<number>("n");

describe("GET /api/admin/users", () => {
  it("refuses the signed-out (401), non-admins (404) and a missing or overlong query (400)", async () => {
    const [admin, user] = await Promise.all([person({ admin: true }), person()]);
    expect((await call("/api/admin/users?q=a")).status).toBe(401);
    expect((await call("/api/admin/users?q=a", { cookie: user.cookie })).status).toBe(404);
    for (const q of ["", "?q=", "?q=%20%20", `?q=${"a".repeat(255)}`])
      expect((await call(`/api/admin/users${q}`, { cookie: admin.cookie })).status, q).toBe(400);
  });

  it("finds by a prefix of the handle or the e-mail, case aside, with roles, orders and reports made", async () => {
    const admin = await person({ admin: true });
    const { order } = await reportedReview();
    const buyer = await env.DB.prepare(
      "SELECT p.original_handle AS handle, u.email FROM user_profiles p JOIN user_accounts u ON u.id = p.account_id WHERE u.id = ?",
    )
      .bind(order.buyer.userAccountId)
      .first<{ handle: string; email: string }>();
    const byHandle = await search(admin.cookie, buyer!.handle.slice(0, 8).toUpperCase());
    expect(byHandle.find((u) => u.accountId === order.buyer.userAccountId)).toMatchObject({
      handle: buyer!.handle,
      email: buyer!.email,
      roles: ["user"],
      banned: false,
      ordersAsBuyer: 1,
      ordersAsSeller: 0,
      reportsMade: 0,
    });
    const byEmail = await search(admin.cookie, buyer!.email.slice(0, 9).toUpperCase());
    expect(byEmail.map((u) => u.accountId)).toContain(order.buyer.userAccountId);
    const reporter = await person();
    await call("/api/reviews/report", {
      method: "POST",
      cookie: reporter.cookie,
      json: {
        reviewId: (await env.DB.prepare("SELECT id FROM order_reviews WHERE order_id = ? LIMIT 1")
          .bind(order.id)
          .first<string>("id"))!,
        reason: "abuse",
      },
    });
    expect((await search(admin.cookie, reporter.handle))[0]).toMatchObject({ reportsMade: 1, ordersAsBuyer: 0 });
    const tag = `m${uid().slice(0, 6)}`;
    await Promise.all(Array.from({ length: 21 }, (_, n) => seedCreator({ handle: `${tag}${n}`, creator: false })));
    expect(await search(admin.cookie, tag.toUpperCase())).toHaveLength(20);
    expect(await search(admin.cookie, "%")).toEqual([]);
  });
});

describe("POST /api/admin/account/ban and /unban", () => {
  it("refuse the signed-out (401), non-admins (404), a missing or bad reason (400), and change nothing", async () => {
    const [admin, user, target] = await Promise.all([person({ admin: true }), person(), person()]);
    for (const path of ["/account/ban", "/account/unban"]) {
      expect((await adminPost(path, { accountId: target.accountId, reason: "Spam" })).status).toBe(401);
      expect((await adminPost(path, { accountId: target.accountId, reason: "Spam" }, user.cookie)).status).toBe(404);
      for (const bad of [
        { accountId: target.accountId },
        { accountId: target.accountId, reason: "" },
        { accountId: target.accountId, reason: "   " },
        { accountId: target.accountId, reason: "x".repeat(501) },
        { accountId: target.accountId, reason: 5 },
        { reason: "Spam" },
      ])
        expect((await adminPost(path, bad, admin.cookie)).status, `${path} ${JSON.stringify(bad)}`).toBe(400);
    }
    expect(await bannedRows(target.accountId)).toBe(0);
    expect(await auditRows(target.accountId)).toEqual([]);
  });

  it("an admin can't ban themselves (403, decision 093); an unknown account is 404", async () => {
    const admin = await person({ admin: true });
    expect((await adminPost("/account/ban", { accountId: admin.accountId, reason: "x" }, admin.cookie)).status).toBe(
      403,
    );
    expect((await adminPost("/account/ban", { accountId: "nobody", reason: "x" }, admin.cookie)).status).toBe(404);
    expect(await auditRows(admin.accountId)).toEqual([]);
    expect(await auditRows("nobody")).toEqual([]);
  });

  it("a ban is audited with its reason and purges the account's pages at once; the unban too", async () => {
    const [admin, target] = await Promise.all([person({ admin: true }), person()]);
    const purgedAt = () =>
      env.DB.prepare("SELECT purged_at FROM page_cache_purges WHERE tag = ?")
        .bind(accountTag(target.accountId))
        .first<number>("purged_at");
    const before = await purgedAt();
    const banned = await adminPost("/account/ban", { accountId: target.accountId, reason: " Fraud " }, admin.cookie);
    expect(banned.status).toBe(200);
    expect(await banned.json()).toEqual({ accountId: target.accountId, banned: true, changed: true });
    expect(await bannedRows(target.accountId)).toBe(1);
    const afterBan = await purgedAt();
    expect(afterBan).not.toBeNull();
    expect(afterBan).not.toBe(before);
    const sentAway = await call("/dashboard", { cookie: target.cookie, redirect: "manual" });
    expect(sentAway.headers.get("location")).toBe("/ban");

    // Banning again changes nothing and writes no row.
    const again = await adminPost("/account/ban", { accountId: target.accountId, reason: "Again" }, admin.cookie);
    expect(await again.json()).toMatchObject({ changed: false });

    expect(
      (await adminPost("/account/unban", { accountId: target.accountId, reason: "Appeal" }, admin.cookie)).status,
    ).toBe(200);
    expect(await bannedRows(target.accountId)).toBe(0);
    expect(await auditRows(target.accountId)).toMatchObject([
      { admin_account_id: admin.accountId, action: "account.ban", target_type: "account", reason: "Fraud" },
      { admin_account_id: admin.accountId, action: "account.unban", target_type: "account", reason: "Appeal" },
    ]);
    expect((await search(admin.cookie, target.handle))[0]).toMatchObject({ banned: false });
  });

  it("two admins banning at once leave one ban and one audit row", async () => {
    const [a, b, target] = await Promise.all([person({ admin: true }), person({ admin: true }), person()]);
    const answers = await Promise.all(
      [a, b].map((admin) =>
        adminPost("/account/ban", { accountId: target.accountId, reason: "Spam" }, admin.cookie).then(
          (r) => r.json() as Promise<{ changed: boolean }>,
        ),
      ),
    );
    expect(answers.map((x) => x.changed).sort()).toEqual([false, true]);
    expect(await bannedRows(target.accountId)).toBe(1);
    expect(await auditRows(target.accountId)).toHaveLength(1);
  });
});

describe("a ban's or an unban's reason keeps the storable-text rule (issue 59)", () => {
  it("refuses NUL, control characters, a right-to-left override and a lone surrogate with its words, changing nothing", async () => {
    const [admin, target, banned] = await Promise.all([person({ admin: true }), person(), person()]);
    expect(
      (await adminPost("/account/ban", { accountId: banned.accountId, reason: "Fraud" }, admin.cookie)).status,
    ).toBe(200);
    for (const [what, reason] of Object.entries(UNSTORABLE_REASONS))
      for (const [path, accountId] of [
        ["/account/ban", target.accountId],
        ["/account/unban", banned.accountId],
      ] as const) {
        const answer = await adminPost(path, { accountId, reason }, admin.cookie);
        expect(answer.status, `${path} ${what}`).toBe(400);
        expect(await answer.json()).toEqual({
          error: "reason_invalid_characters",
          message:
            "Remove the characters that can't be saved: control characters, text-direction overrides or broken characters.",
        });
      }
    expect(await bannedRows(target.accountId)).toBe(0);
    expect(await bannedRows(banned.accountId)).toBe(1);
    expect(await auditRows(target.accountId)).toEqual([]);
    expect((await auditRows(banned.accountId)).map((row) => row.reason)).toEqual(["Fraud"]);
  });

  it("the users page refuses them too, in the admin's language, and keeps the rule's NFC", async () => {
    const [admin, target] = await Promise.all([person({ admin: true }), person()]);
    for (const [what, reason] of UNSTORABLE_FORM_REASONS) {
      const posted = form({ accountId: target.accountId, handle: target.handle, intent: "ban", reason });
      const refused = await run(usersPage.action, { ...(await as(admin, "/admin/users", posted, "ja")), params: {} });
      expect(refused.status, what).toBe(400);
      expect((refused.body as { message: string }).message).toBe(
        "保存できない文字（制御文字、文字の向きを変える文字、壊れた文字）を取り除いてください。",
      );
    }
    expect(await bannedRows(target.accountId)).toBe(0);
    expect(await auditRows(target.accountId)).toEqual([]);
    const posted = form({
      accountId: target.accountId,
      handle: target.handle,
      intent: "ban",
      reason: " \u304B\u3099 ",
    });
    expect((await run(usersPage.action, { ...(await as(admin, "/admin/users", posted)), params: {} })).status).toBe(
      200,
    );
    expect((await auditRows(target.accountId)).map((row) => row.reason)).toEqual(["\u304C"]);
  });
});
