// A deposit order's cancels and races (issue 63, decision 100): what a cancel after the deposit gives back under each
// term and by whom (the client walking away, the client of a late delivery, the creator), and the races of issue 30
// again with two parts: the rest's success recorded twice, a cancel racing the rest's payment, an approval repeated.
// Each ends with the money at Stripe agreeing with the order (the reconciler's invariant). Real workerd, the real Order
// objects and D1, the `stripe` SDK against the emulator; a ¥10,000 order with a 30% deposit.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sellerTransferAmount } from "#worker/domain/money";
import { orderStub } from "#worker/orders/order-stub";
import {
  completeThreeDSecureInFrame,
  deliver,
  eventsAbout,
  platform,
  sdkChallengeOf,
} from "../support/payments-helpers";
import {
  ALWAYS_AUTHENTICATE,
  approvedDepositOrder,
  deliverWork,
  depositRequest,
  type DepositOrder,
  eventTypesOf,
  expectMoneyAgrees,
  feeNumeratorsOf,
  orderDoor,
  pageCheck,
  partsAtStripe,
  passDeadline,
  pay,
  payDue,
  payoutsOf,
  rowOf,
  stateOf,
  transactionsOf,
} from "../support/deposit-orders";

const cancelBy = (order: DepositOrder, who: "buyer" | "seller") =>
  orderDoor("/cancel", order[who], { orderId: order.id });

/** A deposit order whose client has paid the deposit (¥3,000), not yet delivered. */
async function paidDeposit(refundable: boolean) {
  const order = await approvedDepositOrder({ refundable });
  const depositIntent = await payDue(order);
  expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "APPROVED", order_payment_status: "COMPLETED" });
  return { order, depositIntent };
}

describe("a cancel after the deposit, before delivery", () => {
  it("the client walks away under kept terms: nothing refunded, the deposit kept and paid out to the creator less its fee", async () => {
    const { order, depositIntent } = await paidDeposit(false);
    expect(await cancelBy(order, "buyer")).toMatchObject({
      status: 200,
      body: { data: { orderProgressStatus: "CANCELED" } },
    });
    expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "CANCELED", kept_deposit: 3_000 });
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
    ]);
    const share = sellerTransferAmount(3_000, await feeNumeratorsOf(depositIntent));
    const [payout] = await payoutsOf(order.id);
    expect(payout).toMatchObject({
      idempotency_key: `comet-order-${order.id}-kept-deposit-transfer`,
      amount: share,
      payout_status: "TRANSFERRED",
    });
    expect(await platform().transfers.retrieve(payout.stripe_transfer_id!)).toMatchObject({ amount: share });
    // Again: refused, and nothing more moves.
    expect((await cancelBy(order, "buyer")).status).toBe(409);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0, transferred: share });
  });

  it("the client walks away under refundable terms: the deposit refunded in full, nothing paid out", async () => {
    const { order } = await paidDeposit(true);
    expect(await cancelBy(order, "buyer")).toMatchObject({ status: 200, body: { data: { money: "refunded" } } });
    expect((await rowOf(order.id)).kept_deposit ?? 0).toBe(0);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 },
    ]);
    expect(await transactionsOf(order.id)).toMatchObject([{ transaction_status: "REFUNDED", refunded_amount: 3_000 }]);
    expect(await payoutsOf(order.id)).toEqual([]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 3_000, transferred: 0 });
  });

  it("kept terms, the delivery late: the client's cancel refunds the deposit in full (the creator's failing)", async () => {
    const { order } = await paidDeposit(false);
    await passDeadline(order.id, "deliveryDeadline", { ring: false });
    expect(await cancelBy(order, "buyer")).toMatchObject({ status: 200, body: { data: { money: "refunded" } } });
    expect((await rowOf(order.id)).kept_deposit ?? 0).toBe(0);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 },
    ]);
    expect(await payoutsOf(order.id)).toEqual([]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ refunded: 3_000, transferred: 0 });
  });

  it("kept terms, the creator cancels: the deposit refunded in full", async () => {
    const { order } = await paidDeposit(false);
    expect(await cancelBy(order, "seller")).toMatchObject({ status: 200, body: { data: { money: "refunded" } } });
    expect((await rowOf(order.id)).kept_deposit ?? 0).toBe(0);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 },
    ]);
    expect(await payoutsOf(order.id)).toEqual([]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ refunded: 3_000, transferred: 0 });
  });
});

/**
 * The rest wanted 3-D Secure off-session; the client paid it in the page and passed the challenge: the intent has
 * succeeded at Stripe, and the order has not heard yet.
 */
async function restSucceededUnrecorded(refundable = false) {
  const order = await approvedDepositOrder({ card: ALWAYS_AUTHENTICATE, refundable });
  await payDue(order);
  await deliverWork(order);
  expect(await rowOf(order.id)).toMatchObject({ rest_failure: "authentication_required" });
  const { body } = await pay(order);
  expect(body.status).toBe("requires_action");
  await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed");
  expect(await platform().paymentIntents.retrieve(body.intentId!)).toMatchObject({ status: "succeeded" });
  expect(await rowOf(order.id)).toMatchObject({ paid_rest: null });
  return { order, restIntent: body.intentId!, transactionId: body.transactionId };
}

