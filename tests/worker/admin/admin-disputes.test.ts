// The admin console's dispute desk (issue 49, decision 088): the queue of open disputes, a disputed order's record
// with its thread and its money (D1 beside Stripe), the settle form, and the audited door to the order's files. The
// pages' loaders and actions are called as React Router calls them, each with the context the Worker gives it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as disputePage from "#app/routes/admin/dispute";
import * as fileDoor from "#app/routes/admin/dispute-file";
import * as queuePage from "#app/routes/admin/disputes";
import * as usersPage from "#app/routes/admin/users";
import { paidOrder } from "../support/connect-helpers";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type Party } from "../support/order-states";
import {
  adminPost,
  as,
  auditRows,
  form,
  person,
  run,
  UNSTORABLE_FORM_REASONS,
  UNSTORABLE_REASONS,
} from "./admin-fixtures";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** A paid order between two fresh parties, disputed by its client; `paid`: with a real payment at the emulator. */
async function disputedOrder({ paid = false, statement = "The sketch is not the character I described." } = {}) {
  const [seller, buyer] = await Promise.all([newParty(), newParty()]);
  const order = paid ? await paidOrder("PAID", seller, buyer) : await insertOrderIn("PAID", seller, buyer);
  const opened = await call("/api/features/commission/order/dispute/open", {
    method: "POST",
    cookie: buyer.cookie,
    json: { orderId: order.id, reason: "not_as_agreed", statement },
  });
  expect(opened.status).toBe(200);
  return { ...order, seller, buyer };
}

const answer = async (order: { id: string }, who: Party, statement: string) =>
  expect(
    (
      await call("/api/features/commission/order/dispute/answer", {
        method: "POST",
        cookie: who.cookie,
        json: { orderId: order.id, statement },
      })
    ).status,
  ).toBe(200);

/** The order's deliverable (the fixture's one file), stored in R2 as its parties uploaded it. */
async function storedDeliverable(orderId: string) {
  const file = await env.DB.prepare(
    `SELECT m.id, m.file_url FROM media m JOIN media_attachments a ON a.media_id = m.id AND a.owner_type = 'commission_order_deliverable'
     WHERE a.owner_id = ?`,
  )
    .bind(orderId)
    .first<{ id: string; file_url: string }>();
  await env.MEDIA.put(file!.file_url.replace("/media/", ""), PNG, { httpMetadata: { contentType: "image/png" } });
  return file!.id;
}

const fileReads = async (orderId: string) =>
  (await auditRows(orderId)).filter((row) => row.action === "order.file_read");

