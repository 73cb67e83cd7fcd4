import { defineCommand, orderIdFromForm } from "../command";
import { actOnOrder } from "../order-answer";
import { orderIdBody } from "../order-body";

/** POST /api/features/commission/order/deliver {orderId} (spec section 7); the order page's "deliver". */
export default defineCommand({
  path: "/deliver",
  action: "deliver",
  intent: "deliver",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: (context, { orderId }) => actOnOrder(context, orderId, { type: "deliver" }),
});
