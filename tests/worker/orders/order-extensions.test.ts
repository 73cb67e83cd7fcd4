// Deadlines moved by agreement through the doors (issue 50, decision 090; worker/orders/commands/*-extension.ts): the
// creator asks, the client accepts, declines or gives more time, through the Order object and its D1 projection. Each
// door refuses a stranger (404), the signed-out (401), the wrong party (409 with words) and bad input (400, in the
// caller's language), and a refused call changes nothing; an unanswered request lapses on the object's alarm; racing
// moves give exactly one outcome.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { orderStub } from "#worker/orders/order-stub";
import { extensionErrorMessage } from "#worker/messages/extensions";
import { orderRefusalMessage } from "#worker/messages/orders";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

const DAY = 86_400_000;
const post = (path: string, who: Party | null, json: unknown, language = "en") =>
  call(`/api/features/commission/order/extension/${path}`, {
    method: "POST",
    cookie: who?.cookie,
    json,
    headers: { "accept-language": language },
  });

describe("a delivery date moved by agreement", () => {
  it("the creator asks with a reason, the client accepts: the date moves, the first is kept, both are told", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const before = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first<{ delivery_deadline: number }>();
    const proposed = before!.delivery_deadline + 5 * DAY;
    const asked = await post("request", seller, {
      orderId: order.id,
      deliveryDeadline: proposed,
      reason: "I caught the flu and lost a week.",
    });
    expect(asked.status).toBe(200);
    expect((await post("accept", seller, { orderId: order.id })).status).toBe(409);
    const accepted = await post("accept", buyer, { orderId: order.id });
    expect(accepted.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT delivery_deadline, original_delivery_deadline, extension_request FROM commission_orders WHERE id = ?",
    )
      .bind(order.id)
      .first();
    expect(row).toEqual({
      delivery_deadline: proposed,
      original_delivery_deadline: before!.delivery_deadline,
      extension_request: null,
    });
    const reason = await env.DB.prepare("SELECT reason FROM order_deadline_moves WHERE order_id = ?")
      .bind(order.id)
      .first();
    expect(reason).toEqual({ reason: "I caught the flu and lost a week." });
    const notices = await env.DB.prepare(
      "SELECT notification_type FROM notifications WHERE order_id = ? AND notification_type LIKE '%EXTENSION%' ORDER BY created_at",
    )
      .bind(order.id)
      .all();
    expect(notices.results.map((n) => n.notification_type)).toEqual([
      "COMMISSION_ORDER_EXTENSION_REQUESTED",
      "COMMISSION_ORDER_EXTENSION_ACCEPTED",
    ]);
  });
});

/** A paid order between a fresh seller and buyer, a stranger beside them, and its delivery date as D1 has it. */
async function paidOrder() {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  const { delivery_deadline: deadline } = (await env.DB.prepare(
    "SELECT delivery_deadline FROM commission_orders WHERE id = ?",
  )
    .bind(order.id)
    .first<{ delivery_deadline: number }>())!;
  return { ...order, seller, buyer, stranger, deadline };
}

/** Everything a refused call must leave as it was: the row, its log, its notices and its deadline moves. */
async function snapshot(orderId: string) {
  const [row, events, notices, moves] = await Promise.all([
    env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM commission_order_events WHERE order_id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE order_id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM order_deadline_moves WHERE order_id = ?").bind(orderId).first(),
  ]);
  return { row, events, notices, moves };
}

/** Every call refused with `status` and `body` (its message included), and the order left as it was. */
async function expectRefusals(orderId: string, calls: [() => Promise<Response>, number, object][]) {
  const before = await snapshot(orderId);
  for (const [send, status, body] of calls) {
    const response = await send();
    const answer = await response.json();
    expect({ status: response.status, answer }).toEqual({ status, answer: body });
  }
  expect(await snapshot(orderId)).toEqual(before);
}

