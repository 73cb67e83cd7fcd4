// Orders for the licence-change commands' tests (issue 63; worker/orders/commands/*-licence.test.ts): a paid order with
// the licence its submission wrote, and one whose client has asked for another.
import { env } from "cloudflare:workers";
import { jsonAnswer, orderIn } from "./command-doors";

/** A paid order whose licence is personal use (as written at its submission). */
export async function licensedOrder() {
  const order = await orderIn("PAID");
  await env.DB.prepare("UPDATE commission_orders SET licence = ? WHERE id = ?")
    .bind(JSON.stringify({ scope: "personal" }), order.id)
    .run();
  return order;
}

/** A licensed order whose client has asked for exclusive rights. */
export async function licenceAskedOrder() {
  const order = await licensedOrder();
  const asked = await jsonAnswer("/licence/request", order.buyer, { orderId: order.id, licence: ["exclusive"] });
  if (asked.status !== 200) throw new Error(`not asked: ${JSON.stringify(asked)}`);
  return order;
}
