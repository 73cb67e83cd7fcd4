// Disputes' doors (issue 49, decision 088; worker/api/disputes.ts): a party opens one on a paid order, the other
// answers, an admin settles it. Each door's happy path through the Order object and its D1 projection; each refusal (a
// stranger, the wrong party, a non-admin at the admin doors, signed out, bad types, a blank, huge or unstorable
// statement, an unknown reason or outcome, a split or a reopen out of range) answered 4xx with its words in the
// caller's language, changing nothing; the moves an open dispute holds back; races (two openings, two admins, the
// deadline's alarm, an answer against the settlement) settled exactly once; and the money of each settlement at the
// Stripe emulator, agreeing with the reconciler (worker/orders/services/money-check.ts).
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OrderDispute } from "#worker/orders/domain/disputes";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import {
  stagesOfPlan,
  stageTransferAmount,
  type OrderStage,
  type StagePlanItem,
} from "#worker/orders/domain/order-stages";
import { checkOrderMoney } from "#worker/orders/services/money-check";
import { orderStub } from "#worker/orders/order-stub";
import { releaseHeldPayouts } from "#worker/orders/services/payouts";
import { accountOf, creator, onboard, paidOrder } from "../support/connect-helpers";
import { call } from "../support/helpers";
import { ordersLeavingTheQueue } from "../support/dispute-queue";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { insertOrderIn, newAdmin, newParty, type OrderStateName, type Party } from "../support/order-states";
import { approvedOrder, platform } from "../support/payments-helpers";
import { actOn, chargeOfOrder, payoutsOf, setStagesOnRow } from "../support/stage-fixtures";
import { confirmed } from "../support/confirmed";

const DAY = 86_400_000;
const PLAN: StagePlanItem[] = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 0 },
  { title: "Colour", sharePercent: 40, includedRevisions: 2 },
];
const APPROVED: Partial<OrderStage> = { status: "APPROVED", approvedAt: Date.now() - DAY, approvedBy: "buyer" };
const IN_REVIEW: Partial<OrderStage> = {
  status: "IN_REVIEW",
  previewedAt: Date.now() - DAY,
  reviewDeadline: Date.now() + 6 * DAY,
};

/** Every order this file makes, out of the admins' queue once the file ends (the world is shared with the others). */
const made = ordersLeavingTheQueue();

/** An order in `state` between a fresh seller and buyer at ¥10,000, its stages (if any) changed as given, by index. */
async function orderIn(state: OrderStateName, stages: Partial<OrderStage>[] | null = null) {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  const order = await insertOrderIn(state, seller, buyer);
  made.push(order.id);
  if (stages)
    await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
      .bind(JSON.stringify(stagesOfPlan(PLAN).map((s, i) => ({ ...s, ...stages[i] }))), order.id)
      .run();
  return { ...order, seller, buyer, stranger };
}

const post = (path: string, who: Party | { cookie: string } | null, json: unknown, language = "en") =>
  call(path, { method: "POST", cookie: who?.cookie, json, headers: { "accept-language": language } });
const open = (who: Party | null, json: unknown, language?: string) =>
  post("/api/features/commission/order/dispute/open", who, json, language);
const answerDispute = (who: Party | null, json: unknown, language?: string) =>
  post("/api/features/commission/order/dispute/answer", who, json, language);
const settle = (who: Party | null, json: unknown, language?: string) =>
  post("/api/admin/disputes/settle", who, confirmed(json), language);
const orderDoor = (path: string, who: Party | { cookie: string } | null, json: unknown, language?: string) =>
  post(`/api/features/commission/order/${path}`, who, confirmed(json), language);
const queue = (who: Party | null) => call("/api/admin/disputes", { cookie: who?.cookie });

const OPENING = { reason: "not_as_agreed", statement: "The sketch is not the character I described." };
const ANSWER = { statement: "I drew what the request described, and said so in the chat." };
const REASON = "Both sides' files read: the work is as agreed in part.";
/** Opens a dispute on the order as `who` (the buyer unless named), and expects it opened. */
async function opened(order: { id: string; buyer: Party }, who: Party = order.buyer) {
  const response = await open(who, { orderId: order.id, ...OPENING });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Everything a refused call must leave as it was: the row, its log, notices, statements and the admins' audit. */
async function snapshot(orderId: string) {
  const count = (sql: string) => env.DB.prepare(sql).bind(orderId).first<{ n: number }>();
  const [row, events, notices, statements, audit] = await Promise.all([
    env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?").bind(orderId).first(),
    count("SELECT COUNT(*) AS n FROM commission_order_events WHERE order_id = ?"),
    count("SELECT COUNT(*) AS n FROM notifications WHERE order_id = ?"),
    count("SELECT COUNT(*) AS n FROM order_dispute_statements WHERE order_id = ?"),
    count("SELECT COUNT(*) AS n FROM admin_actions WHERE target_id = ?"),
  ]);
  return { row, events, notices, statements, audit };
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

const storedDispute = async (orderId: string) => {
  const row = await env.DB.prepare("SELECT dispute, disputed_since FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<{ dispute: string | null; disputed_since: number | null }>();
  return { dispute: row?.dispute ? (JSON.parse(row.dispute) as OrderDispute) : null, since: row?.disputed_since };
};
const disputeEvents = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT version, event_type, actor FROM commission_order_events WHERE order_id = ? AND event_type LIKE 'DISPUTE_%' ORDER BY version",
    )
      .bind(orderId)
      .all<{ version: number; event_type: string; actor: string }>()
  ).results;
const statementsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, kind, side, reason, refund_amount FROM order_dispute_statements WHERE order_id = ? ORDER BY created_at, id",
    )
      .bind(orderId)
      .all<{ id: string; kind: string; side: string; reason: string | null; refund_amount: number | null }>()
  ).results;
