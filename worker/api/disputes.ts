import { Hono } from "hono";
import * as v from "valibot";
import type { Locale } from "../domain/constants";
import {
  DISPUTE_SETTLEMENT_REASON_MAX,
  DISPUTE_STATEMENT_MAX,
  disputeTextOf,
  isDisputeReason,
} from "../domain/disputes";
import type { DisputeFile, DisputeMove, OrderActResult, SettleResult } from "../domain/order-contract";
import { detectTextLanguage } from "../domain/text-language";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { disputeErrorMessage, type DisputeError } from "../messages/disputes";
import { orderRefusalMessage } from "../messages/orders";
import { disputeFileOf, openDisputes } from "../services/disputes";
import { checkAttachment, ownsObject } from "../services/storage";
import { parseMediaKey, type MediaKey } from "../domain/media-keys";
import { DISPUTE_FILES_MAX } from "../domain/media-limits";
import { translateInBackground } from "../services/order-translations";
import { orderStub } from "../services/order-stubs";

/**
 * Disputes' doors (issue 49, decision 088). A party's: POST /api/features/commission/order/dispute/open {orderId,
 * reason, statement} and /answer {orderId, statement}. An admin's: GET /api/admin/disputes (the queue, oldest first) and
 * POST /api/admin/disputes/settle {orderId, outcome, refundAmount?, days?, reason}. A party's statement may carry up to
 * five files (`files: [{url, name?}]`), uploaded first to the order's `dispute_files` folder. Each body is parsed first (400 with
 * the rule's words in the caller's language), then handed to the order's object, which checks who asks and every rule:
 * a stranger to the order is told 404, as for one that does not exist; a move the order refuses is 409 with its words.
 * The order page's forms post the same through its action.
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

/** The settlement errors are the admin's input, not a state: 400 on the field they name. */
const SETTLEMENT_FIELDS: Record<string, string> = {
  outcome_invalid: "outcome",
  refund_amount_invalid: "refundAmount",
  days_invalid: "days",
};

/** The object's answer: a stranger's 404, a refusal's 409 (or 400 for a settlement's input) with its words, or done. */
function answer(c: AppContext, result: OrderActResult | SettleResult) {
  if (result.status === "not_found" || (result.status === "refused" && result.refusal === "not_a_party"))
    return c.json({ error: "not_found" }, 404);
  const { locale } = c.get("request");
  if (result.status === "refused") {
    const field = SETTLEMENT_FIELDS[result.refusal];
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

/**
 * The statement's files, each checked before the order is asked anything: it must lie in this order's dispute folder,
 * which only its two parties may write (a stranger, or a file from elsewhere, is told 404: nothing is confirmed), and
 * pass its upload rule again (`checkAttachment` re-sniffs the bytes).
 */
async function checkedEvidence(
  c: AppContext,
  id: string,
  posted: v.InferOutput<typeof evidence>,
): Promise<DisputeFile[] | Response> {
  const { db, env, user } = c.get("request");
  const files: DisputeFile[] = [];
  for (const media of posted) {
    const key = parseMediaKey(media.url);
    if (!key) return c.json({ error: "invalid_request" }, 400);
    const inFolder = (k: MediaKey) =>
      k.domain === "commission-order" &&
      k.id === id &&
      k.field === "dispute_files" &&
      ownsObject(db, { profileId: user!.profileId }, k);
    const checked = await checkAttachment(env.MEDIA, key, inFolder);
    if (!checked.ok)
      return checked.error === "forbidden" || checked.error === "not_found"
        ? c.json({ error: "not_found" }, 404)
        : c.json({ error: checked.error }, 400);
    files.push(disputeFileOf(key, checked, media.name ?? null));
  }
  return files;
}

/** The language a statement is written in: as detected, else the page's. */
const writtenIn = (text: string, locale: Locale): Locale => detectTextLanguage(text) ?? locale;

function partyMove(
  path: string,
  schema: typeof openBody | typeof answerBody,
  toMove: (body: v.InferOutput<typeof openBody>) => DisputeMove | null,
) {
  disputeApi.post(path, jsonBody(schema), async (c) => {
    const { env, executionCtx, locale, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    const body = c.req.valid("json") as v.InferOutput<typeof openBody>;
    const move = toMove(body);
    if (!move) return invalid(c, "reason_invalid", "reason");
    const text = disputeTextOf(body.statement, DISPUTE_STATEMENT_MAX);
    if (text === null) return invalid(c, "statement_invalid", "statement");
    const files = await checkedEvidence(c, body.orderId, body.files);
    if (files instanceof Response) return files;
    const result = await orderStub(env.ORDER, body.orderId).disputeStatement(
      move,
      { body: text, languageCode: writtenIn(text, locale), files },
      { userAccountId: user.accountId },
    );
    if (result.status === "done" && result.changed)
      translateInBackground(env, executionCtx, { texts: [text], writerAccountId: user.accountId });
    return answer(c, result);
  });
}

partyMove("/open", openBody, (body) =>
  isDisputeReason(body.reason) ? { type: "openDispute", reason: body.reason } : null,
);
partyMove("/answer", answerBody, () => ({ type: "answerDispute" }));

adminDisputeApi.get("/", async (c) => {
  const { env } = c.get("request");
  return c.json({ data: await openDisputes(env.DB) });
});

adminDisputeApi.post("/settle", jsonBody(settleBody), async (c) => {
  const { env, executionCtx, locale, user } = c.get("request");
  const body = c.req.valid("json");
  const reason = disputeTextOf(body.reason, DISPUTE_SETTLEMENT_REASON_MAX);
  if (reason === null) return invalid(c, "settlement_reason_invalid", "reason");
  const admin = { userAccountId: user!.accountId, commissionAccountId: user!.commissionAccountId };
  const result = await orderStub(env.ORDER, body.orderId).settleDispute(
    { outcome: body.outcome, refundAmount: body.refundAmount, days: body.days },
    { body: reason, languageCode: writtenIn(reason, locale) },
    { admin },
  );
  if (result.status === "done" && result.changed)
    translateInBackground(env, executionCtx, { texts: [reason], writerAccountId: user!.accountId });
  return answer(c, result);
});
