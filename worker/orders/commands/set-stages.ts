import * as v from "valibot";
import { parseStagePlan, STAGES_MAX } from "../domain/order-stages";
import { parseStagePlanRows, stagePlanRowsFrom } from "../domain/stage-plan-rows";
import { translateAuthoringErrors } from "../../messages/authoring";
import { orderRefusalMessage } from "../../messages/orders";
import { defineCommand, refuse } from "../command";
import { actOnOrder } from "../order-answer";
import { orderId } from "../order-body";

/**
 * POST /api/features/commission/order/stages {orderId, stages: [{title, sharePercent, includedRevisions}]}: the seller
 * replaces a pending order's stages (decision 073; an empty list removes them); the order page's "setStages", typed in
 * the editors' rows. A plan `parseStagePlan` refuses is 400 with its key, its words and the index of the stage in error
 * (the page: the editors' messages by field); nothing is asked of the order. The titles are translated for the client.
 */
export default defineCommand({
  path: "/stages",
  action: "setStages",
  intent: "setStages",
  // The plan as typed: its fields' types are `parseStagePlan`'s to check, so a share sent as "30" is told the share's
  // message rather than a bare invalid_request. More stages than a few plans' worth is not a plan at all.
  body: v.object({
    orderId,
    stages: v.pipe(
      v.array(v.object({ title: v.unknown(), sharePercent: v.unknown(), includedRevisions: v.unknown() })),
      v.maxLength(STAGES_MAX * 4),
    ),
  }),
  fromForm: (form, { locale }) => {
    const parsed = parseStagePlanRows(stagePlanRowsFrom(form));
    if (!parsed.ok) return { errors: translateAuthoringErrors(parsed.errors, locale) };
    return { input: { orderId: form.get("orderId"), stages: parsed.plan } };
  },
  run: async (context, { orderId, stages }) => {
    const parsed = parseStagePlan(stages);
    if (!parsed.ok) {
      const message = orderRefusalMessage(parsed.error, context.locale);
      return refuse({ status: 400, error: parsed.error, ...(message !== null && { message }), index: parsed.index });
    }
    const titles = parsed.plan.map((stage) => stage.title);
    return actOnOrder(context, orderId, { type: "setStages", plan: parsed.plan }, titles);
  },
});
