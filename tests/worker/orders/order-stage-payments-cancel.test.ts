// An order paid stage by stage ending early, and its races (issue 63, decision 101): a stage's part declined and left
// unpaid past its payment deadline (the alarm's expireStage, and the cron's backstop when the alarm did not ring), the
// client stopping at a stage instead of paying it, the creator cancelling once it is paid, and the races of issue 30
// again with a stage's charge: its success recorded twice, the approval that charges it repeated, a cancel racing
// it. Each ends with the money at Stripe agreeing with the order (the reconciler's invariant). Real workerd, the real
// Order objects and D1, the `stripe` SDK against the emulator; a ¥10,000 plan of three stages, 30/30/40.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { paidTotal } from "#worker/orders/domain/order-parts";
import { OVERDUE_ORDERS_SQL } from "#worker/orders/services/order-deadlines";
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
  declineLaterChargesOn,
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
  rowOf,
  stateOf,
  transactionsOf,
} from "../support/deposit-orders";
import {
  approveStage,
  byStageOrder,
  previewAndApprove,
  previewStage,
  refundCountOf,
  stagePayoutsOf,
} from "../support/stage-payment-orders";
import { stageTransferAmount } from "#worker/orders/domain/order-stages";

const cancelBy = (order: DepositOrder, who: "buyer" | "seller") =>
  orderDoor("/cancel", order[who], { orderId: order.id });

/**
 * Stage 1 paid (¥3,000) and approved, its share paid out; then the bank refuses the card, so stage 2's off-session
 * charge is declined and its part is due in the page.
 */
async function stageTwoDeclined() {
  const order = await byStageOrder();
  const first = await payDue(order);
  await declineLaterChargesOn(first);
  await previewAndApprove(order, 0);
  expect((await eventTypesOf(order.id)).slice(-2)).toEqual(["STAGE_CHARGED", "STAGE_PAYMENT_FAILED"]);
  const state = await stateOf(order.id);
  expect(state).toMatchObject({ progress: "APPROVED", partFailure: "declined" });
  const open = state.openPayment!.intentId;
  expect(await platform().paymentIntents.retrieve(open)).toMatchObject({
    status: "requires_payment_method",
    amount: 3_000,
    last_payment_error: { code: "card_declined" },
  });
  const share = stageTransferAmount(3_000, await feeNumeratorsOf(first));
  expect(await stagePayoutsOf(order.id)).toMatchObject([
    { stage_index: 0, amount: share, payout_status: "TRANSFERRED", intent_id: first },
  ]);
  expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0, transferred: share });
  return { order, first, open, share };
}

/** What a canceled order paid stage by stage ends with: stage 1 kept and paid out, stage 2's intent void. */
async function expectStoppedAtStageTwo(order: DepositOrder, open: string, share: number) {
  expect(await rowOf(order.id)).toMatchObject({ order_progress_status: "CANCELED" });
  expect(await platform().paymentIntents.retrieve(open)).toMatchObject({ status: "canceled" });
  expect(await partsAtStripe(order.id)).toEqual([
    { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
    { status: "canceled", amount: 3_000, captured: 0, refunded: 0 },
  ]);
  expect((await stagePayoutsOf(order.id)).map((p) => [p.stage_index, p.amount, p.payout_status])).toEqual([
    [0, share, "TRANSFERRED"],
  ]);
  // Captured − refunded is stage 1's part, the stage the client approved.
  expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 3_000, refunded: 0, transferred: share });
}