const eventTypes = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ? ORDER BY version")
      .bind(orderId)
      .all<{ event_type: string }>()
  ).results.map((e) => e.event_type);
const extensionNotices = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT notification_type AS type FROM notifications WHERE order_id = ? AND (notification_type LIKE '%EXTENSION%' OR notification_type LIKE '%EXTENDED%') ORDER BY created_at, notification_type",
    )
      .bind(orderId)
      .all<{ type: string }>()
  ).results.map((n) => n.type);
const deadlines = (orderId: string) =>
  env.DB.prepare(
    "SELECT delivery_deadline, original_delivery_deadline, extension_request FROM commission_orders WHERE id = ?",
  )
    .bind(orderId)
    .first<{
      delivery_deadline: number;
      original_delivery_deadline: number | null;
      extension_request: string | null;
    }>();

/** Time passes for the request: it was made `ms` earlier, as the object keeps it (D1 keeps the same). */
async function ageRequest(orderId: string, ms: number) {
  await runInDurableObject(orderStub(env.ORDER, orderId), async (_instance, state) => {
    const stored = (await state.storage.get<StoredOrder>("order"))!;
    const request = stored.state.extensionRequest!;
    const aged = { ...request, requestedAt: request.requestedAt - ms };
    await state.storage.put("order", { ...stored, state: { ...stored.state, extensionRequest: aged } });
    await state.storage.setAlarm(aged.requestedAt + 3 * DAY);
  });
}

const NOT_FOUND = { error: "not_found" };
const UNAUTHORIZED = { error: "unauthorized" };
const INVALID = { error: "invalid_request" };
/** A refusal's answer in Japanese: its words as the Worker's messages have them (checked below to be Japanese). */
const wordsOf = (error: string, locale: "en" | "ja") =>
  extensionErrorMessage(error, locale) ?? orderRefusalMessage(error, locale);
const ja = (error: string) => ({ error, message: wordsOf(error, "ja") });
const JA = {
  sellerOnly: ja("seller_only"),
  buyerOnly: ja("buyer_only"),
  date: ja("extension_date_invalid"),
  none: ja("no_extension"),
  pending: ja("extension_pending"),
};
const jaReason = (() => {
  const { message } = ja("extension_reason_invalid");
  return { error: "extension_reason_invalid", message, errors: { reason: message } };
})();
const REASON = "The reference sheet changed.";