const auditOf = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT admin_account_id, action FROM admin_actions WHERE target_id = ?")
      .bind(orderId)
      .all<{ admin_account_id: string; action: string }>()
  ).results;
const progressOf = async (orderId: string) =>
  (await env.DB.prepare("SELECT order_progress_status AS p FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<{ p: string }>())!.p;

/** A statement is its event's own row: one per DISPUTE_* event, keyed by it, and no other. */
async function expectOneStatementPerEvent(orderId: string) {
  const events = await disputeEvents(orderId);
  expect((await statementsOf(orderId)).map((s) => s.id).sort()).toEqual(
    events.map((e) => `${orderId}:${e.version}`).sort(),
  );
}

const NOT_FOUND = { error: "not_found" };
const UNAUTHORIZED = { error: "unauthorized" };
const INVALID = { error: "invalid_request" };
/** A refused field: its key, its words, and the words by field, as the door answers a rule's refusal. */
const refusedField = (error: string, field: string, message: string) => ({
  error,
  message,
  errors: { [field]: message },
});
const STATEMENT = refusedField("statement_invalid", "statement", "Write your statement in 1 to 4000 characters.");
const STATEMENT_JA = refusedField("statement_invalid", "statement", "説明を1〜4000文字で入力してください。");
const REASON_CHARACTERS = refusedField(
  "reason_invalid_characters",
  "reason",
  "Remove the characters that can't be saved: control characters, text-direction overrides or broken characters.",
);
const SETTLEMENT_REASON = refusedField(
  "settlement_reason_invalid",
  "reason",
  "Write the reason for your decision in 1 to 2000 characters. Both parties read it.",
);
const REFUND_AMOUNT = refusedField(
  "refund_amount_invalid",
  "refundAmount",
  "Enter a refund more than 0 and less than the amount at stake. To refund or release all of it, choose that outcome.",
);
const DAYS = refusedField("days_invalid", "days", "Enter 1 to 60 days.");
const ORDER_DISPUTED = {
  error: "order_disputed",
  message: "This order has an open dispute. It waits for Comet's team to settle it.",
};
const ORDER_DISPUTED_JA = {
  error: "order_disputed",
  message: "この注文には未解決の申し立てがあります。運営の解決をお待ちください。",
};
const NOT_DISPUTED = { error: "not_disputed", message: "This order has no open dispute." };
const NOT_ANSWERABLE = {
  error: "dispute_not_answerable",
  message: "This dispute is not yours to answer, or it has been answered already.",
};

describe("a dispute, opened, answered and settled", () => {
  it("opens on a paid order, freezes it, is answered by the other party and settled by an admin", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    const opened = await open(order.buyer, {
      orderId: order.id,
      reason: "not_as_agreed",
      statement: "The sketch is not the character I described.",
    });
    expect(opened.status).toBe(200);
    const row = await env.DB.prepare("SELECT dispute, disputed_since FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first<{ dispute: string; disputed_since: number }>();
    expect(JSON.parse(row!.dispute)).toMatchObject({ openedBy: "buyer", reason: "not_as_agreed", settledAt: null });
    expect(row!.disputed_since).toBeGreaterThan(0);
    // The seller's moves wait; the seller answers.
    const complete = await post("/api/features/commission/order/cancel", order.seller, {
      orderId: order.id,
      confirmed: true,
    });
    expect(complete.status).toBe(409);
    expect(
      (await answerDispute(order.seller, { orderId: order.id, statement: "説明どおりに描きました。" })).status,
    ).toBe(200);
    const queue = (await (await call("/api/admin/disputes", { cookie: settler.cookie })).json()) as {
      data: { orderId: string }[];
    };
    expect(queue.data.map((d) => d.orderId)).toContain(order.id);
    const settled = await settle(settler, {
      orderId: order.id,
      outcome: "reopen",
      days: 5,
      reason: "Both sides agree to one more week for a redraw.",
    });
    expect(settled.status).toBe(200);
    const statements = await env.DB.prepare(
      "SELECT kind, side, reason FROM order_dispute_statements WHERE order_id = ? ORDER BY created_at, id",
    )
      .bind(order.id)
      .all();
    expect(statements.results).toEqual([
      { kind: "opening", side: "buyer", reason: "not_as_agreed" },
      { kind: "answer", side: "seller", reason: null },
      { kind: "settlement", side: "admin", reason: "reopen" },
    ]);
    const events = await env.DB.prepare(
      "SELECT event_type, actor FROM commission_order_events WHERE order_id = ? AND event_type LIKE 'DISPUTE_%' ORDER BY version",
    )
      .bind(order.id)
      .all();
    expect(events.results).toEqual([
      { event_type: "DISPUTE_OPENED", actor: "buyer" },
      { event_type: "DISPUTE_ANSWERED", actor: "seller" },
      { event_type: "DISPUTE_SETTLED", actor: "admin" },
    ]);
    const notices = await env.DB.prepare(
      "SELECT notification_type, recipient_user_account_id FROM notifications WHERE order_id = ? AND notification_type LIKE '%DISPUTE%' ORDER BY created_at, notification_type",
    )
      .bind(order.id)
      .all();
    expect(notices.results).toHaveLength(4);
    const after = await env.DB.prepare("SELECT disputed_since FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(after).toEqual({ disputed_since: null });
  });
});

describe("POST /dispute/open: refusals", () => {
  it("a stranger and an admin are strangers (404), signed out is 401, an unknown order 404, and nothing changes", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    const body = { orderId: order.id, ...OPENING };
    await expectRefusals(order.id, [
      [() => open(order.stranger, body), 404, NOT_FOUND],
      [() => open(settler, body), 404, NOT_FOUND],
      [() => open(null, body), 401, UNAUTHORIZED],
      [() => open(order.buyer, { ...body, orderId: crypto.randomUUID() }), 404, NOT_FOUND],
    ]);
  });

  it("refuses bad input with 400, the rule's words in the caller's language, before asking the order", async () => {
    const order = await orderIn("PAID");
    const opening = (json: object, language?: string) => () =>
      open(order.buyer, { orderId: order.id, ...OPENING, ...json }, language);
    const reason = refusedField("reason_invalid", "reason", "Choose a reason.");
    await expectRefusals(order.id, [
      [opening({ reason: "bribery" }), 400, reason],
      [opening({ reason: "" }), 400, reason],
      [opening({ reason: "NOT_AS_AGREED" }), 400, reason],
      [opening({ reason: "toString" }), 400, reason],
      [opening({ reason: "bribery" }, "ja"), 400, refusedField("reason_invalid", "reason", "理由を選んでください。")],
      [opening({ statement: "" }), 400, STATEMENT],
      [opening({ statement: " \u200b\u3000\n\t" }), 400, STATEMENT],
      [opening({ statement: "x".repeat(4001) }), 400, STATEMENT],
      [opening({ statement: "😀".repeat(4001) }), 400, STATEMENT],
      [opening({ statement: "bad \u0000 byte" }), 400, STATEMENT],
      [opening({ statement: "bell \u0007 rings" }), 400, STATEMENT],
      [opening({ statement: "lone \ud800 half" }), 400, STATEMENT],
      [opening({ statement: "lone \udfff half" }), 400, STATEMENT],
      [opening({ statement: "" }, "ja"), 400, STATEMENT_JA],
      [opening({ statement: "\ud800" }, "ja"), 400, STATEMENT_JA],
      // Far past the rule, the door's own bound refuses it unread (as for any body it cannot take).
      [opening({ statement: "a".repeat(60_000) }), 400, INVALID],
      // Not a statement at all: the body's own shape.
      [opening({ statement: 42 }), 400, INVALID],
      [opening({ statement: null }), 400, INVALID],
      [opening({ statement: ["The sketch"] }), 400, INVALID],
      [opening({ reason: 1 }), 400, INVALID],
      [opening({ orderId: 42 }), 400, INVALID],
      [opening({ orderId: "" }), 400, INVALID],
      [() => open(order.buyer, { orderId: order.id, reason: "quality" }), 400, INVALID],
    ]);
    // The statement is kept as written, normalized; 4000 characters, emoji counted as one each, are within the rule.
    const response = await open(order.buyer, { orderId: order.id, reason: "quality", statement: "😀".repeat(4000) });
    expect(response.status).toBe(200);
  });

  it("only a paid order not yet ended: before payment and after its end, 409 in words", async () => {
    const WRONG_STATE = { error: "wrong_state", message: "Only a paid order that has not ended can be disputed." };
    for (const state of ["DRAFT", "APPROVED", "COMPLETED", "CANCELED"] as const) {
      const order = await orderIn(state);
      // A completed order whose payout has cleared is past the client's week (decision 092): they are told so.
      const buyerRefusal =
        state === "COMPLETED"
          ? {
              error: "dispute_window_closed",
              message: "A delivered order can be disputed only within 7 days of its delivery.",
            }
          : WRONG_STATE;
      await expectRefusals(order.id, [
        [() => open(order.buyer, { orderId: order.id, ...OPENING }), 409, buyerRefusal],
        [() => open(order.seller, { orderId: order.id, ...OPENING }), 409, WRONG_STATE],
      ]);
    }
    const order = await orderIn("DRAFT");
    await expectRefusals(order.id, [
      [
        () => open(order.buyer, { orderId: order.id, ...OPENING }, "ja"),
        409,
        { error: "wrong_state", message: "申し立てができるのは、支払い済みで終了していない注文だけです。" },
      ],
    ]);
  });

  it("the client may dispute a delivery within 7 days of it; after, only the creator may", async () => {
    const order = await orderIn("DELIVERED");
    // Delivered 7 days and a minute ago; its completion deadline (moved on by hand) not yet passed.
    await env.DB.prepare("UPDATE commission_orders SET delivered_at = ?, completion_deadline = ? WHERE id = ?")
      .bind(Date.now() - 7 * DAY - 60_000, Date.now() + DAY, order.id)
      .run();
    await expectRefusals(order.id, [
      [
        () => open(order.buyer, { orderId: order.id, ...OPENING }),
        409,
        {
          error: "dispute_window_closed",
          message: "A delivered order can be disputed only within 7 days of its delivery.",
        },
      ],
      [
        () => open(order.buyer, { orderId: order.id, ...OPENING }, "ja"),
        409,
        { error: "dispute_window_closed", message: "納品済みの注文の申し立ては納品から7日以内に限ります。" },
      ],
    ]);
    await opened(order, order.seller);
    expect((await storedDispute(order.id)).dispute).toMatchObject({ openedBy: "seller" });

    // Delivered 6 days and 23 hours ago: still within the client's week.
    const recent = await orderIn("DELIVERED");
    await env.DB.prepare("UPDATE commission_orders SET delivered_at = ? WHERE id = ?")
      .bind(Date.now() - 7 * DAY + 3_600_000, recent.id)
      .run();
    await opened(recent);
  });
});

describe("while a dispute is open, the parties' moves wait (409 order_disputed)", () => {
  it("a staged paid order: the seller's cancel, deliver, grant and a second opening, the client's approval, revision, late cancel and opening", async () => {
    const order = await orderIn("PAID", [APPROVED, IN_REVIEW]);
    await opened(order);
    const id = { orderId: order.id };
    await expectRefusals(order.id, [
      [() => orderDoor("cancel", order.seller, id), 409, ORDER_DISPUTED],
      [() => orderDoor("cancel", order.seller, id, "ja"), 409, ORDER_DISPUTED_JA],
      [() => orderDoor("deliver", order.seller, id), 409, ORDER_DISPUTED],
      [() => orderDoor("stage/grant", order.seller, { ...id, stage: 1 }), 409, ORDER_DISPUTED],
      [() => orderDoor("stage/approve", order.buyer, { ...id, stage: 1 }), 409, ORDER_DISPUTED],
      [() => orderDoor("stage/approve", order.buyer, { ...id, stage: 1 }, "ja"), 409, ORDER_DISPUTED_JA],
      [
        () => orderDoor("stage/revision", order.buyer, { ...id, stage: 1, comment: "Warmer, please." }),
        409,
        ORDER_DISPUTED,
      ],
      [() => open(order.seller, { ...id, ...OPENING }), 409, ORDER_DISPUTED],
      [() => open(order.buyer, { ...id, ...OPENING }, "ja"), 409, ORDER_DISPUTED_JA],
    ]);
    // Late in delivery, the client's own cancel waits too.
    await runInDurableObject(orderStub(env.ORDER, order.id), async (_instance, state) => {
      const stored = (await state.storage.get<StoredOrder>("order"))!;
      await state.storage.put("order", { ...stored, state: { ...stored.state, deliveryDeadline: Date.now() - DAY } });
    });
    await expectRefusals(order.id, [[() => orderDoor("cancel", order.buyer, id), 409, ORDER_DISPUTED]]);
  });

  it("a delivered order: the seller's complete waits, and so does the clock", async () => {
    const order = await orderIn("DELIVERED");
    await opened(order, order.seller);
    await expectRefusals(order.id, [
      [() => orderDoor("complete", order.seller, { orderId: order.id }), 409, ORDER_DISPUTED],
      [() => open(order.buyer, { orderId: order.id, ...OPENING }), 409, ORDER_DISPUTED],
    ]);
    await runInDurableObject(orderStub(env.ORDER, order.id), async (_instance, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });
});

describe("POST /dispute/answer: refusals", () => {
  it("strangers 404, signed out 401, the opener and a second answer 409, bad input 400 in words", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    await opened(order);
    const body = { orderId: order.id, ...ANSWER };
    await expectRefusals(order.id, [
      [() => answerDispute(order.stranger, body), 404, NOT_FOUND],
      [() => answerDispute(settler, body), 404, NOT_FOUND],
      [() => answerDispute(null, body), 401, UNAUTHORIZED],
      [() => answerDispute(order.seller, { ...body, orderId: crypto.randomUUID() }), 404, NOT_FOUND],
      [() => answerDispute(order.buyer, body), 409, NOT_ANSWERABLE],
      [
        () => answerDispute(order.buyer, body, "ja"),
        409,
        {
          error: "dispute_not_answerable",
          message: "この申し立てにはあなたは回答できないか、すでに回答済みです。",
        },
      ],
      [() => answerDispute(order.seller, { ...body, statement: "" }), 400, STATEMENT],
      [() => answerDispute(order.seller, { ...body, statement: "\u2060\u200b " }), 400, STATEMENT],
      [() => answerDispute(order.seller, { ...body, statement: "é".repeat(4001) }), 400, STATEMENT],
      [() => answerDispute(order.seller, { ...body, statement: "esc \u001b[31m" }), 400, STATEMENT],
      [() => answerDispute(order.seller, { ...body, statement: "half \udbff" }), 400, STATEMENT],
      [() => answerDispute(order.seller, { ...body, statement: "" }, "ja"), 400, STATEMENT_JA],
      [() => answerDispute(order.seller, { ...body, statement: { text: "x" } }), 400, INVALID],
      [() => answerDispute(order.seller, { orderId: order.id }), 400, INVALID],
    ]);
    expect((await answerDispute(order.seller, body)).status).toBe(200);
    await expectRefusals(order.id, [[() => answerDispute(order.seller, body), 409, NOT_ANSWERABLE]]);
  });

  it("an order with no open dispute has nothing to answer: 409 not_disputed", async () => {
    for (const state of ["PAID", "DRAFT", "COMPLETED"] as const) {
      const order = await orderIn(state);
      await expectRefusals(order.id, [
        [() => answerDispute(order.seller, { orderId: order.id, ...ANSWER }), 409, NOT_DISPUTED],
        [
          () => answerDispute(order.buyer, { orderId: order.id, ...ANSWER }, "ja"),
          409,
          { error: "not_disputed", message: "この注文に未解決の申し立てはありません。" },
        ],
      ]);
    }
  });
});

describe("the admin doors: GET /api/admin/disputes and POST /api/admin/disputes/settle", () => {
  it("are a stranger's 404 to everyone but an admin, the parties included, and 401 signed out", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    await opened(order);
    const body = { orderId: order.id, outcome: "refund", reason: REASON };
    await expectRefusals(order.id, [
      [() => settle(order.buyer, body), 404, NOT_FOUND],
      [() => settle(order.seller, body), 404, NOT_FOUND],
      [() => settle(order.stranger, body), 404, NOT_FOUND],
      [() => settle(null, body), 401, UNAUTHORIZED],
      [() => settle(settler, { ...body, orderId: crypto.randomUUID() }), 404, NOT_FOUND],
      [() => queue(order.buyer), 404, NOT_FOUND],
      [() => queue(order.seller), 404, NOT_FOUND],
      [() => queue(null), 401, UNAUTHORIZED],
    ]);
    const listed = (await (await queue(settler)).json()) as { data: { orderId: string; dispute: OrderDispute }[] };
    expect(listed.data.find((d) => d.orderId === order.id)?.dispute).toMatchObject({ openedBy: "buyer" });
  });

  it("refuses an unknown outcome, a split or a reopen out of range and a bad reason with 400 in words", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    await opened(order);
    const settling = (json: object, language?: string) => () =>
      settle(settler, { orderId: order.id, reason: REASON, ...json }, language);
    const outcome = refusedField("outcome_invalid", "outcome", "Choose an outcome.");
    await expectRefusals(order.id, [
      [settling({ outcome: "refund_all" }), 400, outcome],
      [settling({ outcome: "" }), 400, outcome],
      [settling({ outcome: "Refund" }), 400, outcome],
      [
        settling({ outcome: "refund_all" }, "ja"),
        400,
        refusedField("outcome_invalid", "outcome", "結果を選んでください。"),
      ],
      [settling({ outcome: 1 }), 400, INVALID],
      [settling({ outcome: "x".repeat(17) }), 400, INVALID],
      // The stake is the whole ¥10,000: a split refunds more than 0 and less than that, in whole yen.
      [settling({ outcome: "split", refundAmount: 0 }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: -1 }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: 10_000 }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: 10_001 }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: 2_500.5 }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: "2500" }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: null }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split" }), 400, REFUND_AMOUNT],
      [settling({ outcome: "split", refundAmount: 1e21 }), 400, REFUND_AMOUNT],
      [
        settling({ outcome: "split", refundAmount: 0 }, "ja"),
        400,
        refusedField(
          "refund_amount_invalid",
          "refundAmount",
          "0より大きく、対象金額より小さい返金額を入力してください。全額の返金・支払いはその結果を選んでください。",
        ),
      ],
      [settling({ outcome: "reopen", days: 0 }), 400, DAYS],
      [settling({ outcome: "reopen", days: 61 }), 400, DAYS],
      [settling({ outcome: "reopen", days: 1.5 }), 400, DAYS],
      [settling({ outcome: "reopen", days: "5" }), 400, DAYS],
      [settling({ outcome: "reopen" }), 400, DAYS],
      [
        settling({ outcome: "reopen", days: 0 }, "ja"),
        400,
        refusedField("days_invalid", "days", "1〜60日で入力してください。"),
      ],
      [settling({ outcome: "refund", reason: "" }), 400, SETTLEMENT_REASON],
      [settling({ outcome: "refund", reason: "\u3000\u200b\n" }), 400, SETTLEMENT_REASON],
      [settling({ outcome: "refund", reason: "r".repeat(2001) }), 400, SETTLEMENT_REASON],
      // Characters no admin text keeps (decision 093) have their own words.
      [settling({ outcome: "refund", reason: "nul \u0000" }), 400, REASON_CHARACTERS],
      [settling({ outcome: "refund", reason: "half \ud83d" }), 400, REASON_CHARACTERS],
      [
        settling({ outcome: "refund", reason: "" }, "ja"),
        400,
        refusedField(
          "settlement_reason_invalid",
          "reason",
          "判断の理由を1〜2000文字で入力してください。双方が読みます。",
        ),
      ],
      [settling({ outcome: "refund", reason: "r".repeat(8001) }), 400, INVALID],
      [settling({ outcome: "refund", reason: 7 }), 400, INVALID],
      [() => settle(settler, { orderId: order.id, outcome: "refund" }), 400, INVALID],
    ]);
    expect((await storedDispute(order.id)).dispute).toMatchObject({ settledAt: null });
  });

  it("a split's stake is what approved stages have not released: ¥7,000 of a staged ¥10,000 after its ¥3,000 sketch", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID", [APPROVED, IN_REVIEW]), newAdmin()]);
    await opened(order);
    const split = (refundAmount: number) => () =>
      settle(settler, { orderId: order.id, outcome: "split", refundAmount, reason: REASON });
    await expectRefusals(order.id, [
      [split(7_000), 400, REFUND_AMOUNT],
      [split(8_000), 400, REFUND_AMOUNT],
    ]);
    const settled = await split(6_999)();
    expect(settled.status).toBe(200);
    expect((await storedDispute(order.id)).dispute).toMatchObject({ outcome: "split", awardedAmount: 1 });
  });

  it("a settlement that moves money is refused without confirmed: true (issue 75), in words; a reopen needs none", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    await opened(order);
    const unconfirmed = (settlement: object, confirmation: object, language?: string) => () =>
      post(
        "/api/admin/disputes/settle",
        settler,
        { orderId: order.id, reason: REASON, ...settlement, ...confirmation },
        language,
      );
    const refused = {
      error: "confirmation_required",
      message: "This moves money, so it needs your confirmation, and it was not done. Confirm it and send it again.",
    };
    await expectRefusals(order.id, [
      [unconfirmed({ outcome: "refund" }, {}), 400, refused],
      [unconfirmed({ outcome: "release" }, { confirmed: false }), 400, refused],
      [unconfirmed({ outcome: "split", refundAmount: 4_000 }, {}), 400, refused],
      [unconfirmed({ outcome: "refund" }, { confirmed: "yes" }), 400, INVALID],
      [
        unconfirmed({ outcome: "refund" }, {}, "ja"),
        400,
        {
          error: "confirmation_required",
          message: "お金が動く操作のため確認が必要です。まだ実行されていません。確認してからもう一度送信してください。",
        },
      ],
    ]);
    const reopened = await unconfirmed({ outcome: "reopen", days: 3 }, {})();
    expect(reopened.status).toBe(200);
  });

  it("an order with no open dispute is not settled: 409 not_disputed, before, after a settlement and once ended", async () => {
    const settler = await newAdmin();
    for (const state of ["PAID", "DELIVERED", "COMPLETED", "CANCELED", "DRAFT"] as const) {
      const order = await orderIn(state);
      await expectRefusals(order.id, [
        [() => settle(settler, { orderId: order.id, outcome: "refund", reason: REASON }), 409, NOT_DISPUTED],
      ]);
    }
    const order = await orderIn("PAID");
    await opened(order);
    const reopen = { orderId: order.id, outcome: "reopen", days: 10, reason: REASON };
    expect((await settle(settler, reopen)).status).toBe(200);
    await expectRefusals(order.id, [
      [() => settle(settler, reopen), 409, NOT_DISPUTED],
      [() => settle(settler, { ...reopen, outcome: "release" }), 409, NOT_DISPUTED],
      [
        () => settle(settler, { ...reopen, outcome: "refund" }, "ja"),
        409,
        { error: "not_disputed", message: "この注文に未解決の申し立てはありません。" },
      ],
      [() => answerDispute(order.seller, { orderId: order.id, ...ANSWER }), 409, NOT_DISPUTED],
    ]);
    // Reopened, the order goes on: the seller's moves are theirs again, and it may be disputed again.
    expect((await orderDoor("deliver", order.seller, { orderId: order.id })).status).toBe(200);
    await opened(order);
  });

  it("an admin's cancel of a disputed order ends the dispute with it: the queue no longer lists the order", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), newAdmin()]);
    await opened(order);
    expect((await orderDoor("admin-cancel", settler, { orderId: order.id })).status).toBe(200);
    expect(await storedDispute(order.id)).toMatchObject({
      since: null,
      dispute: { outcome: "refund", settledAt: expect.any(Number) },
    });
    const listed = (await (await queue(settler)).json()) as { data: { orderId: string }[] };
    expect(listed.data.map((d) => d.orderId)).not.toContain(order.id);
    await expectRefusals(order.id, [
      [() => settle(settler, { orderId: order.id, outcome: "refund", reason: REASON }), 409, NOT_DISPUTED],
    ]);
  });
});

