// Staged orders for the milestones money tests (decision 073): a plan's stages written on the order's row before its
// object first wakes (as the order's submission copies a service's plan), the stage actions as the object takes them,
// and what Stripe holds of the order's charge.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import type { OrderAction } from "#worker/orders/domain/order-types";
import { stagesOfPlan, type StagePlanItem } from "#worker/orders/domain/order-stages";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { platform } from "./payments-helpers";
import { orderStub } from "#worker/orders/order-stub";

/** Three stages, 30/30/40: on a ¥10,000 order ¥3,000, ¥3,000 and ¥4,000; less the fee, ¥2,744, ¥2,744 and ¥3,659. */
const THREE_STAGES: StagePlanItem[] = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colour", sharePercent: 30, includedRevisions: 1 },
  { title: "Final", sharePercent: 40, includedRevisions: 1 },
];

/** Gives a not yet woken order its stages, all pending, on its D1 row. */
export const setStagesOnRow = (orderId: string, plan: StagePlanItem[] = THREE_STAGES) =>
  env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
    .bind(JSON.stringify(stagesOfPlan(plan)), orderId)
    .run();

/** One action on the order's object, as the Worker hands it over: by the seller, the buyer, or the system. */
export const actOn = (orderId: string, action: OrderAction, by: { commissionAccountId: string } | "system") =>
  orderStub(env.ORDER, orderId).act(action, by);

/** Time passes: the review deadline of the stage under review is now (in the object's storage), and its alarm due. */
export async function passReviewDeadline(orderId: string): Promise<boolean> {
  return runInDurableObject(orderStub(env.ORDER, orderId), async (_instance, state) => {
    const stored = await state.storage.get<StoredOrder>("order");
    const index = stored?.state.stages.findIndex((s) => s.status === "IN_REVIEW") ?? -1;
    if (!stored || index === -1) return false;
    const past = Date.now() - 1;
    const stages = stored.state.stages.map((s, i) => (i === index ? { ...s, reviewDeadline: past } : s));
    await state.storage.put("order", { ...stored, state: { ...stored.state, stages } });
    await state.storage.setAlarm(past);
    return true;
  });
}

/** The order's paid charge at Stripe: what was captured and what has been refunded of it. */
export async function chargeOfOrder(orderId: string): Promise<Stripe.Charge> {
  const row = await env.DB.prepare(
    "SELECT stripe_payment_intent_id AS id FROM payment_transactions WHERE order_id = ? ORDER BY created_at LIMIT 1",
  )
    .bind(orderId)
    .first<{ id: string }>();
  const intent = await platform().paymentIntents.retrieve(row!.id, { expand: ["latest_charge"] });
  return intent.latest_charge as Stripe.Charge;
}

/** The order's payout rows, by stage. */
export const payoutsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT stage_index, amount, payout_status, stripe_transfer_id, idempotency_key FROM creator_payouts WHERE order_id = ? ORDER BY stage_index",
    )
      .bind(orderId)
      .all<{
        stage_index: number | null;
        amount: number;
        payout_status: string;
        stripe_transfer_id: string | null;
        idempotency_key: string;
      }>()
  ).results;
