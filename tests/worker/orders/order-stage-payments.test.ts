// Paying stage by stage (issue 63, decision 101), end to end: a milestone plan approved `byStage`, its first stage's
// part paid through the pay door, each later stage's part charged off-session by the Order object when the stage
// before it is approved, paid in the page when the bank asks, and its preview waiting for it. Each test reads the
// order in D1, each charge at Stripe and the reconciler's invariant. Real workerd, the real Order objects and D1, the
// `stripe` SDK against the emulator; a ¥10,000 plan of three stages, 30/30/40 (¥3,000, ¥3,000, ¥4,000). The cancels,
// the deadline and the races are order-stage-payments-cancel.test.ts.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { orderStub } from "#worker/orders/order-stub";
import { releaseHeldPayouts } from "#worker/orders/services/payouts";
import { onboard } from "../support/connect-helpers";
import { passReviewDeadline } from "../support/stage-fixtures";
import { orderRefusalMessage } from "#worker/messages/orders";
import { stageTransferAmount } from "#worker/orders/domain/order-stages";
import { formDoor } from "../support/command-doors";
import {
  completeThreeDSecureInFrame,
  deliver,
  eventsAbout,
  platform,
  sdkChallengeOf,
} from "../support/payments-helpers";
import {
  ALWAYS_AUTHENTICATE,
  deliverWork,
  eventTypesOf,
  expectMoneyAgrees,
  feeNumeratorsOf,
  notificationsTo,
  orderDoor,
  pageCheck,
  partsAtStripe,
  pay,
  payDue,
  rowOf,
  stateOf,
  transactionsOf,
} from "../support/deposit-orders";
import {
  approveStage,
  byStageOrder,
  chargeOf,
  postPreview,
  previewAndApprove,
  previewStage,
  rowStagesOf,
  STAGE_PARTS,
  stageIntentsOf,
  stagePayoutsOf,
  stagedRequest,
} from "../support/stage-payment-orders";

const paid = (amount: number) => ({ status: "succeeded", amount, captured: amount, refunded: 0 });

