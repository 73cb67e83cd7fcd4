// A canceled order's refund of a charge the client's bank disputes (decision 103): Stripe refuses it
// (`charge_disputed`), so the order's release waits while the bank decides, and ends once the bank took the money
// back for good. Against the emulator's bank, with Stripe's dispute test card.
import { describe, expect, it } from "vitest";
import { releasePayment } from "../../../durable-objects/order-stripe";
import { bankDecides, disputeOfIntent } from "../support/chargeback-orders";
import { platform } from "../support/payments-helpers";

async function disputedCharge() {
  const intent = await platform().paymentIntents.create({
    amount: 8_000,
    currency: "jpy",
    payment_method: "pm_card_createDispute",
    confirm: true,
  });
  return { intentId: intent.id, dispute: await disputeOfIntent(intent.id) };
}

describe("giving back a disputed charge", () => {
  it("waits while the bank decides: the release throws, so the order tries again later", async () => {
    const { intentId } = await disputedCharge();
    await expect(releasePayment(platform(), "order-open-dispute", intentId)).rejects.toThrow();
    const refunds = await platform().refunds.list({ payment_intent: intentId });
    expect(refunds.data).toEqual([]);
  });

  it("is done once the bank took it back for good: nothing is refunded twice", async () => {
    const { intentId, dispute } = await disputedCharge();
    await bankDecides(dispute.id, "lost");
    expect(await releasePayment(platform(), "order-lost-dispute", intentId)).toBe("refunded");
    expect((await platform().refunds.list({ payment_intent: intentId })).data).toEqual([]);
  });

  it("ends once the bank sided with the platform: Stripe refunds no disputed charge, the reconciler reports it", async () => {
    const { intentId, dispute } = await disputedCharge();
    await bankDecides(dispute.id, "won");
    expect(await releasePayment(platform(), "order-won-dispute", intentId)).toBe("refunded");
    expect((await platform().refunds.list({ payment_intent: intentId })).data).toEqual([]);
  });
});
