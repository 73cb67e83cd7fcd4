// The money of an order's stages (issue 36, decision 073), exactly once: each approved stage's share less its fee goes
// to the creator in one transfer, whoever approves it (the client, racing and repeated, or the review deadline's
// alarm), and a cancel gives back only the shares not approved, as one partial refund. After each, the reconciler's
// invariant (worker/orders/domain/order-money.ts) holds. Real workerd, real Order objects and D1, the `stripe` SDK against
// the emulator; a ¥10,000 order in three stages, 30/30/40.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkOrderMoney } from "#worker/orders/services/money-check";
import { releaseHeldPayouts } from "#worker/orders/services/payouts";
import { loadOrder } from "#worker/orders/services/orders";
import { accountOf, creator, onboard, paidOrder } from "../support/connect-helpers";
import { newParty } from "../support/order-states";
import { platform } from "../support/payments-helpers";
import { actOn, chargeOfOrder, passReviewDeadline, payoutsOf, setStagesOnRow } from "../support/stage-fixtures";
import { orderStub } from "#worker/orders/order-stub";

/** What each stage releases: ¥3,000, ¥3,000, ¥4,000, each less the platform's fee on it. */
const STAGE_SHARES = [2_744, 2_744, 3_659];

/** A paid ¥10,000 order in three stages; its creator's connected account is ready, so a released share goes at once. */
async function stagedOrder() {
  const [seller, buyer] = [await creator(), await newParty()];
  await onboard(seller.cookie, "complete");
  const order = await paidOrder("PAID", seller, buyer);
  await setStagesOnRow(order.id);
  return { ...order, seller, buyer, account: (await accountOf(seller))! };
}
type StagedOrder = Awaited<ReturnType<typeof stagedOrder>>;

const preview = (o: StagedOrder, stage: number) => actOn(o.id, { type: "submitPreview", stage }, o.seller);
const approve = (o: StagedOrder, stage: number) => actOn(o.id, { type: "approveStage", stage }, o.buyer);
const cancel = (o: StagedOrder) => actOn(o.id, { type: "cancel" }, o.seller);
const transfersOf = async (o: StagedOrder) =>
  (await platform().transfers.list({ destination: o.account, limit: 100 })).data.map((t) => t.amount).sort();
const transactionOf = (orderId: string) =>
  env.DB.prepare("SELECT transaction_status, amount, refunded_amount FROM payment_transactions WHERE order_id = ?")
    .bind(orderId)
    .first<{ transaction_status: string; amount: number; refunded_amount: number }>();
const stagesOf = async (orderId: string) => (await orderStub(env.ORDER, orderId).get())!.state.stages;

async function expectMoneyAgrees(orderId: string) {
  const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, orderId);
  expect(report?.disagreements, JSON.stringify(report?.ledger)).toEqual([]);
  return report!.ledger;
}

describe("an approved stage's share goes to the creator once", () => {
  it("stage 1 approved: one transfer of ¥2,744 (¥3,000 less its fee), from the order's charge, keyed by order and stage", async () => {
    const order = await stagedOrder();
    expect(await preview(order, 0)).toMatchObject({ status: "done", changed: true });
    expect(await approve(order, 0)).toMatchObject({ status: "done", changed: true });
    expect(await transfersOf(order)).toEqual([2_744]);
    const [transfer] = (await platform().transfers.list({ destination: order.account, limit: 1 })).data;
    expect(transfer.source_transaction).toBe((await chargeOfOrder(order.id)).id);
    expect(await payoutsOf(order.id)).toEqual([
      {
        stage_index: 0,
        amount: 2_744,
        payout_status: "TRANSFERRED",
        stripe_transfer_id: transfer.id,
        idempotency_key: `comet-order-${order.id}-stage-0-transfer`,
      },
    ]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 0, transferred: 2_744 });
  });

  it("approved three times at once, then again: one approval, one transfer", async () => {
    const order = await stagedOrder();
    await preview(order, 0);
    const answers = await Promise.all([approve(order, 0), approve(order, 0), approve(order, 0)]);
    expect(answers.filter((a) => a.status === "done" && a.changed)).toHaveLength(1);
    expect(await approve(order, 0)).toMatchObject({ status: "refused", refusal: "stage_not_current" });
    expect(await transfersOf(order)).toEqual([2_744]);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    await expectMoneyAgrees(order.id);
  });

  it("every stage approved, then delivered and completed: three transfers (¥9,147 in all), and the completion sends nothing more", async () => {
    const order = await stagedOrder();
    for (const stage of [0, 1, 2]) {
      await preview(order, stage);
      expect(await approve(order, stage)).toMatchObject({ status: "done", changed: true });
    }
    expect(await actOn(order.id, { type: "deliver" }, order.seller)).toMatchObject({ status: "done" });
    expect(await actOn(order.id, { type: "complete" }, order.seller)).toMatchObject({
      status: "done",
      state: { progress: "COMPLETED" },
    });
    expect(await transfersOf(order)).toEqual([...STAGE_SHARES].sort());
    expect((await payoutsOf(order.id)).map((p) => [p.stage_index, p.amount])).toEqual([
      [0, 2_744],
      [1, 2_744],
      [2, 3_659],
    ]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ transferred: 9_147 });
  });

  it("the review deadline passes: the alarm approves the stage and releases its share once, however often it fires", async () => {
    const order = await stagedOrder();
    await preview(order, 0);
    expect(await passReviewDeadline(order.id)).toBe(true);
    expect(await runDurableObjectAlarm(orderStub(env.ORDER, order.id))).toBe(true);
    expect((await stagesOf(order.id))[0]).toMatchObject({ status: "APPROVED", approvedBy: "system" });
    // The alarm again (due at once), and the client's own approval arriving late: nothing more moves.
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect(await approve(order, 0)).toMatchObject({ status: "refused" });
    expect(await transfersOf(order)).toEqual([2_744]);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    await expectMoneyAgrees(order.id);
  });
});

