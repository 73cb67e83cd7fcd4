// The Cron Trigger's order reminders (worker/orders/services/order-reminders.ts, docs/decisions/023), run the way the
// runtime runs the cron: each deadline is reminded of once however often, or however concurrently, the job runs; a
// moved deadline is reminded of again; the reminder goes to the right side with the order's target.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { scheduled } from "#worker/scheduled";
import { stagesOfPlan, type OrderStage } from "#worker/orders/domain/order-stages";
import { DUE_ORDERS_SQL, sendDueReminders } from "#worker/orders/services/order-reminders";
import { freshUser } from "../support/auth-helpers";
import { signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

const HOUR = 3_600_000;

async function party() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  return commissionAccountByEmail(user.email);
}

async function orderWith(now: number, columns: Record<string, string | number | null>) {
  const [seller, buyer] = await Promise.all([party(), party()]);
  const order = await insertOrder({
    sellerId: seller.id,
    buyerId: buyer.id,
    priceAmount: 10_000,
    approvalDeadline: now + 7 * 24 * HOUR,
  });
  const names = Object.keys(columns);
  await env.DB.prepare(`UPDATE commission_orders SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE id = ?`)
    .bind(...names.map((name) => columns[name]), order.id)
    .run();
  return { ...order, seller, buyer };
}

