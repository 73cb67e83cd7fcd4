// The `request-revision` command through both doors: JSON /stage/revision and the timeline's requestRevision.
import { describe, expect, it } from "vitest";
import { m } from "#app/paraglide/messages.js";
import { withMessageLocale } from "#worker/messages/message-locale";
import { formDoor, IN_REVIEW, jsonDoor, orderIn } from "#tests/worker/support/command-doors";

describe("request-revision", () => {
  it("JSON: the client asks with a comment; a blank comment is 400 with its words", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    const blank = await jsonDoor("/stage/revision", order.buyer, { orderId: order.id, stage: 0, comment: " " });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      error: "revision_comment_invalid",
      message: "Say what to revise, in 1 to 1000 characters.",
    });
    const done = await jsonDoor("/stage/revision", order.buyer, { orderId: order.id, stage: 0, comment: "More red" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { stages: [{ status: "PENDING", revisionsUsed: 1 }, {}] } });
  });

  it("form: the client's post is done; a blank comment is answered on its field", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    const fields = { orderId: order.id, intent: "requestRevision", stage: "0" };
    const comment = withMessageLocale("ja", "http://localhost", () => m.orders_stage_comment_error());
    expect(await formDoor(order.buyer, "buyer", { ...fields, comment: "\n" }, "ja")).toEqual({
      data: { ok: false, intent: "requestRevision", errors: { comment } },
      init: { status: 400 },
    });
    expect(await formDoor(order.buyer, "buyer", { ...fields, comment: "More red" })).toEqual({
      data: { ok: true, intent: "requestRevision" },
      init: { status: 200 },
    });
  });
});
