// The money agrees through a chargeback (issue 64, decision 103): the reconciler reads each charge's disputes from
// Stripe and reports one Comet has not recorded, or records with another status or amount, until its webhook is heard;
// the ledger carries what was disputed and what was lost. Real D1 and the emulator's Disputes API.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkOrderMoney, describeReport } from "#worker/orders/services/money-check";
import { creator } from "../support/connect-helpers";
import { newParty } from "../support/order-states";
import { platform } from "../support/payments-helpers";
import { bankDecides, deliverDisputeEvents, disputeOfIntent, orderPaidWith } from "../support/chargeback-orders";

const check = (orderId: string) => checkOrderMoney({ d1: env.DB, stripe: platform() }, orderId);

describe("the reconciler reads the charges' disputes", () => {
  it("unrecorded, then agreeing; lost at Stripe before Comet heard, then agreeing with the loss in the ledger", async () => {
    const [seller, buyer] = await Promise.all([creator(), newParty()]);
    const order = await orderPaidWith("COMPLETED", seller, buyer);
    const dispute = await disputeOfIntent(order.intentId);

    const unheard = await check(order.id);
    expect(unheard?.disagreements).toEqual([
      { kind: "chargeback_unrecorded", disputeId: dispute.id, status: "needs_response", amount: 10_000 },
    ]);
    expect(describeReport(unheard!).join("\n")).toContain(`Stripe's dispute ${dispute.id}`);

    await deliverDisputeEvents(dispute.id);
    const heard = await check(order.id);
    expect(heard?.disagreements).toEqual([]);
    expect(heard?.ledger).toMatchObject({ disputed: 10_000, lostToChargebacks: 0, captured: 10_000, refunded: 0 });

    await bankDecides(dispute.id, "lost");
    const behind = await check(order.id);
    expect(behind?.disagreements).toEqual([
      {
        kind: "chargeback_mismatch",
        disputeId: dispute.id,
        stripe: { disputeId: dispute.id, status: "lost", amount: 10_000 },
        recorded: { disputeId: dispute.id, status: "needs_response", amount: 10_000 },
      },
    ]);
    await deliverDisputeEvents(dispute.id);
    const settled = await check(order.id);
    expect(settled?.disagreements).toEqual([]);
    expect(settled?.ledger).toMatchObject({ disputed: 10_000, lostToChargebacks: 10_000 });
  });

  it("an order whose charge no bank disputed reads no dispute", async () => {
    const [seller, buyer] = await Promise.all([creator(), newParty()]);
    const order = await orderPaidWith("COMPLETED", seller, buyer, { card: "pm_card_visa" });
    expect((await check(order.id))?.ledger).toMatchObject({
      disputed: 0,
      lostToChargebacks: 0,
      chargebacks: { atStripe: [], recorded: [] },
    });
  });
});