describe("each stage's part charged off-session when the stage before it is approved", () => {
  it("a saved 4242 card: ¥3,000 paid first; stage 1 approved charges stage 2 at once (STAGE_CHARGED, STAGE_PAID); each stage paid out from its own charge; completed with ¥10,000 captured", async () => {
    const order = await byStageOrder();
    expect((await rowStagesOf(order.id)).map((s) => s.payment)).toEqual([null, null, null]);

    // The first stage's part: the pay door charges ¥3,000 only, and no other part is due yet.
    const first = await payDue(order);
    expect(await partsAtStripe(order.id)).toEqual([paid(3_000)]);
    expect(await stageIntentsOf(order.id)).toEqual([first, undefined, undefined]);
    expect(await rowOf(order.id)).toMatchObject({ order_payment_status: "COMPLETED", payment_deadline: null });
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0 });

    await previewAndApprove(order, 0);
    expect(await eventTypesOf(order.id)).toEqual([
      "APPROVED",
      "PAYMENT_STARTED",
      "PAID",
      "STAGE_PREVIEWED",
      "STAGE_APPROVED",
      "STAGE_CHARGED",
      "STAGE_PAID",
    ]);
    const state = await stateOf(order.id);
    expect(state).toMatchObject({ progress: "APPROVED", openPayment: null, partFailure: null, paymentDeadline: null });
    const second = state.stages[1]!.payment!.intentId;
    expect(state.stages[1]!.payment).toMatchObject({ amount: 3_000 });
    expect((await rowStagesOf(order.id))[1]!.payment).toMatchObject({ intentId: second, amount: 3_000 });
    expect(await rowOf(order.id)).toMatchObject({ payment_deadline: null, rest_failure: null });
    expect(await notificationsTo(order.id, order.seller, "COMMISSION_ORDER_STAGE_PAID")).toBe(1);
    expect(await notificationsTo(order.id, order.buyer, "COMMISSION_ORDER_STAGE_PAID")).toBe(0);
    // Off-session on the first part's own card and customer, under the stage's own key.
    const [firstIntent, secondIntent] = await Promise.all([
      platform().paymentIntents.retrieve(first),
      platform().paymentIntents.retrieve(second),
    ]);
    expect(secondIntent).toMatchObject({
      status: "succeeded",
      amount: 3_000,
      customer: firstIntent.customer,
      payment_method: firstIntent.payment_method,
      metadata: { orderId: order.id, part: "stage-1" },
    });
    // Stage 1's share comes from stage 1's own charge.
    const numerators = await feeNumeratorsOf(first);
    const shares = STAGE_PARTS.map((part) => stageTransferAmount(part, numerators));
    expect(shares).toEqual([2_744, 2_744, 3_659]);
    const [stage1Payout] = await stagePayoutsOf(order.id);
    expect(stage1Payout).toMatchObject({
      stage_index: 0,
      amount: shares[0],
      payout_status: "TRANSFERRED",
      intent_id: first,
    });
    const stage1Transfer = await platform().transfers.retrieve(stage1Payout!.stripe_transfer_id!);
    expect(stage1Transfer.source_transaction).toBe((await chargeOf(first)).id);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0, transferred: shares[0] });

    // Stripe's notices of stage 2's charge arrive after the object took it (twice): nothing more is recorded.
    const before = await eventTypesOf(order.id);
    for (const event of [...(await eventsAbout([second])), ...(await eventsAbout([second]))])
      expect((await deliver(event)).status).toBe(200);
    expect(await eventTypesOf(order.id)).toEqual(before);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });

    // Stage 2 approved: stage 3's ¥4,000 charged; its own share from its own charge.
    await previewAndApprove(order, 1);
    const third = (await stateOf(order.id)).stages[2]!.payment!.intentId;
    expect(new Set([first, second, third]).size).toBe(3);
    await previewAndApprove(order, 2);
    expect((await eventTypesOf(order.id)).filter((e) => e === "STAGE_CHARGED")).toHaveLength(2);
    const payouts = await stagePayoutsOf(order.id);
    expect(payouts.map((p) => [p.stage_index, p.amount, p.payout_status, p.intent_id])).toEqual([
      [0, shares[0], "TRANSFERRED", first],
      [1, shares[1], "TRANSFERRED", second],
      [2, shares[2], "TRANSFERRED", third],
    ]);
    const transfers = await Promise.all(payouts.map((p) => platform().transfers.retrieve(p.stripe_transfer_id!)));
    const charges = await Promise.all([first, second, third].map(chargeOf));
    expect(transfers.map((t) => t.source_transaction)).toEqual(charges.map((c) => c.id));

    // Delivered and completed: nothing more charged, nothing more sent.
    await deliverWork(order);
    expect(await orderDoor("/complete", order.seller, { orderId: order.id })).toMatchObject({ status: 200 });
    expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "COMPLETED" });
    expect(await partsAtStripe(order.id)).toEqual(STAGE_PARTS.map(paid));
    const sent = shares.reduce((sum, share) => sum + share, 0);
    expect((await stagePayoutsOf(order.id)).reduce((sum, p) => sum + p.amount, 0)).toBe(sent);
    expect(transfers.reduce((sum, t) => sum + t.amount, 0)).toBe(sent);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0, transferred: sent });
  });

  it("the review deadline approves stage 1 by itself: its alarm charges stage 2 as the client's approval would", async () => {
    const order = await byStageOrder();
    await payDue(order);
    expect(await previewStage(order, 0)).toMatchObject({ status: "done" });
    expect(await passReviewDeadline(order.id)).toBe(true);
    expect(await runDurableObjectAlarm(orderStub(env.ORDER, order.id))).toBe(true);
    expect((await eventTypesOf(order.id)).slice(-3)).toEqual(["STAGE_APPROVED", "STAGE_CHARGED", "STAGE_PAID"]);
    const state = await stateOf(order.id);
    expect(state.stages[0]).toMatchObject({ status: "APPROVED", approvedBy: "system" });
    expect(state.stages[1]!.payment).toMatchObject({ amount: 3_000 });
    expect(state).toMatchObject({ paymentDeadline: null, openPayment: null });
    // The alarm again: nothing more charged.
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect(await partsAtStripe(order.id)).toEqual([paid(3_000), paid(3_000)]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });
  });

  it("the creator not yet set up: each stage's share held, then sent from its own stage's charge once they are", async () => {
    const order = await byStageOrder({ onboarded: false });
    const first = await payDue(order);
    await previewAndApprove(order, 0);
    const second = (await stateOf(order.id)).stages[1]!.payment!.intentId;
    await previewAndApprove(order, 1);
    expect((await stagePayoutsOf(order.id)).map((p) => [p.stage_index, p.payout_status, p.intent_id])).toEqual([
      [0, "HELD", first],
      [1, "HELD", second],
    ]);
    await onboard(order.seller.cookie, "complete");
    const release = () => releaseHeldPayouts({ d1: env.DB, stripe: platform() }, order.seller.userAccountId);
    await release();
    await release();
    const payouts = await stagePayoutsOf(order.id);
    expect(payouts.map((p) => p.payout_status)).toEqual(["TRANSFERRED", "TRANSFERRED"]);
    const transfers = await Promise.all(payouts.map((p) => platform().transfers.retrieve(p.stripe_transfer_id!)));
    const charges = await Promise.all([first, second].map(chargeOf));
    expect(transfers.map((t) => t.source_transaction)).toEqual(charges.map((c) => c.id));
    // Stage 3's part is charged too (stage 2 approved); the first two stages' shares are sent.
    const share = stageTransferAmount(3_000, await feeNumeratorsOf(first));
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, transferred: 2 * share });
  });

  it("Stripe down when stage 1 is approved: the approval stands, and the object's retry alarm charges stage 2 once", async () => {
    const order = await byStageOrder();
    await payDue(order);
    expect(await previewStage(order, 0)).toMatchObject({ status: "done" });
    const faults = `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/_emulator/faults`;
    const armed = await fetch(faults, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fault: "api_error", count: 10, match: order.id }),
    });
    expect(armed.status).toBe(201);
    const fault = ((await armed.json()) as { id: string }).id;
    try {
      expect(await approveStage(order, 0)).toMatchObject({ status: 200 });
      expect((await eventTypesOf(order.id)).slice(-1)).toEqual(["STAGE_APPROVED"]);
      const due = await stateOf(order.id);
      expect(due).toMatchObject({ openPayment: null, partFailure: null });
      expect(due.stages[1]!.payment).toBeNull();
      expect(due.paymentDeadline).toBeGreaterThan(Date.now());
    } finally {
      await fetch(`${faults}/${fault}`, { method: "DELETE" });
    }
    expect(await runDurableObjectAlarm(orderStub(env.ORDER, order.id))).toBe(true);
    expect((await eventTypesOf(order.id)).slice(-2)).toEqual(["STAGE_CHARGED", "STAGE_PAID"]);
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect(await partsAtStripe(order.id)).toEqual([paid(3_000), paid(3_000)]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });
  });

  it("the page's form approves stage by stage (payment=byStage)", async () => {
    const order = await stagedRequest({ onboarded: false });
    const form = await formDoor(order.seller, "seller", { intent: "approve", orderId: order.id, payment: "byStage" });
    expect(form).toMatchObject({ data: { ok: true } });
    expect((await rowStagesOf(order.id)).map((s) => s.payment)).toEqual([null, null, null]);
    // The first stage's part is what the pay door charges.
    await payDue(order);
    expect(await partsAtStripe(order.id)).toEqual([paid(3_000)]);
  });
});