describe("a stage's part left unpaid", () => {
  it("declined, and its payment deadline passes: the alarm cancels the order (expireStage), stage 2's intent voided, nothing refunded, stage 1's payout stands", async () => {
    const { order, open, share } = await stageTwoDeclined();
    await passDeadline(order.id, "paymentDeadline");
    expect((await eventTypesOf(order.id)).slice(-1)).toEqual(["CANCELED"]);
    await expectStoppedAtStageTwo(order, open, share);
    // The alarm again: nothing more moves.
    await passDeadline(order.id, "paymentDeadline", { ring: false });
    expect((await eventTypesOf(order.id)).filter((e) => e === "CANCELED")).toHaveLength(1);
  });

  it("the alarm did not ring: the cron's sweep finds the order by its row and its object ends it the same way", async () => {
    const { order, open, share } = await stageTwoDeclined();
    await passDeadline(order.id, "paymentDeadline", { ring: false });
    const past = Date.now() - 1;
    await env.DB.prepare("UPDATE commission_orders SET payment_deadline = ? WHERE id = ?").bind(past, order.id).run();
    const overdue = async () =>
      (await env.DB.prepare(OVERDUE_ORDERS_SQL).bind(Date.now(), 1_000_000).all<{ id: string }>()).results.map(
        (r) => r.id,
      );
    expect(await overdue()).toContain(order.id);
    // What the cron does with each id it finds (worker/orders/fire-deadlines.ts).
    expect(await orderStub(env.ORDER, order.id).act({ type: "deadlinePassed" }, "system")).toMatchObject({
      status: "done",
      changed: true,
    });
    await expectStoppedAtStageTwo(order, open, share);
    expect(await overdue()).not.toContain(order.id);
  });

  it("the cron does not take a paid order whose next stage is paid (nothing due)", async () => {
    const order = await byStageOrder();
    await payDue(order);
    await previewAndApprove(order, 0);
    expect(await rowOf(order.id)).toMatchObject({ payment_deadline: null });
    const found = await env.DB.prepare(`SELECT id FROM (${OVERDUE_ORDERS_SQL}) WHERE id = ?3`)
      .bind(Date.now() + 365 * 86_400_000, 1_000_000, order.id)
      .all();
    expect(found.results).toEqual([]);
  });
});

describe("the order ends during stage 2", () => {
  it("the client stops at stage 2 instead of paying it: canceled, nothing refunded, stage 1 stays with the creator", async () => {
    const { order, open, share } = await stageTwoDeclined();
    expect(await cancelBy(order, "buyer")).toMatchObject({
      status: 200,
      body: { data: { orderProgressStatus: "CANCELED" } },
    });
    await expectStoppedAtStageTwo(order, open, share);
    expect((await cancelBy(order, "buyer")).status).toBe(409);
  });

  it("the creator cancels once stage 2 is paid: stage 2's own charge refunded in full, stage 1's kept", async () => {
    const order = await byStageOrder();
    const first = await payDue(order);
    await previewAndApprove(order, 0);
    const second = (await stateOf(order.id)).stages[1]!.payment!.intentId;
    expect(await previewStage(order, 1)).toMatchObject({ status: "done" });
    expect(await cancelBy(order, "seller")).toMatchObject({ status: 200, body: { data: { money: "refunded" } } });
    expect(await partsAtStripe(order.id)).toEqual([
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 },
      { status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 },
    ]);
    expect([await refundCountOf(first), await refundCountOf(second)]).toEqual([0, 1]);
    expect((await transactionsOf(order.id)).map((t) => [t.amount, t.transaction_status, t.refunded_amount])).toEqual([
      [3_000, "COMPLETED", 0],
      [3_000, "REFUNDED", 3_000],
    ]);
    expect((await stagePayoutsOf(order.id)).map((p) => [p.stage_index, p.intent_id])).toEqual([[0, first]]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 3_000 });
  });
});

/**
 * Stage 2 wanted 3-D Secure off-session; the client paid it in the page and passed the challenge: the intent has
 * succeeded at Stripe, and the order has not heard yet.
 */
async function stageTwoSucceededUnrecorded() {
  const order = await byStageOrder({ card: ALWAYS_AUTHENTICATE });
  await payDue(order);
  await previewAndApprove(order, 0);
  expect(await stateOf(order.id)).toMatchObject({ partFailure: "authentication_required" });
  const { body } = await pay(order);
  expect(body.status).toBe("requires_action");
  await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed");
  expect(await platform().paymentIntents.retrieve(body.intentId!)).toMatchObject({ status: "succeeded" });
  expect((await stateOf(order.id)).stages[1]!.payment).toBeNull();
  return { order, intent: body.intentId!, transactionId: body.transactionId };
}