describe("races", () => {
  it("the rest's success recorded at once by its webhooks (each twice) and the page's check: REST_PAID once, one paid transaction", async () => {
    const { order, restIntent, transactionId } = await restSucceededUnrecorded();
    const events = await eventsAbout([restIntent]);
    expect(events.map((e) => e.type)).toContain("payment_intent.succeeded");
    const answers = await Promise.all([
      ...[...events, ...events].map((event) => deliver(event)),
      pageCheck(order, restIntent, transactionId),
    ]);
    expect(answers.slice(0, -1).map((r) => (r as Response).status)).toEqual(Array(events.length * 2).fill(200));
    expect(answers.at(-1)).toMatchObject({ status: "succeeded" });

    expect((await eventTypesOf(order.id)).filter((e) => e === "REST_PAID")).toHaveLength(1);
    expect(await rowOf(order.id)).toMatchObject({ paid_rest: { intentId: restIntent }, rest_failure: null });
    expect((await transactionsOf(order.id)).map((t) => [t.amount, t.transaction_status])).toEqual([
      [3_000, "COMPLETED"],
      [7_000, "COMPLETED"],
    ]);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
      { status: "succeeded", amount: 7_000, captured: 7_000, refunded: 0 },
    ]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0 });
  });

  it("the rest's deadline (kept terms) and the page's check of its success at once: whichever wins, captured − refunded is what the order says", async () => {
    for (let round = 0; round < 2; round++) {
      const { order, restIntent, transactionId } = await restSucceededUnrecorded(false);
      await passDeadline(order.id, "paymentDeadline", { ring: false });
      await Promise.all([
        runDurableObjectAlarm(orderStub(env.ORDER, order.id)),
        pageCheck(order, restIntent, transactionId),
      ]);
      const state = await stateOf(order.id);
      const [deposit, rest] = await partsAtStripe(order.id);
      if (state.progress === "CANCELED") {
        // Expired first: the client walked away, the deposit stays, the rest's charge goes back whole.
        expect(state.keptDeposit).toBe(3_000);
        expect([deposit.refunded, rest.refunded]).toEqual([0, 7_000]);
      } else {
        // Paid first: nothing was due any more at the deadline.
        expect(state).toMatchObject({ progress: "DELIVERED", paidRest: { intentId: restIntent } });
        expect([deposit.refunded, rest.refunded]).toEqual([0, 0]);
      }
      expect([deposit.captured, rest.captured]).toEqual([3_000, 7_000]);
      expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000 });
    }
  });

  it("the rest's deadline alone after the client's 3-D Secure succeeded, unrecorded: the alarm takes the rest first, the client keeps their order and deposit", async () => {
    const { order, restIntent } = await restSucceededUnrecorded(false);
    await passDeadline(order.id, "paymentDeadline");
    expect(await stateOf(order.id)).toMatchObject({
      progress: "DELIVERED",
      paidRest: { intentId: restIntent },
      keptDeposit: null,
    });
    expect((await eventTypesOf(order.id)).slice(-1)).toEqual(["REST_PAID"]);
    const [deposit, rest] = await partsAtStripe(order.id);
    expect([deposit.refunded, rest.refunded]).toEqual([0, 0]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0 });
  });

  it("an admin's cancel and the page's check of the rest's success at once: everything the client paid goes back, once", async () => {
    for (let round = 0; round < 2; round++) {
      const { order, restIntent, transactionId } = await restSucceededUnrecorded(false);
      await Promise.all([
        orderStub(env.ORDER, order.id).act({ type: "adminCancel" }, "system"),
        pageCheck(order, restIntent, transactionId),
      ]);
      expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "CANCELED" });
      expect(await partsAtStripe(order.id)).toEqual([
        { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 },
        { status: "succeeded", amount: 7_000, captured: 7_000, refunded: 7_000 },
      ]);
      const refunds = await Promise.all(
        (await transactionsOf(order.id)).map((t) =>
          platform().refunds.list({ payment_intent: t.stripe_payment_intent_id }),
        ),
      );
      expect(refunds.map((r) => r.data.length)).toEqual([1, 1]);
      expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 10_000 });
    }
  });

  it("the approval with a deposit sent three times at once: one approval, its deposit kept once", async () => {
    const order = await depositRequest({ onboarded: false });
    const body = { orderId: order.id, deposit: { percent: 30, refundable: true } };
    const answers = await Promise.all([1, 2, 3].map(() => orderDoor("/approve", order.seller, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await eventTypesOf(order.id)).toEqual(["APPROVED"]);
    expect(await rowOf(order.id)).toMatchObject({ deposit: { percent: 30, refundable: true } });
    // The deposit it asked for is what the pay door charges, once.
    await payDue(order);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
    ]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000 });
  });
});