describe("the bank wants 3-D Secure for a stage's part", () => {
  it("STAGE_PAYMENT_FAILED, the client alone told; the stage's preview refused (stage_unpaid) until they pay it in the page, 3-D Secure and all (STAGE_PAID)", async () => {
    const order = await byStageOrder({ card: ALWAYS_AUTHENTICATE });
    await payDue(order);
    await previewAndApprove(order, 0);
    expect((await eventTypesOf(order.id)).slice(-3)).toEqual([
      "STAGE_APPROVED",
      "STAGE_CHARGED",
      "STAGE_PAYMENT_FAILED",
    ]);
    const state = await stateOf(order.id);
    expect(state).toMatchObject({ progress: "APPROVED", partFailure: "authentication_required" });
    expect(state.stages[1]!.payment).toBeNull();
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ order_progress_status: "APPROVED", rest_failure: "authentication_required" });
    expect(row.payment_deadline).toBeGreaterThan(Date.now());
    const open = state.openPayment!.intentId;
    expect(await platform().paymentIntents.retrieve(open)).toMatchObject({
      status: "requires_payment_method",
      amount: 3_000,
      last_payment_error: { code: "authentication_required" },
    });
    expect(await notificationsTo(order.id, order.buyer, "COMMISSION_ORDER_STAGE_PAYMENT_DUE")).toBe(1);
    expect(await notificationsTo(order.id, order.seller, "COMMISSION_ORDER_STAGE_PAYMENT_DUE")).toBe(0);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0 });

    // Stripe's notices of the failed charge arrive (twice): nothing changes, the client is not told again.
    const failedEvents = await eventsAbout([open]);
    expect(failedEvents.map((e) => e.type)).toContain("payment_intent.payment_failed");
    for (const event of [...failedEvents, ...failedEvents]) expect((await deliver(event)).status).toBe(200);
    expect(await stateOf(order.id)).toMatchObject({
      partFailure: "authentication_required",
      openPayment: { intentId: open },
    });
    expect(await notificationsTo(order.id, order.buyer, "COMMISSION_ORDER_STAGE_PAYMENT_DUE")).toBe(1);

    // The creator cannot show stage 2's work yet: the preview door and the object's action both refuse it.
    const before = await eventTypesOf(order.id);
    expect(await postPreview(order, 1)).toMatchObject({
      status: 409,
      body: { error: "stage_unpaid", message: expect.stringMatching(/not paid for this stage/) },
    });
    expect(await previewStage(order, 1)).toMatchObject({ status: "refused", refusal: "stage_unpaid" });
    expect(await eventTypesOf(order.id)).toEqual(before);
    expect((await rowStagesOf(order.id))[1]).toMatchObject({ status: "PENDING", payment: null });

    // The client pays it in the page: the same door and the same intent, 3-D Secure in the page's frame.
    const { status, body } = await pay(order);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "requires_action", intentId: open });
    await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed");
    expect(await pageCheck(order, open, body.transactionId)).toMatchObject({ status: "succeeded" });

    expect((await eventTypesOf(order.id)).slice(-1)).toEqual(["STAGE_PAID"]);
    expect(await stateOf(order.id)).toMatchObject({ partFailure: null, openPayment: null, paymentDeadline: null });
    expect((await rowStagesOf(order.id))[1]!.payment).toMatchObject({ intentId: open, amount: 3_000 });
    expect(await notificationsTo(order.id, order.seller, "COMMISSION_ORDER_STAGE_PAID")).toBe(1);
    expect(await partsAtStripe(order.id)).toEqual([paid(3_000), paid(3_000)]);
    // Now the preview goes through.
    expect(await postPreview(order, 1)).toMatchObject({ status: 200 });
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });
  });

  it("stage_unpaid is worded in English and Japanese", () => {
    expect(orderRefusalMessage("stage_unpaid", "en")).toMatch(/not paid for this stage/);
    expect(orderRefusalMessage("stage_unpaid", "ja")).toMatch(/この段階の代金/);
  });
});