describe("races", () => {
  it("stage 2's success recorded at once by its webhooks (each twice) and the page's check: STAGE_PAID once, one paid transaction", async () => {
    const { order, intent, transactionId } = await stageTwoSucceededUnrecorded();
    const events = await eventsAbout([intent]);
    expect(events.map((e) => e.type)).toContain("payment_intent.succeeded");
    const answers = await Promise.all([
      ...[...events, ...events].map((event) => deliver(event)),
      pageCheck(order, intent, transactionId),
    ]);
    expect(answers.slice(0, -1).map((r) => (r as Response).status)).toEqual(Array(events.length * 2).fill(200));
    expect(answers.at(-1)).toMatchObject({ status: "succeeded" });

    expect((await eventTypesOf(order.id)).filter((e) => e === "STAGE_PAID")).toHaveLength(1);
    expect((await stateOf(order.id)).stages[1]!.payment).toMatchObject({ intentId: intent, amount: 3_000 });
    expect((await transactionsOf(order.id)).map((t) => [t.amount, t.transaction_status])).toEqual([
      [3_000, "COMPLETED"],
      [3_000, "COMPLETED"],
    ]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });
  });

  it("stage 1 approved three times at once: one approval, stage 2 charged once", async () => {
    const order = await byStageOrder();
    await payDue(order);
    expect(await previewStage(order, 0)).toMatchObject({ status: "done" });
    const answers = await Promise.all([0, 0, 0].map((stage) => approveStage(order, stage)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const events = await eventTypesOf(order.id);
    expect(events.filter((e) => e === "STAGE_APPROVED")).toHaveLength(1);
    expect(events.filter((e) => e === "STAGE_CHARGED")).toHaveLength(1);
    expect(events.filter((e) => e === "STAGE_PAID")).toHaveLength(1);
    expect((await transactionsOf(order.id)).map((t) => [t.amount, t.transaction_status])).toEqual([
      [3_000, "COMPLETED"],
      [3_000, "COMPLETED"],
    ]);
    // Stripe made one intent for stage 2, whatever retried.
    const [, secondPart] = await partsAtStripe(order.id);
    expect(secondPart).toEqual({ status: "succeeded", amount: 3_000, captured: 3_000, refunded: 0 });
    expect(await stagePayoutsOf(order.id)).toHaveLength(1);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });
  });

  it("the creator's cancel and the approval that charges stage 2 at once: whichever wins, each charge refunded at most once and the money agrees", async () => {
    for (let round = 0; round < 2; round++) {
      const order = await byStageOrder();
      const first = await payDue(order);
      expect(await previewStage(order, 0)).toMatchObject({ status: "done" });
      await Promise.all([approveStage(order, 0), cancelBy(order, "seller")]);
      const state = await stateOf(order.id);
      expect(state.progress).toBe("CANCELED");
      const parts = await partsAtStripe(order.id);
      if (state.stages[0]!.status === "APPROVED") {
        // Approved first: stage 1 stays; stage 2's part, charged or not, is given back whole.
        expect(parts[0]).toMatchObject({ captured: 3_000, refunded: 0 });
        for (const part of parts.slice(1)) expect(part.refunded).toBe(part.captured);
        expect((await stagePayoutsOf(order.id)).map((p) => [p.stage_index, p.intent_id])).toEqual([[0, first]]);
      } else {
        // Cancelled first: the stage under review was not approved, so all of stage 1's part goes back, nothing else
        // was charged.
        expect(parts).toEqual([{ status: "succeeded", amount: 3_000, captured: 3_000, refunded: 3_000 }]);
        expect(await stagePayoutsOf(order.id)).toEqual([]);
      }
      for (const t of await transactionsOf(order.id))
        expect(await refundCountOf(t.stripe_payment_intent_id)).toBeLessThanOrEqual(1);
      await expectMoneyAgrees(order.id);
    }
  });

  it("the client's stop and the page's check of stage 2's success at once: whichever wins, captured − refunded is what the order says", async () => {
    for (let round = 0; round < 2; round++) {
      const { order, intent, transactionId } = await stageTwoSucceededUnrecorded();
      const [cancel] = await Promise.all([cancelBy(order, "buyer"), pageCheck(order, intent, transactionId)]);
      const state = await stateOf(order.id);
      const [first, second] = await partsAtStripe(order.id);
      expect([first.captured, second.captured]).toEqual([3_000, 3_000]);
      if (state.progress === "CANCELED") {
        // Stopped first: stage 1 stays, stage 2's charge that succeeded after goes back whole.
        expect(cancel.status).toBe(200);
        expect([first.refunded, second.refunded]).toEqual([0, 3_000]);
        expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 3_000 });
      } else {
        // Paid first: nothing was due any more, and the client's cancel of a paid stage is refused.
        expect(cancel.status).toBe(409);
        expect(state.stages[1]!.payment).toMatchObject({ intentId: intent });
        expect([first.refunded, second.refunded]).toEqual([0, 0]);
        expect(paidTotal(state)).toBe(6_000);
        expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 6_000, refunded: 0 });
      }
      expect(await refundCountOf(intent)).toBeLessThanOrEqual(1);
    }
  });
});
