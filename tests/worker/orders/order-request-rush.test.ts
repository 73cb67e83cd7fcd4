// Rush (issue 63, decision 091): a rush choice is offered and accepted only while the request takes a free slot nobody
// waits for, so rush never jumps a waiting client. With the creator full, or the client coming on their reservation,
// the page hides it and the submission refuses it (requests_error_rush_unavailable), writing no order and giving the
// reservation back; with a free slot the order keeps its rush days.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ServiceRequest } from "#worker/orders/domain/order-request";
import { submitServiceRequest } from "#worker/orders/services/order-requests";
import { getPublicService } from "#worker/orders/services/request-views";
import { db } from "../support/helpers";
import {
  answersPicking,
  newClient,
  ordersOf,
  priceSheetSetUp,
  requestOf,
  submitService,
  type PriceSheet,
} from "../support/request-pricing-fixtures";
import { deliveredOrder } from "../support/waitlist-fixtures";

type Client = Awaited<ReturnType<typeof newClient>>;

const rushRequest = (s: PriceSheet, ...more: string[]): ServiceRequest => ({
  serviceId: s.serviceId,
  ...requestOf(answersPicking(s.shapes.sheet, "Bust", "Rush", ...more)),
});
const plainRequest = (s: PriceSheet): ServiceRequest => ({
  serviceId: s.serviceId,
  ...requestOf(answersPicking(s.shapes.sheet, "Bust")),
});

/** The submission as the door runs it, answered before the door words it. */
const submitAs = (client: Client, input: ServiceRequest) =>
  submitServiceRequest(
    { db: db(), bucket: env.MEDIA, now: Date.now() },
    { userAccountId: client.accountId, profileId: client.profileId },
    input,
  );

const rushOfferedTo = async (s: PriceSheet, client: Client | null) =>
  (await getPublicService(db(), s.seller.handle, s.serviceId, {
    locale: "en",
    accountId: client?.accountId ?? null,
    displayCurrencyId: null,
  }))!.rushOffered;

describe("rush", () => {
  it("with a free slot nobody waits for: offered, accepted, the order delivered within its rush days and its 30% line", async () => {
    const s = await priceSheetSetUp(2);
    const client = await newClient();
    expect(await rushOfferedTo(s, null)).toBe(true);
    expect(await rushOfferedTo(s, client)).toBe(true);
    expect((await submitService(client.cookie, rushRequest(s))).status).toBe(200);
    const [order] = await ordersOf(client.commissionAccountId);
    expect(order.rush_days).toBe(5);
    // Bust ¥20,000 and rush at 30% of it.
    expect(order.price_amount).toBe(26_000);
  });

  it("with the creator full: hidden, and refused while a request without rush is full as before; nothing written", async () => {
    const s = await priceSheetSetUp(1);
    await deliveredOrder(s.seller, s.serviceId);
    const client = await newClient();
    expect(await rushOfferedTo(s, null)).toBe(false);
    expect(await rushOfferedTo(s, client)).toBe(false);
    expect(await submitAs(client, rushRequest(s))).toEqual({ ok: false, reason: "requests_error_rush_unavailable" });
    expect(await submitAs(client, plainRequest(s))).toEqual({ ok: false, reason: "requests_error_full" });
    expect(await ordersOf(client.commissionAccountId)).toEqual([]);
  });

  it("for a client coming on their reservation: hidden to them, refused with the reservation given back, and the request without rush takes it", async () => {
    const s = await priceSheetSetUp(1);
    const client = await newClient();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO waitlist_entries (id, seller_id, service_id, client_id, state, joined_at, reserved_at, reserved_until) VALUES (?, ?, ?, ?, 'RESERVED', ?, ?, ?)",
    )
      .bind(
        entryId,
        s.seller.commissionAccountId,
        s.serviceId,
        client.commissionAccountId,
        now - 1000,
        now,
        now + 3_600_000,
      )
      .run();
    const entry = () =>
      env.DB.prepare("SELECT state, order_id FROM waitlist_entries WHERE id = ?")
        .bind(entryId)
        .first<{ state: string; order_id: string | null }>();

    // The slot is held by the reservation: nobody else may rush either.
    expect(await rushOfferedTo(s, null)).toBe(false);
    expect(await rushOfferedTo(s, client)).toBe(false);
    expect(await submitAs(client, rushRequest(s))).toEqual({ ok: false, reason: "requests_error_rush_unavailable" });
    expect(await ordersOf(client.commissionAccountId)).toEqual([]);
    expect(await entry()).toEqual({ state: "RESERVED", order_id: null });

    const sent = await submitAs(client, plainRequest(s));
    expect(sent).toMatchObject({ ok: true });
    const [order] = await ordersOf(client.commissionAccountId);
    expect(order.rush_days).toBeNull();
    expect(await entry()).toMatchObject({ order_id: order.id });
  });
});
