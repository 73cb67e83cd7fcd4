import * as v from "valibot";
import { defineCommand } from "../command";
import { actOnOrder } from "../order-answer";
import { orderId } from "../order-body";

/**
 * A deposit asked for at approval (decision 100): its percent of the total (bounds are the order's rule, checked by
 * `decide` with its worded refusal) and whether the client gets it back when they walk away.
 */
const deposit = v.object({
  percent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  refundable: v.boolean(),
});
const body = v.object({ orderId, deposit: v.optional(v.nullable(deposit)), byStage: v.optional(v.boolean()) });

/**
 * POST /api/features/commission/order/approve {orderId, deposit?: {percent, refundable}, byStage?} (spec section 7;
 * decision 100 and 101); the order page's "approve", whose deposit fields are `depositPercent` (empty: the whole total
 * at once) and `depositTerms` ("refundable" or "kept"), and, for an order with milestones, `payment` ("byStage": each
 * stage charged as it is reached; anything else: the whole total at once).
 */
export default defineCommand({
  path: "/approve",
  action: "approve",
  intent: "approve",
  body,
  fromForm: (form) => {
    if (form.get("payment") === "byStage") return { input: { orderId: form.get("orderId"), byStage: true } };
    const percent = String(form.get("depositPercent") ?? "").trim();
    if (percent === "") return { input: { orderId: form.get("orderId") } };
    const refundable = form.get("depositTerms") === "refundable";
    // A percent that is no whole number is the order's refusal to word, like any out of bounds.
    const value = /^\d{1,3}$/.test(percent) ? Number(percent) : -1;
    return { input: { orderId: form.get("orderId"), deposit: { percent: Math.max(0, value), refundable } } };
  },
  run: (context, input) =>
    actOnOrder(context, input.orderId, {
      type: "approve",
      ...(input.deposit && { deposit: input.deposit }),
      ...(input.byStage && { byStage: true }),
    }),
});
