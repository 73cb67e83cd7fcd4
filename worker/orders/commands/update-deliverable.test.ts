// The `update-deliverable` command: JSON /deliverable/update only (the page changes files through the API).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jsonDoor, orderIn } from "#tests/worker/support/command-doors";

describe("update-deliverable", () => {
  it("the seller deletes a file; the client is refused, and an empty change is 400", async () => {
    const order = await orderIn("PAID");
    // A paid order carries one deliverable file (order-states.ts).
    const file = await env.DB.prepare(
      `SELECT a.media_id AS id FROM commission_order_deliverables d JOIN media_attachments a
       ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id WHERE d.order_id = ?`,
    )
      .bind(order.id)
      .first<{ id: string }>();
    const change = { orderId: order.id, mediaIdsToDelete: [file!.id] };
    expect((await jsonDoor("/deliverable/update", order.buyer, change)).status).toBe(409);
    expect((await jsonDoor("/deliverable/update", order.seller, { orderId: order.id })).status).toBe(400);
    const done = await jsonDoor("/deliverable/update", order.seller, change);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { deliverableCount: 0 } });
  });
});
