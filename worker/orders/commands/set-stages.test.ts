// The `set-stages` command through both doors: JSON /stages and the page's setStages (the editors' rows).
import { describe, expect, it } from "vitest";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { formDoor, jsonDoor, orderIn, PLAN } from "#tests/worker/support/command-doors";

describe("set-stages", () => {
  it("JSON: the seller's plan is set; a plan the rule refuses is 400 with its words and index", async () => {
    const order = await orderIn("DRAFT");
    const done = await jsonDoor("/stages", order.seller, { orderId: order.id, stages: PLAN });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { data: { stages: unknown[] } }).data.stages).toHaveLength(2);
    const bad = await jsonDoor("/stages", order.seller, {
      orderId: order.id,
      stages: [{ title: " ", sharePercent: 100, includedRevisions: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "stage_title_required", index: 0, message: expect.any(String) });
  });

  it("form: the rows as typed are set; a plan the rule refuses is answered by field", async () => {
    const order = await orderIn("DRAFT");
    const rows = (shares: string[]) => ({
      orderId: order.id,
      intent: "setStages",
      stageTitle: ["Rough", "Finish"],
      stageShare: shares,
      stageRevisions: ["0", "2"],
    });
    expect(await formDoor(order.seller, "seller", rows(["20", "80"]))).toEqual({
      data: { ok: true, intent: "setStages" },
      init: { status: 200 },
    });
    expect(await formDoor(order.seller, "seller", rows(["20", "70"]))).toEqual({
      data: {
        ok: false,
        intent: "setStages",
        errors: translateAuthoringErrors({ stagePlan: "stage_shares_sum" }, "en"),
      },
      init: { status: 400 },
    });
  });
});
