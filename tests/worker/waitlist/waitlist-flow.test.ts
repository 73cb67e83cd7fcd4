// A creator's slots and waitlist end to end through the doors (issue 50, decision 091): with 1 slot held by an
// approved order, a request is refused and the client joins the line; when the order completes, the Order object's own
// batch reserves the slot for them and tells them; their request claims the reservation and keeps the slot held until
// the creator answers it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { orderStub } from "#worker/orders/order-stub";
import { targetSlotStatus } from "#worker/services/waitlist";
import { call } from "../support/helpers";
import { deliveredOrder, slotsSetUp } from "../support/waitlist-fixtures";

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