const reminders = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT recipient_user_account_id AS recipient, notification_type AS type, href, dedupe_key FROM notifications WHERE order_id = ? ORDER BY created_at, dedupe_key",
    )
      .bind(orderId)
      .all()
  ).results;

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("order reminders by cron", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("reminds the seller of an approval due within a day, once however often the cron runs", async () => {
    const now = Date.now();
    const deadline = now + 10 * HOUR;
    const order = await orderWith(now, { approval_deadline: deadline });
    await runCron(now);
    await runCron(now + 15 * 60_000);
    expect(await reminders(order.id)).toEqual([
      {
        recipient: order.seller.userAccountId,
        type: "COMMISSION_ORDER_APPROVAL_REMINDER",
        href: `/dashboard/commission/managements?order=${order.code}`,
        dedupe_key: `approval-reminder:${order.id}:${deadline}`,
      },
    ]);
  });

  it("sends one reminder when two runs race", async () => {
    const now = Date.now();
    const order = await orderWith(now, { order_progress_status: "APPROVED", payment_deadline: now + 5 * HOUR });
    await Promise.all([
      sendDueReminders(env.DB, now),
      sendDueReminders(env.DB, now),
      sendDueReminders(env.DB, now + 1),
    ]);
    const sent = await reminders(order.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      recipient: order.buyer.userAccountId,
      type: "COMMISSION_ORDER_PAYMENT_REMINDER",
      href: `/dashboard/commission/client/requests?order=${order.code}`,
    });
  });

  it("reminds again when the deadline moves, and not of a deadline further than its lead", async () => {
    const now = Date.now();
    const order = await orderWith(now, {
      order_progress_status: "APPROVED",
      order_payment_status: "COMPLETED",
      delivery_deadline: now + 60 * HOUR,
    });
    await sendDueReminders(env.DB, now);
    expect(await reminders(order.id)).toEqual([]);
    await sendDueReminders(env.DB, now + 35 * HOUR);
    expect(await reminders(order.id)).toEqual([]);
    await sendDueReminders(env.DB, now + 37 * HOUR);
    expect((await reminders(order.id)).map((row) => row.type)).toEqual(["COMMISSION_ORDER_DELIVERY_REMINDER"]);
    // The seller moved the delivery date: the new deadline gets its own reminder when it comes near.
    await env.DB.prepare("UPDATE commission_orders SET delivery_deadline = ? WHERE id = ?")
      .bind(now + 100 * HOUR, order.id)
      .run();
    await sendDueReminders(env.DB, now + 38 * HOUR);
    expect(await reminders(order.id)).toHaveLength(1);
    await sendDueReminders(env.DB, now + 77 * HOUR);
    await sendDueReminders(env.DB, now + 78 * HOUR);
    expect((await reminders(order.id)).map((row) => row.dedupe_key)).toEqual([
      `delivery-reminder:${order.id}:${now + 60 * HOUR}`,
      `delivery-reminder:${order.id}:${now + 100 * HOUR}`,
    ]);
  });

  it("reminds nobody of a canceled or completed order, or of a deadline already past", async () => {
    const now = Date.now();
    const canceled = await orderWith(now, { order_progress_status: "CANCELED", approval_deadline: now + HOUR });
    const completed = await orderWith(now, {
      order_progress_status: "COMPLETED",
      order_payment_status: "COMPLETED",
      delivery_deadline: now + HOUR,
    });
    const late = await orderWith(now, { approval_deadline: now - HOUR });
    await sendDueReminders(env.DB, now);
    for (const order of [canceled, completed, late]) expect(await reminders(order.id)).toEqual([]);
  });

  it("reminds the client of a preview's review deadline within a day, once; a new preview's deadline again", async () => {
    const now = Date.now();
    const plan = [
      { title: "Sketch", sharePercent: 40, includedRevisions: 1 },
      { title: "Colour", sharePercent: 60, includedRevisions: 1 },
    ];
    const stages = (...changes: Partial<OrderStage>[]) =>
      JSON.stringify(stagesOfPlan(plan).map((s, i) => ({ ...s, ...changes[i] })));
    const review = (deadline: number): Partial<OrderStage> => ({
      status: "IN_REVIEW",
      previewedAt: deadline - 7 * 24 * HOUR,
      reviewDeadline: deadline,
    });
    const first = now + 30 * HOUR;
    const order = await orderWith(now, {
      order_progress_status: "APPROVED",
      order_payment_status: "COMPLETED",
      delivery_deadline: now + 500 * HOUR,
      stages: stages(review(first)),
    });
    await sendDueReminders(env.DB, now);
    expect(await reminders(order.id)).toEqual([]);
    await runCron(now + 7 * HOUR);
    await runCron(now + 8 * HOUR);
    expect(await reminders(order.id)).toEqual([
      {
        recipient: order.buyer.userAccountId,
        type: "COMMISSION_ORDER_STAGE_REVIEW_REMINDER",
        href: `/dashboard/commission/client/requests?order=${order.code}`,
        dedupe_key: `review-reminder:${order.id}:${first}`,
      },
    ]);
    // The client approved the sketch; the colour's preview has a deadline of its own, reminded of in its turn.
    const second = now + 200 * HOUR;
    await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
      .bind(stages({ status: "APPROVED", approvedAt: now, approvedBy: "buyer" }, review(second)), order.id)
      .run();
    await sendDueReminders(env.DB, now + 150 * HOUR);
    await sendDueReminders(env.DB, now + 180 * HOUR);
    await sendDueReminders(env.DB, now + 181 * HOUR);
    expect((await reminders(order.id)).map((row) => row.dedupe_key)).toEqual([
      `review-reminder:${order.id}:${first}`,
      `review-reminder:${order.id}:${second}`,
    ]);
  });

  it("reminds nobody of a stage being worked on, or of a review deadline of an order that ended", async () => {
    const now = Date.now();
    const inReview = JSON.stringify(
      stagesOfPlan([{ title: "All", sharePercent: 100, includedRevisions: 0 }]).map((s) => ({
        ...s,
        status: "IN_REVIEW",
        reviewDeadline: now + HOUR,
      })),
    );
    const working = await orderWith(now, {
      order_progress_status: "APPROVED",
      order_payment_status: "COMPLETED",
      stages: JSON.stringify(stagesOfPlan([{ title: "All", sharePercent: 100, includedRevisions: 0 }])),
    });
    const canceled = await orderWith(now, {
      order_progress_status: "CANCELED",
      order_payment_status: "COMPLETED",
      stages: inReview,
    });
    await sendDueReminders(env.DB, now);
    for (const order of [working, canceled]) expect(await reminders(order.id)).toEqual([]);
  });

  it("finds due orders through an index, not by reading every order", async () => {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${DUE_ORDERS_SQL}`).bind(0, 1).all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    expect(details.some((detail) => /SEARCH o USING INDEX commission_orders_progress/.test(detail))).toBe(true);
    expect(details.filter((detail) => /^SCAN o\b/.test(detail))).toEqual([]);
  });
});
