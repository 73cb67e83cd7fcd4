// A party opens a dispute (decision 088) through both doors: done with a reason and a statement, refused on its fields.
import { describe, expect, it } from "vitest";
import { formAnswer, jsonAnswer, orderIn } from "#tests/worker/support/command-doors";
import { ordersLeavingTheQueue } from "#tests/worker/support/dispute-queue";
import { disputeErrorMessage } from "../../messages/disputes";

const made = ordersLeavingTheQueue();
const STATEMENT = "The sketch is not the character I described.";

async function paidOrder() {
  const order = await orderIn("PAID");
  made.push(order.id);
  return order;
}

describe("open-dispute", () => {
  it("the JSON door refuses a reason not in the list on its field, then opens the dispute", async () => {
    const order = await paidOrder();
    const words = disputeErrorMessage("reason_invalid", "en");
    expect(
      await jsonAnswer("/dispute/open", order.buyer, { orderId: order.id, reason: "bribery", statement: STATEMENT }),
    ).toEqual({ status: 400, body: { error: "reason_invalid", message: words, errors: { reason: words } } });
    const opened = await jsonAnswer("/dispute/open", order.buyer, {
      orderId: order.id,
      reason: "not_as_agreed",
      statement: STATEMENT,
    });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ dispute: { openedBy: "buyer", reason: "not_as_agreed" }, money: null });
  });

  it("the form door refuses each field at once, then opens the dispute", async () => {
    const order = await paidOrder();
    const fields = { intent: "openDispute", orderId: order.id };
    expect(await formAnswer(order.buyer, "buyer", { ...fields, reason: "", statement: "" })).toEqual({
      status: 400,
      body: {
        ok: false,
        intent: "openDispute",
        errors: {
          reason: disputeErrorMessage("reason_invalid", "en"),
          statement: disputeErrorMessage("statement_invalid", "en"),
        },
      },
    });
    expect(
      await formAnswer(order.buyer, "buyer", { ...fields, reason: "not_as_agreed", statement: STATEMENT }),
    ).toEqual({
      status: 200,
      body: { ok: true, intent: "openDispute" },
    });
  });
});
