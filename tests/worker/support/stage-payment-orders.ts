// Milestone orders paid stage by stage (issue 63, decision 101), driven as the people do: the creator approves a
// three-stage plan with `byStage` through the approve door, the client pays the first stage's part through the pay door,
// the creator shows each stage's preview and the client approves it through the stage door; the Order object then
// charges the next stage's part off-session at the emulator. Beside them, what the tests read: each stage's charge, the
// payout rows with the intent each came from, and the row's stages. The deposit support (deposit-orders.ts) drives the
// card, the pay door and the money checks; the plan's stages come from stage-fixtures.ts.
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { expect } from "vitest";
import type { OrderStage, StagePlanItem } from "#worker/orders/domain/order-stages";
import { PhotonImage } from "@cf-wasm/photon";
import { call } from "./helpers";
import { platform } from "./payments-helpers";
import { actOn, setStagesOnRow } from "./stage-fixtures";
import { type DepositOrder, depositRequest, orderDoor, stateOf } from "./deposit-orders";

/** The plan the tests pay: 30/30/40 of ¥10,000, so ¥3,000, ¥3,000 and ¥4,000, each its own charge. */
export const STAGE_PARTS = [3_000, 3_000, 4_000];

/**
 * A ¥10,000 request of three stages (30/30/40) between a fresh creator and client, the client's card `card` saved, not
 * yet approved. `plan` and `priceAmount` change the plan for the refusals.
 */
export async function stagedRequest(
  options: { card?: string; onboarded?: boolean; priceAmount?: number; plan?: StagePlanItem[] | null } = {},
): Promise<DepositOrder> {
  const order = await depositRequest(options);
  if (options.plan !== null) await setStagesOnRow(order.id, options.plan);
  return order;
}

/** The three-stage request approved to be paid stage by stage through the JSON door. */
export async function byStageOrder(options: { card?: string; onboarded?: boolean } = {}): Promise<DepositOrder> {
  const order = await stagedRequest(options);
  const approved = await orderDoor("/approve", order.seller, { orderId: order.id, byStage: true });
  expect(approved, JSON.stringify(approved.body)).toMatchObject({ status: 200 });
  return order;
}

/** The creator shows a stage's preview (the object's action, as the preview door hands it over once files are stored). */
export const previewStage = (order: DepositOrder, stage: number) =>
  actOn(order.id, { type: "submitPreview", stage }, order.seller);

/** The client approves a stage through its door; the object charges the next stage's part before the answer. */
export const approveStage = (order: DepositOrder, stage: number) =>
  orderDoor("/stage/approve", order.buyer, { orderId: order.id, stage });

/** A stage shown and approved: both must be done. */
export async function previewAndApprove(order: DepositOrder, stage: number) {
  expect(await previewStage(order, stage)).toMatchObject({ status: "done", changed: true });
  const approved = await approveStage(order, stage);
  expect(approved, JSON.stringify(approved.body)).toMatchObject({ status: 200 });
}

/** A small PNG of one colour the preview door can decode and watermark. */
function picture(width = 64, height = 48): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(width * height * 4);
  for (let i = 0; i < raw.length; i += 4) raw.set([40, 90, 160, 255], i);
  const image = new PhotonImage(raw, width, height);
  try {
    return new Uint8Array(image.get_bytes());
  } finally {
    image.free();
  }
}

/** The creator posts a stage's preview through the preview door itself (multipart, one small picture). */
export async function postPreview(order: DepositOrder, stage: number) {
  const form = new FormData();
  form.set("orderId", order.id);
  form.set("stage", String(stage));
  form.append("files", new File([picture()], "preview.png", { type: "image/png" }));
  const response = await call("/api/features/commission/order/stage/preview", {
    method: "POST",
    body: form,
    cookie: order.seller.cookie,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The stages as the order's D1 row holds them. */
export async function rowStagesOf(orderId: string): Promise<OrderStage[]> {
  const row = await env.DB.prepare("SELECT stages FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<{ stages: string }>();
  return JSON.parse(row!.stages) as OrderStage[];
}

/** The intent each stage's own charge was paid with, as the object holds them (undefined: not paid). */
export const stageIntentsOf = async (orderId: string) =>
  (await stateOf(orderId)).stages.map((stage) => stage.payment?.intentId);

/** The creator's payout rows by stage, each with the intent of the transaction it is paid from. */
export const stagePayoutsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT p.stage_index, p.amount, p.payout_status, p.stripe_transfer_id, t.stripe_payment_intent_id AS intent_id
       FROM creator_payouts p JOIN payment_transactions t ON t.id = p.transaction_id
       WHERE p.order_id = ? ORDER BY p.stage_index`,
    )
      .bind(orderId)
      .all<{
        stage_index: number | null;
        amount: number;
        payout_status: string;
        stripe_transfer_id: string | null;
        intent_id: string;
      }>()
  ).results;

/** The charge an intent made (its latest). */
export async function chargeOf(intentId: string): Promise<Stripe.Charge> {
  const intent = await platform().paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
  return intent.latest_charge as Stripe.Charge;
}

/** How many refunds Stripe holds on an intent's charge. */
export const refundCountOf = async (intentId: string) =>
  (await platform().refunds.list({ payment_intent: intentId })).data.length;