describe("the dispute desk is the console's: anyone else gets the site's 404", () => {
  it("refuses a non-admin the queue, the record, the settle form and the file door, and writes nothing", async () => {
    const [order, user] = await Promise.all([disputedOrder(), person()]);
    const mediaId = await storedDeliverable(order.id);
    const record = `/admin/disputes/${order.id}`;
    const door = `${record}/files/deliverable/${mediaId}`;
    expect((await run(queuePage.loader, { ...(await as(user, "/admin/disputes")), params: {} })).status).toBe(404);
    expect((await run(disputePage.loader, { ...(await as(user, record)), params: { orderId: order.id } })).status).toBe(
      404,
    );
    const settle = await as(user, record, form({ outcome: "refund", reason: "No.", confirmed: "yes" }));
    expect((await run(disputePage.action, { ...settle, params: { orderId: order.id } })).status).toBe(404);
    const params = { orderId: order.id, kind: "deliverable", id: mediaId };
    expect((await run(fileDoor.loader, { ...(await as(user, door)), params })).status).toBe(404);
    // The order's own parties are no admins either.
    const buyer = { accountId: order.buyer.userAccountId };
    expect((await run(fileDoor.loader, { ...(await as(buyer, door)), params })).status).toBe(404);
    expect(await auditRows(order.id)).toEqual([]);
    const row = await env.DB.prepare("SELECT disputed_since FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row!.disputed_since).not.toBeNull();
  });
});

describe("the queue", () => {
  it("lists the open disputes oldest first, with who opened it and why, the answer, the stake and both handles", async () => {
    const admin = await person({ admin: true });
    const older = await disputedOrder();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await disputedOrder({ statement: "Nothing was delivered." });
    await answer(newer, newer.seller, "I sent the sketch in the chat.");
    const { body } = await run(queuePage.loader, { ...(await as(admin, "/admin/disputes")), params: {} });
    const { disputes } = body as Awaited<ReturnType<typeof queuePage.loader>>;
    const ids = disputes.map((d) => d.orderId);
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const shown = disputes.find((d) => d.orderId === newer.id)!;
    expect(shown).toMatchObject({
      code: newer.code,
      opened: "Opened by the client: Not what was agreed",
      opening: "Nothing was delivered.",
      answered: true,
      stake: "At stake: ¥10,000",
    });
    expect(shown.waiting).toMatch(/^Waiting \d+ min$/);
    const handles = await env.DB.prepare(
      "SELECT original_handle AS handle FROM user_profiles WHERE account_id IN (?, ?) ORDER BY account_id = ?",
    )
      .bind(newer.seller.userAccountId, newer.buyer.userAccountId, newer.buyer.userAccountId)
      .all<{ handle: string }>();
    const [seller, buyer] = handles.results.map((r) => r.handle);
    expect(shown.parties).toBe(`Creator @${seller} · client @${buyer}`);
    expect(disputes.find((d) => d.orderId === older.id)!.answered).toBe(false);
  });
});

describe("a disputed order's record", () => {
  it("shows the thread with the admin's reading, the money in D1 and at Stripe, the log and the file door", async () => {
    const admin = await person({ admin: true });
    const order = await disputedOrder({ paid: true });
    await answer(order, order.seller, "説明どおりに描きました。");
    const path = `/admin/disputes/${order.id}`;
    const { status, body } = await run(disputePage.loader, {
      ...(await as(admin, path)),
      params: { orderId: order.id },
    });
    expect(status).toBe(200);
    const record = body as Awaited<ReturnType<typeof disputePage.loader>>;
    expect(record.facts).toMatchObject({ code: order.code, open: true, total: "¥10,000" });
    expect(record.thread.map((s) => [s.who, s.body])).toEqual([
      ["The client opened the dispute", "The sketch is not the character I described."],
      ["The creator answered", "説明どおりに描きました。"],
    ]);
    expect(record.thread[0].notes).toEqual(["Reason: Not what was agreed"]);
    expect(record.money.stake).toBe("At stake: ¥10,000");
    expect(record.money.effects.map((e) => e.effect)).toEqual([
      "¥10,000 back to the client; the order is canceled.",
      "¥10,000 to the creator; the order is completed.",
      "The refund you enter back to the client, the rest of ¥10,000 to the creator; the order is canceled.",
      "No money moves; the order goes on with new deadlines.",
    ]);
    expect(record.money.payments).toHaveLength(1);
    expect(record.money.payments[0]).toMatchObject({
      status: "COMPLETED",
      amount: "¥10,000",
      stripe: "captured ¥10,000, refunded ¥0",
    });
    expect(record.money.payouts).toEqual([]);
    expect(record.settle?.outcomes.map((o) => o.value)).toEqual(["refund", "release", "split", "reopen"]);
    expect(record.log.map((line) => line.what)).toContain("Dispute opened");
    const mediaId = await storedDeliverable(order.id);
    expect(record.files.deliverables.files).toEqual([
      { id: mediaId, name: "work.png", href: `/admin/disputes/${order.id}/files/deliverable/${mediaId}` },
    ]);
    // Reading the record opens no file: no audit row.
    expect(await auditRows(order.id)).toEqual([]);
  });

  it("is the site's 404 for an order that never had a dispute", async () => {
    const [admin, seller, buyer] = await Promise.all([person({ admin: true }), newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const path = `/admin/disputes/${order.id}`;
    expect((await run(disputePage.loader, { ...(await as(admin, path)), params: { orderId: order.id } })).status).toBe(
      404,
    );
  });
});

describe("the audited file door", () => {
  it("serves a disputed order's file to an admin and writes one audit row per read, none for a player's later ranges", async () => {
    const [admin, order] = await Promise.all([person({ admin: true }), disputedOrder()]);
    const mediaId = await storedDeliverable(order.id);
    const path = `/admin/disputes/${order.id}/files/deliverable/${mediaId}`;
    const params = { orderId: order.id, kind: "deliverable", id: mediaId };
    const { status, body } = await run(fileDoor.loader, { ...(await as(admin, path)), params });
    expect(status).toBe(200);
    const response = body as Response;
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    const rows = await fileReads(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_account_id: admin.accountId, target_type: "order" });
    expect(rows[0].reason).toBe(`deliverable ${mediaId}: work.png`);
    const ranged = await as(admin, path, { headers: { range: "bytes=10-" } });
    const later = await run(fileDoor.loader, { ...ranged, params });
    expect(later.status).toBe(206);
    await (later.body as Response).arrayBuffer();
    expect(await fileReads(order.id)).toHaveLength(1);
    // The record lists the read with the admin's handle.
    const { body: loaded } = await run(disputePage.loader, {
      ...(await as(admin, `/admin/disputes/${order.id}`)),
      params: { orderId: order.id },
    });
    const audit = (loaded as Awaited<ReturnType<typeof disputePage.loader>>).audit;
    expect(audit.map((a) => [a.admin, a.action])).toEqual([[`@${admin.handle}`, "Opened a disputed order's file"]]);
  });

  // Issue 59: each of these served the whole file (or a part of it) with no audit row; only no Range or bytes=0- wrote one.
  for (const range of ["bytes=-100000", "garbage", "bytes=00-", "bytes=2-,0-1", "bytes=10-"])
    it(`logs an admin's first read of a file whatever its Range (${range}), and that admin's later ranges as the same read`, async () => {
      const [admin, other, order] = await Promise.all([
        person({ admin: true }),
        person({ admin: true }),
        disputedOrder(),
      ]);
      const mediaId = await storedDeliverable(order.id);
      const path = `/admin/disputes/${order.id}/files/deliverable/${mediaId}`;
      const params = { orderId: order.id, kind: "deliverable", id: mediaId };
      const read = async (who: typeof admin, headers: Record<string, string>) => {
        const { status, body } = await run(fileDoor.loader, { ...(await as(who, path, { headers })), params });
        expect([200, 206], `${JSON.stringify(headers)} ${status}`).toContain(status);
        return new Uint8Array(await (body as Response).arrayBuffer());
      };
      expect((await read(admin, { range })).length).toBeGreaterThan(0);
      const rows = await fileReads(order.id);
      expect(rows.map((row) => [row.admin_account_id, row.reason])).toEqual([
        [admin.accountId, `deliverable ${mediaId}: work.png`],
      ]);
      // The same admin's later ranges of the file it opened are the same read: no row each.
      await read(admin, { range });
      await read(admin, { range: "bytes=30-" });
      expect(await fileReads(order.id)).toHaveLength(1);
      // Another admin's first read is theirs, whatever its Range; a new read from the start is a new row.
      await read(other, { range: "bytes=30-" });
      await read(admin, {});
      expect((await fileReads(order.id)).map((row) => row.admin_account_id).sort()).toEqual(
        [admin.accountId, admin.accountId, other.accountId].sort(),
      );
    });

  it("logs the first read of each file apart: another file of the order is another first read", async () => {
    const [admin, order] = await Promise.all([person({ admin: true }), disputedOrder()]);
    const mediaId = await storedDeliverable(order.id);
    const evidence = crypto.randomUUID();
    // An evidence file of the opening statement, as the door stores one (orders/services/disputes.ts).
    const key = `v1/commission-order/${order.id}/dispute_files/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare(
      `INSERT INTO order_dispute_files (id, statement_id, order_id, object_key, name, content_type, byte_size, created_at)
       SELECT ?, id, order_id, ?, 'note.png', 'image/png', ?, ? FROM order_dispute_statements WHERE order_id = ?`,
    )
      .bind(evidence, key, PNG.length, Date.now(), order.id)
      .run();
    for (const [kind, id] of [
      ["deliverable", mediaId],
      ["evidence", evidence],
    ]) {
      const path = `/admin/disputes/${order.id}/files/${kind}/${id}`;
      const { status } = await run(fileDoor.loader, {
        ...(await as(admin, path, { headers: { range: "bytes=-100000" } })),
        params: { orderId: order.id, kind, id },
      });
      // A suffix longer than the file is all of it, sent as the range it asked for (issue 60: bytes 0-23/24).
      expect(status, kind).toBe(206);
    }
    expect((await fileReads(order.id)).map((row) => row.reason).sort()).toEqual(
      [`deliverable ${mediaId}: work.png`, `evidence ${evidence}: note.png`].sort(),
    );
  });

  it("refuses an admin a file of an undisputed order, another order's file, and an unknown kind, writing nothing", async () => {
    const [admin, seller, buyer, disputed] = await Promise.all([
      person({ admin: true }),
      newParty(),
      newParty(),
      disputedOrder(),
    ]);
    const undisputed = await insertOrderIn("PAID", seller, buyer);
    const mediaId = await storedDeliverable(undisputed.id);
    const tries = [
      { orderId: undisputed.id, kind: "deliverable", id: mediaId },
      // The undisputed order's file asked for under the disputed order: not that order's file.
      { orderId: disputed.id, kind: "deliverable", id: mediaId },
      { orderId: disputed.id, kind: "anything", id: mediaId },
    ];
    for (const params of tries) {
      const path = `/admin/disputes/${params.orderId}/files/${params.kind}/${params.id}`;
      expect((await run(fileDoor.loader, { ...(await as(admin, path)), params })).status, params.kind).toBe(404);
    }
    expect(await auditRows(undisputed.id)).toEqual([]);
    expect(await fileReads(disputed.id)).toEqual([]);
  });
});

describe("the settle form", () => {
  it("answers each field's error in the admin's language and keeps what was typed", async () => {
    const [admin, order] = await Promise.all([person({ admin: true }), disputedOrder()]);
    const path = `/admin/disputes/${order.id}`;
    const typed = { outcome: "split", refundAmount: "12.5", days: "", reason: " " };
    const ja = await run(disputePage.action, {
      ...(await as(admin, path, form(typed), "ja")),
      params: { orderId: order.id },
    });
    expect(ja.status).toBe(400);
    const refused = ja.body as { values: Record<string, string>; errors: Record<string, string> };
    expect(refused.values).toEqual(typed);
    expect(Object.keys(refused.errors).sort()).toEqual(["reason", "refundAmount"]);
    expect(refused.errors.refundAmount).toContain("円");
    const tooMuch = await run(disputePage.action, {
      ...(await as(admin, path, form({ ...typed, refundAmount: "10000", reason: "Half each." }))),
      params: { orderId: order.id },
    });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as { errors: Record<string, string> }).errors).toEqual({
      refundAmount:
        "Enter a refund more than 0 and less than the amount at stake. To refund or release all of it, choose that outcome.",
    });
    const days = await run(disputePage.action, {
      ...(await as(admin, path, form({ outcome: "reopen", days: "61", reason: "More time." }))),
      params: { orderId: order.id },
    });
    expect((days.body as { errors: Record<string, string> }).errors).toEqual({ days: "Enter 1 to 60 days." });
    expect(await auditRows(order.id)).toEqual([]);
  });

  it("asks to confirm a split with its figures, then settles it, back to the queue with a toast and an audit row", async () => {
    const [admin, order] = await Promise.all([person({ admin: true }), disputedOrder({ paid: true })]);
    const path = `/admin/disputes/${order.id}`;
    const fields = { outcome: "split", refundAmount: "4,000", days: "", reason: "Half the work was done as agreed." };
    const asked = await run(disputePage.action, {
      ...(await as(admin, path, form(fields))),
      params: { orderId: order.id },
    });
    expect(asked.status).toBe(200);
    const confirm = (asked.body as { confirm: string[] }).confirm;
    expect(confirm).toHaveLength(2);
    expect(confirm[0]).toMatch(/^¥4,000 goes back to the client \(@.+\)\.$/);
    expect(confirm[1]).toMatch(/^¥6,000 goes to the creator \(@.+\)\.$/);
    expect(await auditRows(order.id)).toEqual([]);
    const settled = await run(disputePage.action, {
      ...(await as(admin, path, form({ ...fields, confirmed: "yes" }))),
      params: { orderId: order.id },
    });
    expect(settled.status).toBe(302);
    const location = (settled.body as Response).headers.get("location")!;
    expect(location).toBe(`/admin/disputes?settled=${order.id}`);
    const rows = await auditRows(order.id);
    expect(rows.map((r) => [r.action, r.admin_account_id])).toEqual([["order.dispute_settled", admin.accountId]]);
    const queue = await run(queuePage.loader, { ...(await as(admin, location)), params: {} });
    const { disputes, toast } = queue.body as Awaited<ReturnType<typeof queuePage.loader>>;
    expect(disputes.map((d) => d.orderId)).not.toContain(order.id);
    expect(toast).toEqual({ title: "Dispute settled", description: `Order ${order.code}: Split between the two.` });
    // The record stays readable: settled, no form, its files closed, the settlement in the audit with its reason.
    const { body } = await run(disputePage.loader, { ...(await as(admin, path)), params: { orderId: order.id } });
    const record = body as Awaited<ReturnType<typeof disputePage.loader>>;
    expect(record.facts.open).toBe(false);
    expect(record.settle).toBeNull();
    expect(record.audit.map((a) => [a.action, a.reason])).toEqual([
      ["Settled a dispute", "Half the work was done as agreed."],
    ]);
    expect(record.thread.at(-1)?.notes).toEqual(["Outcome: Split between the two", "Refund to the client: ¥4,000"]);
    expect(record.money.payments[0].stripe).toBe("captured ¥10,000, refunded ¥4,000");
    // A second post meets a settled dispute: nothing more happens.
    const again = await run(disputePage.action, {
      ...(await as(admin, path, form({ ...fields, confirmed: "yes" }))),
      params: { orderId: order.id },
    });
    expect(again.status).toBe(409);
    expect(await auditRows(order.id)).toHaveLength(1);
    // Its files are closed to admins now.
    const mediaId = await storedDeliverable(order.id);
    const door = `${path}/files/deliverable/${mediaId}`;
    const params = { orderId: order.id, kind: "deliverable", id: mediaId };
    expect((await run(fileDoor.loader, { ...(await as(admin, door)), params })).status).toBe(404);
  });
});

describe("the users page", () => {
  it("shows a found user's open disputes, linked to the desk, and the reports on their reviews", async () => {
    const [admin, order] = await Promise.all([person({ admin: true }), disputedOrder()]);
    const handle = await env.DB.prepare("SELECT original_handle AS h FROM user_profiles WHERE account_id = ?")
      .bind(order.seller.userAccountId)
      .first<string>("h");
    const path = `/admin/users?q=${encodeURIComponent(handle!)}`;
    const { body } = await run(usersPage.loader, { ...(await as(admin, path)), params: {} });
    const { users } = body as Awaited<ReturnType<typeof usersPage.loader>>;
    const shown = users.find((u) => u.accountId === order.seller.userAccountId)!;
    expect(shown.disputes).toEqual([{ orderId: order.id, label: `Order ${order.code}` }]);
    expect(shown.reportsReceived).toBe("Reports on their reviews: 0");
  });
});

describe("a settlement's reason keeps the storable-text rule (issue 59)", () => {
  it("refuses NUL, control characters, a right-to-left override and a lone surrogate at the door and on the form; nothing settles", async () => {
    const [admin, order] = await Promise.all([person({ admin: true }), disputedOrder()]);
    for (const [what, reason] of Object.entries(UNSTORABLE_REASONS)) {
      const answer = await adminPost(
        "/disputes/settle",
        { orderId: order.id, outcome: "reopen", days: 3, reason },
        admin.cookie,
      );
      expect(answer.status, what).toBe(400);
      const message =
        "Remove the characters that can't be saved: control characters, text-direction overrides or broken characters.";
      expect(await answer.json()).toEqual({ error: "reason_invalid_characters", message, errors: { reason: message } });
    }
    const path = `/admin/disputes/${order.id}`;
    for (const [what, reason] of UNSTORABLE_FORM_REASONS) {
      const posted = form({ outcome: "refund", refundAmount: "", days: "", reason, confirmed: "yes" });
      const refused = await run(disputePage.action, {
        ...(await as(admin, path, posted, "ja")),
        params: { orderId: order.id },
      });
      expect(refused.status, what).toBe(400);
      expect((refused.body as { errors: Record<string, string> }).errors).toEqual({
        reason: "保存できない文字（制御文字、文字の向きを変える文字、壊れた文字）を取り除いてください。",
      });
    }
    expect(await auditRows(order.id)).toEqual([]);
    const row = await env.DB.prepare("SELECT disputed_since FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row!.disputed_since).not.toBeNull();
  });
});