describe("a cancel gives back the shares not approved, once", () => {
  it("cancelled after stage 1: ¥7,000 refunded at Stripe, the transaction PARTIALLY_REFUNDED, the paid payment still found", async () => {
    const order = await stagedOrder();
    await preview(order, 0);
    await approve(order, 0);
    expect(await cancel(order)).toMatchObject({
      status: "done",
      state: { progress: "CANCELED" },
      money: "refunded",
    });
    const charge = await chargeOfOrder(order.id);
    expect({ captured: charge.amount_captured, refunded: charge.amount_refunded }).toEqual({
      captured: 10_000,
      refunded: 7_000,
    });
    expect(await transactionOf(order.id)).toEqual({
      transaction_status: "PARTIALLY_REFUNDED",
      amount: 10_000,
      refunded_amount: 7_000,
    });
    // The object read afresh from D1 still knows which payment paid the order.
    expect((await loadOrder(env.DB, order.id))!.state.paidPayment?.intentId).toBe(charge.payment_intent);
    // A cancel again, and the retry alarm: refused or nothing owed; the refund stays ¥7,000.
    expect(await cancel(order)).toMatchObject({ status: "refused" });
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect((await chargeOfOrder(order.id)).amount_refunded).toBe(7_000);
    expect(await transfersOf(order)).toEqual([2_744]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 7_000 });
  });

  it("approve and cancel at once: whichever wins, the money agrees, with one transfer per approved stage and one refund", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await stagedOrder();
      await preview(order, 0);
      await approve(order, 0);
      await preview(order, 1);
      await Promise.all([approve(order, 1), cancel(order), approve(order, 1)]);
      const approved = (await stagesOf(order.id)).filter((s) => s.status === "APPROVED").length;
      expect([1, 2]).toContain(approved);
      expect(await transfersOf(order)).toEqual(STAGE_SHARES.slice(0, approved));
      const kept = approved * 3_000;
      expect((await chargeOfOrder(order.id)).amount_refunded).toBe(10_000 - kept);
      expect(
        (await platform().refunds.list({ payment_intent: (await chargeOfOrder(order.id)).payment_intent as string }))
          .data,
      ).toHaveLength(1);
      expect(await transactionOf(order.id)).toMatchObject({
        transaction_status: "PARTIALLY_REFUNDED",
        refunded_amount: 10_000 - kept,
      });
      await expectMoneyAgrees(order.id);
    }
  });

  it("an admin cancels a staged order: the unapproved shares go back, the stage under review among them", async () => {
    const order = await stagedOrder();
    await preview(order, 0);
    await approve(order, 0);
    await preview(order, 1);
    expect(await actOn(order.id, { type: "adminCancel" }, "system")).toMatchObject({
      status: "done",
      state: { progress: "CANCELED" },
      money: "refunded",
    });
    expect((await stagesOf(order.id)).map((s) => s.status)).toEqual(["APPROVED", "IN_REVIEW", "PENDING"]);
    expect((await chargeOfOrder(order.id)).amount_refunded).toBe(7_000);
    expect(await transfersOf(order)).toEqual([2_744]);
    await expectMoneyAgrees(order.id);
  });

  it("an admin cancels a staged order before any approval: the whole charge goes back, REFUNDED, nothing transferred", async () => {
    const order = await stagedOrder();
    await preview(order, 0);
    await actOn(order.id, { type: "adminCancel" }, "system");
    expect((await chargeOfOrder(order.id)).amount_refunded).toBe(10_000);
    expect(await transactionOf(order.id)).toEqual({
      transaction_status: "REFUNDED",
      amount: 10_000,
      refunded_amount: 10_000,
    });
    expect(await transfersOf(order)).toEqual([]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ refunded: 10_000, transferred: 0 });
  });

  it("a stage's payout held past the cancel (the creator not yet set up) goes once, from the balance, when they are", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    const paid = await paidOrder("PAID", seller, buyer);
    await setStagesOnRow(paid.id);
    const order = { ...paid, seller, buyer, account: "" };
    await preview(order, 0);
    await approve(order, 0);
    expect((await payoutsOf(order.id)).map((p) => [p.stage_index, p.payout_status])).toEqual([[0, "HELD"]]);
    await cancel(order);
    expect((await chargeOfOrder(order.id)).amount_refunded).toBe(7_000);

    // The creator sets up payouts. The charge has less left than the ¥2,744 share (¥3,000 after the refund, less
    // Stripe's fee on the whole charge), so the share goes from the platform's balance instead, once. The balance
    // is shared by every test file, whose refunds and fees draw on it, so this test puts far more there than the
    // suite could take out meanwhile: a charge on the card whose funds are available at once (Stripe's own advice
    // for an empty test balance). It relied on other tests' money before, and failed when it ran alone or first.
    await onboard(seller.cookie, "complete");
    await platform().paymentIntents.create({
      amount: 1_000_000,
      currency: "jpy",
      payment_method: "pm_card_bypassPending",
      confirm: true,
    });
    const release = () => releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId);
    await release();
    await release();
    const account = (await accountOf(seller))!;
    const transfers = (await platform().transfers.list({ destination: account, limit: 100 })).data;
    expect(transfers.map((t) => [t.amount, t.source_transaction])).toEqual([[STAGE_SHARES[0], null]]);
    expect((await payoutsOf(order.id)).map((p) => [p.stage_index, p.payout_status])).toEqual([[0, "TRANSFERRED"]]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ captured: 10_000, refunded: 7_000 });
  });
});
