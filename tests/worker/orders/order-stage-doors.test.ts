// The milestones' API doors (decision 073; worker/api/orders.ts): the seller's plan on a pending order, the client's
// approval or revision of the stage under review, the seller's extra revision, and an admin's cancel. Each door's
// happy path, and each refusal (a stranger, the wrong side, the wrong stage, bad body types, a huge or blank
// comment, odd Unicode) answers 4xx with its words in the caller's language and changes nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { stagesOfPlan, type OrderStage, type StagePlanItem } from "#worker/orders/domain/order-stages";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type OrderStateName, type Party } from "../support/order-states";
import { confirmed } from "../support/confirmed";

const DAY = 86_400_000;
const PLAN: StagePlanItem[] = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 0 },
  { title: "Colour", sharePercent: 40, includedRevisions: 2 },
];
const IN_REVIEW: Partial<OrderStage> = {
  status: "IN_REVIEW",
  previewedAt: Date.now() - DAY,
  reviewDeadline: Date.now() + 6 * DAY,
};
const APPROVED: Partial<OrderStage> = { status: "APPROVED", approvedAt: Date.now() - DAY, approvedBy: "buyer" };

/** An order in `state` between a fresh seller and buyer, its stages (if any) changed as given, by index. */
async function orderIn(state: OrderStateName, stages: Partial<OrderStage>[] | null = null) {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  const order = await insertOrderIn(state, seller, buyer);
  if (stages)
    await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
      .bind(JSON.stringify(stagesOfPlan(PLAN).map((s, i) => ({ ...s, ...stages[i] }))), order.id)
      .run();
  return { ...order, seller, buyer, stranger };
}

const door = (path: string, who: Party | null, json: unknown, language = "en") =>
  call(`/api/features/commission/order/${path}`, {
    method: "POST",
    cookie: who?.cookie,
    json: confirmed(json),
    headers: { "accept-language": language },
  });

/** Everything a refused call must leave as it was: the row, its log, its notices and its revision notes. */
async function snapshot(orderId: string) {
  const [row, events, notices, revisions] = await Promise.all([
    env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM commission_order_events WHERE order_id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE order_id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT COUNT(*) AS n FROM commission_order_stage_revisions WHERE order_id = ?")
      .bind(orderId)
      .first(),
  ]);
  return { row, events, notices, revisions };
}

const storedStages = async (orderId: string) =>
  JSON.parse(
    (await env.DB.prepare("SELECT stages FROM commission_orders WHERE id = ?")
      .bind(orderId)
      .first<{ stages: string }>())!.stages,
  ) as OrderStage[];

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

const NOT_FOUND = { error: "not_found" };
/** A party doing the other party's action: 409 with its reason, as `seller_only` is for the client (issue 45). */
const BUYER_ONLY = { error: "buyer_only", message: "Only the client can do this." };
const INVALID = { error: "invalid_request" };

