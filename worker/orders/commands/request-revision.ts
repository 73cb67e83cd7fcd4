import * as v from "valibot";
import { revisionCommentOf } from "../domain/order-stages";
import { m } from "#app/paraglide/messages.js";
import { orderRefusalMessage, REVISION_COMMENT_INVALID } from "../../messages/orders";
import { defineCommand, refuse } from "../command";
import { afterAction } from "../order-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";
import { stageIndex } from "../stage-body";

/**
 * POST /api/features/commission/order/stage/revision {orderId, stage, comment} (decision 073): the client asks for a
 * revision of the stage under review; the timeline's "requestRevision". The comment is checked first
 * (`revisionCommentOf`: 1 to 1000 characters, storable): the JSON door answers 400 `revision_comment_invalid` with its
 * words, the page the comment field's message. The object keeps the comment with the transition
 * (`requestStageRevision`); it is translated for the creator.
 */
export default defineCommand({
  path: "/stage/revision",
  intent: "requestRevision",
  action: "requestRevision",
  body: v.object({ orderId, stage: stageIndex, comment: v.string() }),
  fromForm: (form) => {
    const comment = String(form.get("comment") ?? "");
    if (revisionCommentOf(comment) === null) return { errors: { comment: m.orders_stage_comment_error() } };
    return { input: { orderId: form.get("orderId"), stage: Number(form.get("stage")), comment } };
  },
  run: async (context, input) => {
    const comment = revisionCommentOf(input.comment);
    if (comment === null) {
      const message = orderRefusalMessage(REVISION_COMMENT_INVALID, context.locale);
      return refuse({ status: 400, error: REVISION_COMMENT_INVALID, ...(message !== null && { message }) });
    }
    const result = await orderStub(context.env.ORDER, input.orderId).requestStageRevision(input.stage, comment, {
      userAccountId: context.user.accountId,
    });
    return afterAction(context, input.orderId, "requestRevision", result, [comment]);
  },
});
