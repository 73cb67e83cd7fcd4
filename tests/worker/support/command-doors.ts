// The two doors of an order command (issue 61; worker/orders/commands/), for its test beside it: the JSON route as the
// API's callers post it, and the order page's form as the page posts it (the managements page for the seller, the
// client requests page for the buyer), answered { ok, intent, errors?, message? } with a status.
import { env } from "cloudflare:workers";
import * as clientRequestsPage from "#app/routes/dashboard/client-requests";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import type { Locale } from "#worker/domain/locales";
import { stagesOfPlan, type OrderStage, type StagePlanItem } from "#worker/orders/domain/order-stages";
import { withMessageLocale } from "#worker/messages/message-locale";
import { call } from "./helpers";
import { pageContext } from "./page-context";
import { insertOrderIn, newParty, type OrderStateName, type Party } from "./order-states";
import { confirmed } from "./confirmed";

const DAY = 86_400_000;
export const PLAN: StagePlanItem[] = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colour", sharePercent: 70, includedRevisions: 1 },
];
/** A stage whose preview the client reviews now. */
export const IN_REVIEW: Partial<OrderStage> = {
  status: "IN_REVIEW",
  previewedAt: Date.now() - DAY,
  reviewDeadline: Date.now() + 6 * DAY,
};

/**
 * An order in `state` between a fresh seller (a creator, who may open the managements page), buyer and stranger; with
 * `stages`, it has PLAN's, each changed as given by index.
 */
export async function orderIn(state: OrderStateName, stages: Partial<OrderStage>[] | null = null) {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(seller.userAccountId)
    .run();
  const order = await insertOrderIn(state, seller, buyer);
  if (stages)
    await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
      .bind(JSON.stringify(stagesOfPlan(PLAN).map((s, i) => ({ ...s, ...stages[i] }))), order.id)
      .run();
  return { ...order, seller, buyer, stranger };
}

/** POST /api/features/commission/order{path} as `who` (signed out: null), in `language`, confirmed as the app sends it. */
export const jsonDoor = (path: string, who: Pick<Party, "cookie"> | null, json: unknown, language = "en") =>
  call(`/api/features/commission/order${path}`, {
    method: "POST",
    cookie: who?.cookie,
    json: confirmed(json),
    headers: { "accept-language": language },
  });

export interface FormAnswer {
  data: { ok: boolean; intent: string; errors?: Record<string, string>; message?: string };
  init: { status: number };
}

/**
 * The order page's form post as `who`, on their side's page, as the page posts it once its dialog was confirmed
 * (`confirmed=true`, issue 75); a field given a list posts it repeated.
 */
export async function formDoor(
  who: Party,
  side: "seller" | "buyer",
  fields: Record<string, string | string[]>,
  locale: Locale = "en",
): Promise<FormAnswer> {
  const [page, path] =
    side === "seller"
      ? [managementsPage, "/dashboard/commission/managements"]
      : [clientRequestsPage, "/dashboard/commission/client/requests"];
  const context = await pageContext(who.userAccountId, locale, path);
  const body = new FormData();
  for (const [name, value] of Object.entries({ confirmed: "true", ...fields }))
    for (const each of [value].flat()) body.append(name, each);
  const result = await withMessageLocale(locale, "http://localhost", () =>
    page.action({ context, request: new Request(`http://localhost${path}`, { method: "POST", body }) } as never),
  );
  // An answer with a status is react-router's `data(...)`; a plain object is a 200.
  const answer = result as { data: FormAnswer["data"]; init: { status?: number } | null } | FormAnswer["data"];
  return "init" in answer
    ? { data: answer.data, init: { status: answer.init?.status ?? 200 } }
    : { data: answer, init: { status: 200 } };
}

/** The order's row as D1 holds it. */
export const orderRow = (orderId: string) =>
  env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?").bind(orderId).first<Record<string, unknown>>();

/** The JSON door's answer as `{ status, body }`. */
export async function jsonAnswer(path: string, who: Party, body: unknown) {
  const response = await jsonDoor(path, who, body);
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
}

/** The form door's answer as `{ status, body }`. */
export async function formAnswer(who: Party, side: "seller" | "buyer", fields: Record<string, string>) {
  const answer = await formDoor(who, side, fields);
  return { status: answer.init.status, body: answer.data };
}

/** A paid order whose creator has asked for 5 more days (decision 090): its delivery deadline and the one proposed. */
export async function askedOrder() {
  const order = await orderIn("PAID");
  const row = await orderRow(order.id);
  const deadline = row!.delivery_deadline as number;
  const proposed = deadline + 5 * DAY;
  const body = { orderId: order.id, deliveryDeadline: proposed, reason: "The flu." };
  if ((await jsonAnswer("/extension/request", order.seller, body)).status !== 200) throw new Error("not asked");
  return { ...order, deadline, proposed };
}