describe("the extension doors refuse what they must, and a refusal changes nothing", () => {
  it("words its refusals in Japanese for a Japanese reader", () => {
    for (const { error, message } of [...Object.values(JA), jaReason]) {
      expect(message, error).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(message, error).not.toBe(wordsOf(error, "en"));
    }
    expect(jaReason.message).toContain("1000");
  });

  it("refuses a stranger (404), the signed-out (401) and the wrong party (409), at every door", async () => {
    const order = await paidOrder();
    const later = order.deadline + 5 * DAY;
    expect(
      (await post("request", order.seller, { orderId: order.id, deliveryDeadline: later, reason: REASON })).status,
    ).toBe(200);
    const requestBody = { orderId: order.id, deliveryDeadline: later + DAY, reason: REASON };
    const giveBody = { orderId: order.id, deliveryDeadline: later };
    const idBody = { orderId: order.id };
    await expectRefusals(order.id, [
      [() => post("request", order.stranger, requestBody), 404, NOT_FOUND],
      [() => post("accept", order.stranger, idBody), 404, NOT_FOUND],
      [() => post("decline", order.stranger, idBody), 404, NOT_FOUND],
      [() => post("give", order.stranger, giveBody), 404, NOT_FOUND],
      [() => post("request", null, requestBody), 401, UNAUTHORIZED],
      [() => post("accept", null, idBody), 401, UNAUTHORIZED],
      [() => post("decline", null, idBody), 401, UNAUTHORIZED],
      [() => post("give", null, giveBody), 401, UNAUTHORIZED],
      [() => post("request", order.buyer, requestBody, "ja"), 409, JA.sellerOnly],
      [() => post("accept", order.seller, idBody, "ja"), 409, JA.buyerOnly],
      [() => post("decline", order.seller, idBody, "ja"), 409, JA.buyerOnly],
      [() => post("give", order.seller, giveBody, "ja"), 409, JA.buyerOnly],
      // An order that does not exist is a stranger's.
      [() => post("accept", order.buyer, { orderId: "no-such-order" }), 404, NOT_FOUND],
      // One request at a time.
      [() => post("request", order.seller, requestBody, "ja"), 409, JA.pending],
    ]);
  });

  it("refuses bad input with 400 and its words in the caller's language", async () => {
    const order = await paidOrder();
    const request =
      (deliveryDeadline: unknown, reason: unknown = REASON) =>
      () =>
        post("request", order.seller, { orderId: order.id, deliveryDeadline, reason }, "ja");
    const give = (deliveryDeadline: unknown) => () =>
      post("give", order.buyer, { orderId: order.id, deliveryDeadline }, "ja");
    const later = order.deadline + DAY;
    await expectRefusals(order.id, [
      // Wrong types, or no body at all.
      [request(String(later)), 400, INVALID],
      [request(later + 0.5), 400, INVALID],
      [request(String(later), 42), 400, INVALID],
      [() => post("request", order.seller, { deliveryDeadline: later, reason: REASON }), 400, INVALID],
      [() => post("accept", order.buyer, { orderId: 7 }), 400, INVALID],
      [() => post("decline", order.buyer, {}), 400, INVALID],
      [give(null), 400, INVALID],
      [give(-1), 400, INVALID],
      [
        () =>
          call("/api/features/commission/order/extension/accept", {
            method: "POST",
            cookie: order.buyer.cookie,
            body: "{",
            headers: { "content-type": "application/json" },
          }),
        400,
        INVALID,
      ],
      // A date not after the current one, and one more than 60 days past it.
      [request(order.deadline), 400, JA.date],
      [request(order.deadline - DAY), 400, JA.date],
      [request(order.deadline + 60 * DAY + 1), 400, JA.date],
      [give(order.deadline), 400, JA.date],
      [give(order.deadline + 61 * DAY), 400, JA.date],
      // A blank, huge or unstorable reason.
      [request(later, ""), 400, jaReason],
      [request(later, " \n\t\u3000"), 400, jaReason],
      [request(later, "\u200b\u200b\u200b"), 400, jaReason],
      [request(later, "x".repeat(1001)), 400, jaReason],
      // A reason too long to read, or not text at all, is told the reason's words too.
      [request(later, "x".repeat(4001)), 400, jaReason],
      [request(later, 42), 400, jaReason],
      [request(later, null), 400, jaReason],
      [request(later, "late\u0000night"), 400, jaReason],
      [request(later, "half \ud800 a surrogate"), 400, jaReason],
      // Nothing to answer yet.
      [() => post("accept", order.buyer, { orderId: order.id }, "ja"), 409, JA.none],
      [() => post("decline", order.buyer, { orderId: order.id }, "ja"), 409, JA.none],
    ]);
    // The edges are taken: exactly 60 days later, and a reason of 1,000 characters, normalized.
    const reason = `Cafe\u0301 ${"y".repeat(995)}`;
    const edge = await post("request", order.seller, {
      orderId: order.id,
      deliveryDeadline: order.deadline + 60 * DAY,
      reason,
    });
    expect(edge.status).toBe(200);
    const moves = await env.DB.prepare(
      "SELECT reason, proposed_deadline, previous_deadline FROM order_deadline_moves WHERE order_id = ?",
    )
      .bind(order.id)
      .all();
    expect(moves.results).toEqual([
      {
        reason: reason.normalize("NFC"),
        proposed_deadline: order.deadline + 60 * DAY,
        previous_deadline: order.deadline,
      },
    ]);
  });

  it("moves a passed date from today: a date still in the past is refused, and so is one more than 60 days from now", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID_LATE", seller, buyer);
    const { delivery_deadline: passed } = (await deadlines(order.id))!;
    expect(passed).toBeLessThan(Date.now());
    const ask = (deliveryDeadline: number) => () =>
      post("request", seller, { orderId: order.id, deliveryDeadline, reason: REASON }, "ja");
    await expectRefusals(order.id, [
      [ask(passed + DAY / 2), 400, JA.date],
      [ask(Date.now() + 60 * DAY + 60_000), 400, JA.date],
      [() => post("give", buyer, { orderId: order.id, deliveryDeadline: passed + DAY / 2 }, "ja"), 400, JA.date],
    ]);
    expect((await ask(Date.now() + 59 * DAY)()).status).toBe(200);
  });

  it("refuses every move on a disputed order, and a move on an order not paid or already delivered", async () => {
    const order = await paidOrder();
    const later = order.deadline + 5 * DAY;
    const opened = await call("/api/features/commission/order/dispute/open", {
      method: "POST",
      cookie: order.buyer.cookie,
      json: { orderId: order.id, statement: "Nothing has come.", reason: "not_delivered" },
    });
    expect(opened.status).toBe(200);
    const disputed = { error: "order_disputed", message: expect.any(String) };
    await expectRefusals(order.id, [
      [
        () => post("request", order.seller, { orderId: order.id, deliveryDeadline: later, reason: REASON }),
        409,
        disputed,
      ],
      [() => post("give", order.buyer, { orderId: order.id, deliveryDeadline: later }), 409, disputed],
    ]);
    // The shared admins' queue reads open disputes: this one leaves it.
    await env.DB.prepare("UPDATE commission_orders SET disputed_since = NULL WHERE id = ?").bind(order.id).run();
    const [seller, buyer] = [order.seller, order.buyer];
    for (const state of ["APPROVED", "DELIVERED", "CANCELED"] as const) {
      const other = await insertOrderIn(state, seller, buyer);
      const move = { orderId: other.id, deliveryDeadline: Date.now() + 30 * DAY, reason: REASON };
      const [asked, given] = [await post("request", seller, move), await post("give", buyer, move)];
      expect([asked.status, given.status], state).toEqual([409, 409]);
      expect(await eventTypes(other.id)).toEqual([]);
    }
  });
});

