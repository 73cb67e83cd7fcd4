// Paying in parts (issue 63, decision 100), end to end: a deposit asked at approval and paid through the pay door, the
// rest charged off-session by the Order object when the work is delivered, and what waits for it (the completion, the
// client's files). Each test reads the order in D1, each part's money at Stripe and the reconciler's invariant. Real
// workerd, the real Order objects and D1, the `stripe` SDK against the emulator; a ¥10,000 order, a 30% deposit
// (¥3,000) and its rest (¥7,000). The cancels and the races are order-deposits-cancel.test.ts.
import { describe, expect, it } from "vitest";
import { sellerTransferAmount } from "#worker/domain/money";
import { orderRefusalMessage } from "#worker/messages/orders";
import { formDoor } from "../support/command-doors";
import { setStagesOnRow } from "../support/stage-fixtures";
import { completeThreeDSecureInFrame, platform, sdkChallengeOf } from "../support/payments-helpers";
import {
  ALWAYS_AUTHENTICATE,
  approvedDepositOrder,
  declineLaterChargesOn,
  deliverWork,
  depositRequest,
  eventTypesOf,
  expectMoneyAgrees,
  feeNumeratorsOf,
  notificationsTo,
  orderDoor,
  partsAtStripe,
  passDeadline,
  pay,
  payDue,
  pageCheck,
  payoutsOf,
  readStatus,
  rowOf,
  stateOf,
} from "../support/deposit-orders";

