import { defineCommand } from "../command";
import { orderIdBody } from "../order-body";
import { pendingPaymentOf } from "../services/order-payments";

/**
 * POST /api/features/commission/order/payment/pending {orderId} → { payment: { transactionId, intentId,
 * accountMethodId } | null }: the order's PENDING transaction, for its buyer only (anyone else reads null, as for an
 * order with none). The page checks that intent before paying, and again after a pay call that failed (spec section 4
 * "Payment flow", section 8).
 */
export default defineCommand({
  path: "/payment/pending",
  // A read: the pending transaction, asked of D1.
  action: null,
  bare: true,
  body: orderIdBody,
  run: async ({ db, user }, { orderId }) => ({
    ok: true,
    data: {
      payment: await pendingPaymentOf(db.$client, { orderId, buyerCommissionAccountId: user.commissionAccountId }),
    },
  }),
});
