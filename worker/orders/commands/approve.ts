import { defineCommand, orderIdFromForm } from "../command";
import { actOnOrder } from "../order-answer";
import { orderIdBody } from "../order-body";

/** POST /api/features/commission/order/approve {orderId} (spec section 7); the order page's "approve". */
export default defineCommand({
  path: "/approve",
  intent: "approve",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: (context, { orderId }) => actOnOrder(context, orderId, { type: "approve" }),
});