describe("the rest charged off-session at delivery", () => {
  it("a saved 4242 card: the deposit ¥3,000, the rest ¥7,000 charged at delivery (REST_CHARGED, REST_PAID); completed, two payouts adding up to one of the total", async () => {
    const order = await approvedDepositOrder({ refundable: false });
    expect(await rowOf(order.id)).toMatchObject({ deposit: { percent: 30, refundable: false }, paid_rest: null });

    // The deposit: the pay door charges the first part only.
    const depositIntent = await payDue(order);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
    ]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0 });

    await deliverWork(order);
    expect(await eventTypesOf(order.id)).toEqual([
      "APPROVED",
      "PAYMENT_STARTED",
      "PAID",
      "DELIVERABLE_ADDED",
      "DELIVERED",
      "REST_CHARGED",
      "REST_PAID",
    ]);
    const state = await stateOf(order.id);
    expect(state).toMatchObject({ progress: "DELIVERED", partFailure: null, openPayment: null });
    expect(state.completionDeadline).toBeGreaterThan(Date.now());
    const row = await rowOf(order.id);
    expect(row.paid_rest).toMatchObject({ amount: 7_000 });
    expect(row.completion_deadline).toBe(state.completionDeadline);
    expect(row.payment_deadline).toBeNull();
    const parts = await partsAtStripe(order.id);
    expect(parts).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
      { status: "succeeded", amount: 7_000, captured: 7_000, refunded: 0 },
    ]);
    // The rest was charged on the deposit's own card and customer, off-session, under the order's rest key.
    const [deposit, rest] = await Promise.all([
      platform().paymentIntents.retrieve(depositIntent),
      platform().paymentIntents.retrieve(row.paid_rest!.intentId),
    ]);
    expect(rest).toMatchObject({
      customer: deposit.customer,
      payment_method: deposit.payment_method,
      metadata: { orderId: order.id, part: "rest" },
    });
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0 });

    // Completed, and the client's week to dispute passed: one payout per charge, the fee taken once on the whole.
    expect(await orderDoor("/complete", order.seller, { orderId: order.id })).toMatchObject({ status: 200 });
    await passDeadline(order.id, "payoutHeldUntil");
    const numerators = await feeNumeratorsOf(depositIntent);
    const whole = sellerTransferAmount(10_000, numerators);
    expect(whole).toBe(9_147);
    const depositShare = sellerTransferAmount(3_000, numerators);
    const payouts = await payoutsOf(order.id);
    expect(payouts.map((p) => [p.idempotency_key, p.amount, p.payout_status]).sort()).toEqual(
      [
        [`comet-order-${order.id}-rest-transfer`, whole - depositShare, "TRANSFERRED"],
        [`comet-order-${order.id}-transfer`, depositShare, "TRANSFERRED"],
      ].sort(),
    );
    const transfers = await Promise.all(payouts.map((p) => platform().transfers.retrieve(p.stripe_transfer_id!)));
    expect(transfers.reduce((sum, t) => sum + t.amount, 0)).toBe(whole);
    expect(new Set(transfers.map((t) => t.source_transaction)).size).toBe(2);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0, transferred: whole });
  });

  it("the bank wants 3-D Secure for the rest: REST_PAYMENT_FAILED and the client told; Complete refused and the files closed to the client until they pay it in the page", async () => {
    const order = await approvedDepositOrder({ card: ALWAYS_AUTHENTICATE });
    await payDue(order);
    const file = await deliverWork(order);

    expect(await eventTypesOf(order.id)).toEqual([
      "APPROVED",
      "PAYMENT_STARTED",
      "PAID",
      "DELIVERABLE_ADDED",
      "DELIVERED",
      "REST_CHARGED",
      "REST_PAYMENT_FAILED",
    ]);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ order_progress_status: "DELIVERED", rest_failure: "authentication_required" });
    expect(row.paid_rest).toBeNull();
    expect(row.completion_deadline).toBeNull();
    expect(row.payment_deadline).toBeGreaterThan(Date.now());
    const restIntent = (await stateOf(order.id)).openPayment!.intentId;
    expect(await platform().paymentIntents.retrieve(restIntent)).toMatchObject({
      status: "requires_payment_method",
      amount: 7_000,
      last_payment_error: { code: "authentication_required" },
    });
    expect(await notificationsTo(order.id, order.buyer, "COMMISSION_ORDER_PAYMENT_DUE")).toBe(1);
    expect(await notificationsTo(order.id, order.seller, "COMMISSION_ORDER_PAYMENT_DUE")).toBe(0);

    const refused = await orderDoor("/complete", order.seller, { orderId: order.id });
    expect(refused).toMatchObject({ status: 409, body: { error: "rest_unpaid" } });
    expect(refused.body.message).toBe(orderRefusalMessage("rest_unpaid", "en"));
    expect(await readStatus(order.buyer, file)).toBe(403);
    expect(await readStatus(order.seller, file)).toBe(200);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000 });

    // The client pays the rest in the page: the same door and the same intent, 3-D Secure in the page's frame.
    const { status, body } = await pay(order);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "requires_action", intentId: restIntent });
    expect(await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed")).toMatchObject({
      status: "succeeded",
    });
    expect(await pageCheck(order, restIntent, body.transactionId)).toMatchObject({ status: "succeeded" });

    expect((await eventTypesOf(order.id)).slice(-1)).toEqual(["REST_PAID"]);
    expect(await rowOf(order.id)).toMatchObject({ rest_failure: null, paid_rest: { intentId: restIntent } });
    expect(await readStatus(order.buyer, file)).toBe(200);
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
      { status: "succeeded", amount: 7_000, captured: 7_000, refunded: 0 },
    ]);
    expect(await orderDoor("/complete", order.seller, { orderId: order.id })).toMatchObject({ status: 200 });
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0 });
  });
});

