import { defineCommand } from "../command";
import { actOnOrder } from "../order-answer";
import { stageBody, stageFromForm } from "../stage-body";

/**
 * POST /api/features/commission/order/stage/grant {orderId, stage} (decision 073): the creator allows the stage one
 * more revision; the timeline's "grantRevision". The Order object checks the caller's side and the stage.
 */
export default defineCommand({
  path: "/stage/grant",
  action: "grantRevision",
  intent: "grantRevision",
  body: stageBody,
  fromForm: stageFromForm,
  run: (context, { orderId, stage }) => actOnOrder(context, orderId, { type: "grantRevision", stage }),
});