describe("the client's answers", () => {
  it("a decline keeps the date, and tells the creator", async () => {
    const order = await paidOrder();
    expect(
      (
        await post("request", order.seller, {
          orderId: order.id,
          deliveryDeadline: order.deadline + 9 * DAY,
          reason: REASON,
        })
      ).status,
    ).toBe(200);
    const declined = await post("decline", order.buyer, { orderId: order.id });
    expect(declined.status).toBe(200);
    expect(((await declined.json()) as { data: unknown }).data).toEqual({
      deliveryDeadline: order.deadline,
      extensionRequest: null,
      originalDeliveryDeadline: null,
    });
    expect(await deadlines(order.id)).toEqual({
      delivery_deadline: order.deadline,
      original_delivery_deadline: null,
      extension_request: null,
    });
    expect(await eventTypes(order.id)).toEqual(["EXTENSION_REQUESTED", "EXTENSION_DECLINED"]);
    expect(await extensionNotices(order.id)).toEqual([
      "COMMISSION_ORDER_EXTENSION_REQUESTED",
      "COMMISSION_ORDER_EXTENSION_DECLINED",
    ]);
    // Answered: a second answer has nothing to answer.
    await expectRefusals(order.id, [[() => post("accept", order.buyer, { orderId: order.id }, "ja"), 409, JA.none]]);
  });

  it("a gift moves the date at once and keeps the first; a pending request is answered by it; a second keeps the first", async () => {
    const order = await paidOrder();
    expect(
      (
        await post("request", order.seller, {
          orderId: order.id,
          deliveryDeadline: order.deadline + 9 * DAY,
          reason: REASON,
        })
      ).status,
    ).toBe(200);
    const given = await post("give", order.buyer, { orderId: order.id, deliveryDeadline: order.deadline + 14 * DAY });
    expect(given.status).toBe(200);
    expect(await deadlines(order.id)).toEqual({
      delivery_deadline: order.deadline + 14 * DAY,
      original_delivery_deadline: order.deadline,
      extension_request: null,
    });
    expect(
      (await post("give", order.buyer, { orderId: order.id, deliveryDeadline: order.deadline + 20 * DAY })).status,
    ).toBe(200);
    expect(await deadlines(order.id)).toEqual({
      delivery_deadline: order.deadline + 20 * DAY,
      original_delivery_deadline: order.deadline,
      extension_request: null,
    });
    expect(await eventTypes(order.id)).toEqual(["EXTENSION_REQUESTED", "DELIVERY_EXTENDED", "DELIVERY_EXTENDED"]);
    // Not only the projection: the object's own state.
    const { state } = (await orderStub(env.ORDER, order.id).get())!;
    expect([state.deliveryDeadline, state.originalDeliveryDeadline, state.extensionRequest ?? null]).toEqual([
      order.deadline + 20 * DAY,
      order.deadline,
      null,
    ]);
    // The request it answered cannot be accepted afterwards.
    await expectRefusals(order.id, [[() => post("accept", order.buyer, { orderId: order.id }, "ja"), 409, JA.none]]);
  });

  it("an unanswered request lapses on the object's alarm after 3 days, once; an answer after them is refused", async () => {
    const order = await paidOrder();
    const asked = await post("request", order.seller, {
      orderId: order.id,
      deliveryDeadline: order.deadline + 9 * DAY,
      reason: REASON,
    });
    expect(asked.status).toBe(200);
    const { requestedAt } = ((await asked.json()) as { data: { extensionRequest: { requestedAt: number } } }).data
      .extensionRequest;
    const stub = orderStub(env.ORDER, order.id);
    // The object waits for the lapse: its alarm is the request's third day.
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.getAlarm()).toBe(requestedAt + 3 * DAY);
    });
    // The alarm run early (a restart's, say) changes nothing, and waits for the third day again.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await eventTypes(order.id)).toEqual(["EXTENSION_REQUESTED"]);
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.getAlarm()).toBe(requestedAt + 3 * DAY);
    });

    await ageRequest(order.id, 3 * DAY + 1);
    // Three days gone: the client can no longer answer, even before the alarm has run.
    await expectRefusals(order.id, [
      [() => post("accept", order.buyer, { orderId: order.id }, "ja"), 409, JA.none],
      [() => post("decline", order.buyer, { orderId: order.id }, "ja"), 409, JA.none],
    ]);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    expect(await deadlines(order.id)).toEqual({
      delivery_deadline: order.deadline,
      original_delivery_deadline: null,
      extension_request: null,
    });
    expect(await eventTypes(order.id)).toEqual(["EXTENSION_REQUESTED", "EXTENSION_LAPSED"]);
    // The request told the client; its lapse tells both.
    expect(await extensionNotices(order.id)).toEqual([
      "COMMISSION_ORDER_EXTENSION_REQUESTED",
      "COMMISSION_ORDER_EXTENSION_LAPSED",
      "COMMISSION_ORDER_EXTENSION_LAPSED",
    ]);
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
    });
    await expectRefusals(order.id, [[() => post("accept", order.buyer, { orderId: order.id }, "ja"), 409, JA.none]]);
    // Lapsed, the creator may ask again.
    expect(
      (
        await post("request", order.seller, {
          orderId: order.id,
          deliveryDeadline: order.deadline + 2 * DAY,
          reason: REASON,
        })
      ).status,
    ).toBe(200);
  });
});

