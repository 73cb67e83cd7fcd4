// Chargebacks heard and held (issue 64, decision 103): Stripe's `charge.dispute.*` webhooks, delivered to the Worker's
// real route, write one row per dispute that only moves forward, tell both parties once per opening and once per
// closing, and hold, release or withhold the order's payouts by the rule. The emulator's bank disputes charges made
// with Stripe's dispute test cards; events for orders and moments no card reaches are made by hand and signed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import { releaseHeldPayouts, releaseOrderPayout } from "#worker/orders/services/payouts";
import { accountOf, creator, onboard } from "../support/connect-helpers";
import { newParty, type OrderStateName } from "../support/order-states";
import { deliver, platform } from "../support/payments-helpers";
import {
  bankDecides,
  chargebackNotices,
  chargebackRows,
  deliverDisputeEvents,
  disputeEvent,
  disputeMoney,
  disputeObject,
  disputeOfIntent,
  heldPayout,
  orderPaidWith,
  payoutStatuses,
} from "../support/chargeback-orders";

const DAY = 86_400_000;

/** An order in `state`, paid by card, of a new creator and client; "STAGED" is paid with its first stage approved. */
async function orderIn(state: OrderStateName | "STAGED" | "REFUNDED") {
  const [seller, buyer] = await Promise.all([creator(), newParty()]);
  const base = state === "STAGED" ? "PAID" : state === "REFUNDED" ? "CANCELED" : state;
  const order = await orderPaidWith(base, seller, buyer, { card: "pm_card_visa" });
  if (state === "STAGED") {
    const stages = stagesOfPlan([
      { title: "Sketch", sharePercent: 40, includedRevisions: 1 },
      { title: "Final", sharePercent: 60, includedRevisions: 1 },
    ]).map((stage, i) => (i === 0 ? { ...stage, status: "APPROVED", approvedAt: Date.now() - 2 * DAY } : stage));
    await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
      .bind(JSON.stringify(stages), order.id)
      .run();
  }
  if (state === "REFUNDED") {
    await platform().refunds.create({ payment_intent: order.intentId });
    await env.DB.prepare("UPDATE payment_transactions SET transaction_status = 'REFUNDED' WHERE id = ?")
      .bind(order.transactionId)
      .run();
  }
  return { ...order, seller, buyer };
}

const deliverAll = async (events: ReturnType<typeof disputeEvent>[]) => {
  for (const event of events) expect((await deliver(event)).status).toBe(200);
};

/** The life of one dispute of the order's charge as Stripe tells it, one second apart: opened, money taken, closed. */
function lifeOf(order: { intentId: string; chargeId: string }, outcome: "won" | "lost", start: number) {
  const id = `dp_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const base = { id, payment_intent: order.intentId, charge: order.chargeId };
  const opened = disputeObject(base, start);
  const withdrawn = disputeObject({ ...base, balance_transactions: [disputeMoney(-10_000)] }, start);
  const reviewed = disputeObject(
    { ...base, status: "under_review", balance_transactions: [disputeMoney(-10_000)] },
    start,
  );
  const closing = [disputeMoney(-10_000), ...(outcome === "won" ? [disputeMoney(10_000)] : [])];
  const closed = disputeObject({ ...base, status: outcome, balance_transactions: closing }, start);
  return {
    id,
    events: [
      disputeEvent("charge.dispute.created", opened, start),
      disputeEvent("charge.dispute.funds_withdrawn", withdrawn, start + 1),
      disputeEvent("charge.dispute.updated", reviewed, start + 2),
      disputeEvent("charge.dispute.closed", closed, start + 3),
      ...(outcome === "won" ? [disputeEvent("charge.dispute.funds_reinstated", closed, start + 4)] : []),
    ],
  };
}

const BEARER: Record<string, "comet" | "creator"> = {
  PAID: "creator",
  DELIVERED: "comet",
  COMPLETED: "comet",
  REFUNDED: "creator",
  STAGED: "comet",
};

describe("every dispute event, in every order state, replayed and out of order", () => {
  for (const state of ["PAID", "DELIVERED", "COMPLETED", "REFUNDED", "STAGED"] as const) {
    it(`${state}: in order and each twice, one row lost by the rule (${BEARER[state]}), each party told once of each`, async () => {
      const order = await orderIn(state);
      const { id, events } = lifeOf(order, "lost", Math.floor(Date.now() / 1000));
      await deliverAll([...events, ...events]);
      const rows = await chargebackRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        order_id: order.id,
        transaction_id: order.transactionId,
        status: "lost",
        amount: 10_000,
        currency: "JPY",
        withdrawn_amount: 10_000,
        reinstated_amount: 0,
        borne_by: BEARER[state],
      });
      expect(await chargebackNotices(order.id)).toEqual({
        "OPENED:buyer": 1,
        "OPENED:seller": 1,
        "CLOSED:buyer": 1,
        "CLOSED:seller": 1,
      });
    });

    it(`${state}: closed before created, then updated after closed: the outcome stands and only its closing is told`, async () => {
      const order = await orderIn(state);
      const start = Math.floor(Date.now() / 1000);
      const { id, events } = lifeOf(order, "won", start);
      const [created, withdrawn, , closed, reinstated] = events;
      await deliverAll([closed!, created!, reinstated!, withdrawn!]);
      // An `updated` event after the close that says it is open again changes nothing: a closed outcome is final.
      const reopened = disputeObject({ id, payment_intent: order.intentId, charge: order.chargeId }, start);
      await deliverAll([disputeEvent("charge.dispute.updated", reopened, start + 10)]);
      const [row] = await chargebackRows(id);
      expect(row).toMatchObject({ status: "won", borne_by: null, withdrawn_amount: 10_000, reinstated_amount: 10_000 });
      expect(row!.closed_at).not.toBeNull();
      expect(await chargebackNotices(order.id)).toEqual({ "CLOSED:buyer": 1, "CLOSED:seller": 1 });
    });
  }

  it("a dispute of a charge no order knows is still recorded, with no order and no notice", async () => {
    const id = `dp_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
    const dispute = disputeObject({ id, payment_intent: "pi_unknown_to_comet" }, Math.floor(Date.now() / 1000));
    await deliverAll([disputeEvent("charge.dispute.created", dispute, dispute.created)]);
    expect(await chargebackRows(id)).toEqual([expect.objectContaining({ order_id: null, status: "needs_response" })]);
  });

  it("the emulator's dispute card: its bank's created and funds_withdrawn, then lost, through the webhook", async () => {
    const [seller, buyer] = await Promise.all([creator(), newParty()]);
    const order = await orderPaidWith("COMPLETED", seller, buyer);
    const dispute = await disputeOfIntent(order.intentId);
    const heard = await deliverDisputeEvents(dispute.id);
    expect(heard.map((e) => e.type)).toEqual(["charge.dispute.created", "charge.dispute.funds_withdrawn"]);
    expect(await chargebackRows(dispute.id)).toEqual([
      expect.objectContaining({
        order_id: order.id,
        status: "needs_response",
        reason: "fraudulent",
        withdrawn_amount: 10_000,
      }),
    ]);
    await bankDecides(dispute.id, "lost");
    await deliverDisputeEvents(dispute.id);
    expect(await chargebackRows(dispute.id)).toEqual([expect.objectContaining({ status: "lost", borne_by: "comet" })]);
    expect(await chargebackNotices(order.id)).toEqual({
      "OPENED:buyer": 1,
      "OPENED:seller": 1,
      "CLOSED:buyer": 1,
      "CLOSED:seller": 1,
    });
  });
});

