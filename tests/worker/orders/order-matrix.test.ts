// The actor × action × state matrix of issue 10, through the Worker's real order calls: the seller, the buyer and a
// stranger try approve, cancel, deliver, complete and update on an order in every state of spec section 4. The
// allowed cells are written out here, apart from worker/orders/domain/order.ts, so a rule that lets one more through fails:
// 0 allowed that should not be. Every refused cell is checked to have changed nothing: not the list row, not the log,
// not the state the order's Durable Object holds.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, ORDER_STATE_NAMES, type OrderStateName, type Party } from "../support/order-states";
import { orderStub } from "#worker/orders/order-stub";

type Actor = "seller" | "buyer" | "stranger";
type Action = "approve" | "cancel" | "deliver" | "complete" | "update";

/** What each accepted cell writes to the log; every cell not listed must be refused. */
const ALLOWED: Record<Actor, Partial<Record<Action, Partial<Record<OrderStateName, string>>>>> = {
  seller: {
    approve: { DRAFT: "APPROVED" },
    cancel: { DRAFT: "CANCELED", APPROVED: "CANCELED", PAID: "CANCELED", PAID_LATE: "CANCELED" },
    deliver: { PAID: "DELIVERED", PAID_LATE: "DELIVERED" },
    complete: { DELIVERED: "COMPLETED" },
    update: { DRAFT: "PRICE_UPDATED", APPROVED: "PRICE_UPDATED" },
  },
  // The buyer pays (tests/worker/order-payments) and may cancel only a paid order whose delivery is late.
  buyer: { cancel: { PAID_LATE: "CANCELED" } },
  stranger: {},
};
const ACTIONS: Action[] = ["approve", "cancel", "deliver", "complete", "update"];
const ACTORS: Actor[] = ["seller", "buyer", "stranger"];

const body = (action: Action, orderId: string) =>
  action === "update" ? { orderId, priceAmount: 20_000 } : { orderId, confirmed: true };
const row = (id: string) =>
  env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?").bind(id).first<Record<string, unknown>>();
const eventTypes = async (id: string) =>
  (
    await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ? ORDER BY version")
      .bind(id)
      .all<{ event_type: string }>()
  ).results.map((e) => e.event_type);
const objectState = async (id: string) => (await orderStub(env.ORDER, id).get())!.state;

let parties: Record<Actor, Party>;
beforeAll(async () => {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  parties = { seller, buyer, stranger };
});

describe("the actor × action × state matrix through the order calls", () => {
  for (const state of ORDER_STATE_NAMES) {
    it(`from ${state}: only the allowed cells act, each refusal changes nothing`, async () => {
      const cells = ACTORS.flatMap((actor) =>
        ACTIONS.map((action) => ({ actor, action, expected: ALLOWED[actor][action]?.[state] ?? null })),
      );
      const outcomes = await Promise.all(
        cells.map(async (cell) => {
          const { id } = await insertOrderIn(state, parties.seller, parties.buyer);
          const [rowBefore, stateBefore] = [await row(id), await objectState(id)];
          const response = await call(`/api/features/commission/order/${cell.action}`, {
            method: "POST",
            cookie: parties[cell.actor].cookie,
            json: body(cell.action, id),
          });
          const unchanged =
            JSON.stringify([await row(id), await objectState(id)]) === JSON.stringify([rowBefore, stateBefore]);
          return { ...cell, status: response.status, events: await eventTypes(id), unchanged };
        }),
      );
      const allowedButRefused = outcomes.filter(
        (o) => o.expected && (o.status !== 200 || o.events.join() !== o.expected),
      );
      const refusedButAllowed = outcomes.filter(
        (o) => !o.expected && (o.status === 200 || o.events.length > 0 || !o.unchanged),
      );
      expect(allowedButRefused.map(({ actor, action, status, events }) => ({ actor, action, status, events }))).toEqual(
        [],
      );
      expect(
        refusedButAllowed.map(({ actor, action, status, events, unchanged }) => ({
          actor,
          action,
          status,
          events,
          unchanged,
        })),
      ).toEqual([]);
      // A stranger cannot tell the order exists; a party is told it may not (409).
      for (const o of outcomes.filter((o) => !o.expected))
        expect(o.status, `${o.actor} ${o.action}`).toBe(o.actor === "stranger" ? 404 : 409);
    });
  }
});