describe("a dispute stops the request's clock (issue 59)", () => {
  it("settled after the 3 days by the clock, the request can still be answered for the days the dispute did not take", async () => {
    const order = await paidOrder();
    const proposed = order.deadline + 9 * DAY;
    expect(
      (await post("request", order.seller, { orderId: order.id, deliveryDeadline: proposed, reason: REASON })).status,
    ).toBe(200);
    const opened = await call("/api/features/commission/order/dispute/open", {
      method: "POST",
      cookie: order.buyer.cookie,
      json: { orderId: order.id, statement: "The sketch is late and off.", reason: "quality" },
    });
    expect(opened.status).toBe(200);
    // The request was made 5 days ago and the dispute opened 4 days ago: one of the client's days was used.
    const stub = orderStub(env.ORDER, order.id);
    await runInDurableObject(stub, async (_instance, state) => {
      const stored = (await state.storage.get<StoredOrder>("order"))!;
      const { extensionRequest, dispute } = stored.state;
      await state.storage.put("order", {
        ...stored,
        state: {
          ...stored.state,
          extensionRequest: { ...extensionRequest!, requestedAt: extensionRequest!.requestedAt - 5 * DAY },
          dispute: { ...dispute!, openedAt: dispute!.openedAt - 4 * DAY },
        },
      });
    });
    const admin = await newParty();
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(admin.userAccountId)
      .run();
    const settled = await call("/api/admin/disputes/settle", {
      method: "POST",
      cookie: admin.cookie,
      json: {
        orderId: order.id,
        outcome: "reopen",
        days: 30,
        reason: "Both may go on: the client answers the request.",
      },
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    const settledAt = Date.now();
    // The object waits on the request's two days left, not on a lapse already past.
    await runInDurableObject(stub, async (_instance, state) => {
      const alarm = (await state.storage.getAlarm())!;
      expect(alarm).toBeGreaterThan(settledAt + 2 * DAY - 60_000);
      expect(alarm).toBeLessThanOrEqual(settledAt + 2 * DAY);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const accepted = await post("accept", order.buyer, { orderId: order.id });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await deadlines(order.id)).toMatchObject({ delivery_deadline: proposed, extension_request: null });
    expect(await eventTypes(order.id)).toEqual([
      "EXTENSION_REQUESTED",
      "DISPUTE_OPENED",
      "DISPUTE_SETTLED",
      "EXTENSION_ACCEPTED",
    ]);
  });
});

describe("racing moves give exactly one outcome", () => {
  it("an accept and a decline at once: one answer, one event, one notice", async () => {
    for (let i = 0; i < 3; i++) {
      const order = await paidOrder();
      const proposed = order.deadline + 9 * DAY;
      expect(
        (await post("request", order.seller, { orderId: order.id, deliveryDeadline: proposed, reason: REASON })).status,
      ).toBe(200);
      const [accepted, declined] = await Promise.all([
        post("accept", order.buyer, { orderId: order.id }),
        post("decline", order.buyer, { orderId: order.id }),
      ]);
      expect([accepted.status, declined.status].sort()).toEqual([200, 409]);
      const events = await eventTypes(order.id);
      expect(events).toHaveLength(2);
      const won = events[1];
      expect(won).toBe(accepted.status === 200 ? "EXTENSION_ACCEPTED" : "EXTENSION_DECLINED");
      expect((await extensionNotices(order.id)).filter((n) => n !== "COMMISSION_ORDER_EXTENSION_REQUESTED")).toEqual([
        `COMMISSION_ORDER_${won}`,
      ]);
      expect((await deadlines(order.id))!.delivery_deadline).toBe(
        won === "EXTENSION_ACCEPTED" ? proposed : order.deadline,
      );
    }
  });

  it("an accept racing the lapse alarm: the date moved or not, never both", async () => {
    for (let i = 0; i < 4; i++) {
      const order = await paidOrder();
      const proposed = order.deadline + 9 * DAY;
      expect(
        (await post("request", order.seller, { orderId: order.id, deliveryDeadline: proposed, reason: REASON })).status,
      ).toBe(200);
      // The third day ends as the client answers.
      await ageRequest(order.id, 3 * DAY - 30);
      const stub = orderStub(env.ORDER, order.id);
      const [accepted] = await Promise.all([
        post("accept", order.buyer, { orderId: order.id }),
        new Promise((resolve) => setTimeout(resolve, i * 15)).then(() => runDurableObjectAlarm(stub)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 40));
      await runDurableObjectAlarm(stub);
      const events = await eventTypes(order.id);
      const row = (await deadlines(order.id))!;
      expect(events).toHaveLength(2);
      expect(row.extension_request).toBeNull();
      if (accepted.status === 200) {
        expect(events[1]).toBe("EXTENSION_ACCEPTED");
        expect(row).toMatchObject({ delivery_deadline: proposed, original_delivery_deadline: order.deadline });
      } else {
        expect(accepted.status).toBe(409);
        expect(events[1]).toBe("EXTENSION_LAPSED");
        expect(row).toMatchObject({ delivery_deadline: order.deadline, original_delivery_deadline: null });
      }
    }
  });

  it("two requests at once: one request, one reason", async () => {
    const order = await paidOrder();
    const responses = await Promise.all(
      [3, 4, 5].map((days) =>
        post("request", order.seller, {
          orderId: order.id,
          deliveryDeadline: order.deadline + days * DAY,
          reason: `${days} days`,
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await eventTypes(order.id)).toEqual(["EXTENSION_REQUESTED"]);
    const moves = await env.DB.prepare("SELECT reason, proposed_deadline FROM order_deadline_moves WHERE order_id = ?")
      .bind(order.id)
      .all<{ reason: string; proposed_deadline: number }>();
    expect(moves.results).toHaveLength(1);
    const request = JSON.parse((await deadlines(order.id))!.extension_request!) as { proposedDeadline: number };
    expect(request.proposedDeadline).toBe(moves.results[0]!.proposed_deadline);
    expect(moves.results[0]!.reason).toBe(`${(request.proposedDeadline - order.deadline) / DAY} days`);
    expect(await extensionNotices(order.id)).toEqual(["COMMISSION_ORDER_EXTENSION_REQUESTED"]);
  });

  it("a request racing a dispute's opening: the request before the dispute, or refused after it", async () => {
    for (let i = 0; i < 3; i++) {
      const order = await paidOrder();
      const [asked, opened] = await Promise.all([
        post("request", order.seller, {
          orderId: order.id,
          deliveryDeadline: order.deadline + 5 * DAY,
          reason: REASON,
        }),
        call("/api/features/commission/order/dispute/open", {
          method: "POST",
          cookie: order.buyer.cookie,
          json: { orderId: order.id, statement: "Nothing has come.", reason: "not_delivered" },
        }),
      ]);
      expect(opened.status).toBe(200);
      const events = await eventTypes(order.id);
      const moves = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_deadline_moves WHERE order_id = ?")
        .bind(order.id)
        .first<{ n: number }>();
      if (asked.status === 200) {
        expect(events).toEqual(["EXTENSION_REQUESTED", "DISPUTE_OPENED"]);
        expect(moves!.n).toBe(1);
      } else {
        expect(asked.status).toBe(409);
        expect(((await asked.json()) as { error: string }).error).toBe("order_disputed");
        expect(events).toEqual(["DISPUTE_OPENED"]);
        expect(moves!.n).toBe(0);
      }
      // The dispute holds the request: the client cannot answer it while it is open.
      const object = (await orderStub(env.ORDER, order.id).get())!.state;
      expect(Boolean(object.extensionRequest)).toBe(asked.status === 200);
      if (asked.status === 200) expect((await post("accept", order.buyer, { orderId: order.id })).status).toBe(409);
      // The shared admins' queue reads open disputes: this one leaves it.
      await env.DB.prepare("UPDATE commission_orders SET disputed_since = NULL WHERE id = ?").bind(order.id).run();
    }
  });
});
