// A creator with slots and the orders that hold them (decision 091), for the waitlist's tests.
import { env } from "cloudflare:workers";
import { saveCreatorCapacity } from "#worker/services/waitlist";
import { seedCreator } from "./catalog-fixtures";
import { db } from "./helpers";
import { newMember } from "./media-fixtures";
import { insertOrderIn, newParty } from "./order-states";

export async function addCard(userAccountId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
  )
    .bind(crypto.randomUUID(), userAccountId, `pm_${crypto.randomUUID()}`, now, now)
    .run();
}

export const commissionAccountOf = async (userAccountId: string) =>
  (await env.DB.prepare("SELECT id FROM commission_accounts WHERE user_account_id = ?")
    .bind(userAccountId)
    .first<{ id: string }>())!.id;

/** A creator with one published service (no form) and `slots` slots, and a client with a saved card. */
export async function slotsSetUp(slots: number | null) {
  const seller = await seedCreator({
    handle: `wl${crypto.randomUUID().slice(0, 8)}`,
    open: true,
    services: [{ title: "Chibi mascot", price: 10_000 }],
  });
  await saveCreatorCapacity(db(), {
    sellerAccountId: seller.commissionAccountId,
    slots,
    waitlistClosed: false,
    now: Date.now(),
  });
  const client = await newMember("wlcl");
  await addCard(client.accountId);
  return { seller, client, serviceId: seller.services[0], clientId: await commissionAccountOf(client.accountId) };
}

/** An order of the service in DELIVERED (holding a slot), from a buyer of its own. */
export async function deliveredOrder(seller: { commissionAccountId: string; accountId: string }, serviceId: string) {
  const buyer = await newParty();
  const order = await insertOrderIn(
    "DELIVERED",
    { cookie: "", commissionAccountId: seller.commissionAccountId, userAccountId: seller.accountId },
    buyer,
  );
  await env.DB.prepare("UPDATE commission_orders SET service_id = ? WHERE id = ?").bind(serviceId, order.id).run();
  return { id: order.id, buyerId: buyer.commissionAccountId };
}
