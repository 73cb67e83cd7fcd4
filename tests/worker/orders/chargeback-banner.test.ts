// The order page's chargeback banner (issue 64, decision 103): both parties read that the card issuer disputes the
// payment and what it does to the money, each in their own words and language, and once it is decided, how it ended
// and who bears a loss. The page loaders are called as React Router calls them; the dispute is the Stripe emulator's,
// heard through the Worker's webhook.
import { describe, expect, it } from "vitest";
import enChargebacks from "#messages/chargebacks/en.json";
import jaChargebacks from "#messages/chargebacks/ja.json";
import * as clientRequestsPage from "#app/routes/dashboard/client-requests";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { creator } from "../support/connect-helpers";
import { newParty, type Party } from "../support/order-states";
import { bankDecides, deliverDisputeEvents, disputeOfIntent, orderPaidWith } from "../support/chargeback-orders";
import { pageContext } from "../support/page-context";

const PATHS = { buyer: "/dashboard/commission/client/requests", seller: "/dashboard/commission/managements" };

/** The order page's chargeback banners as `who` loads the page of `side`, in `locale`. */
async function bannersOf(who: Party, side: "buyer" | "seller", code: string, locale: Locale = "en") {
  const page = side === "buyer" ? clientRequestsPage : managementsPage;
  const path = `${PATHS[side]}?order=${code}`;
  const context = await pageContext(who.userAccountId, locale, path);
  const data = await withMessageLocale(locale, "http://localhost", () =>
    page.loader({ context, params: {}, request: new Request(`http://localhost${path}`) } as never),
  );
  return (data as { chargebacks: { tone: string; heading: string; body: string; facts: string }[] | null }).chargebacks;
}

async function disputed(state: "PAID" | "DELIVERED") {
  const [seller, buyer] = await Promise.all([creator(), newParty()]);
  const order = await orderPaidWith(state, seller, buyer);
  const dispute = await disputeOfIntent(order.intentId);
  await deliverDisputeEvents(dispute.id);
  return { order, seller, buyer, dispute };
}

describe("the order page's chargeback banner", () => {
  it("tells both parties, each in their words and language, that the payment is disputed and payouts wait", async () => {
    const { order, seller, buyer } = await disputed("PAID");
    const [client] = (await bannersOf(buyer, "buyer", order.code))!;
    expect(client).toMatchObject({
      tone: "open",
      heading: enChargebacks.chargebacks_banner_heading_open,
      body: enChargebacks.chargebacks_banner_buyer_open,
    });
    expect(client.facts).toContain("¥10,000");
    expect(client.facts).toContain(enChargebacks.chargebacks_reason_fraudulent);
    const [creatorJa] = (await bannersOf(seller, "seller", order.code, "ja"))!;
    expect(creatorJa).toMatchObject({
      heading: jaChargebacks.chargebacks_banner_heading_open,
      body: jaChargebacks.chargebacks_banner_seller_open,
    });
    // A stranger opening the code sees no order, so no banner.
    expect(await bannersOf(await newParty(), "buyer", order.code)).toBeNull();
  });

  it("an order without a chargeback has no banner", async () => {
    const [seller, buyer] = await Promise.all([creator(), newParty()]);
    const order = await orderPaidWith("PAID", seller, buyer, { card: "pm_card_visa" });
    expect(await bannersOf(buyer, "buyer", order.code)).toBeNull();
  });

  it("lost before the work reached the client: the creator's unsent payouts are withheld; after: Comet bears it", async () => {
    for (const [state, creatorBody] of [
      ["PAID", enChargebacks.chargebacks_banner_seller_lost_creator],
      ["DELIVERED", enChargebacks.chargebacks_banner_seller_lost_comet],
    ] as const) {
      const { order, seller, buyer, dispute } = await disputed(state);
      await bankDecides(dispute.id, "lost");
      await deliverDisputeEvents(dispute.id);
      expect((await bannersOf(seller, "seller", order.code))![0], state).toMatchObject({
        tone: "lost",
        heading: enChargebacks.chargebacks_banner_heading_lost,
        body: creatorBody,
      });
      expect((await bannersOf(buyer, "buyer", order.code))![0].body, state).toBe(
        enChargebacks.chargebacks_banner_buyer_lost,
      );
    }
  });

  it("won: both read that the payment stands", async () => {
    const { order, seller, buyer, dispute } = await disputed("PAID");
    await bankDecides(dispute.id, "won");
    await deliverDisputeEvents(dispute.id);
    expect((await bannersOf(seller, "seller", order.code))![0]).toMatchObject({
      tone: "won",
      body: enChargebacks.chargebacks_banner_seller_won,
    });
    expect((await bannersOf(buyer, "buyer", order.code))![0].body).toBe(enChargebacks.chargebacks_banner_buyer_won);
  });
});
