// Orders in every state of spec section 4, for the tests that try every action on each (tests/worker/order-matrix
// and order-exactly-once): inserted in D1 as the projection would hold them, before their Durable Object first
// wakes and loads them from there. Paid and delivered orders carry one deliverable file, so delivering is possible.
import { env } from "cloudflare:workers";
import { addDeliverableStatements } from "#worker/orders/services/order-deliverables";
import { prepared } from "#worker/db/statements";
import { freshUser } from "./auth-helpers";
import { signUp } from "./helpers";
import { commissionAccountByEmail, insertOrder } from "./order-fixtures";

const DAY = 86_400_000;

export type OrderStateName =
  | "DRAFT"
  | "APPROVED"
  | "PAID"
  | "PAID_LATE"
  | "DELIVERED"
  /** Delivered over a week ago, its completion deadline moved on: the client's week to dispute the work is over (092). */
  | "DELIVERED_WEEK_AGO"
  | "COMPLETED"
  | "CANCELED";
export const ORDER_STATE_NAMES: OrderStateName[] = [
  "DRAFT",
  "APPROVED",
  "PAID",
  "PAID_LATE",
  "DELIVERED",
  "COMPLETED",
  "CANCELED",
];

export interface Party {
  cookie: string;
  commissionAccountId: string;
  userAccountId: string;
}

export async function newParty(): Promise<Party> {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { cookie, commissionAccountId: account.id, userAccountId: account.userAccountId };
}

/** A new party with their profile's id too: who reads an order's files (the media rules name profiles). */
export async function newPartyWithProfile(): Promise<Party & { profileId: string }> {
  const party = await newParty();
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(party.userAccountId)
    .first<{ id: string }>();
  return { ...party, profileId: profile!.id };
}

/** A signed-up person with their handle and profile, a creator by role if asked (the signals' and insights' people). */
export interface Person {
  handle: string;
  userAccountId: string;
  commissionAccountId: string;
  profileId: string;
}

export async function newPerson({ creator = false } = {}): Promise<Person> {
  const user = freshUser();
  await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  if (creator)
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
      .bind(account.userAccountId)
      .run();
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(account.userAccountId)
    .first<{ id: string }>();
  return {
    handle: user.handle,
    userAccountId: account.userAccountId,
    commissionAccountId: account.id,
    profileId: profile!.id,
  };
}

/** A new party who is an admin too (the dispute desk's, decision 088). */
export async function newAdmin(): Promise<Party> {
  const party = await newParty();
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
    .bind(party.userAccountId)
    .run();
  return party;
}

/** The projection's columns of each state; times relative to `now`. PAID_LATE is paid and past its delivery deadline. */
function columnsOf(state: OrderStateName, now: number): Record<string, string | number | null> {
  const approved = {
    order_progress_status: "APPROVED",
    order_chat_status: "OPENED",
    approved_at: now - 2 * DAY,
    payment_deadline: now + 5 * DAY,
  };
  const paid = { ...approved, order_payment_status: "COMPLETED", delivery_deadline: now + 20 * DAY };
  switch (state) {
    case "DRAFT":
      return {};
    case "APPROVED":
      return approved;
    case "PAID":
      return paid;
    case "PAID_LATE":
      return { ...paid, delivery_deadline: now - DAY };
    case "DELIVERED":
      return {
        ...paid,
        order_progress_status: "DELIVERED",
        delivered_at: now - DAY,
        completion_deadline: now + 6 * DAY,
      };
    case "DELIVERED_WEEK_AGO":
      return {
        ...paid,
        order_progress_status: "DELIVERED",
        delivered_at: now - 8 * DAY,
        completion_deadline: now + DAY,
      };
    case "COMPLETED":
      return {
        ...paid,
        order_progress_status: "COMPLETED",
        order_chat_status: "CLOSED",
        delivered_at: now - 2 * DAY,
        completed_at: now - DAY,
      };
    case "CANCELED":
      return { order_progress_status: "CANCELED", order_chat_status: "CLOSED", canceled_at: now - DAY };
  }
}

/** An order between `seller` and `buyer` in `state`, at ¥10,000; its object not yet woken. */
export async function insertOrderIn(
  state: OrderStateName,
  seller: Party,
  buyer: Party,
): Promise<{ id: string; code: string }> {
  const now = Date.now();
  const order = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: now + 7 * DAY,
  });
  const columns = columnsOf(state, now);
  const statements: D1PreparedStatement[] = [];
  const names = Object.keys(columns);
  if (names.length) {
    statements.push(
      env.DB.prepare(`UPDATE commission_orders SET ${names.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`).bind(
        ...Object.values(columns),
        order.id,
      ),
    );
  }
  if (state !== "DRAFT" && state !== "APPROVED" && state !== "CANCELED") {
    const mediaId = crypto.randomUUID();
    const file = {
      mediaId,
      key: `v1/commission-order/${order.id}/deliverables/${mediaId}.png`,
      name: "work.png",
      size: 68,
      mimeType: "image/png",
    };
    statements.push(...prepared(env.DB, addDeliverableStatements(order.id, seller.userAccountId, file, now)));
  }
  if (statements.length) await env.DB.batch(statements);
  return order;
}
