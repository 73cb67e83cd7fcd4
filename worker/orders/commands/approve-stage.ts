import { defineCommand } from "../command";
import { actOnOrder } from "../order-answer";
import { stageBody, stageFromForm } from "../stage-body";

/**
 * POST /api/features/commission/order/stage/approve {orderId, stage} (decision 073): the client approves the stage's
 * preview under review; the timeline's "approveStage". The Order object checks the caller's side and the stage.
 */
export default defineCommand({
  path: "/stage/approve",
  action: "approveStage",
  intent: "approveStage",
  body: stageBody,
  fromForm: stageFromForm,
  run: (context, { orderId, stage }) => actOnOrder(context, orderId, { type: "approveStage", stage }),
});