describe("POST /stages: the seller's plan on a pending order", () => {
  it("sets, replaces and removes the stages of a DRAFT order, all pending", async () => {
    const order = await orderIn("DRAFT");
    const typed = PLAN.map((s) => ({ ...s, title: `  ${s.title.normalize("NFD")}  ` }));
    const set = await door("stages", order.seller, { orderId: order.id, stages: typed });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { data: { stages: OrderStage[] } }).data.stages).toEqual(stagesOfPlan(PLAN));
    expect(await storedStages(order.id)).toEqual(stagesOfPlan(PLAN));
    const decomposed = await door("stages", order.seller, {
      orderId: order.id,
      stages: [{ title: "Cafe\u0301", sharePercent: 100, includedRevisions: 0 }],
    });
    expect(decomposed.status).toBe(200);
    expect((await storedStages(order.id))[0]!.title).toBe("Caf\u00e9");
    expect((await door("stages", order.seller, { orderId: order.id, stages: [] })).status).toBe(200);
    expect(await storedStages(order.id)).toEqual([]);
  });

  it("refuses a plan it cannot take with the plan's words, in the caller's language, and the stage in error", async () => {
    const order = await orderIn("DRAFT");
    const plan = (stages: unknown) => () => door("stages", order.seller, { orderId: order.id, stages });
    const stage = (title: unknown, sharePercent: unknown, includedRevisions: unknown = 0) => ({
      title,
      sharePercent,
      includedRevisions,
    });
    await expectRefusals(order.id, [
      [
        plan(Array.from({ length: 6 }, (_, i) => stage(`S${i}`, i ? 20 : 0))),
        400,
        { error: "stages_count", message: "An order has at most 5 stages." },
      ],
      [
        plan([stage("Sketch", 50), stage("\u200b\u200b", 50)]),
        400,
        { error: "stage_title_required", message: "Give each stage a title.", index: 1 },
      ],
      [
        plan([stage("x".repeat(41), 100)]),
        400,
        { error: "stage_title_too_long", message: "A stage's title is at most 40 characters.", index: 0 },
      ],
      [
        plan([stage("Sketch", "30"), stage("Colour", 70)]),
        400,
        { error: "stage_share_invalid", message: "A stage's share is a whole percent from 1 to 100.", index: 0 },
      ],
      [
        plan([stage("Sketch", 30.5), stage("Colour", 69.5)]),
        400,
        { error: "stage_share_invalid", message: "A stage's share is a whole percent from 1 to 100.", index: 0 },
      ],
      [
        plan([stage("Sketch", 30), stage("Colour", 60)]),
        400,
        { error: "stage_shares_sum", message: "The stages' shares must add up to 100%." },
      ],
      [
        plan([stage("Sketch", 100, 11)]),
        400,
        {
          error: "stage_revisions_invalid",
          message: "A stage's included revisions are a whole number from 0 to 10.",
          index: 0,
        },
      ],
      [
        () => door("stages", order.seller, { orderId: order.id, stages: [stage("Sketch", 30), stage("A", 60)] }, "ja"),
        400,
        { error: "stage_shares_sum", message: "各段階の割合の合計を100%にしてください。" },
      ],
      // Not a plan at all: the body's own shape.
      [plan("Sketch 30%"), 400, INVALID],
      [plan([null]), 400, INVALID],
      [plan(Array.from({ length: 21 }, () => stage("S", 5))), 400, INVALID],
      [() => door("stages", order.seller, { orderId: 42, stages: [] }), 400, INVALID],
      [() => door("stages", order.seller, { orderId: order.id }), 400, INVALID],
    ]);
  });

  it("only the seller, only while the order is pending", async () => {
    const order = await orderIn("DRAFT");
    const body = { orderId: order.id, stages: PLAN };
    await expectRefusals(order.id, [
      [
        () => door("stages", order.buyer, body),
        409,
        { error: "seller_only", message: "Only the creator can do this." },
      ],
      [() => door("stages", order.stranger, body), 404, NOT_FOUND],
      [() => door("stages", null, body), 401, { error: "unauthorized" }],
      [() => door("stages", order.seller, { ...body, orderId: crypto.randomUUID() }), 404, NOT_FOUND],
    ]);
    const paid = await orderIn("PAID");
    await expectRefusals(paid.id, [
      [
        () => door("stages", paid.seller, { orderId: paid.id, stages: PLAN }),
        409,
        { error: "not_editable", message: "This can no longer be changed at this step of the order." },
      ],
    ]);
  });
});

