// The seller edits an order's service details (commissionOrderService.updateSeller, spec sections 4, 6 and 7): the
// snapshot's title and description change in one transition with its log entry; the buyer, a stranger and a
// delivered order are refused and nothing changes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { getOrderDetail } from "#worker/orders/services/order-views";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  return { cookie, ...(await commissionAccountByEmail(user.email)) };
}

async function orderWithSnapshot() {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const order = await insertOrder({
    sellerId: seller.id,
    buyerId: buyer.id,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  const serviceId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, (SELECT id FROM currencies WHERE code = 'JPY'))",
    ).bind(serviceId, order.id),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_order_service', ?, 'title', 'en', 1, 'Bust-up')",
    ).bind(crypto.randomUUID(), serviceId),
  ]);
  return { ...order, serviceId, seller, buyer, stranger };
}

const update = (cookie: string, json: unknown) =>
  call("/api/features/commission/order/service/update", { method: "POST", cookie, json });
const texts = async (serviceId: string) =>
  (
    await env.DB.prepare(
      "SELECT field, language_code AS lang, text FROM localized_texts WHERE entity_type = 'commission_order_service' AND entity_id = ? ORDER BY field",
    )
      .bind(serviceId)
      .all()
  ).results;
const events = async (orderId: string) =>
  (await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ?").bind(orderId).all())
    .results;

describe("service details of an order", () => {
  it("the seller replaces the title and description, in their language, logged once", async () => {
    const order = await orderWithSnapshot();
    const response = await update(order.seller.cookie, {
      orderId: order.id,
      title: "  Full body  ",
      description: "With a winter coat",
      languageCode: "ja",
    });
    expect(response.status).toBe(200);
    expect(await texts(order.serviceId)).toEqual([
      { field: "description", lang: "ja", text: "With a winter coat" },
      { field: "title", lang: "ja", text: "Full body" },
    ]);
    expect(await events(order.id)).toEqual([{ event_type: "SERVICE_DETAILS_UPDATED" }]);
  });

  it("the buyer and a stranger are refused, an empty title is invalid, a delivered order is closed to edits; nothing changes", async () => {
    const order = await orderWithSnapshot();
    const body = { orderId: order.id, title: "Changed", description: "", languageCode: "en" };
    expect((await update(order.buyer.cookie, body)).status).toBe(409);
    expect((await update(order.stranger.cookie, body)).status).toBe(404);
    expect((await update(order.seller.cookie, { ...body, title: "   " })).status).toBe(400);
    expect(await texts(order.serviceId)).toEqual([{ field: "title", lang: "en", text: "Bust-up" }]);
    expect(await events(order.id)).toEqual([]);

    // An order delivered before its object first woke: the object loads it as delivered and refuses.
    const delivered = await orderWithSnapshot();
    await env.DB.prepare(
      "UPDATE commission_orders SET order_progress_status = 'DELIVERED', order_payment_status = 'COMPLETED' WHERE id = ?",
    )
      .bind(delivered.id)
      .run();
    expect((await update(delivered.seller.cookie, { ...body, orderId: delivered.id })).status).toBe(409);
    expect(await texts(delivered.serviceId)).toEqual([{ field: "title", lang: "en", text: "Bust-up" }]);
  });
});

// Spec section 5: "Service details form: title and description strings, optional categoryCode". The code is the
// catalogue's (active, or one the order already has); a bad one is refused with the editors' message and changes nothing.
const categories = async (serviceId: string) =>
  (
    await env.DB.prepare(
      "SELECT category_code FROM commission_order_service_categories WHERE order_service_id = ? ORDER BY category_code",
    )
      .bind(serviceId)
      .all<{ category_code: string }>()
  ).results.map((r) => r.category_code);

async function detailFor(
  order: Awaited<ReturnType<typeof orderWithSnapshot>>,
  who: "seller" | "buyer",
  locale: "en" | "ja" = "en",
) {
  const party = order[who];
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(party.userAccountId)
    .first<{ id: string }>();
  return getOrderDetail(db(), env, order.code, {
    commissionAccountId: party.id,
    profileId: profile!.id,
    locale,
    displayCurrencyCode: "JPY",
  });
}

describe("the optional category of an order's service details", () => {
  it("the seller sets, keeps (field absent) and clears the category; both parties see it, the seller the choices", async () => {
    const order = await orderWithSnapshot();
    const body = { orderId: order.id, title: "Bust-up", description: "", languageCode: "en" };
    expect((await update(order.seller.cookie, { ...body, categoryCode: " live2d-character " })).status).toBe(200);
    expect(await categories(order.serviceId)).toEqual(["live2d-character"]);

    const seller = await detailFor(order, "seller", "ja");
    expect(seller!.categories.map((c) => c.code)).toEqual(["live2d-character"]);
    expect(seller!.categories[0].name).toBe("Live2Dキャラクターイラスト");
    expect(seller!.categoryOptions.map((c) => c.code)).toContain("character-illustration");
    expect(seller!.categoryOptions.map((c) => c.code)).not.toContain("game-asset");
    const buyer = await detailFor(order, "buyer");
    expect(buyer!.categories.map((c) => c.code)).toEqual(["live2d-character"]);
    expect(buyer!.categoryOptions).toEqual([]);

    expect((await update(order.seller.cookie, { ...body, title: "Bust-up, two poses" })).status).toBe(200);
    expect(await categories(order.serviceId)).toEqual(["live2d-character"]);
    expect((await update(order.seller.cookie, { ...body, categoryCode: null })).status).toBe(200);
    expect(await categories(order.serviceId)).toEqual([]);
    expect((await update(order.seller.cookie, { ...body, categoryCode: "music-video" })).status).toBe(200);
    expect((await update(order.seller.cookie, { ...body, categoryCode: "" })).status).toBe(200);
    expect(await categories(order.serviceId)).toEqual([]);
    expect((await detailFor(order, "seller"))!.categories).toEqual([]);
  });

  it("an unknown, inactive or malformed code is 400 with the message in the caller's language; nothing changes", async () => {
    const order = await orderWithSnapshot();
    await env.DB.prepare(
      "INSERT INTO commission_order_service_categories (order_service_id, category_code) VALUES (?, 'character-illustration')",
    )
      .bind(order.serviceId)
      .run();
    const body = { orderId: order.id, title: "Changed", description: "Changed too", languageCode: "en" };
    for (const categoryCode of ["no-such-category", "game-asset", "Character Illustration", "x".repeat(500)]) {
      const refused = await update(order.seller.cookie, { ...body, categoryCode });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: "unknown_category",
        message: "Choose a category from the list.",
        errors: { categoryCode: "Choose a category from the list." },
      });
    }
    const ja = await call("/api/features/commission/order/service/update", {
      method: "POST",
      cookie: order.seller.cookie,
      headers: { "accept-language": "ja" },
      json: { ...body, categoryCode: "no-such-category" },
    });
    expect(await ja.json()).toMatchObject({
      error: "unknown_category",
      message: "リストからカテゴリーを選んでください。",
    });
    expect(await texts(order.serviceId)).toEqual([{ field: "title", lang: "en", text: "Bust-up" }]);
    expect(await categories(order.serviceId)).toEqual(["character-illustration"]);
    expect(await events(order.id)).toEqual([]);
    // A stranger is told what an unknown order gets, whatever the code; the buyer, that the seller edits.
    expect((await update(order.stranger.cookie, { ...body, categoryCode: "no-such-category" })).status).toBe(404);
    expect((await update(order.buyer.cookie, { ...body, categoryCode: "no-such-category" })).status).toBe(409);
    expect(await events(order.id)).toEqual([]);
  });

  it("a category retired from the catalogue stays selectable on an order that has it", async () => {
    const order = await orderWithSnapshot();
    await env.DB.prepare(
      "INSERT INTO commission_order_service_categories (order_service_id, category_code) VALUES (?, 'game-asset')",
    )
      .bind(order.serviceId)
      .run();
    expect((await detailFor(order, "seller"))!.categoryOptions.map((c) => c.code)).toContain("game-asset");
    expect(
      (
        await update(order.seller.cookie, {
          orderId: order.id,
          title: "Bust-up",
          description: "",
          languageCode: "en",
          categoryCode: "game-asset",
        })
      ).status,
    ).toBe(200);
    expect(await categories(order.serviceId)).toEqual(["game-asset"]);
  });

  it("an order from a form keeps its one category on the form snapshot", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await insertOrder({
      sellerId: seller.id,
      buyerId: buyer.id,
      priceAmount: 10_000,
      approvalDeadline: Date.now() + 86_400_000,
    });
    const formId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO commission_order_forms (id, order_id, category_code, price_currency_id) VALUES (?, ?, 'logo-graphic', (SELECT id FROM currencies WHERE code = 'JPY'))",
    )
      .bind(formId, order.id)
      .run();
    const formCategory = async () =>
      (await env.DB.prepare("SELECT category_code FROM commission_order_forms WHERE id = ?")
        .bind(formId)
        .first<{ category_code: string | null }>())!.category_code;
    const body = { orderId: order.id, title: "Logo", description: "", languageCode: "en" };
    expect((await update(seller.cookie, { ...body, categoryCode: "chat-sticker-stamp" })).status).toBe(200);
    expect(await formCategory()).toBe("chat-sticker-stamp");
    expect((await update(seller.cookie, { ...body, categoryCode: "nope" })).status).toBe(400);
    expect(await formCategory()).toBe("chat-sticker-stamp");
    expect((await update(seller.cookie, { ...body, categoryCode: null })).status).toBe(200);
    expect(await formCategory()).toBeNull();
  });
});