describe("stage by stage refused at approval when the plan cannot be paid so", () => {
  const EN = orderRefusalMessage("by_stage_invalid", "en")!;
  const JA = orderRefusalMessage("by_stage_invalid", "ja")!;

  it("its words are the order's, one per language", () => {
    expect(EN).toMatch(/^Stage by stage needs two stages or more/);
    expect(JA).toMatch(/^段階ごとの支払いには2つ以上の段階/);
  });

  /** Refused 400 by_stage_invalid in the caller's language; the request still waits, no stage charged. */
  async function expectRefused(order: { id: string }, answer: Awaited<ReturnType<typeof orderDoor>>, text: string) {
    expect(answer).toMatchObject({ status: 400, body: { error: "by_stage_invalid", message: text } });
    expect(await rowOf(order.id)).toMatchObject({ approved_at: null });
    expect(await eventTypesOf(order.id)).toEqual([]);
    expect(await transactionsOf(order.id)).toEqual([]);
  }
  const approveByStage = (order: Awaited<ReturnType<typeof stagedRequest>>, language: string, extra = {}) =>
    orderDoor("/approve", order.seller, { orderId: order.id, byStage: true, ...extra }, language);

  it("an order without stages, in English; then approved paid at once", async () => {
    const order = await stagedRequest({ onboarded: false, plan: null });
    await expectRefused(order, await approveByStage(order, "en"), EN);
    expect(await orderDoor("/approve", order.seller, { orderId: order.id })).toMatchObject({ status: 200 });
  });

  it("a plan of one stage, in Japanese", async () => {
    const order = await stagedRequest({
      onboarded: false,
      plan: [{ title: "All", sharePercent: 100, includedRevisions: 1 }],
    });
    await expectRefused(order, await approveByStage(order, "ja"), JA);
  });

  it("with a deposit too: refused as stage by stage's", async () => {
    const order = await stagedRequest({ onboarded: false });
    const answer = await approveByStage(order, "en", { deposit: { percent: 30, refundable: true } });
    expect(answer).toMatchObject({ status: 400, body: { error: "by_stage_invalid", message: EN } });
    expect(await rowOf(order.id)).toMatchObject({ approved_at: null, deposit: null });
    expect(await eventTypesOf(order.id)).toEqual([]);
    // Stage by stage alone is approved.
    expect(await approveByStage(order, "en")).toMatchObject({ status: 200 });
  });

  it("a ¥150 plan whose stages would be ¥45, ¥45 and ¥60: a charge under ¥50 refused, in Japanese", async () => {
    const order = await stagedRequest({ onboarded: false, priceAmount: 150 });
    await expectRefused(order, await approveByStage(order, "ja"), JA);
  });

  it("the page's form with payment=byStage on an order without stages: refused 409, nothing changed", async () => {
    const order = await stagedRequest({ onboarded: false, plan: null });
    const form = await formDoor(
      order.seller,
      "seller",
      { intent: "approve", orderId: order.id, payment: "byStage" },
      "ja",
    );
    expect(form).toMatchObject({ data: { ok: false, intent: "approve" }, init: { status: 409 } });
    expect(await eventTypesOf(order.id)).toEqual([]);
  });
});
