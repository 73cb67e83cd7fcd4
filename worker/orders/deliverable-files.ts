/**
 * The deliverables' bodies and their files' checks (spec section 7: commissionOrderDeliverable.create and .update),
 * shared by the two deliverable commands.
 */
import * as v from "valibot";
import { ORDER_DELIVERABLES_MAX_FILES } from "../media/domain/media-limits";
import { parseMediaKey } from "../media/domain/media-keys";
import type { DeliverableFile } from "./domain/order-contract";
import { deliverableFile, isDeliverableField } from "./services/order-deliverables";
import { checkAttachment, ownsObject } from "../media/services/storage";
import { type CommandContext, type Outcome, refuse } from "./command";
import { orderOutcome } from "./order-answer";
import { orderStub } from "./order-stub";

const deliverableMedia = v.object({
  url: v.pipe(v.string(), v.maxLength(2048)),
  name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))),
});
export const deliverableMedias = v.pipe(v.array(deliverableMedia), v.maxLength(ORDER_DELIVERABLES_MAX_FILES));

/**
 * The files of a create or update, each checked before anything is asked of the order: it must lie in the order's
 * folders v1/commission-order/{orderId}/deliverables/ or …/deliverable_sources/ (held until completion, decision 096),
 * which only the seller may write, and pass its upload rule again (`checkAttachment` re-sniffs the bytes). A refusal is
 * the outcome to answer, and the order has not been touched.
 */
export async function checkedDeliverables(
  context: CommandContext,
  orderId: string,
  medias: v.InferOutput<typeof deliverableMedias>,
): Promise<DeliverableFile[] | Outcome> {
  const { db, env, user } = context;
  const files: DeliverableFile[] = [];
  for (const media of medias) {
    const key = parseMediaKey(media.url);
    if (!key) return refuse({ status: 400, error: "invalid_request" });
    const inFolder = (k: typeof key) =>
      k.domain === "commission-order" &&
      k.id === orderId &&
      isDeliverableField(k.field) &&
      ownsObject(db, { profileId: user.profileId }, k);
    const checked = await checkAttachment(env.MEDIA, key, inFolder);
    if (!checked.ok && checked.error === "forbidden") {
      // Not from this order's folder, or the caller is not its seller: the object says which, as for any order call
      // (a stranger learns nothing); the seller is told the file is not theirs to attach.
      const party = await orderStub(env.ORDER, orderId).changeDeliverables(
        { add: [] },
        { commissionAccountId: user.commissionAccountId },
      );
      return party.status === "done" ? refuse({ status: 403, error: "forbidden" }) : orderOutcome(party, context);
    }
    if (!checked.ok) return refuse({ status: checked.error === "not_found" ? 404 : 400, error: checked.error });
    files.push(deliverableFile(key, checked, media.name ?? null));
  }
  return files;
}
