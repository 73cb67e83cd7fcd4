import { Hono } from "hono";
import * as v from "valibot";
import { DISPUTE_SETTLEMENT_REASON_MAX, DISPUTE_STATEMENT_MAX, parsePartyStatement } from "../domain/disputes";
import type { DisputeMove, OrderActResult } from "../domain/order-contract";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { ADMIN_IS_PARTY } from "../domain/admin-actions";
import { adminPartyMessage, adminTextCharactersMessage } from "../messages/admin";
import { disputeErrorMessage, type DisputeError } from "../messages/disputes";
import { orderRefusalMessage } from "../messages/orders";
import { type AdminSettleResult, settleDisputeAsAdmin, settlementFieldOf } from "../services/admin-disputes";
import { checkedEvidence, openDisputes } from "../services/disputes";
import { DISPUTE_FILES_MAX } from "../domain/media-limits";
import { translateInBackground } from "../services/order-translations";
import { orderStub } from "../orders/order-stub";

/**
 * Disputes' doors (issue 49, decision 088). A party's: POST /api/features/commission/order/dispute/open {orderId,
 * reason, statement} and /answer {orderId, statement}. An admin's: GET /api/admin/disputes (the queue, oldest first) and
 * POST /api/admin/disputes/settle {orderId, outcome, refundAmount?, days?, reason}. A party's statement may carry up to
 * five files (`files: [{url, name?}]`), uploaded first to the order's `dispute_files` folder. Each body is parsed first
 * (400 with the rule's words in the caller's language), then handed to the order's object, which checks who asks and
 * every rule: a stranger to the order is told 404, as for one that does not exist; a move the order refuses is 409 with
 * its words. The order page's forms and the console's settle form post through the same functions.
 */
export const disputeApi = new Hono<AppEnv>();
export const adminDisputeApi = new Hono<AppEnv>();

const orderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** Texts are bounded at the door (a generous multiple of the rule's maximum), then checked by the rule. */
const statementText = v.pipe(v.string(), v.maxLength(DISPUTE_STATEMENT_MAX * 4));

/** Evidence: files uploaded first to the order's `dispute_files` folder, referenced by their URL (as chat files are). */
const evidence = v.optional(
  v.pipe(
    v.array(
      v.object({ url: v.pipe(v.string(), v.maxLength(1000)), name: v.optional(v.pipe(v.string(), v.maxLength(1000))) }),
    ),
    v.maxLength(DISPUTE_FILES_MAX),
  ),
  [],
);
const openBody = v.object({ orderId, reason: v.string(), statement: statementText, files: evidence });
const answerBody = v.object({ orderId, statement: statementText, files: evidence });
const settleBody = v.object({
  orderId,
  outcome: v.pipe(v.string(), v.maxLength(16)),
  refundAmount: v.optional(v.unknown()),
  days: v.optional(v.unknown()),
  reason: v.pipe(v.string(), v.maxLength(DISPUTE_SETTLEMENT_REASON_MAX * 4)),
});

function invalid(c: AppContext, error: DisputeError, field: string) {
  const message = disputeErrorMessage(error, c.get("request").locale);
  return c.json({ error, message, errors: { [field]: message } }, 400);
}

/** The object's answer: a stranger's 404, a refusal's 409 (or 400 for a settlement's input) with its words, or done. */
function answer(c: AppContext, result: OrderActResult | AdminSettleResult) {
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

function partyMove(path: string, schema: typeof openBody | typeof answerBody, type: DisputeMove["type"]) {
  disputeApi.post(path, jsonBody(schema), async (c) => {
    const { db, env, executionCtx, locale, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    const body = c.req.valid("json") as v.InferOutput<typeof openBody>;
    const parsed = parsePartyStatement(type, body, locale);
    if (!parsed.ok) {
      // One field at a time, the reason first, as the form reads them.
      const field = parsed.errors.reason ? "reason" : "statement";
      return invalid(c, parsed.errors[field]!, field);
    }
    const files = await checkedEvidence(db, env, user.profileId, body.orderId, body.files);
    if (!Array.isArray(files))
      return files.error === "not_found" ? c.json({ error: "not_found" }, 404) : c.json({ error: files.error }, 400);
    const result = await orderStub(env.ORDER, body.orderId).disputeStatement(
      parsed.move,
      { body: parsed.body, languageCode: parsed.languageCode, files },
      { userAccountId: user.accountId },
    );
    if (result.status === "done" && result.changed)
      translateInBackground(env, executionCtx, { texts: [parsed.body], writerAccountId: user.accountId });
    return answer(c, result);
  });
}

partyMove("/open", openBody, "openDispute");
partyMove("/answer", answerBody, "answerDispute");

adminDisputeApi.get("/", async (c) => {
  const { env } = c.get("request");
  return c.json({ data: await openDisputes(env.DB) });
});

adminDisputeApi.post("/settle", jsonBody(settleBody), async (c) => {
  const { env, executionCtx, locale, user } = c.get("request");
  const admin = { userAccountId: user!.accountId, commissionAccountId: user!.commissionAccountId };
  // One path with the console's settle form (services/admin-disputes.ts): the reason checked, the object asked.
  const result = await settleDisputeAsAdmin(env, executionCtx, admin, c.req.valid("json"), locale);
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
