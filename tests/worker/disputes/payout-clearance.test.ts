// Issue 59, decision 092: the client's week to dispute the work survives a quick completion. The creator delivers and
// completes at once (the probe's 257 ms); the client's dispute is still taken, no payout has gone, and a refund gives
// the whole total back. Undisputed, the payout goes once when the week ends (the object's alarm, or the cron's net
// for a lost one), and the window is closed from then on. Racing the week's end, a dispute and the clearing never both
// happen. Real workerd, Order objects, D1 and the `stripe` SDK against the emulator; the reconciler agrees each time.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DISPUTE_AFTER_DELIVERY_MS, isDisputed } from "#worker/orders/domain/disputes";
import { sellerTransferAmount } from "#worker/domain/money";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { checkOrderMoney } from "#worker/orders/services/money-check";
import { enforceMissedDeadlines } from "#worker/orders/fire-deadlines";
import { orderStub } from "#worker/orders/order-stub";
import { loadWallet } from "#worker/orders/services/wallet";
import { accountOf, creator, onboard, paidOrder } from "../support/connect-helpers";
import { call, db } from "../support/helpers";
import { ordersLeavingTheQueue } from "../support/dispute-queue";
import { newAdmin, newParty, type Party } from "../support/order-states";
import { platform } from "../support/payments-helpers";
import { chargeOfOrder, payoutsOf } from "../support/stage-fixtures";

const made = ordersLeavingTheQueue();

const post = (path: string, who: { cookie: string }, json: unknown) =>
  call(path, { method: "POST", cookie: who.cookie, json });
const orderDoor = (action: string, who: Party, orderId: string) =>
  post(`/api/features/commission/order/${action}`, who, { orderId, confirmed: true });
const openDispute = (who: Party, orderId: string) =>
  post("/api/features/commission/order/dispute/open", who, {
    orderId,
    reason: "not_as_agreed",
    statement: "The file is not the model we agreed on.",
  });

/** A ¥10,000 order paid by card, its creator's payout account ready; delivered, then completed 257 ms later. */
async function completedAtOnce() {
  const [seller, buyer] = await Promise.all([creator(), newParty()]);
  await onboard(seller.cookie, "complete");
  const order = await paidOrder("PAID", seller, buyer);
  made.push(order.id);
  expect((await orderDoor("deliver", seller, order.id)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 257));
  expect((await orderDoor("complete", seller, order.id)).status).toBe(200);
  return { ...order, seller, buyer, account: (await accountOf(seller))! };
}

const transfersTo = async (account: string) =>
  (await platform().transfers.list({ destination: account, limit: 100 })).data.map((t) => t.amount);
async function moneyAgrees(orderId: string) {
  const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, orderId);
  expect(report?.disagreements, JSON.stringify(report?.ledger)).toEqual([]);
  return report!.ledger;
}
const walletOf = (seller: Party) =>
  loadWallet(db(), platform(), {
    userAccountId: seller.userAccountId,
    page: 1,
    locale: "en",
    displayCurrencyCode: "JPY",
  });
const heldUntilOnRow = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT payout_held_until AS at FROM commission_orders WHERE id = ?")
      .bind(orderId)
      .first<{ at: number | null }>()
  )?.at ?? null;

/**
 * The client's week after delivery ends `msFromNow` from now (negative: it has ended), for the object and for D1, as
 * the dev clock would move it; the object's alarm set to it, as the completion set it.
 */
async function weekEndsIn(orderId: string, msFromNow: number) {
  const closesAt = Date.now() + msFromNow;
  await runInDurableObject(orderStub(env.ORDER, orderId), async (_instance, state) => {
    const stored = (await state.storage.get<StoredOrder>("order"))!;
    const deliveredAt = closesAt - DISPUTE_AFTER_DELIVERY_MS;
    const payoutHeldUntil = stored.state.payoutHeldUntil == null ? null : closesAt;
    await state.storage.put("order", { ...stored, state: { ...stored.state, deliveredAt, payoutHeldUntil } });
    await env.DB.prepare("UPDATE commission_orders SET delivered_at = ?, payout_held_until = ? WHERE id = ?")
      .bind(deliveredAt, payoutHeldUntil, orderId)
      .run();
    await state.storage.setAlarm(Math.max(closesAt, Date.now()));
  });
}

