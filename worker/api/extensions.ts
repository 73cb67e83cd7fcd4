import { Hono } from "hono";
import * as v from "valibot";
import { EXTENSION_REASON_MAX, extensionReasonOf } from "../domain/deadline-extensions";
import type { OrderAction } from "../domain/order-types";
import type { OrderActResult } from "../domain/order-contract";
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from "../domain/order-process";
import { detectTextLanguage } from "../domain/text-language";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody, type SchemaRefusal } from "../http/json-body";
import { extensionErrorMessage } from "../messages/extensions";
import { orderRefusalMessage } from "../messages/orders";
import { orderStub } from "../orders/order-stub";
import { translateInBackground } from "../services/order-translations";

/**
 * Deadlines moved by agreement (issue 50, decision 090): POST /api/features/commission/order/extension/request
 * {orderId, deliveryDeadline, reason} (the creator asks), /accept and /decline {orderId} (the client answers within 3
 * days), /give {orderId, deliveryDeadline} (the client gives more time at once). The body is parsed first (400 with the
 * rule's words in the caller's language); the order's object checks who asks and every rule: a stranger is told 404,
 * as for an order that does not exist; a move the order refuses is 409 with its words.
 */
export const extensionApi = new Hono<AppEnv>();

const orderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** A delivery date (epoch ms) in the window every date the order keeps is in; the rule checks the rest. */
const deliveryDeadline = v.pipe(v.number(), v.integer(), v.minValue(EARLIEST_TIMESTAMP), v.maxValue(LATEST_TIMESTAMP));
const requestBody = v.object({
  orderId,
  deliveryDeadline,
  reason: v.pipe(v.string(), v.maxLength(EXTENSION_REASON_MAX * 4)),
});
const idBody = v.object({ orderId });
const giveBody = v.object({ orderId, deliveryDeadline });

function answer(c: AppContext, result: OrderActResult) {
  if (result.status === "not_found" || (result.status === "refused" && result.refusal === "not_a_party"))
    return c.json({ error: "not_found" }, 404);
  const { locale } = c.get("request");
  if (result.status === "refused") {
    const message = extensionErrorMessage(result.refusal, locale) ?? orderRefusalMessage(result.refusal, locale);
    // A date the rule refuses is the caller's input: 400 on its field; the rest is the order's state.
    const status = result.refusal === "extension_date_invalid" ? 400 : 409;
    return c.json({ error: result.refusal, ...(message !== null && { message }) }, status);
  }
  const { deliveryDeadline: deadline, extensionRequest, originalDeliveryDeadline } = result.state;
  return c.json({
    data: {
      deliveryDeadline: deadline,
      extensionRequest: extensionRequest ?? null,
      originalDeliveryDeadline: originalDeliveryDeadline ?? null,
    },
  });
}

function reasonRefusal(c: AppContext) {
  const message = extensionErrorMessage("extension_reason_invalid", c.get("request").locale);
  return c.json({ error: "extension_reason_invalid", message, errors: { reason: message } }, 400);
}

/** A body refused only for its reason (too long to read, or not text) is told the reason's words, as a blank one is. */
const refuseRequest: SchemaRefusal<AppEnv> = (c, issues) =>
  issues.every((issue) => issue.path?.[0]?.key === "reason")
    ? reasonRefusal(c as AppContext)
    : c.json({ error: "invalid_request" }, 400);

extensionApi.post("/request", jsonBody(requestBody, { refuse: refuseRequest }), async (c) => {
  const { env, executionCtx, locale, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const body = c.req.valid("json");
  const reason = extensionReasonOf(body.reason);
  if (reason === null) return reasonRefusal(c);
  const result = await orderStub(env.ORDER, body.orderId).requestExtension(
    body.deliveryDeadline,
    { body: reason, languageCode: detectTextLanguage(reason) ?? locale },
    { userAccountId: user.accountId },
  );
  if (result.status === "done" && result.changed)
    translateInBackground(env, executionCtx, { texts: [reason], writerAccountId: user.accountId });
  return answer(c, result);
});

/** A route whose body names one action of the client's on one order, handed to that order's object. */
function clientMove<S extends typeof idBody | typeof giveBody>(
  path: string,
  schema: S,
  toAction: (body: v.InferOutput<S>) => OrderAction,
) {
  extensionApi.post(path, jsonBody(schema), async (c) => {
    const { env, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    const body = c.req.valid("json") as v.InferOutput<S>;
    return answer(c, await orderStub(env.ORDER, body.orderId).act(toAction(body), { userAccountId: user.accountId }));
  });
}

clientMove("/accept", idBody, () => ({ type: "acceptExtension" }));
clientMove("/decline", idBody, () => ({ type: "declineExtension" }));
clientMove("/give", giveBody, (body) => ({ type: "giveExtension", proposedDeadline: body.deliveryDeadline }));