describe("POST /stage/approve and /stage/revision: the client answers a preview", () => {
  it("the client approves the stage under review; the next stage is then current", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    const response = await door("stage/approve", order.buyer, { orderId: order.id, stage: 0 });
    expect(response.status).toBe(200);
    const [first, second] = await storedStages(order.id);
    expect(first).toMatchObject({ status: "APPROVED", approvedBy: "buyer", reviewDeadline: null });
    expect(second).toMatchObject({ status: "PENDING" });
    const event = await env.DB.prepare(
      "SELECT event_type, actor FROM commission_order_events WHERE order_id = ? ORDER BY version DESC",
    )
      .bind(order.id)
      .first();
    expect(event).toEqual({ event_type: "STAGE_APPROVED", actor: "buyer" });
  });

  it("refuses the seller as the other party (409 buyer_only, issue 45), strangers as strangers, another stage, a stage not under review, bad types", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    const approve = (who: Party | null, body: object, language?: string) => () =>
      door("stage/approve", who, { orderId: order.id, stage: 0, ...body }, language);
    await expectRefusals(order.id, [
      [approve(order.seller, {}), 409, BUYER_ONLY],
      [approve(order.seller, {}, "ja"), 409, { error: "buyer_only", message: "この操作はクライアントのみ行えます。" }],
      [approve(order.stranger, {}), 404, NOT_FOUND],
      [approve(null, {}), 401, { error: "unauthorized" }],
      [
        approve(order.buyer, { stage: 1 }),
        409,
        {
          error: "stage_not_current",
          message: "This stage is not the one in progress. Reload the order to see where it stands.",
        },
      ],
      [
        approve(order.buyer, { stage: 2 }, "ja"),
        409,
        {
          error: "stage_not_current",
          message: "この段階は現在進行中の段階ではありません。注文を再読み込みして状況を確認してください。",
        },
      ],
      [approve(order.buyer, { stage: "0" }), 400, INVALID],
      [approve(order.buyer, { stage: 0.5 }), 400, INVALID],
      [approve(order.buyer, { stage: -1 }), 400, INVALID],
      [approve(order.buyer, { stage: 5 }), 400, INVALID],
      [approve(order.buyer, { stage: null }), 400, INVALID],
    ]);
    const working = await orderIn("PAID", [{}]);
    await expectRefusals(working.id, [
      [
        () => door("stage/approve", working.buyer, { orderId: working.id, stage: 0 }),
        409,
        { error: "stage_not_in_review", message: "This stage has no preview waiting for review." },
      ],
    ]);
  });

  it("a revision keeps the comment, normalized, and sends the stage back to the creator", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    const response = await door("stage/revision", order.buyer, {
      orderId: order.id,
      stage: 0,
      comment: "  Warmer cafe\u0301 colours, please 🎨\r\n",
    });
    expect(response.status).toBe(200);
    expect((await storedStages(order.id))[0]).toMatchObject({ status: "PENDING", revisionsUsed: 1 });
    const notes = await env.DB.prepare(
      "SELECT stage_index, round, comment FROM commission_order_stage_revisions WHERE order_id = ?",
    )
      .bind(order.id)
      .all();
    expect(notes.results).toEqual([{ stage_index: 0, round: 0, comment: "Warmer caf\u00e9 colours, please 🎨" }]);
  });

  it("refuses a blank, zero-width, huge or unstorable comment, the wrong side, and a stage with no revisions left", async () => {
    const order = await orderIn("PAID", [{ ...IN_REVIEW, revisionsUsed: 1 }]);
    const revise =
      (who: Party | null, comment: unknown, stage = 0, language?: string) =>
      () =>
        door("stage/revision", who, { orderId: order.id, stage, comment }, language);
    const commentMessage = {
      error: "revision_comment_invalid",
      message: "Say what to revise, in 1 to 1000 characters.",
    };
    await expectRefusals(order.id, [
      [revise(order.buyer, ""), 400, commentMessage],
      [revise(order.buyer, " \u200b\u3000\n"), 400, commentMessage],
      [revise(order.buyer, "x".repeat(1001)), 400, commentMessage],
      [revise(order.buyer, "a".repeat(60_000)), 400, commentMessage],
      [revise(order.buyer, "bad \u0000 byte"), 400, commentMessage],
      [revise(order.buyer, "lone \ud800 half"), 400, commentMessage],
      [
        revise(order.buyer, "", 0, "ja"),
        400,
        { error: "revision_comment_invalid", message: "修正してほしい内容を1〜1000文字で入力してください。" },
      ],
      [revise(order.buyer, 42), 400, INVALID],
      [revise(order.buyer, null), 400, INVALID],
      [revise(order.buyer, ["More red"]), 400, INVALID],
      [revise(order.seller, "More red"), 409, BUYER_ONLY],
      [revise(order.stranger, "More red"), 404, NOT_FOUND],
      // The sketch's one included revision is used.
      [
        revise(order.buyer, "More red"),
        409,
        {
          error: "no_revisions_left",
          message: "This stage's included revisions are used up. Ask the creator in the chat to grant one more.",
        },
      ],
      [
        revise(order.buyer, "More red", 1),
        409,
        {
          error: "stage_not_current",
          message: "This stage is not the one in progress. Reload the order to see where it stands.",
        },
      ],
    ]);
  });
});

