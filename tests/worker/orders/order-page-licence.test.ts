// The order page's licence block (issue 63): what its loader hands each party as the client asks for another licence
// and the creator answers, in en and ja, read from the order's view (getOrderDetail), as the page reads it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import enOrders from "#messages/orders/en.json";
import jaOrders from "#messages/orders/ja.json";
import { orderLicencePanel } from "#app/loaders/orders/order-licence-texts.server";
import { createDb } from "#worker/db/client";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { getOrderDetail } from "#worker/orders/services/order-views";
import type { Party } from "../support/order-states";
import { jsonAnswer } from "../support/command-doors";
import { licensedOrder } from "../support/licence-orders";

async function panelFor(who: Party, code: string, locale: Locale = "en") {
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(who.userAccountId)
    .first<{ id: string }>();
  const viewer = {
    commissionAccountId: who.commissionAccountId,
    profileId: profile?.id ?? "",
    locale,
    displayCurrencyCode: "JPY",
  };
  const order = await getOrderDetail(createDb(env.DB), env, code, viewer);
  if (!order) throw new Error("no order");
  return withMessageLocale(locale, "http://localhost", async () => orderLicencePanel(order, Date.now()));
}

describe("the order page's licence block", () => {
  it("the client is offered the boxes, their licence ticked; the creator is offered nothing until asked", async () => {
    const order = await licensedOrder();
    const client = await panelFor(order.buyer, order.code);
    expect(client?.current).toBe(enOrders.orders_licence_change_current.replace("{licence}", "Personal use"));
    expect(client?.ask?.toggle).toBe("Ask to change the licence");
    expect(client?.ask?.options.map((o) => [o.tag, o.checked])).toEqual([
      ["personal", true],
      ["streaming", false],
      ["goods", false],
      ["advertising", false],
      ["exclusive", false],
    ]);
    expect(client?.waiting).toBeNull();
    expect(await panelFor(order.seller, order.code)).toBeNull();
  });

  it("asked: the client waits with what they asked for; the creator reads it with Accept and Decline, in ja too", async () => {
    const order = await licensedOrder();
    await jsonAnswer("/licence/request", order.buyer, { orderId: order.id, licence: ["goods", "streaming"] });
    const client = await panelFor(order.buyer, order.code);
    expect(client?.ask).toBeNull();
    expect(client?.waiting).toMatch(/^Waiting for the creator: .* Commercial use: streaming, goods\.$/);
    const creator = await panelFor(order.seller, order.code, "ja");
    expect(creator?.pending?.heading).toBe(jaOrders.orders_licence_change_pending_heading);
    expect(creator?.pending?.facts).toEqual([
      { label: jaOrders.orders_licence_change_pending_asked, value: "商用利用：配信、グッズ" },
      { label: jaOrders.orders_licence_change_pending_current, value: "個人利用" },
    ]);
    expect([creator?.pending?.accept, creator?.pending?.decline]).toEqual(["承認する", "辞退する"]);
    // Answered: nothing waits, and the client may ask again from the new licence.
    await jsonAnswer("/licence/accept", order.seller, { orderId: order.id });
    expect(await panelFor(order.seller, order.code)).toBeNull();
    const after = await panelFor(order.buyer, order.code);
    expect(after?.current).toBe("Current licence: Commercial use: streaming, goods");
    expect(after?.ask?.options.filter((o) => o.checked).map((o) => o.tag)).toEqual(["streaming", "goods"]);
  });
});
