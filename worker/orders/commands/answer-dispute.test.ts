// The other party answers an open dispute (decision 088) through both doors: done, or refused as the order's state.
import { describe, expect, it } from "vitest";
import { formAnswer, jsonAnswer, orderIn } from "#tests/worker/support/command-doors";
import { ordersLeavingTheQueue } from "#tests/worker/support/dispute-queue";
import type { Party } from "#tests/worker/support/order-states";
import { disputeErrorMessage } from "../../messages/disputes";

const made = ordersLeavingTheQueue();
const ANSWER = "I drew what the request described, and said so in the chat.";

async function paidOrder() {
  const order = await orderIn("PAID");
  made.push(order.id);
  return order;
}

const openBy = async (who: Party, orderId: string) =>
  expect(
    (await jsonAnswer("/dispute/open", who, { orderId, reason: "not_as_agreed", statement: "Not what I asked for." }))
      .status,
  ).toBe(200);

describe("answer-dispute", () => {
  it("the JSON door refuses an order with no open dispute, then answers the open one", async () => {
    const order = await paidOrder();
    expect(await jsonAnswer("/dispute/answer", order.seller, { orderId: order.id, statement: ANSWER })).toEqual({
      status: 409,
      body: { error: "not_disputed", message: disputeErrorMessage("not_disputed", "en") },
    });
    await openBy(order.buyer, order.id);
    const answered = await jsonAnswer("/dispute/answer", order.seller, { orderId: order.id, statement: ANSWER });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ dispute: { openedBy: "buyer" } });
  });

  it("the form door refuses the opener's own answer with the order's words, then takes the other party's", async () => {
    const order = await paidOrder();
    await openBy(order.buyer, order.id);
    const fields = { intent: "answerDispute", orderId: order.id, statement: ANSWER };
    expect(await formAnswer(order.buyer, "buyer", fields)).toEqual({
      status: 409,
      body: { ok: false, intent: "answerDispute", message: disputeErrorMessage("dispute_not_answerable", "en") },
    });
    expect(await formAnswer(order.seller, "seller", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "answerDispute" },
    });
  });
});
