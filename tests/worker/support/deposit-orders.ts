// Deposit orders for the paying-in-parts tests (issue 63, decision 100), driven as the people do: the creator approves
// with a deposit through the approve door, the client saves a card and pays the deposit through the pay door, the
// creator uploads a file and delivers; the Order object then charges the rest off-session at the emulator. Beside them,
// what the tests read: each part's money at Stripe, the order's row and log, and the reconciler's invariant.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { expect } from "vitest";
import { checkOrderMoney } from "#worker/orders/services/money-check";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import type { OrderState } from "#worker/orders/domain/order-types";
import { orderStub } from "#worker/orders/order-stub";
import { onboard } from "./connect-helpers";
import { call } from "./helpers";
import { PNG } from "./media-fixtures";
import { insertOrder } from "./order-fixtures";
import { newPartyWithProfile, type Party } from "./order-states";
import {
  completeThreeDSecure,
  completeThreeDSecureInFrame,
  confirmSetup,
  enterCard,
  platform,
  sdkChallengeOf,
} from "./payments-helpers";
import { confirmed } from "./confirmed";

const DAY = 86_400_000;
/** Just pays, on-session and off. */
const PLAIN_CARD = "4242424242424242";
/** Asks for 3-D Secure on every on-session payment; off-session it fails with authentication_required. */
export const ALWAYS_AUTHENTICATE = "4000002760003184";

export type DepositParty = Party & { profileId: string };
export interface DepositOrder {
  id: string;
  code: string;
  seller: DepositParty;
  buyer: DepositParty;
}

/** POST /api/features/commission/order{path} as `who`, confirmed as the app sends it, answered `{ status, body }`. */
export async function orderDoor(path: string, who: Pick<Party, "cookie">, json: unknown, language = "en") {
  const response = await call(`/api/features/commission/order${path}`, {
    method: "POST",
    cookie: who.cookie,
    json: confirmed(json),
    headers: { "accept-language": language },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data?: unknown } };
}

/** The client saves a card as the card form does (3-D Secure passed when the card asks for it on setup). */
async function saveCard(buyer: Party, cardNumber: string) {
  const { setup, result } = await enterCard(buyer.cookie, cardNumber);
  if (result.status === "requires_action") await completeThreeDSecure(result.action.url, "succeed");
  expect((await confirmSetup(buyer.cookie, setup.intentId)).status).toBe(200);
}

/**
 * A ¥10,000 request between a fresh creator and client, the client's card saved, not yet approved. `onboarded`: the
 * creator's connected account is ready, so a payout goes at once.
 */
export async function depositRequest({ card = PLAIN_CARD, onboarded = true, priceAmount = 10_000 } = {}) {
  const [seller, buyer] = await Promise.all([newPartyWithProfile(), newPartyWithProfile()]);
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(seller.userAccountId)
    .run();
  await Promise.all([onboarded ? onboard(seller.cookie, "complete") : null, saveCard(buyer, card)]);
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount,
    approvalDeadline: Date.now() + DAY,
  });
  return { id, code, seller, buyer };
}

/** The request approved with a deposit of `percent` (30 by default) under refundable or kept terms. */
export async function approvedDepositOrder(
  options: { card?: string; onboarded?: boolean; percent?: number; refundable?: boolean } = {},
): Promise<DepositOrder> {
  const order = await depositRequest(options);
  const deposit = { percent: options.percent ?? 30, refundable: options.refundable ?? false };
  const approved = await orderDoor("/approve", order.seller, { orderId: order.id, deposit });
  expect(approved, JSON.stringify(approved.body)).toMatchObject({ status: 200 });
  return order;
}

export interface PayAnswer {
  status: string;
  transactionId: string;
  intentId?: string;
  nextAction?: { type?: string; use_stripe_sdk?: { stripe_js?: unknown } };
}

