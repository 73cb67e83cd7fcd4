// The order page's dispute posts (decision 088): opening one (intent "openDispute": reason and statement) and answering
// the other party's (intent "answerDispute": statement), each with its evidence (fileUrl and fileName, repeated), answered as the page's other posts are ({ ok, intent, errors?,
// message? }). The statement is parsed by the rule the API's doors use (`parsePartyStatement`), and the Order object
// checks who asks and every rule of the order, as for POST /api/features/commission/order/dispute/open and /answer.
import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { parsePartyStatement, type PartyStatementErrors } from "#worker/domain/disputes";
import { disputeErrorMessage } from "#worker/messages/disputes";
import { orderRefusalMessage } from "#worker/messages/orders";
import { DISPUTE_FILES_MAX } from "#worker/domain/media-limits";
import { checkedEvidence } from "#worker/services/disputes";
import { translateInBackground } from "#worker/services/order-translations";
import { orderStub } from "#worker/orders/order-stub";
import type { SessionUser } from "#worker/services/sessions";

export const DISPUTE_INTENTS = new Set(["openDispute", "answerDispute"]);

/** The longest order id the page posts (the API's doors bound it the same). */
const ORDER_ID_MAX = 64;

/** Each refused field's words, in the poster's language. */
const fieldErrors = (errors: PartyStatementErrors, locale: Locale) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, disputeErrorMessage(error, locale) ?? error]),
  );

export async function actOnDispute(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  orderId: string,
  form: FormData,
) {
  const { db, env, executionCtx, locale } = context.get(requestContext);
  const intent = String(form.get("intent")) === "openDispute" ? "openDispute" : "answerDispute";
  if (!orderId || orderId.length > ORDER_ID_MAX) return data({ ok: false as const, intent }, { status: 400 });
  const parsed = parsePartyStatement(
    intent,
    { reason: form.get("reason") ?? undefined, statement: form.get("statement") },
    locale,
  );
  if (!parsed.ok)
    return data({ ok: false as const, intent, errors: fieldErrors(parsed.errors, locale) }, { status: 400 });
  // Evidence: the form uploaded each file to the order's dispute folder first and posts its URL and name (the API's
  // `files`), checked by the same rule.
  const urls = form
    .getAll("fileUrl")
    .map(String)
    .slice(0, DISPUTE_FILES_MAX + 1);
  const names = form.getAll("fileName").map(String);
  if (urls.length > DISPUTE_FILES_MAX) return data({ ok: false as const, intent }, { status: 400 });
  const posted = urls.map((url, i) => ({ url, name: names[i] ?? null }));
  const files = await checkedEvidence(db, env, user.profileId, orderId, posted);
  if (!Array.isArray(files))
    return data({ ok: false as const, intent }, { status: files.error === "not_found" ? 404 : 400 });
  const result = await orderStub(env.ORDER, orderId).disputeStatement(
    parsed.move,
    { body: parsed.body, languageCode: parsed.languageCode, files },
    { commissionAccountId: user.commissionAccountId },
  );
  // A stranger to the order learns nothing of it, as for one that does not exist.
  if (result.status === "not_found" || (result.status === "refused" && result.refusal === "not_a_party"))
    return data({ ok: false as const, intent }, { status: 404 });
  if (result.status === "refused") {
    const message =
      disputeErrorMessage(result.refusal, locale) ??
      orderRefusalMessage(result.refusal, locale) ??
      m.disputes_refused();
    return data({ ok: false as const, intent, message }, { status: 409 });
  }
  if (result.changed)
    translateInBackground(env, executionCtx, { texts: [parsed.body], writerAccountId: user.accountId });
  return { ok: true as const, intent };
}
