/**
 * An admin settles an order's dispute (issue 49, decision 088): the reason checked (an admin's text, `adminTextOf`),
 * then the Order object parses the settlement against what is at stake and applies it (its audit row is in the
 * transition's batch); the reason is translated for the party who reads the other language. The admin console's settle
 * form (app/routes/admin/dispute-settle.server.ts) and the JSON door (POST /api/admin/disputes/settle) both call this,
 * so a settlement is read one way; an admin who is a party to the order is refused by the object (decision 093). A
 * settlement that moves money (a refund, a release, a split) is done only when it comes confirmed (issue 75): the
 * console asks first with its figures, the JSON door refuses without `confirmed: true`.
 */
import type { Locale } from "../domain/locales";
import { detectTextLanguage } from "../domain/text-language";
import { movesMoney } from "../admin/domain/admin-actions";
import { CONFIRMATION_REQUIRED } from "./command";
import {
  type AdminSettlementInput,
  type AdminSettleResult,
  settlementReasonOf,
} from "../admin/services/admin-disputes";
import { translateInBackground } from "./services/order-translations";
import { orderStub } from "./order-stub";

export async function settleDispute(
  env: Env,
  executionCtx: Partial<ExecutionContext>,
  admin: { userAccountId: string; commissionAccountId: string },
  input: AdminSettlementInput & { confirmed: boolean },
  locale: Locale,
): Promise<AdminSettleResult> {
  if (typeof input.outcome === "string" && movesMoney(input.outcome) && !input.confirmed)
    return { status: "refused", refusal: CONFIRMATION_REQUIRED };
  const checked = settlementReasonOf(input.reason);
  if (!checked.ok) return { status: "refused", refusal: checked.refusal };
  const reason = checked.text;
  const result = await orderStub(env.ORDER, input.orderId).settleDispute(
    { outcome: input.outcome, refundAmount: input.refundAmount, days: input.days },
    { body: reason, languageCode: detectTextLanguage(reason) ?? locale },
    { admin },
  );
  if (result.status === "done" && result.changed)
    translateInBackground(env, executionCtx, { texts: [reason], writerAccountId: admin.userAccountId });
  return result;
}
