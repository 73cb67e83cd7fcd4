// The Cron Trigger catches the order deadlines an alarm missed (issue 10; worker/orders/services/order-deadlines.ts): an
// order whose object lost its alarm, or whose object never woke, is moved on once through its Durable Object, and
// running the cron again, or the alarm after it, changes nothing more.
import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import { scheduled } from "#worker/scheduled";
import { OVERDUE_ORDERS_SQL } from "#worker/orders/services/order-deadlines";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { freshUser } from "../support/auth-helpers";
import { signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { orderStub } from "#worker/orders/order-stub";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

const DAY = 86_400_000;

async function runCron() {
  const ctx = createExecutionContext();
  scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function commissionAccount() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  return (await commissionAccountByEmail(user.email)).id;
}

async function parties() {
  const [sellerId, buyerId] = await Promise.all([commissionAccount(), commissionAccount()]);
  return { sellerId, buyerId };
}

/** An order as D1 has it, its object never woken: no alarm anywhere (a lost object storage, say). */
async function unwokenOrder(columns: Record<string, string | number | null>) {
  const { id } = await insertOrder({
    ...(await parties()),
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 7 * DAY,
  });
  const sets = Object.keys(columns).map((column) => `${column} = ?`);
  if (sets.length)
    await env.DB.prepare(`UPDATE commission_orders SET ${sets.join(", ")} WHERE id = ?`)
      .bind(...Object.values(columns), id)
      .run();
  return id;
}

const stub = (id: string) => orderStub(env.ORDER, id);
const events = async (id: string) =>
  (
    await env.DB.prepare("SELECT event_type, actor FROM commission_order_events WHERE order_id = ? ORDER BY version")
      .bind(id)
      .all()
  ).results;
const progress = async (id: string) =>
  (await env.DB.prepare("SELECT order_progress_status AS p FROM commission_orders WHERE id = ?")
    .bind(id)
    .first<{ p: string }>())!.p;

describe("the cron catches missed order deadlines", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("an order whose alarm was deleted is canceled by the cron, once; two runs give one event", async () => {
    const id = await unwokenOrder({});
    expect(await stub(id).get()).not.toBeNull();
    // The approval deadline passes while the object has no alarm left to notice it.
    const past = Date.now() - 1_000;
    await runInDurableObject(stub(id), async (_instance, state) => {
      const stored = (await state.storage.get<StoredOrder>("order"))!;
      await state.storage.put("order", { ...stored, state: { ...stored.state, approvalDeadline: past } });
      await state.storage.deleteAlarm();
    });
    await env.DB.prepare("UPDATE commission_orders SET approval_deadline = ? WHERE id = ?").bind(past, id).run();

    await runCron();
    await runCron();
    expect(await progress(id)).toBe("CANCELED");
    expect(await events(id)).toEqual([{ event_type: "CANCELED", actor: "system" }]);
    // Nothing pending any more: no alarm left to fire.
    expect(await runDurableObjectAlarm(stub(id))).toBe(false);
  });

  it("each kind of pending deadline, objects never woken: unapproved and unpaid cancel, delivered completes; the rest wait", async () => {
    const past = Date.now() - DAY;
    const approved = { order_progress_status: "APPROVED", order_chat_status: "OPENED", approved_at: past - DAY };
    const orders = {
      unapproved: await unwokenOrder({ approval_deadline: past }),
      unpaid: await unwokenOrder({ ...approved, payment_deadline: past }),
      notCompleted: await unwokenOrder({
        ...approved,
        order_progress_status: "DELIVERED",
        order_payment_status: "COMPLETED",
        delivered_at: past - DAY,
        completion_deadline: past,
      }),
      // Late delivery: nothing changes by itself (the buyer may cancel); an order still in time: nothing either.
      lateDelivery: await unwokenOrder({ ...approved, order_payment_status: "COMPLETED", delivery_deadline: past }),
      inTime: await unwokenOrder({}),
    };
    await runCron();
    // The alarms the objects set on waking (on a passed deadline) race the second run: still one event each.
    await Promise.all([runCron(), ...Object.values(orders).map((id) => runDurableObjectAlarm(stub(id)))]);
    await runCron();

    expect(await events(orders.unapproved)).toEqual([{ event_type: "CANCELED", actor: "system" }]);
    expect(await events(orders.unpaid)).toEqual([{ event_type: "CANCELED", actor: "system" }]);
    expect(await events(orders.notCompleted)).toEqual([{ event_type: "COMPLETED", actor: "system" }]);
    expect(await events(orders.lateDelivery)).toEqual([]);
    expect(await events(orders.inTime)).toEqual([]);
    expect(await progress(orders.lateDelivery)).toBe("APPROVED");
    expect(await progress(orders.inTime)).toBe("DRAFT");
  });

  it("a stage's preview whose review deadline passed, its object never woken, is approved by the cron, once", async () => {
    const past = Date.now() - DAY;
    const plan = [
      { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
      { title: "Colour", sharePercent: 70, includedRevisions: 1 },
    ];
    const withStages = (reviewDeadline: number) =>
      JSON.stringify(
        stagesOfPlan(plan).map((s, i) =>
          i === 0 ? { ...s, status: "IN_REVIEW", previewedAt: reviewDeadline - 7 * DAY, reviewDeadline } : s,
        ),
      );
    const paid = {
      order_progress_status: "APPROVED",
      order_payment_status: "COMPLETED",
      order_chat_status: "OPENED",
      approved_at: past - 10 * DAY,
      delivery_deadline: Date.now() + 20 * DAY,
    };
    const orders = {
      overdue: await unwokenOrder({ ...paid, stages: withStages(past) }),
      // The delivery deadline passed too: the review deadline is still acted on.
      overdueAndLate: await unwokenOrder({ ...paid, delivery_deadline: past - DAY, stages: withStages(past) }),
      inTime: await unwokenOrder({ ...paid, stages: withStages(Date.now() + DAY) }),
    };
    await runCron();
    await Promise.all([runCron(), ...Object.values(orders).map((id) => runDurableObjectAlarm(stub(id)))]);

    for (const id of [orders.overdue, orders.overdueAndLate]) {
      expect(await events(id)).toEqual([{ event_type: "STAGE_APPROVED", actor: "system" }]);
      const stages = JSON.parse(
        (await env.DB.prepare("SELECT stages FROM commission_orders WHERE id = ?")
          .bind(id)
          .first<{ stages: string }>())!.stages,
      );
      expect(stages.map((s: { status: string; approvedBy: string | null }) => [s.status, s.approvedBy])).toEqual([
        ["APPROVED", "system"],
        ["PENDING", null],
      ]);
    }
    expect(await events(orders.inTime)).toEqual([]);
  });

  it("finds overdue orders through the progress index, not by reading every order", async () => {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${OVERDUE_ORDERS_SQL}`).bind(0, 1).all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    expect(
      details.some((detail) => /SEARCH commission_orders USING INDEX commission_orders_progress/.test(detail)),
    ).toBe(true);
    expect(details.filter((detail) => /^SCAN commission_orders\b/.test(detail))).toEqual([]);
    // A held payout's clearing (decision 092) through its own partial index, not among every completed order.
    expect(
      details.some((detail) => /SEARCH commission_orders USING INDEX commission_orders_payout_held/.test(detail)),
      details.join("\n"),
    ).toBe(true);
  });
});