describe("POST /stage/grant: the creator agrees to one more revision", () => {
  it("grants one; the client may then ask for it", async () => {
    const order = await orderIn("PAID", [{ ...IN_REVIEW, revisionsUsed: 1 }]);
    expect((await door("stage/grant", order.seller, { orderId: order.id, stage: 0 })).status).toBe(200);
    expect((await storedStages(order.id))[0]).toMatchObject({ extraRevisions: 1, status: "IN_REVIEW" });
    const asked = await door("stage/revision", order.buyer, { orderId: order.id, stage: 0, comment: "More red" });
    expect(asked.status).toBe(200);
    expect((await storedStages(order.id))[0]).toMatchObject({ revisionsUsed: 2, status: "PENDING" });
  });

  it("refuses the client, strangers, another stage and an order not paid", async () => {
    const order = await orderIn("PAID", [APPROVED, IN_REVIEW]);
    const grant = (who: Party | null, stage: unknown) => () => door("stage/grant", who, { orderId: order.id, stage });
    await expectRefusals(order.id, [
      [grant(order.buyer, 1), 409, { error: "seller_only", message: "Only the creator can do this." }],
      [grant(order.stranger, 1), 404, NOT_FOUND],
      [grant(null, 1), 401, { error: "unauthorized" }],
      [
        grant(order.seller, 0),
        409,
        {
          error: "stage_not_current",
          message: "This stage is not the one in progress. Reload the order to see where it stands.",
        },
      ],
      [grant(order.seller, "1"), 400, INVALID],
      [grant(order.seller, 1e9), 400, INVALID],
    ]);
    const unpaid = await orderIn("APPROVED", []);
    await expectRefusals(unpaid.id, [
      [
        () => door("stage/grant", unpaid.seller, { orderId: unpaid.id, stage: 0 }),
        409,
        {
          error: "wrong_state",
          message: "The order is not at a step where this can be done. Reload it to see where it stands.",
        },
      ],
    ]);
  });
});

describe("delivery waits for the stages", () => {
  it("POST /deliver refuses a staged order with a stage not approved, in words", async () => {
    const order = await orderIn("PAID", [APPROVED, APPROVED, IN_REVIEW]);
    await expectRefusals(order.id, [
      [
        () => door("deliver", order.seller, { orderId: order.id }),
        409,
        {
          error: "stages_pending",
          message: "Every stage must be approved by the client before the order is delivered.",
        },
      ],
      [
        () => door("deliver", order.seller, { orderId: order.id }, "ja"),
        409,
        { error: "stages_pending", message: "納品の前に、すべての段階がクライアントに承認されている必要があります。" },
      ],
    ]);
  });
});

describe("POST /admin-cancel: an admin settles a dispute", () => {
  async function admin() {
    const party = await newParty();
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(party.userAccountId)
      .run();
    return party;
  }

  it("cancels a delivered order, which neither party could, logged as an admin's act and audited once", async () => {
    const [order, settler] = await Promise.all([orderIn("DELIVERED"), admin()]);
    const response = await door("admin-cancel", settler, { orderId: order.id });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { orderProgressStatus: string } }).data.orderProgressStatus).toBe(
      "CANCELED",
    );
    const event = await env.DB.prepare(
      "SELECT event_type, actor FROM commission_order_events WHERE order_id = ? ORDER BY version DESC",
    )
      .bind(order.id)
      .first();
    expect(event).toEqual({ event_type: "CANCELED", actor: "admin" });
    const audit = await env.DB.prepare(
      "SELECT admin_account_id, action, target_type FROM admin_actions WHERE target_id = ?",
    )
      .bind(order.id)
      .all();
    expect(audit.results).toEqual([
      { admin_account_id: settler.userAccountId, action: "order.canceled", target_type: "order" },
    ]);
    // Pressed again, it is refused (the order has ended) and audited no more.
    expect((await door("admin-cancel", settler, { orderId: order.id })).status).toBe(409);
  });

  it("is a stranger's 404 to everyone but an admin; an ended order is refused in words", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID", [APPROVED, IN_REVIEW]), admin()]);
    const cancel =
      (who: Party | null, body: object = { orderId: order.id }) =>
      () =>
        door("admin-cancel", who, body);
    await expectRefusals(order.id, [
      [cancel(order.seller), 404, NOT_FOUND],
      [cancel(order.buyer), 404, NOT_FOUND],
      [cancel(order.stranger), 404, NOT_FOUND],
      [cancel(null), 401, { error: "unauthorized" }],
      [cancel(settler, { orderId: ["x"] }), 400, INVALID],
      [cancel(settler, { orderId: crypto.randomUUID() }), 404, NOT_FOUND],
    ]);
    const ended = await orderIn("COMPLETED");
    await expectRefusals(ended.id, [
      [
        () => door("admin-cancel", settler, { orderId: ended.id }),
        409,
        {
          error: "wrong_state",
          message: "The order is not at a step where this can be done. Reload it to see where it stands.",
        },
      ],
    ]);
  });
});
