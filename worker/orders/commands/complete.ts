import { defineCommand, orderIdFromForm } from "../command";
import { actOnOrder } from "../order-answer";
import { orderIdBody } from "../order-body";

/** POST /api/features/commission/order/complete {orderId} (spec section 7); the order page's "complete". */
export default defineCommand({
  path: "/complete",
  action: "complete",
  intent: "complete",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: (context, { orderId }) => actOnOrder(context, orderId, { type: "complete" }),
});
