// What the browser tests set up that no page of theirs makes yet, asked of the server under test through its test-only
// route POST /dev/fixtures/:name (app/routes/dev-fixtures.ts, worker/dev/fixtures.ts), which exists only in
// the test build and answers only on localhost: the Worker writes its own D1, nothing here opens its storage.
// Each test makes its own orders between its own fresh users, so repeated runs share nothing.
import { request } from "@playwright/test";

const BASE_URL = process.env.E2E_BASE_URL ?? "http://localhost:5173";

/** Runs one fixture on the server under test and returns its answer; any refusal fails the test that asked. */
export async function devFixture<T = Record<string, never>>(name: string, input: Record<string, unknown>): Promise<T> {
  const context = await request.newContext({ baseURL: BASE_URL });
  try {
    const response = await context.post(`/dev/fixtures/${name}`, {
      data: input,
      headers: { "sec-fetch-site": "same-origin" },
    });
    if (!response.ok()) throw new Error(`fixture ${name}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  } finally {
    await context.dispose();
  }
}

/** A milestone as a creator plans it (worker/orders/domain/order-stages.ts `StagePlanItem`). */
interface StagePlanItem {
  title: string;
  sharePercent: number;
  includedRevisions: number;
}

/**
 * A DRAFT order from `buyerEmail` to `sellerEmail` with one answered question: a service order (titled service
 * snapshot) by default, or a form order (titled form snapshot, usually without a price yet). Priced in yen unless
 * `currencyCode` says otherwise (`priceAmount` in that currency's minor units).
 */
export function insertOrder(order: {
  sellerEmail: string;
  buyerEmail: string;
  priceAmount: number | null;
  title: string;
  submitStatus?: "SERVICE_SUBMITTED" | "FORM_SUBMITTED";
  currencyCode?: "JPY" | "USD";
  /** Milestones the order starts with (decision 073); none when absent. */
  stagePlan?: StagePlanItem[];
}): Promise<{ id: string; code: string }> {
  return devFixture("order", order);
}

/**
 * A published service of the creator at `sellerEmail`, open for commissions, with no form (the request then asks
 * only for the terms, the acknowledgement and a card): for tests that request through the service modal. In English,
 * with a `description` if given.
 */
export function insertService(service: {
  sellerEmail: string;
  title: string;
  priceAmount: number;
  description?: string;
  /** Milestones its orders start with (decision 073); none when absent. */
  stagePlan?: StagePlanItem[];
}): Promise<{ id: string }> {
  return devFixture("service", service);
}

/**
 * A published form in yen of the creator at `sellerEmail` (or the one with `handle`), priced `priceAmount` if given,
 * with a `description` if given, at `userIndex` among the creator's forms (0 if not given).
 */
export function insertForm(
  form: ({ sellerEmail: string } | { handle: string }) & {
    title: string;
    priceAmount?: number;
    description?: string;
    userIndex?: number;
  },
): Promise<{ id: string; code: string }> {
  return devFixture("form", form);
}

/**
 * A published form of the creator at `sellerEmail` with the default template's questions, worded in `locale` (the
 * creator's language), as "Create from the template" makes it.
 */
export function insertTemplateForm(form: {
  sellerEmail: string;
  title: string;
  locale: "en" | "ja";
  priceAmount?: number;
}): Promise<{ id: string; code: string }> {
  return devFixture("templateForm", form);
}

/**
 * A creator's price sheet (issue 63): the template form in `locale`, based at `priceAmount` (10,000 yen if not given),
 * its commercial uses priced +50% (streaming) and +100% (goods, advertising), with extras (a background +5,000 yen,
 * extra characters at 8,000 yen each, up to 3) and the delivery speed (standard, or rush within 5 days at +30%).
 */
export function insertPriceSheetForm(form: {
  sellerEmail: string;
  title: string;
  locale: "en" | "ja";
  priceAmount?: number;
}): Promise<{ id: string; code: string }> {
  return devFixture("priceSheetForm", form);
}

/** Deletes a form insertForm made, with its texts. */
export function deleteForm(formId: string): Promise<unknown> {
  return devFixture("formGone", { formId });
}

/** An order's money where Stripe (the emulator) holds it: each charge's captured and refunded, and its transfers. */
export function orderMoney(orderCode: string): Promise<{
  charges: { captured: number; refunded: number }[];
  transfers: { amount: number; currency: string }[];
}> {
  return devFixture("orderMoney", { orderCode });
}

/** The payment intents recorded for an order, and their status. */
export async function intentsOf(orderId: string): Promise<{ intent: string; status: string }[]> {
  return (await devFixture<{ intents: { intent: string; status: string }[] }>("orderIntents", { orderId })).intents;
}

/** A DRAFT order's submitted time and estimated start and delivery (null: not set), as the left panel shows them. */
export function setOrderSchedule(
  orderId: string,
  s: { submittedAt: number; estimatedStart: number | null; estimatedDelivery: number | null },
): Promise<unknown> {
  return devFixture("orderSchedule", { orderId, ...s });
}

export interface OrderState {
  progress: "DRAFT" | "APPROVED" | "DELIVERED" | "COMPLETED";
  payment: "DRAFT" | "COMPLETED";
  approvedAt?: number;
  deliveredAt?: number;
  completedAt?: number;
  deliveryDeadline?: number;
  completionDeadline?: number;
}

/**
 * Moves an order to `state`, as its Durable Object would have projected it (payment and days passing are Stripe's and
 * time's). Only for an order whose object has not acted yet: the object loads the order from D1 on its first action.
 */
export function setOrderState(orderId: string, s: OrderState): Promise<unknown> {
  return devFixture("orderState", {
    orderId,
    progress: s.progress,
    payment: s.payment,
    approved_at: s.approvedAt,
    delivered_at: s.deliveredAt,
    completed_at: s.completedAt,
    delivery_deadline: s.deliveryDeadline,
    completion_deadline: s.completionDeadline,
  });
}

/**
 * Pays the DRAFT order `orderId` (from insertOrder, its object not yet woken) by card at the Stripe emulator ten days
 * ago and delivers it eight days ago (decision 092): the client's week to report a problem is over and the completion
 * deadline a day ahead, so the creator's Complete pays out at once, as it does for any order completed more than a
 * week after its delivery. The client needs no saved card.
 */
export function saleDeliveredLastWeek(orderId: string): Promise<{ intentId: string }> {
  return devFixture("saleDeliveredLastWeek", { orderId });
}