describe("the rest declined and left unpaid", () => {
  /** A deposit paid, then the bank refuses the card: the rest's off-session charge at delivery is declined. */
  async function declinedRest(refundable: boolean) {
    const order = await approvedDepositOrder({ refundable });
    const depositIntent = await payDue(order);
    await declineLaterChargesOn(depositIntent);
    await deliverWork(order);
    expect((await eventTypesOf(order.id)).slice(-3)).toEqual(["DELIVERED", "REST_CHARGED", "REST_PAYMENT_FAILED"]);
    expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "DELIVERED", rest_failure: "declined" });
    const restIntent = (await stateOf(order.id)).openPayment!.intentId;
    expect(await platform().paymentIntents.retrieve(restIntent)).toMatchObject({
      status: "requires_payment_method",
      amount: 7_000,
      last_payment_error: { code: "card_declined" },
    });
    expect(await notificationsTo(order.id, order.buyer, "COMMISSION_ORDER_PAYMENT_DUE")).toBe(1);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0 });
    return { order, depositIntent, restIntent };
  }

  it("kept terms: the payment deadline passes, the alarm cancels the order (expireRest), the rest's intent is voided and the deposit stays, paid out to the creator", async () => {
    const { order, depositIntent, restIntent } = await declinedRest(false);
    await passDeadline(order.id, "paymentDeadline");

    expect((await eventTypesOf(order.id)).slice(-1)).toEqual(["CANCELED"]);
    expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "CANCELED", kept_deposit: 3_000 });
    expect(await platform().paymentIntents.retrieve(restIntent)).toMatchObject({ status: "canceled" });
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
      { status: "canceled", amount: 7_000, captured: 0, refunded: 0 },
    ]);
    const share = sellerTransferAmount(3_000, await feeNumeratorsOf(depositIntent));
    expect(await payoutsOf(order.id)).toMatchObject([
      {
        idempotency_key: `comet-order-${order.id}-kept-deposit-transfer`,
        amount: share,
        payout_status: "TRANSFERRED",
      },
    ]);
    // The alarm again: nothing more moves.
    await passDeadline(order.id, "paymentDeadline", { ring: false });
    expect((await eventTypesOf(order.id)).filter((e) => e === "CANCELED")).toHaveLength(1);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0, transferred: share });
  });

  it("refundable terms: the payment deadline passes, the order is canceled and the deposit refunded in full; nothing paid out", async () => {
    const { order, restIntent } = await declinedRest(true);
    await passDeadline(order.id, "paymentDeadline");

    expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "CANCELED" });
    expect((await rowOf(order.id)).kept_deposit ?? 0).toBe(0);
    expect(await platform().paymentIntents.retrieve(restIntent)).toMatchObject({ status: "canceled" });
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 },
      { status: "canceled", amount: 7_000, captured: 0, refunded: 0 },
    ]);
    expect(await payoutsOf(order.id)).toEqual([]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 3_000, transferred: 0 });
  });
});

describe("a deposit the order cannot take is refused at approval", () => {
  // The refusal's words, as the messages hold them in each language (the bounds and the smallest charge filled in).
  const EN = orderRefusalMessage("deposit_invalid", "en")!;
  const JA = orderRefusalMessage("deposit_invalid", "ja")!;

  it("its words are the order's, one per language", () => {
    expect(EN).toMatch(/^Ask for a deposit of 10 to 90% of the total/);
    expect(JA).toMatch(/^前金は合計の10〜90%/);
  });

  /** Refused 400 deposit_invalid in the caller's language, and the request still waits for its approval. */
  async function expectRefused(
    order: { id: string },
    answer: { status: number; body: Record<string, unknown> },
    text: string,
  ) {
    expect(answer).toMatchObject({ status: 400, body: { error: "deposit_invalid", message: text } });
    expect(await rowOf(order.id)).toMatchObject({ deposit: null, approved_at: null });
    expect(await eventTypesOf(order.id)).toEqual([]);
  }

  it("5% and 95% through the JSON door, worded in English and Japanese; the page's form refuses 95 too", async () => {
    const order = await depositRequest({ onboarded: false });
    const approve = (percent: number, language: string) =>
      orderDoor("/approve", order.seller, { orderId: order.id, deposit: { percent, refundable: true } }, language);
    await expectRefused(order, await approve(5, "en"), EN);
    await expectRefused(order, await approve(95, "ja"), JA);
    // The order page's form: refused, nothing changed (the page answers an order's refusal 409 without its words).
    const form = await formDoor(
      order.seller,
      "seller",
      { intent: "approve", orderId: order.id, depositPercent: "95", depositTerms: "kept" },
      "ja",
    );
    expect(form).toMatchObject({ data: { ok: false, intent: "approve" }, init: { status: 409 } });
    expect(await eventTypesOf(order.id)).toEqual([]);
    // Within the bounds, the same request is approved with its deposit.
    expect(await approve(10, "en")).toMatchObject({ status: 200 });
    expect(await rowOf(order.id)).toMatchObject({ deposit: { percent: 10, refundable: true } });
  });

  it("an order with milestones: a deposit refused, worded; approved without one", async () => {
    const order = await depositRequest({ onboarded: false });
    await setStagesOnRow(order.id);
    const answer = await orderDoor("/approve", order.seller, {
      orderId: order.id,
      deposit: { percent: 30, refundable: false },
    });
    await expectRefused(order, answer, EN);
    expect(await orderDoor("/approve", order.seller, { orderId: order.id })).toMatchObject({ status: 200 });
    expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "APPROVED", deposit: null });
  });
});
