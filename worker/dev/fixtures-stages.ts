/**
 * The dev fixtures of staged orders (issue 36, decision 073): a cancelled three-stage sale for the money histories, a
 * stage's preview row and file, a preview posted through the Order object, and what Stripe holds of an order's money.
 * Registered with the others in fixtures.ts; development and test builds only.
 */
import type Stripe from "stripe";
import {
  parseStagePlan,
  stageAmounts,
  stagesOfPlan,
  stageTransferAmount,
  type StagePlanItem,
} from "../orders/domain/order-stages";
import { createStripe } from "../payments/stripe-client";
import { commissionAccountOfEmail, type Env, type Fields, FixtureError, num, required, str } from "./fixture-input";
import { orderStub } from "../orders/order-stub";

/** The optional `stagePlan` of a service or order fixture (decision 073), by the plan's one rule; none when absent. */
export function stagePlanOf(input: Fields): StagePlanItem[] {
  if (input.stagePlan === undefined) return [];
  const parsed = Array.isArray(input.stagePlan) ? parseStagePlan(input.stagePlan) : null;
  if (!parsed?.ok) throw new FixtureError("stagePlan must be a plan parseStagePlan accepts");
  return parsed.plan;
}

/**
 * What Stripe (the emulator, through the Worker's own client) holds of the order `orderCode`'s money: each of its intents' charge,
 * captured and refunded, and the transfers of its transfer group. A browser test checks the money where it is.
 */
export async function orderMoney(env: Env, input: Fields) {
  const { id: orderId } = required(
    await env.DB.prepare("SELECT id FROM commission_orders WHERE code = ?")
      .bind(str(input, "orderCode"))
      .first<{ id: string }>(),
    "order",
  );
  const stripe = createStripe(required(env.stripe, "the Stripe settings"));
  const { results } = await env.DB.prepare(
    "SELECT stripe_payment_intent_id AS intent FROM payment_transactions WHERE order_id = ? AND stripe_payment_intent_id IS NOT NULL",
  )
    .bind(orderId)
    .all<{ intent: string }>();
  const charges = [];
  for (const { intent } of results) {
    const paid = await stripe.paymentIntents.retrieve(intent, { expand: ["latest_charge"] });
    const charge = paid.latest_charge as Stripe.Charge | null;
    if (charge) charges.push({ captured: charge.amount_captured, refunded: charge.amount_refunded });
  }
  const transfers = await stripe.transfers.list({ transfer_group: `order-${orderId}`, limit: 100 });
  return { charges, transfers: transfers.data.map((t) => ({ amount: t.amount, currency: t.currency })) };
}

/**
 * The order `orderId` (a yen DRAFT from `order`) as a three-stage sale (Sketch 30%, Line art 30%, Colour 40%) paid in
 * full, its first stage approved with that stage's payout transferred, then canceled with the rest refunded: the money
 * history's staged case (issue 36), written as the Order object and the payments would have projected it.
 */