describe("races: each move happens once", () => {
  it("the client and the creator open at once: one dispute, one opening statement, one notice, the other refused", async () => {
    for (let round = 0; round < 2; round++) {
      const order = await orderIn("PAID");
      const [byBuyer, bySeller] = await Promise.all([
        open(order.buyer, { orderId: order.id, ...OPENING }),
        open(order.seller, { orderId: order.id, reason: "unresponsive", statement: "The client stopped answering." }),
      ]);
      expect([byBuyer.status, bySeller.status].sort()).toEqual([200, 409]);
      const [winner, loser] = byBuyer.status === 200 ? (["buyer", bySeller] as const) : (["seller", byBuyer] as const);
      expect(await loser.json()).toEqual(ORDER_DISPUTED);
      expect((await storedDispute(order.id)).dispute).toMatchObject({ openedBy: winner, settledAt: null });
      expect(await disputeEvents(order.id)).toEqual([{ version: 1, event_type: "DISPUTE_OPENED", actor: winner }]);
      expect((await statementsOf(order.id)).map((s) => [s.kind, s.side])).toEqual([["opening", winner]]);
      const notices = await env.DB.prepare(
        "SELECT recipient_user_account_id AS who FROM notifications WHERE order_id = ? AND notification_type = 'COMMISSION_ORDER_DISPUTE_OPENED'",
      )
        .bind(order.id)
        .all<{ who: string }>();
      const other = winner === "buyer" ? order.seller : order.buyer;
      expect(notices.results).toEqual([{ who: other.userAccountId }]);
    }
  });

  it("two admins settle at once (refund against release, split against reopen): one outcome, one event, one audit row", async () => {
    const [first, second] = await Promise.all([newAdmin(), newAdmin()]);
    const pairs = [
      [{ outcome: "refund" }, { outcome: "release" }],
      [
        { outcome: "split", refundAmount: 4_000 },
        { outcome: "reopen", days: 3 },
      ],
    ] as const;
    for (const [a, b] of pairs) {
      const order = await orderIn("DELIVERED");
      await opened(order);
      const answers = await Promise.all([
        settle(first, { orderId: order.id, reason: REASON, ...a }),
        settle(second, { orderId: order.id, reason: REASON, ...b }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winning = answers[0]!.status === 200 ? 0 : 1;
      const [won, by] = winning === 0 ? [a, first] : [b, second];
      expect(await answers[1 - winning]!.json()).toEqual(NOT_DISPUTED);
      expect((await storedDispute(order.id)).dispute).toMatchObject({ outcome: won.outcome });
      const expectedProgress = { refund: "CANCELED", split: "CANCELED", release: "COMPLETED", reopen: "DELIVERED" };
      expect(await progressOf(order.id)).toBe(expectedProgress[won.outcome]);
      expect((await disputeEvents(order.id)).filter((e) => e.event_type === "DISPUTE_SETTLED")).toEqual([
        { version: 2, event_type: "DISPUTE_SETTLED", actor: "admin" },
      ]);
      expect(await auditOf(order.id)).toEqual([
        { admin_account_id: by.userAccountId, action: "order.dispute_settled" },
      ]);
      expect(
        (await statementsOf(order.id)).filter((s) => s.kind === "settlement").map((s) => [s.reason, s.refund_amount]),
      ).toEqual([[won.outcome, "refundAmount" in won ? won.refundAmount : null]]);
      await expectOneStatementPerEvent(order.id);
    }
  });

  it("the deadline's alarm: the open dispute stops the clock, the alarm changes nothing, a settlement racing it wins", async () => {
    const settler = await newAdmin();
    for (const outcome of ["reopen", "refund"] as const) {
      const order = await orderIn("DELIVERED");
      const stub = orderStub(env.ORDER, order.id);
      await opened(order);
      // The completion deadline passes while the dispute is open: no alarm waits on it.
      const past = Date.now() - 1;
      await runInDurableObject(stub, async (_instance, state) => {
        expect(await state.storage.getAlarm()).toBeNull();
        const stored = (await state.storage.get<StoredOrder>("order"))!;
        await state.storage.put("order", { ...stored, state: { ...stored.state, completionDeadline: past } });
        await state.storage.setAlarm(past);
      });
      await env.DB.prepare("UPDATE commission_orders SET completion_deadline = ? WHERE id = ?")
        .bind(past, order.id)
        .run();
      // An alarm left from before rings: nothing changes, and none is set again.
      const before = await snapshot(order.id);
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      expect(await snapshot(order.id)).toEqual(before);
      await runInDurableObject(stub, async (_instance, state) => {
        expect(await state.storage.getAlarm()).toBeNull();
        await state.storage.setAlarm(past);
      });
      // The settlement and the alarm at once.
      const body = { orderId: order.id, outcome, days: 3, reason: REASON };
      const [settled] = await Promise.all([settle(settler, body), runDurableObjectAlarm(stub)]);
      const settledAt = Date.now();
      expect(settled.status).toBe(200);
      const events = (
        await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ? ORDER BY version")
          .bind(order.id)
          .all<{ event_type: string }>()
      ).results.map((e) => e.event_type);
      expect(events).toEqual(["DISPUTE_OPENED", "DISPUTE_SETTLED"]);
      if (outcome === "refund") {
        expect(await progressOf(order.id)).toBe("CANCELED");
        continue;
      }
      // Reopened: delivered still, with a new completion deadline 3 days from the settlement, and its alarm set.
      const object = (await stub.get())!;
      expect(object.state.progress).toBe("DELIVERED");
      expect(object.state.completionDeadline).toBeGreaterThan(settledAt + 3 * DAY - 60_000);
      expect(object.state.completionDeadline).toBeLessThanOrEqual(settledAt + 3 * DAY);
      await runInDurableObject(stub, async (_instance, state) => {
        expect(await state.storage.getAlarm()).toBe(object.state.completionDeadline);
      });
    }
  });

  it("an answer racing the settlement: answered first and settled, or refused not_disputed; one statement per event", async () => {
    const settler = await newAdmin();
    for (let round = 0; round < 3; round++) {
      const order = await orderIn("PAID");
      await opened(order);
      const outcome = round === 2 ? { outcome: "reopen", days: 7 } : { outcome: "refund" };
      const [answered, settled] = await Promise.all([
        answerDispute(order.seller, { orderId: order.id, ...ANSWER }),
        settle(settler, { orderId: order.id, reason: REASON, ...outcome }),
      ]);
      expect(settled.status).toBe(200);
      const kinds = (await statementsOf(order.id)).map((s) => s.kind);
      if (answered.status === 200) expect(kinds).toEqual(["opening", "answer", "settlement"]);
      else {
        expect({ status: answered.status, body: await answered.json() }).toEqual({ status: 409, body: NOT_DISPUTED });
        expect(kinds).toEqual(["opening", "settlement"]);
      }
      await expectOneStatementPerEvent(order.id);
      expect(await auditOf(order.id)).toHaveLength(1);
    }
  });
});

describe("the money of a settlement, at Stripe", () => {
  const transactionOf = (orderId: string) =>
    env.DB.prepare("SELECT transaction_status, amount, refunded_amount FROM payment_transactions WHERE order_id = ?")
      .bind(orderId)
      .first<{ transaction_status: string; amount: number; refunded_amount: number }>();
  const transfersTo = async (account: string) =>
    (await platform().transfers.list({ destination: account, limit: 100 })).data.map((t) => t.amount).sort();
  async function expectMoneyAgrees(orderId: string) {
    const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, orderId);
    expect(report?.disagreements, JSON.stringify(report?.ledger)).toEqual([]);
    return report!.ledger;
  }

  it("a split of a ¥10,000 card payment: ¥3,500 refunded at Stripe, the ¥6,500 award less its fee transferred once the creator can be paid", async () => {
    const order = await approvedOrder();
    made.push(order.id);
    const settler = await newAdmin();
    const [seller, buyer] = await Promise.all([
      commissionAccountByEmail(order.seller.email),
      commissionAccountByEmail(order.buyer.email),
    ]);
    const pay = await orderDoor("pay", order.buyer, { orderId: order.id });
    expect(pay.status).toBe(200);
    const asParty = (who: { cookie: string }, account: { id: string; userAccountId: string }): Party => ({
      cookie: who.cookie,
      commissionAccountId: account.id,
      userAccountId: account.userAccountId,
    });
    expect(
      (await open(asParty(order.buyer, buyer), { orderId: order.id, reason: "quality", statement: "Half done." }))
        .status,
    ).toBe(200);
    const settled = await settle(settler, { orderId: order.id, outcome: "split", refundAmount: 3_500, reason: REASON });
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({
      data: { orderProgressStatus: "CANCELED", money: "refunded", dispute: { outcome: "split", awardedAmount: 6_500 } },
    });
    const charge = await chargeOfOrder(order.id);
    expect({ captured: charge.amount_captured, refunded: charge.amount_refunded }).toEqual({
      captured: 10_000,
      refunded: 3_500,
    });
    expect(
      (await platform().refunds.list({ payment_intent: charge.payment_intent as string })).data.map((r) => r.amount),
    ).toEqual([3_500]);
    expect(await transactionOf(order.id)).toEqual({
      transaction_status: "PARTIALLY_REFUNDED",
      amount: 10_000,
      refunded_amount: 3_500,
    });
    // The creator has no payout account yet: the award waits, held, as one payout of its own.
    const ledger = await expectMoneyAgrees(order.id);
    const award = stageTransferAmount(6_500, ledger.feeNumerators);
    expect(award).toBe(5_945);
    expect(await payoutsOf(order.id)).toEqual([
      {
        stage_index: null,
        amount: award,
        payout_status: "HELD",
        stripe_transfer_id: null,
        idempotency_key: `comet-order-${order.id}-award-transfer`,
      },
    ]);
    // Set up, and released (twice: the account's update and the cron): one transfer of exactly the award less its fee.
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
      .bind(seller.userAccountId)
      .run();
    await onboard(order.seller.cookie, "complete");
    const release = () => releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId);
    await release();
    await release();
    const account = (await accountOf(asParty(order.seller, seller)))!;
    expect(await transfersTo(account)).toEqual([award]);
    expect((await payoutsOf(order.id)).map((p) => p.payout_status)).toEqual(["TRANSFERRED"]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({
      captured: 10_000,
      refunded: 3_500,
      transferred: award,
      awardedAmount: 6_500,
    });
  });

  /** A paid ¥10,000 order in three stages (30/30/40), its first approved; the creator's account ready. */
  async function stagedOrder() {
    const [seller, buyer] = [await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const order = await paidOrder("PAID", seller, buyer);
    made.push(order.id);
    await setStagesOnRow(order.id);
    await actOn(order.id, { type: "submitPreview", stage: 0 }, seller);
    expect(await actOn(order.id, { type: "approveStage", stage: 0 }, buyer)).toMatchObject({ changed: true });
    await actOn(order.id, { type: "submitPreview", stage: 1 }, seller);
    return { ...order, seller, buyer, account: (await accountOf(seller))! };
  }

  it("a refund of a staged order after its first stage: exactly the ¥7,000 not released goes back, the ¥2,744 share stays", async () => {
    const [order, settler] = await Promise.all([stagedOrder(), newAdmin()]);
    await opened(order);
    const settled = await settle(settler, { orderId: order.id, outcome: "refund", reason: REASON });
    expect(await settled.json()).toMatchObject({ data: { orderProgressStatus: "CANCELED", money: "refunded" } });
    expect((await chargeOfOrder(order.id)).amount_refunded).toBe(7_000);
    expect(await transactionOf(order.id)).toEqual({
      transaction_status: "PARTIALLY_REFUNDED",
      amount: 10_000,
      refunded_amount: 7_000,
    });
    expect(await transfersTo(order.account)).toEqual([2_744]);
    expect((await payoutsOf(order.id)).map((p) => [p.stage_index, p.amount])).toEqual([[0, 2_744]]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ refunded: 7_000, transferred: 2_744 });
  });

  it("a release of a staged order: one payout for each stage not yet approved, nothing refunded, the money agrees", async () => {
    const [order, settler] = await Promise.all([stagedOrder(), newAdmin()]);
    await opened(order, order.seller);
    const settled = await settle(settler, { orderId: order.id, outcome: "release", reason: REASON });
    expect(await settled.json()).toMatchObject({ data: { orderProgressStatus: "COMPLETED", money: null } });
    expect((await chargeOfOrder(order.id)).amount_refunded).toBe(0);
    expect((await payoutsOf(order.id)).map((p) => [p.stage_index, p.amount, p.payout_status])).toEqual([
      [0, 2_744, "TRANSFERRED"],
      [1, 2_744, "TRANSFERRED"],
      [2, 3_659, "TRANSFERRED"],
    ]);
    expect(await transfersTo(order.account)).toEqual([2_744, 2_744, 3_659]);
    expect(await expectMoneyAgrees(order.id)).toMatchObject({ refunded: 0, transferred: 9_147 });
  });
});
