// "Add to portfolio" from an order (worker/services/portfolio-from-order.ts, docs/decisions/026): only the order's
// seller, only once delivered; the draft client work carries the order's title, client and id, and its own copies
// of the delivered files, so deleting the work leaves the order's files in place.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { PNG } from "../support/media-fixtures";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { insertSnapshot } from "../support/order-snapshot-fixtures";
import { deleteWork } from "#worker/services/portfolio";
import { startWorkFromOrder } from "#worker/services/portfolio-from-order";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { cookie, commissionAccountId: account.id, userAccountId: account.userAccountId };
}

/** An approved order with one delivered picture, then moved to `progress` in D1 (what the function reads). */
async function deliveredOrder(progress = "DELIVERED") {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  await insertSnapshot(id, { serviceTitle: "Knight portrait" });
  await env.DB.prepare(
    "UPDATE commission_orders SET order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED' WHERE id = ?",
  )
    .bind(id)
    .run();
  const form = new FormData();
  form.append("files", new File([PNG], "final.png", { type: "image/png" }));
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", id);
  form.set("fieldPath", "deliverables");
  const upload = await call("/api/google/storage/upload", { method: "POST", body: form, cookie: seller.cookie });
  const url = (await upload.json<{ urls: string[] }>()).urls[0];
  expect(
    (
      await call("/api/features/commission/order/deliverable/create", {
        method: "POST",
        cookie: seller.cookie,
        json: { orderId: id, medias: [{ url, name: "final.png" }] },
      })
    ).status,
  ).toBe(200);
  await env.DB.prepare("UPDATE commission_orders SET order_progress_status = ? WHERE id = ?").bind(progress, id).run();
  return {
    id,
    code,
    seller,
    buyer,
    stranger,
    orderKey: new URL(url, "https://x").pathname.replace(/^\/(media|api\/google\/storage\/object)\//, ""),
  };
}

describe("add to portfolio from an order", () => {
  it("only the order's seller may, and only once it is delivered", async () => {
    const order = await deliveredOrder();
    expect(await startWorkFromOrder(db(), env.MEDIA, order.buyer.userAccountId, order.code, "en")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await startWorkFromOrder(db(), env.MEDIA, order.stranger.userAccountId, order.code, "en")).toEqual({
      ok: false,
      reason: "not_found",
    });
    const approved = await deliveredOrder("APPROVED");
    expect(await startWorkFromOrder(db(), env.MEDIA, approved.seller.userAccountId, approved.code, "en")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM portfolio_works WHERE commission_order_id IN (?, ?)")
        .bind(order.id, approved.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it("makes a draft client work with the order's title, client and files copied into the work's folder; deleting it keeps the order's file", async () => {
    const order = await deliveredOrder("COMPLETED");
    const result = await startWorkFromOrder(db(), env.MEDIA, order.seller.userAccountId, order.code, "en");
    if (!result.ok) throw new Error("refused");
    const work = await env.DB.prepare(
      "SELECT work_status, client_account_id, commission_order_id FROM portfolio_works WHERE id = ?",
    )
      .bind(result.workId)
      .first();
    expect(work).toEqual({
      work_status: "DRAFT",
      client_account_id: order.buyer.userAccountId,
      commission_order_id: order.id,
    });
    const title = await env.DB.prepare(
      "SELECT text FROM localized_texts WHERE entity_type = 'portfolio_work' AND entity_id = ? AND field = 'title'",
    )
      .bind(result.workId)
      .first<{ text: string }>();
    expect(title?.text).toBe("Knight portrait");
    const media = await env.DB.prepare(
      "SELECT m.file_url, m.owner_user_account_id FROM media_attachments a JOIN media m ON m.id = a.media_id WHERE a.owner_type = 'portfolio_work' AND a.owner_id = ?",
    )
      .bind(result.workId)
      .all<{ file_url: string; owner_user_account_id: string }>();
    expect(media.results).toHaveLength(1);
    const copyKey = media.results[0].file_url.replace(/^\/media\//, "");
    expect(copyKey).toMatch(new RegExp(`^v1/portfolio-work/${result.workId}/medias/`));
    expect(media.results[0].owner_user_account_id).toBe(order.seller.userAccountId);
    expect(await env.MEDIA.head(copyKey)).not.toBeNull();
    // A second press opens the same draft.
    expect(await startWorkFromOrder(db(), env.MEDIA, order.seller.userAccountId, order.code, "en")).toEqual(result);

    expect(await deleteWork(db(), order.seller.userAccountId, result.workId, env.MEDIA)).toEqual({ ok: true });
    expect(await env.MEDIA.head(copyKey)).toBeNull();
    expect(await env.MEDIA.head(order.orderKey)).not.toBeNull();
  });
});
