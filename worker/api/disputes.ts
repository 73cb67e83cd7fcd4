import { Hono } from "hono";
import * as v from "valibot";
import { DISPUTE_SETTLEMENT_REASON_MAX } from "../orders/domain/disputes";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { ADMIN_IS_PARTY } from "../admin/domain/admin-actions";
import { adminPartyMessage, adminTextCharactersMessage } from "../messages/admin";
import { disputeErrorMessage, type DisputeError } from "../messages/disputes";
import { confirmationRequiredMessage, orderRefusalMessage } from "../messages/orders";
import { CONFIRMATION_REQUIRED } from "../orders/command";
import { type AdminSettleResult, settlementFieldOf } from "../admin/services/admin-disputes";
import { openDisputes } from "../orders/services/disputes";
import { settleDispute } from "../orders/settle-dispute";

/**
 * The admin's dispute doors (issue 49, decision 088): GET /api/admin/disputes (the queue, oldest first) and POST
 * /api/admin/disputes/settle {orderId, outcome, refundAmount?, days?, reason, confirmed?}. The body is parsed first (400 with the
 * rule's words in the caller's language), then the settlement goes to the order's object (worker/orders/
 * settle-dispute.ts, which the console's settle form calls too): no such order is 404; a settlement's input the order
 * refuses is 400 on its field; a state it refuses is 409 with its words; a refund, a release or a split without
 * `confirmed: true` is 400 `confirmation_required` in words, and nothing moves (issue 75). A party's moves (/dispute/open, /answer) are
 * order commands (worker/orders/commands/open-dispute.ts, answer-dispute.ts).
 */
export const adminDisputeApi = new Hono<AppEnv>();

const orderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const settleBody = v.object({
  orderId,
  outcome: v.pipe(v.string(), v.maxLength(16)),
  refundAmount: v.optional(v.unknown()),
  days: v.optional(v.unknown()),
  reason: v.pipe(v.string(), v.maxLength(DISPUTE_SETTLEMENT_REASON_MAX * 4)),
  /** Required (`true`) for a settlement that moves money (issue 75): the console asks with its figures first. */
  confirmed: v.optional(v.boolean()),
});

function invalid(c: AppContext, error: DisputeError, field: string) {
  const message = disputeErrorMessage(error, c.get("request").locale);
  return c.json({ error, message, errors: { [field]: message } }, 400);
}

/** The object's answer: a stranger's 404, a refusal's 409 (or 400 for a settlement's input) with its words, or done. */
function answer(c: AppContext, result: AdminSettleResult) {
  if (result.status === "not_found" || (result.status === "refused" && result.refusal === "not_a_party"))
    return c.json({ error: "not_found" }, 404);
  const { locale } = c.get("request");
  if (result.status === "refused") {
    // A settlement's input is the admin's, not a state: 400 on the field it names.
    const field = settlementFieldOf(result.refusal);
    if (field) return invalid(c, result.refusal as DisputeError, field);
    const message = disputeErrorMessage(result.refusal, locale) ?? orderRefusalMessage(result.refusal, locale);
    return c.json({ error: result.refusal, ...(message !== null && { message }) }, 409);
  }
  const { progress, payment, dispute } = result.state;
  return c.json({
    data: {
      orderProgressStatus: progress,
      orderPaymentStatus: payment,
      dispute: dispute ?? null,
      money: result.money ?? null,
    },
  });
}

adminDisputeApi.get("/", async (c) => {
  const { env } = c.get("request");
  return c.json({ data: await openDisputes(env.DB) });
});

adminDisputeApi.post("/settle", jsonBody(settleBody), async (c) => {
  const { env, executionCtx, locale, user } = c.get("request");
  const admin = { userAccountId: user!.accountId, commissionAccountId: user!.commissionAccountId };
  // One path with the console's settle form: the reason checked, the object asked.
  const body = c.req.valid("json");
  const result = await settleDispute(env, executionCtx, admin, { ...body, confirmed: body.confirmed === true }, locale);
  if (result.status === "refused" && result.refusal === CONFIRMATION_REQUIRED)
    return c.json({ error: result.refusal, message: confirmationRequiredMessage(locale) }, 400);
  // A reason with characters no admin text keeps (decision 093): 400 on the reason, in the console's words.
  if (result.status === "refused" && result.refusal === "reason_invalid_characters") {
    const message = adminTextCharactersMessage(locale);
    return c.json({ error: result.refusal, message, errors: { reason: message } }, 400);
  }
  // An admin who is a party to the order never settles it (decision 093): 403, another admin must.
  if (result.status === "refused" && result.refusal === ADMIN_IS_PARTY)
    return c.json({ error: result.refusal, message: adminPartyMessage("order", locale) }, 403);
  return answer(c, result);
});
