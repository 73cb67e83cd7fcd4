import * as v from "valibot";
import { defineCommand } from "../command";
import { checkedDeliverables, deliverableMedias } from "../deliverable-files";
import { orderOutcome } from "../order-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/deliverable/create {orderId, medias: [{url, name?}]} (spec section 7:
 * commissionOrderDeliverable.create): the seller attaches files uploaded to the order's folder (`checkedDeliverables`);
 * then the order's Durable Object attaches them, checking the actor and the state (decision 024). No page form posts it.
 */
export default defineCommand({
  path: "/deliverable/create",
  action: "addDeliverable",
  body: v.object({ orderId, medias: v.pipe(deliverableMedias, v.minLength(1)) }),
  run: async (context, { orderId, medias }) => {
    const files = await checkedDeliverables(context, orderId, medias);
    if (!Array.isArray(files)) return files;
    const { commissionAccountId } = context.user;
    const result = await orderStub(context.env.ORDER, orderId).changeDeliverables(
      { add: files },
      { commissionAccountId },
    );
    return orderOutcome(result, context);
  },
});