/** The client's Pay, as the order page posts it. */
export async function pay(order: DepositOrder) {
  const response = await call("/api/features/commission/order/pay", {
    method: "POST",
    cookie: order.buyer.cookie,
    json: { orderId: order.id, confirmed: true },
  });
  return { status: response.status, body: (await response.json()) as PayAnswer };
}

/**
 * The client pays what is due now: Pay, and when the bank wants them, 3-D Secure completed in the page's frame and the
 * page's check after it (which settles the intent). Returns the intent paid.
 */
export async function payDue(order: DepositOrder): Promise<string> {
  const { body } = await pay(order);
  if (body.status === "succeeded") return (await transactionsOf(order.id)).at(-1)!.stripe_payment_intent_id;
  expect(body.status, JSON.stringify(body)).toBe("requires_action");
  await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed");
  const check = await pageCheck(order, body.intentId!, body.transactionId);
  expect(check).toMatchObject({ status: "succeeded" });
  return body.intentId!;
}

/** The page's check of an intent after 3-D Secure (/api/stripe/intent/payment/get), which settles it. */
export async function pageCheck(order: DepositOrder, intentId: string, transactionId: string) {
  const response = await call("/api/stripe/intent/payment/get", {
    method: "POST",
    cookie: order.buyer.cookie,
    json: { intentId, transactionId },
  });
  return (await response.json()) as { status: string };
}

/** The creator uploads a file into the order and attaches it as a deliverable; returns its stored URL. */
async function attachDeliverable(order: DepositOrder): Promise<string> {
  const form = new FormData();
  form.append("files", new File([PNG], "final.png", { type: "image/png" }));
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", order.id);
  form.set("fieldPath", "deliverables");
  const uploaded = await call("/api/google/storage/upload", {
    method: "POST",
    body: form,
    cookie: order.seller.cookie,
  });
  expect(uploaded.status).toBe(200);
  const [url] = (await uploaded.json<{ urls: string[] }>()).urls;
  const attached = await orderDoor("/deliverable/create", order.seller, {
    orderId: order.id,
    medias: [{ url, name: "final.png" }],
  });
  expect(attached.status).toBe(200);
  return url;
}

/** The creator delivers (a file attached first): the object charges the rest before the answer. */
export async function deliverWork(order: DepositOrder): Promise<string> {
  const url = await attachDeliverable(order);
  const delivered = await orderDoor("/deliver", order.seller, { orderId: order.id });
  expect(delivered, JSON.stringify(delivered.body)).toMatchObject({ status: 200 });
  return url;
}

/** May this party read the file now: the status of its signed read (/sign/read). */
export const readStatus = async (who: Pick<Party, "cookie">, url: string) =>
  (await call("/api/google/storage/sign/read", { method: "POST", cookie: who.cookie, json: { url } })).status;

/** The order as its object holds it. */
export const stateOf = async (orderId: string): Promise<OrderState> =>
  (await orderStub(env.ORDER, orderId).get())!.state;

/** The columns of the order's row the deposit tests read; `deposit` and `paid_rest` parsed from their JSON. */
export interface DepositOrderRow {
  order_progress_status: string | null;
  order_payment_status: string | null;
  approved_at: number | null;
  payment_deadline: number | null;
  completion_deadline: number | null;
  deposit: { percent: number; refundable: boolean } | null;
  paid_rest: { intentId: string; amount: number; currency: string } | null;
  rest_failure: string | null;
  kept_deposit: number | null;
}

/** The order's row in D1, with the deposit columns parsed. */
export async function rowOf(orderId: string): Promise<DepositOrderRow> {
  const row = (await env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<Record<string, unknown>>())!;
  const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : null);
  return { ...(row as unknown as DepositOrderRow), deposit: parsed(row.deposit), paid_rest: parsed(row.paid_rest) };
}

export const eventTypesOf = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ? ORDER BY version")
      .bind(orderId)
      .all<{ event_type: string }>()
  ).results.map((e) => e.event_type);