describe("the order's payouts: held while open, then released or withheld by the rule", () => {
  async function readyOrder(state: OrderStateName) {
    const [seller, buyer] = await Promise.all([creator(), newParty()]);
    await onboard(seller.cookie, "complete");
    const order = await orderPaidWith(state, seller, buyer);
    const dispute = await disputeOfIntent(order.intentId);
    await deliverDisputeEvents(dispute.id);
    await heldPayout(order, seller);
    return { order, seller, dispute, account: (await accountOf(seller))! };
  }
  const transfersTo = async (account: string) =>
    (await platform().transfers.list({ destination: account, limit: 100 })).data;
  const release = (orderId: string) => releaseOrderPayout(env.DB, platform, orderId);

  it("open: neither the order's release nor the cron's sends it; won: it goes once", async () => {
    const { order, seller, dispute, account } = await readyOrder("COMPLETED");
    expect(await release(order.id)).toBe("not_released");
    expect(await releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId)).toEqual([]);
    expect(await payoutStatuses(order.id)).toEqual(["HELD"]);
    expect(await transfersTo(account)).toEqual([]);
    await bankDecides(dispute.id, "won");
    await deliverDisputeEvents(dispute.id);
    expect(await payoutStatuses(order.id)).toEqual(["TRANSFERRED"]);
    expect((await transfersTo(account)).map((t) => t.amount)).toEqual([9_000]);
  });

  it("lost before delivery: the creator bears it, the held payout and one written later are withheld, nothing sent", async () => {
    const { order, seller, dispute, account } = await readyOrder("PAID");
    await bankDecides(dispute.id, "lost");
    await deliverDisputeEvents(dispute.id);
    expect((await chargebackRows(dispute.id))[0]).toMatchObject({ status: "lost", borne_by: "creator" });
    expect(await payoutStatuses(order.id)).toEqual(["WITHHELD"]);
    await heldPayout(order, seller, 1_000, `comet-order-${order.id}-award-transfer`);
    expect(await releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId)).toEqual([
      "not_released",
    ]);
    expect(await payoutStatuses(order.id)).toEqual(["WITHHELD", "WITHHELD"]);
    expect(await transfersTo(account)).toEqual([]);
  });

  it("lost after delivery: Comet bears it and the payout goes", async () => {
    const { order, dispute, account } = await readyOrder("DELIVERED");
    await bankDecides(dispute.id, "lost");
    await deliverDisputeEvents(dispute.id);
    expect((await chargebackRows(dispute.id))[0]).toMatchObject({ borne_by: "comet" });
    expect(await payoutStatuses(order.id)).toEqual(["TRANSFERRED"]);
    expect((await transfersTo(account)).map((t) => t.amount)).toEqual([9_000]);
  });

  it("a payout already transferred before the chargeback stays transferred when it is lost", async () => {
    const [seller, buyer] = await Promise.all([creator(), newParty()]);
    await onboard(seller.cookie, "complete");
    const order = await orderPaidWith("PAID", seller, buyer, { card: "pm_card_visa" });
    await heldPayout(order, seller);
    expect(await release(order.id)).toBe("transferred");
    const { id, events } = lifeOf(order, "lost", Math.floor(Date.now() / 1000));
    await deliverAll(events);
    expect((await chargebackRows(id))[0]).toMatchObject({ borne_by: "creator" });
    expect(await payoutStatuses(order.id)).toEqual(["TRANSFERRED"]);
    const [transfer] = await transfersTo((await accountOf(seller))!);
    expect(transfer).toMatchObject({ amount: 9_000, amount_reversed: 0 });
  });
});
