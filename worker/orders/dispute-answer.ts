/**
 * What a party's dispute commands share (issue 49, decision 088; commands/open-dispute.ts, answer-dispute.ts): the
 * body's evidence (files uploaded first to the order's `dispute_files` folder, referenced by URL as chat files are), the
 * page's form read into the body, the statement handed to the order's object, and the answer: `{orderProgressStatus,
 * orderPaymentStatus, dispute, money}` when done; a stranger told 404, as for an order that does not exist; a statement
 * the rule refuses 400 on its field; a move the order refuses 409 with its words (the page's own where nothing words it).
 */
import * as v from "valibot";
import { m } from "#app/paraglide/messages.js";
import { DISPUTE_STATEMENT_MAX, parsePartyStatement, type PartyStatementErrors } from "./domain/disputes";
import type { Locale } from "../domain/locales";
import { DISPUTE_FILES_MAX } from "../media/domain/media-limits";
import type { DisputeMove, OrderActResult } from "./domain/order-contract";
import type { OrderDispute, OrderPayment, OrderProgress } from "./domain/order-types";
import { disputeErrorMessage } from "../messages/disputes";
import { orderRefusalMessage } from "../messages/orders";
import { checkedEvidence } from "./services/disputes";
import { translateInBackground } from "./services/order-translations";
import { type CommandContext, type FormReading, NOT_FOUND, type Outcome, type Refusal } from "./command";
import { orderId } from "./order-body";
import { orderStub } from "./order-stub";

/** Texts are bounded at the door (a generous multiple of the rule's maximum), then checked by the rule. */
export const statementText = v.pipe(v.string(), v.maxLength(DISPUTE_STATEMENT_MAX * 4));

/** Evidence: up to five files uploaded first to the order's `dispute_files` folder, referenced by their URL. */
export const evidence = v.optional(
  v.pipe(
    v.array(
      v.object({ url: v.pipe(v.string(), v.maxLength(1000)), name: v.optional(v.pipe(v.string(), v.maxLength(1000))) }),
    ),
    v.maxLength(DISPUTE_FILES_MAX),
  ),
  [],
);

/** Each refused field's words, in the poster's language. */
const fieldErrors = (errors: PartyStatementErrors, locale: Locale) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, disputeErrorMessage(error, locale) ?? error]),
  );

/**
 * The page's post read into the body: the statement (and the opening's reason) checked by the rule first, each refused
 * field with its words; the evidence as the form posts it (`fileUrl` and `fileName`, repeated). A bad id or more files
 * than a statement takes are no post of the page's: read as `{ input: null }`, refused 400 without words.
 */
export function disputeFromForm(type: DisputeMove["type"], form: FormData, context: CommandContext): FormReading {
  const id = form.get("orderId");
  if (!v.is(orderId, id)) return { input: null };
  const reason = form.get("reason") ?? undefined;
  const statement = form.get("statement");
  const parsed = parsePartyStatement(type, { reason, statement }, context.locale);
  if (!parsed.ok) return { errors: fieldErrors(parsed.errors, context.locale) };
  const urls = form
    .getAll("fileUrl")
    .map(String)
    .slice(0, DISPUTE_FILES_MAX + 1);
  if (urls.length > DISPUTE_FILES_MAX) return { input: null };
  const names = form.getAll("fileName").map(String);
  const files = urls.map((url, i) => (names[i] === undefined ? { url } : { url, name: names[i] }));
  return { input: { orderId: id, reason, statement, files } };
}

/** A statement the rule refused: one field at a time for the JSON door, the reason first; every field for the page. */
function statementRefusal(errors: PartyStatementErrors, locale: Locale): Refusal {
  const field = errors.reason ? "reason" : "statement";
  const error = errors[field]!;
  const message = disputeErrorMessage(error, locale)!;
  return { status: 400, error, message, errors: { [field]: message }, page: { errors: fieldErrors(errors, locale) } };
}

/** A refusal of the order's, as a party's dispute doors answer it. */
function disputeRefusal(refusal: string, locale: Locale): Refusal {
  if (refusal === "not_a_party") return NOT_FOUND;
  const message = disputeErrorMessage(refusal, locale) ?? orderRefusalMessage(refusal, locale);
  return {
    status: 409,
    error: refusal,
    ...(message !== null && { message }),
    page: { message: message ?? m.disputes_refused({}, { locale }) },
  };
}

export type DisputeData = {
  orderProgressStatus: OrderProgress;
  orderPaymentStatus: OrderPayment;
  dispute: OrderDispute | null;
  money: Extract<OrderActResult, { status: "done" }>["money"] | null;
};

/** The order's answer to a dispute move, as the doors lay it out. */
function disputeOutcome(result: OrderActResult, context: Pick<CommandContext, "locale">): Outcome<DisputeData> {
  if (result.status === "not_found") return { ok: false, ...NOT_FOUND };
  if (result.status === "refused") return { ok: false, ...disputeRefusal(result.refusal, context.locale) };
  const { progress, payment, dispute } = result.state;
  return {
    ok: true,
    data: {
      orderProgressStatus: progress,
      orderPaymentStatus: payment,
      dispute: dispute ?? null,
      money: result.money ?? null,
    },
  };
}

/**
 * A party's statement on the order's dispute (opening it, or answering the other party's): the statement checked by the
 * rule, the evidence by its folder and owner, then the order's object asked, which checks who asks and every rule. The
 * statement is translated for the other party once it is taken (decision 078).
 */
export async function partyStatement(
  context: CommandContext,
  type: DisputeMove["type"],
  input: { orderId: string; reason?: unknown; statement: string; files: { url: string; name?: string }[] },
): Promise<Outcome<DisputeData>> {
  const { db, env, executionCtx, locale, user } = context;
  const parsed = parsePartyStatement(type, input, locale);
  if (!parsed.ok) return { ok: false, ...statementRefusal(parsed.errors, locale) };
  const files = await checkedEvidence(db, env, user.profileId, input.orderId, input.files);
  if (!Array.isArray(files))
    return files.error === "not_found" ? { ok: false, ...NOT_FOUND } : { ok: false, status: 400, error: files.error };
  const result = await orderStub(env.ORDER, input.orderId).disputeStatement(
    parsed.move,
    { body: parsed.body, languageCode: parsed.languageCode, files },
    { userAccountId: user.accountId },
  );
  if (result.status === "done" && result.changed)
    translateInBackground(env, executionCtx, { texts: [parsed.body], writerAccountId: user.accountId });
  return disputeOutcome(result, context);
}
