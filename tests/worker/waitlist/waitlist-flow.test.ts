// A creator's slots and waitlist end to end through the doors (issue 50, decision 091): with 1 slot held by an
// approved order, a request is refused and the client joins the line; when the order completes, the Order object's own
// batch reserves the slot for them and tells them; their request claims the reservation and keeps the slot held until
// the creator answers it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { orderStub } from "#worker/services/order-stubs";
import { saveCreatorCapacity, targetSlotStatus } from "#worker/services/waitlist";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";

async function addCard(userAccountId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at) VALUES (?, ?, ?, 'visa', '4242', 12, 2099, ?, ?)",
  )
    .bind(crypto.randomUUID(), userAccountId, `pm_${crypto.randomUUID()}`, now, now)
    .run();
}

const commissionAccountOf = async (userAccountId: string) =>
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

const requestBody = (serviceId: string) => ({
  serviceId,
  isAgreedToTerms: true,
  isAcknowledged: true,
  formQuestionAnswers: [],
});

const placeOfClient = (clientId: string) =>
  env.DB.prepare("SELECT id, state, reserved_until, order_id FROM waitlist_entries WHERE client_id = ?")
    .bind(clientId)
    .first<{ id: string; state: string; reserved_until: number | null; order_id: string | null }>();

describe("a creator's slots and waitlist", () => {
  it("a full creator's line: refused request, a place, the slot reserved when an order completes, claimed by the request", async () => {
    const s = await slotsSetUp(1);
    expect(await targetSlotStatus(env.DB, { kind: "service", id: s.serviceId })).toEqual({
      kind: "open",
      open: 1,
      slots: 1,
    });
    const held = await deliveredOrder(s.seller, s.serviceId);
    expect(await targetSlotStatus(env.DB, { kind: "service", id: s.serviceId })).toEqual({
      kind: "waitlist",
      waiting: 0,
    });

    const refused = await call("/api/features/commission/service/submit", {
      method: "POST",
      cookie: s.client.cookie,
      json: requestBody(s.serviceId),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "requests_error_full" });

    const joined = await call("/api/waitlist/join", {
      method: "POST",
      cookie: s.client.cookie,
      json: { kind: "service", id: s.serviceId },
    });
    expect(joined.status).toBe(200);
    expect(await placeOfClient(s.clientId)).toMatchObject({ state: "WAITING" });
    expect(await targetSlotStatus(env.DB, { kind: "service", id: s.serviceId })).toEqual({
      kind: "waitlist",
      waiting: 1,
    });

    // The creator completes it: the object's batch frees the slot and hands it to the first in line.
    const completed = await orderStub(env.ORDER, held.id).act(
      { type: "complete" },
      { commissionAccountId: s.seller.commissionAccountId },
    );
    expect(completed).toMatchObject({ status: "done" });
    const reserved = await placeOfClient(s.clientId);
    expect(reserved).toMatchObject({ state: "RESERVED" });
    const notice = await env.DB.prepare(
      "SELECT n.notification_type, n.href FROM notifications n WHERE n.recipient_user_account_id = ? AND n.notification_type = 'WAITLIST_SLOT_RESERVED'",
    )
      .bind(s.client.accountId)
      .all();
    expect(notice.results).toEqual([
      { notification_type: "WAITLIST_SLOT_RESERVED", href: `/${s.seller.handle}?service=${s.serviceId}` },
    ]);

    // The request claims the reservation; the request keeps the slot held while it waits for the creator.
    const sent = await call("/api/features/commission/service/submit", {
      method: "POST",
      cookie: s.client.cookie,
      json: requestBody(s.serviceId),
    });
    expect(sent.status).toBe(200);
    const { data } = await sent.json<{ data: { orderId: string } }>();
    expect(await placeOfClient(s.clientId)).toMatchObject({ state: "REQUESTED", order_id: data.orderId });
    expect(await targetSlotStatus(env.DB, { kind: "service", id: s.serviceId })).toEqual({
      kind: "waitlist",
      waiting: 0,
    });
  });
});
