// The `admin-cancel` command: JSON /admin-cancel only (no page form posts it; the form door does not know it).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newParty } from "#tests/worker/support/order-states";
import { formDoor, jsonDoor, orderIn } from "#tests/worker/support/command-doors";

describe("admin-cancel", () => {
  it("an admin ends the order; a party is told 404, and the page has no such intent", async () => {
    const [order, admin] = await Promise.all([orderIn("DELIVERED"), newParty()]);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(admin.userAccountId)
      .run();
    const seller = await jsonDoor("/admin-cancel", order.seller, { orderId: order.id });
    expect(seller.status).toBe(404);
    expect(await seller.json()).toEqual({ error: "not_found" });
    expect((await formDoor(order.seller, "seller", { orderId: order.id, intent: "adminCancel" })).init.status).toBe(
      400,
    );
    const done = await jsonDoor("/admin-cancel", admin, { orderId: order.id });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderProgressStatus: "CANCELED" } });
  });
});