export const transactionsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, transaction_status, amount, refunded_amount, stripe_payment_intent_id FROM payment_transactions WHERE order_id = ? ORDER BY created_at",
    )
      .bind(orderId)
      .all<{
        id: string;
        transaction_status: string;
        amount: number;
        refunded_amount: number;
        stripe_payment_intent_id: string;
      }>()
  ).results;

/** Each of the order's intents at Stripe, first made first: its status, amount, what its charge captured and refunded. */
export async function partsAtStripe(orderId: string) {
  const parts = [];
  for (const transaction of await transactionsOf(orderId)) {
    const intent = await platform().paymentIntents.retrieve(transaction.stripe_payment_intent_id, {
      expand: ["latest_charge"],
    });
    const charge = intent.latest_charge as Stripe.Charge | null;
    parts.push({
      status: intent.status,
      amount: intent.amount,
      captured: charge?.status === "succeeded" ? charge.amount_captured : 0,
      refunded: charge?.amount_refunded ?? 0,
    });
  }
  return parts;
}

/** The creator's payout rows: amount, status and key, in the order they were written. */
export const payoutsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT amount, payout_status, idempotency_key, stripe_transfer_id FROM creator_payouts WHERE order_id = ? ORDER BY created_at, idempotency_key",
    )
      .bind(orderId)
      .all<{ amount: number; payout_status: string; idempotency_key: string; stripe_transfer_id: string | null }>()
  ).results;

export const notificationsTo = async (orderId: string, who: Party, type: string) =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM notifications WHERE order_id = ? AND recipient_user_account_id = ? AND notification_type = ?",
  )
    .bind(orderId, who.userAccountId, type)
    .first<{ n: number }>())!.n;

/** The invariant as the reconciler reads it from D1 and the emulator (047, 100), without repairing anything. */
export async function expectMoneyAgrees(orderId: string) {
  const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, orderId);
  expect(report?.disagreements, `order ${orderId}: ${JSON.stringify(report?.ledger)}`).toEqual([]);
  return report!.ledger;
}

type DeadlineField = "paymentDeadline" | "payoutHeldUntil" | "deliveryDeadline";

/**
 * Time passes: `field` of the order (in the object's storage) is now past, as it would read a week on; with `ring`
 * (the default) the alarm is due and rings once.
 */
export async function passDeadline(orderId: string, field: DeadlineField, { ring = true } = {}) {
  const stub = orderStub(env.ORDER, orderId);
  await runInDurableObject(stub, async (_instance, state) => {
    const stored = (await state.storage.get<StoredOrder>("order"))!;
    const past = Date.now() - 1;
    await state.storage.put("order", { ...stored, state: { ...stored.state, [field]: past } });
    if (ring) await state.storage.setAlarm(past);
  });
  if (ring) expect(await runDurableObjectAlarm(stub)).toBe(true);
}

/** The bank starts refusing the card a payment was made with (the emulator's test-only switch). */
export async function declineLaterChargesOn(intentId: string) {
  const intent = await platform().paymentIntents.retrieve(intentId);
  const response = await fetch(
    `http://127.0.0.1:${env.STRIPE_API_PORT}/_emulator/payment_methods/${intent.payment_method}/decline_charges`,
    { method: "POST" },
  );
  expect(response.status).toBe(200);
}

/** The fee's numerators frozen on a payment's transaction (the money module's, as the payment recorded them). */
export const feeNumeratorsOf = async (intentId: string) =>
  (
    await env.DB.prepare(
      `SELECT f.numerator_value FROM payment_transaction_fees f JOIN payment_transactions t ON t.id = f.transaction_id
       WHERE t.stripe_payment_intent_id = ? ORDER BY f.numerator_value`,
    )
      .bind(intentId)
      .all<{ numerator_value: number }>()
  ).results.map((f) => f.numerator_value);
