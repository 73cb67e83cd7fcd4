import { defineCommand, orderIdFromForm } from "../command";
import { actOnOrder } from "../order-answer";
import { orderIdBody } from "../order-body";

/** POST /api/features/commission/order/cancel {orderId} (spec section 7); the order page's "cancel". */
export default defineCommand({
  path: "/cancel",
  action: "cancel",
  intent: "cancel",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: (context, { orderId }) => actOnOrder(context, orderId, { type: "cancel" }),
});
