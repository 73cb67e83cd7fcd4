import * as v from "valibot";
import { ORDER_DELIVERABLES_MAX_FILES } from "../../media/domain/media-limits";
import { defineCommand } from "../command";
import { checkedDeliverables, deliverableMedias } from "../deliverable-files";
import { orderOutcome } from "../order-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/deliverable/update {orderId, medias?, mediaIdsToDelete?} (spec section 7:
 * commissionOrderDeliverable.update): the seller adds files (checked as create checks them) and deletes others in one
 * call, either list optional, not both empty. The order's object takes the whole change or none of it: a file it
 * refuses, a deletion the state forbids, more files than the limit, or a file both added and deleted refuses the call
 * before anything changes (decision 024). No page form posts it.
 */
export default defineCommand({
  path: "/deliverable/update",
  action: ["addDeliverable", "deleteDeliverable"],
  body: v.pipe(
    v.object({
      orderId,
      medias: v.optional(deliverableMedias, []),
      mediaIdsToDelete: v.optional(
        v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(ORDER_DELIVERABLES_MAX_FILES)),
        [],
      ),
    }),
    v.check((body) => body.medias.length + body.mediaIdsToDelete.length > 0),
  ),
  run: async (context, { orderId, medias, mediaIdsToDelete }) => {
    const files = await checkedDeliverables(context, orderId, medias);
    if (!Array.isArray(files)) return files;
    const result = await orderStub(context.env.ORDER, orderId).changeDeliverables(
      { add: files, delete: mediaIdsToDelete },
      { commissionAccountId: context.user.commissionAccountId },
    );
    return orderOutcome(result, context);
  },
});