export async function canceledStagedSale(env: Env, input: Fields) {
  const orderId = str(input, "orderId");
  const d1 = env.DB;
  const order = required(
    await d1
      .prepare(
        `SELECT o.price_amount AS total, o.buyer_id AS buyer, sa.user_account_id AS seller FROM commission_orders o
         JOIN commission_accounts sa ON sa.id = o.seller_id WHERE o.id = ?`,
      )
      .bind(orderId)
      .first<{ total: number; buyer: string; seller: string }>(),
    "order",
  );
  const now = Date.now();
  const stages = stagesOfPlan([
    { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
    { title: "Line art", sharePercent: 30, includedRevisions: 0 },
    { title: "Colour", sharePercent: 40, includedRevisions: 0 },
  ]).map((stage, i) =>
    i === 0 ? { ...stage, status: "APPROVED" as const, approvedAt: now, approvedBy: "buyer" as const } : stage,
  );
  const [kept] = stageAmounts(order.total, stages);
  const fee = await d1
    .prepare("SELECT id, numerator_value AS n FROM fees WHERE is_active = 1 LIMIT 1")
    .first<{ id: string; n: number }>();
  const numerators = fee ? [Number(fee.n)] : [];
  const transactionId = crypto.randomUUID();
  const yen = "(SELECT id FROM currencies WHERE code = 'JPY')";
  await d1.batch([
    d1
      .prepare(
        `UPDATE commission_orders SET order_progress_status = 'CANCELED', order_payment_status = 'COMPLETED', order_chat_status = 'CLOSED',
           stages = ?, approved_at = ?, paid_at = ?, canceled_at = ? WHERE id = ?`,
      )
      .bind(JSON.stringify(stages), now, now, now, orderId),
    d1
      .prepare(
        `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, refunded_amount, currency_id, paid_at, created_at, updated_at)
         VALUES (?, ?, ?, 'PARTIALLY_REFUNDED', ?, ?, ?, ${yen}, ?, ?, ?)`,
      )
      .bind(
        transactionId,
        orderId,
        order.buyer,
        `fixture-${transactionId}`,
        order.total,
        order.total - kept!,
        now,
        now,
        now,
      ),
    ...(fee
      ? [
          d1
            .prepare(
              "INSERT INTO payment_transaction_fees (id, transaction_id, fee_id, numerator_value, amount, created_at) VALUES (?, ?, ?, ?, 0, ?)",
            )
            .bind(crypto.randomUUID(), transactionId, fee.id, fee.n, now),
        ]
      : []),
    d1
      .prepare(
        `INSERT INTO creator_payouts (id, order_id, stage_index, transaction_id, seller_user_account_id, amount, currency_id, transfer_amount, transfer_currency,
           payout_status, idempotency_key, stripe_transfer_id, transferred_at, created_at, updated_at)
         VALUES (?, ?, 0, ?, ?, ?, ${yen}, ?, 'JPY', 'TRANSFERRED', ?, ?, ?, ?, ?)`,
      )
      .bind(
        crypto.randomUUID(),
        orderId,
        transactionId,
        order.seller,
        stageTransferAmount(kept!, numerators),
        stageTransferAmount(kept!, numerators),
        `fixture-payout-${orderId}-0`,
        `tr_fixture_${transactionId.slice(0, 8)}`,
        now,
        now,
        now,
      ),
  ]);
  return {};
}

// ───────────────────────── staged orders (decision 073) ─────────────────────────

/** A 1×1 PNG: the stage preview the fixtures post (the real upload makes the watermarked copy; milestones.spec drives it). */
const PREVIEW_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** A preview row of `stage` at `round`, and its file in R2 when the fixture has the bucket. */
export async function previewStatement(env: Env, orderId: string, stage: number, round: number, now: number) {
  const id = crypto.randomUUID();
  const key = `v1/commission-order/${orderId}/stage-previews/${id}.png`;
  await env.MEDIA?.put(key, PREVIEW_PNG, { httpMetadata: { contentType: "image/png" } });
  return env.DB.prepare(
    `INSERT INTO commission_order_stage_previews (id, order_id, stage_index, round, position, name, media_type, content_type, byte_size, original_key, preview_key, preview_content_type, width, height, created_at)
     VALUES (?, ?, ?, ?, 0, ?, 'image', 'image/png', ?, ?, ?, 'image/png', 1, 1, ?)`,
  ).bind(id, orderId, stage, round, `stage-${stage + 1}-round-${round}.png`, PREVIEW_PNG.length, key, key, now);
}

/**
 * The seller at `sellerEmail` posts the preview of the order's `stage` through its Order object, with one image file:
 * what the seller's upload control does, for tests of the timeline that do not drive it.
 */
export async function stagePreview(env: Env, input: Fields) {
  const orderId = str(input, "orderId");
  const stage = num(input, "stage");
  const orders = required(env.ORDER, "ORDER binding");
  const seller = await commissionAccountOfEmail(env.DB, str(input, "sellerEmail"));
  const stub = orderStub(orders, orderId);
  const stored = required(await stub.get(), `order ${orderId}`);
  const round = stored.state.stages[stage]?.revisionsUsed ?? 0;
  await (await previewStatement(env, orderId, stage, round, Date.now())).run();
  const result = await stub.act({ type: "submitPreview", stage }, { commissionAccountId: seller.id });
  if (result.status !== "done") throw new FixtureError(`submitPreview: ${JSON.stringify(result)}`);
  return {};
}
