import { Hono } from "hono";
import { jsonBody } from "../http/json-body";
import type * as v from "valibot";
import type { AppContext, AppEnv } from "../http/context";
import { requestMessage } from "../messages/requests";
import type { RequestRefusal } from "../orders/domain/order-request";
import { formRequestSchema, serviceRequestSchema } from "../orders/domain/order-request-schema";
import { cometNow } from "../services/clock";
import { wakeOrder } from "../orders/wake-order";
import { emailNewNotificationsSoon } from "../services/notification-emails";
import { translateSubmittedRequest } from "../orders/services/order-translations";
import {
  submitFormRequest,
  submitServiceRequest,
  type Requester,
  type SubmitDeps,
  type SubmitResult,
} from "../orders/services/order-requests";

/**
 * POST /api/features/commission/service/submit and /form/submit (spec section 7): a signed-in client sends a request.
 * Every rule is checked here, on the server, whatever the page showed; a refusal answers the spec's message in the
 * user's language (and, for unanswered required questions, which ones) and changes nothing.
 */
export const orderRequestApi = new Hono<AppEnv>();

const STATUS: Record<RequestRefusal, 400 | 403 | 409> = {
  requests_error_required: 400,
  requests_error_terms: 400,
  requests_error_acknowledge: 400,
  requests_error_no_card: 400,
  requests_error_invalid: 400,
  requests_error_own: 403,
  requests_error_already_submitted: 409,
  requests_error_closed: 409,
  requests_error_full: 409,
  requests_error_rush_unavailable: 409,
};

function answer(c: AppContext, result: SubmitResult) {
  const { locale } = c.get("request");
  if (result.ok) return c.json({ data: { orderId: result.orderId, code: result.code } });
  if (result.reason === "not_found")
    return c.json({ error: "not_found", message: requestMessage("requests_error_not_found", locale) }, 404);
  return c.json(
    { error: result.reason, message: requestMessage(result.reason, locale), missing: result.missing ?? [] },
    STATUS[result.reason],
  );
}

/** A request's answers can be long texts in several questions: far more room than the other JSON doors. */
const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

/** A body no page of ours sends: signed out is still 401, as for any request; else the spec's "invalid" message. */
function invalidRequest(c: AppContext) {
  const { user, locale } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  return c.json({ error: "requests_error_invalid", message: requestMessage("requests_error_invalid", locale) }, 400);
}

type Submit<T> = (deps: SubmitDeps, requester: Requester, input: T) => Promise<SubmitResult>;

function route<T>(path: string, schema: v.GenericSchema<unknown, T>, submit: Submit<T>) {
  const body = jsonBody(schema, { maxBytes: REQUEST_BODY_MAX_BYTES, refuse: invalidRequest });
  orderRequestApi.post(path, body, async (c) => {
    const { db, env, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    const requester = { userAccountId: user.accountId, profileId: user.profileId, showsAdult: user.showsAdult };
    // The approval deadline runs from Comet's time (the dev clock's outside production, decision 080).
    const defer = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
    const deps = { db, bucket: env.MEDIA, now: await cometNow(env) };
    const result = await submit(deps, requester, c.req.valid("json"));
    // The order's object wakes after the answer and sets its alarm on the approval deadline (decision 085).
    if (result.ok) defer(wakeOrder(env, result.orderId));
    // The seller's new-request notice by e-mail, after the answer (decision 023).
    if (result.ok) emailNewNotificationsSoon(env, defer);
    // The answers, translated for the creator before they open the request (issue 46).
    if (result.ok)
      translateSubmittedRequest(env, c.executionCtx, { orderId: result.orderId, writerAccountId: user.accountId });
    return answer(c, result);
  });
}

route("/service/submit", serviceRequestSchema, submitServiceRequest);
route("/form/submit", formRequestSchema, submitFormRequest);