describe("a completion right after delivery does not shut the client's dispute out (issue 59)", () => {
  it("the client's dispute is taken, nothing has been paid out, and a refund gives the whole ¥10,000 back", async () => {
    const order = await completedAtOnce();
    // Completed, the payout held for a week from delivery: no payout row, no transfer.
    expect(await heldUntilOnRow(order.id)).toBeGreaterThan(Date.now() + DISPUTE_AFTER_DELIVERY_MS - 60_000);
    expect(await payoutsOf(order.id)).toEqual([]);
    expect(await transfersTo(order.account)).toEqual([]);
    expect(await moneyAgrees(order.id)).toMatchObject({ progress: "COMPLETED", transferred: 0, reachable: true });
    const share = sellerTransferAmount(10_000, (await moneyAgrees(order.id)).feeNumerators);
    // The creator's wallet: the share clearing, on the day the client's week ends.
    const clearsAt = (await heldUntilOnRow(order.id))!;
    expect((await walletOf(order.seller)).clearing).toEqual([
      { currencyCode: "JPY", amount: share, count: 1, nextClearsAt: clearsAt },
    ]);

    const opened = await openDispute(order.buyer, order.id);
    expect(opened.status, await opened.clone().text()).toBe(200);
    expect(await opened.json()).toMatchObject({ data: { orderProgressStatus: "COMPLETED" } });
    // Disputed, the share clears on no date: it waits for the settlement, and the wallet says so.
    const disputedWallet = await walletOf(order.seller);
    expect(disputedWallet.clearing).toEqual([{ currencyCode: "JPY", amount: share, count: 1, nextClearsAt: null }]);
    expect(disputedWallet.sales.items.find((sale) => sale.code === order.code)).toMatchObject({
      payoutClearsAt: clearsAt,
      payoutDisputed: true,
    });
    // The creator may not open one on the order they completed; the clock stops: no alarm clears the payout meanwhile.
    expect((await openDispute(order.seller, order.id)).status).toBe(409);
    await weekEndsIn(order.id, -1);
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect(await enforceMissedDeadlines(env.DB, env.ORDER, Date.now())).toBe(0);
    expect(await payoutsOf(order.id)).toEqual([]);

    const settled = await post("/api/admin/disputes/settle", await newAdmin(), {
      orderId: order.id,
      outcome: "refund",
      reason: "The delivered file is not what the request asked for.",
      confirmed: true,
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    expect(await settled.json()).toMatchObject({ data: { orderProgressStatus: "CANCELED", money: "refunded" } });
    const charge = await chargeOfOrder(order.id);
    expect({ captured: charge.amount_captured, refunded: charge.amount_refunded }).toEqual({
      captured: 10_000,
      refunded: 10_000,
    });
    expect(await payoutsOf(order.id)).toEqual([]);
    expect(await transfersTo(order.account)).toEqual([]);
    expect(await moneyAgrees(order.id)).toMatchObject({ refunded: 10_000, transferred: 0 });
  });

  it("a completed order's dispute is never reopened: 409 not_reopenable, in words, and the dispute stays open", async () => {
    const order = await completedAtOnce();
    expect((await openDispute(order.buyer, order.id)).status).toBe(200);
    const refused = await post("/api/admin/disputes/settle", await newAdmin(), {
      orderId: order.id,
      outcome: "reopen",
      days: 5,
      reason: "Give the creator five more days.",
    });
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 409,
      body: {
        error: "not_reopenable",
        message: "A completed order's dispute is settled by a refund, a release or a split; it cannot be reopened.",
      },
    });
    expect(isDisputed((await orderStub(env.ORDER, order.id).get())!.state)).toBe(true);
  });

  it("undisputed, the payout goes once when the week ends: the alarm, a repeat and the cron send one transfer", async () => {
    const order = await completedAtOnce();
    await weekEndsIn(order.id, -1);
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect(await enforceMissedDeadlines(env.DB, env.ORDER, Date.now())).toBe(0);
    const share = sellerTransferAmount(10_000, (await moneyAgrees(order.id)).feeNumerators);
    expect((await payoutsOf(order.id)).map((p) => [p.amount, p.payout_status])).toEqual([[share, "TRANSFERRED"]]);
    expect(await transfersTo(order.account)).toEqual([share]);
    expect(await heldUntilOnRow(order.id)).toBeNull();
    const events = await env.DB.prepare(
      "SELECT event_type FROM commission_order_events WHERE order_id = ? ORDER BY version",
    )
      .bind(order.id)
      .all<{ event_type: string }>();
    expect(events.results.map((e) => e.event_type).slice(-2)).toEqual(["COMPLETED", "PAYOUT_CLEARED"]);
    // The week over, the client is told so, in words.
    const late = await openDispute(order.buyer, order.id);
    expect({ status: late.status, body: await late.json() }).toEqual({
      status: 409,
      body: {
        error: "dispute_window_closed",
        message: "A delivered order can be disputed only within 7 days of its delivery.",
      },
    });
    expect(await moneyAgrees(order.id)).toMatchObject({ transferred: share, reachable: false });
  });

  it("a lost alarm: the cron's net clears the payout once the week has ended", async () => {
    const order = await completedAtOnce();
    await weekEndsIn(order.id, -1);
    await runInDurableObject(orderStub(env.ORDER, order.id), (_instance, state) => state.storage.deleteAlarm());
    expect(await enforceMissedDeadlines(env.DB, env.ORDER, Date.now())).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(order.id)).map((p) => p.payout_status)).toEqual(["TRANSFERRED"]);
    expect(await enforceMissedDeadlines(env.DB, env.ORDER, Date.now())).toBe(0);
    expect((await transfersTo(order.account)).length).toBe(1);
  });

  it("racing the week's end, a dispute and the payout never both happen", async () => {
    for (let round = 0; round < 4; round++) {
      const order = await completedAtOnce();
      await weekEndsIn(order.id, 40 + round * 20);
      const stub = orderStub(env.ORDER, order.id);
      // The client presses Report while the week ends and the cron runs: each at a few moments around the end.
      const tries = Array.from({ length: 6 }, (_, i) => i * 20);
      await Promise.all([
        ...tries.map(async (ms) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          await openDispute(order.buyer, order.id);
        }),
        ...tries.map(async (ms) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          await stub.act({ type: "deadlinePassed" }, "system");
        }),
      ]);
      const { state } = (await stub.get())!;
      const payouts = await payoutsOf(order.id);
      expect(
        isDisputed(state) ? payouts.length : payouts.map((p) => p.payout_status),
        `round ${round}: ${JSON.stringify(state.dispute)}`,
      ).toEqual(isDisputed(state) ? 0 : ["TRANSFERRED"]);
      await moneyAgrees(order.id);
    }
  });
});
