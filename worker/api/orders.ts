import { Hono } from "hono";
import { translateInBackground } from "../services/order-translations";
import Stripe from "stripe";
import * as v from "valibot";
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP, serviceDetailsOf, type OrderAction } from "../domain/order";
import type { AppContext, AppEnv } from "../http/context";
import type {
  DeliverableFile,
  DeliverableResult,
  OrderActResult,
  ServiceDetailsResult,
} from "../domain/order-contract";
import { pendingPaymentOf } from "../services/order-payments";
import { payOrder } from "../orders/pay-order";
import { createStripe } from "../payments/stripe-client";
import { isStripeUnavailable } from "../payments/stripe-errors";
import { jsonBody } from "../http/json-body";
import { ORDER_DELIVERABLES_MAX_FILES } from "../domain/media-limits";
import { parseMediaKey } from "../domain/media-keys";
import { deliverableFile, isDeliverableField } from "../services/order-deliverables";
import { checkAttachment, ownsObject } from "../services/storage";
import { translateAuthoringErrors } from "../messages/authoring";
import { orderRefusalMessage, REVISION_COMMENT_INVALID } from "../messages/orders";
import { parseStagePlan, revisionCommentOf, STAGES_MAX } from "../domain/order-stages";
import { isAdmin } from "../domain/roles";
import { ADMIN_IS_PARTY } from "../domain/admin-actions";
import { adminPartyMessage } from "../messages/admin";
import { orderStub } from "../orders/order-stub";
import { purgeSlotPagesOfOrder, SLOT_MOVES } from "../services/waitlist";
import { ORDER_COMMANDS } from "../orders/commands";
import { commandRoutes } from "./order-commands";

/**
 * POST /api/features/commission/order/{approve,cancel,deliver,complete,update} (spec section 7) and the milestones'
 * stages, stage/{approve,revision,grant} and admin-cancel (decision 073). The Worker only finds the caller's
 * commission account and hands the action to the order's Durable Object, which checks the actor and every rule.
 * Someone who is neither seller nor buyer gets 404, as for an order that does not exist.
 */
export const orderApi = new Hono<AppEnv>();

const orderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const idBody = v.object({ orderId });
/** A date the order keeps: refused outside 2000–2100 at the door (a value no page could show), as by the domain. */
const timestamp = v.nullable(
  v.pipe(v.number(), v.integer(), v.minValue(EARLIEST_TIMESTAMP), v.maxValue(LATEST_TIMESTAMP)),
);
const updateBody = v.union([
  v.object({
    orderId,
    priceAmount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    paymentTransactionId: v.optional(v.string()),
    paymentTransactionProductId: v.optional(v.string()),
  }),
  v.object({ orderId, estimatedStart: timestamp, estimatedDelivery: timestamp }),
]);

const STATUS: Record<string, 400 | 409> = {
  price_invalid: 400,
  schedule_invalid: 400,
  too_many_files: 400,
  invalid_request: 400,
};

/** A refusal's answer: its key, and its words in the caller's language when the API words it (order-messages.ts). */
function refused(c: AppContext, key: string, status: 400 | 409, index?: number) {
  const message = orderRefusalMessage(key, c.get("request").locale);
  return c.json({ error: key, ...(message !== null && { message }), ...(index !== undefined && { index }) }, status);
}
/**
 * Only someone who is no party to the order is told what an unknown id gets. A party doing the other party's action
 * (the seller approving their own stage: `buyer_only`; the client granting a revision: `seller_only`) is 409 with its
 * reason, the same both ways (issue 45, decision 076).
 */
const STATUS_NOT_FOUND = new Set<string>(["not_a_party"]);

function answer(c: AppContext, result: OrderActResult | DeliverableResult | ServiceDetailsResult) {
  // Outside production: the order object's own D1 round trips, beside the Worker's X-D1-Round-Trips (`npm run bench:orders`).
  if ("d1RoundTrips" in result && result.d1RoundTrips !== undefined)
    c.header("X-Order-D1-Round-Trips", String(result.d1RoundTrips));
  // A stranger is told what an unknown id gets: order ids cannot be confirmed by asking.
  if (result.status === "not_found" || (result.status === "refused" && STATUS_NOT_FOUND.has(result.refusal)))
    return c.json({ error: "not_found" }, 404);
  if (result.status === "refused" && result.refusal === "unknown_category") {
    // The editors' own message for a category not in the list, in the caller's language, by field as they answer it.
    const errors = translateAuthoringErrors({ categoryCode: "authoring_category" }, c.get("request").locale);
    return c.json({ error: "unknown_category", message: errors.categoryCode, errors }, 400);
  }
  if (result.status === "refused") return refused(c, result.refusal, STATUS[result.refusal] ?? 409);
  const { progress, payment, chat, priceAmount, estimatedStart, estimatedDelivery, deliverableCount, stages } =
    result.state;
  // `money`: what the action did with the client's money, when it gave any back (canceled, refunded, or still pending).
  const money = result.status === "done" ? (result.money ?? null) : null;
  return c.json({
    data: {
      orderProgressStatus: progress,
      orderPaymentStatus: payment,
      orderChatStatus: chat,
      priceAmount,
      estimatedStart,
      estimatedDelivery,
      deliverableCount,
      stages,
      money,
    },
  });
}

/** A route whose body (parsed by `jsonBody` first) names one action on one order, handed to that order's object. */
function route<S extends v.GenericSchema>(
  path: string,
  schema: S,
  toAction: (body: v.InferOutput<S>) => { orderId: string; action: OrderAction },
) {
  orderApi.post(path, jsonBody(schema), async (c) => {
    const { env, user } = c.get("request");
    if (!user) return c.json({ error: "unauthorized" }, 401);
    const request = toAction(c.req.valid("json") as v.InferOutput<S>);
    // The object knows the users behind the order's seller and buyer: no D1 read here to find the caller's account.
    const order = orderStub(env.ORDER, request.orderId);
    const result = await order.act(request.action, { userAccountId: user.accountId });
    if (result.status === "done" && SLOT_MOVES.has(request.action.type))
      c.executionCtx.waitUntil(purgeSlotPagesOfOrder(c.get("request").db, request.orderId));
    return answer(c, result);
  });
}

// Every order command's JSON route (worker/orders/commands/): the doors below are those not yet commands.
commandRoutes(orderApi, ORDER_COMMANDS);

const stageIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(STAGES_MAX - 1));
const stageBody = v.object({ orderId, stage: stageIndex });
route("/stage/approve", stageBody, ({ orderId, stage }) => ({ orderId, action: { type: "approveStage", stage } }));
route("/stage/grant", stageBody, ({ orderId, stage }) => ({ orderId, action: { type: "grantRevision", stage } }));

/**
 * The plan as typed: its fields' types are `parseStagePlan`'s to check, so a share sent as "30" is told the share's
 * message rather than a bare invalid_request. More stages than a few plans' worth is not a plan at all.
 */
const stagesBody = v.object({
  orderId,
  stages: v.pipe(
    v.array(v.object({ title: v.unknown(), sharePercent: v.unknown(), includedRevisions: v.unknown() })),
    v.maxLength(STAGES_MAX * 4),
  ),
});

/**
 * POST /stages {orderId, stages: [{title, sharePercent, includedRevisions}]}: the seller replaces a pending order's
 * stages (an empty list removes them). A plan `parseStagePlan` refuses is 400 with its key, its words and the index
 * of the stage in error; nothing is asked of the order.
 */
orderApi.post("/stages", jsonBody(stagesBody), async (c) => {
  const { env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { orderId: id, stages } = c.req.valid("json");
  const parsed = parseStagePlan(stages);
  if (!parsed.ok) return refused(c, parsed.error, 400, parsed.index);
  const order = orderStub(env.ORDER, id);
  const result = await order.act({ type: "setStages", plan: parsed.plan }, { userAccountId: user.accountId });
  const texts = parsed.plan.map((stage) => stage.title);
  if (result.status === "done") translateInBackground(env, c.executionCtx, { texts, writerAccountId: user.accountId });
  return answer(c, result);
});

/**
 * POST /stage/revision {orderId, stage, comment}: the client asks for a revision of the stage under review. The
 * comment is checked first (`revisionCommentOf`: 1 to 1000 characters, storable); the object keeps it with the
 * transition.
 */
orderApi.post("/stage/revision", jsonBody(v.object({ orderId, stage: stageIndex, comment: v.string() })), async (c) => {
  const { env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  const comment = revisionCommentOf(input.comment);
  if (comment === null) return refused(c, REVISION_COMMENT_INVALID, 400);
  const order = orderStub(env.ORDER, input.orderId);
  const result = await order.requestStageRevision(input.stage, comment, {
    userAccountId: user.accountId,
  });
  if (result.status === "done")
    translateInBackground(env, c.executionCtx, { texts: [comment], writerAccountId: user.accountId });
  return answer(c, result);
});

/**
 * POST /admin-cancel {orderId}: an admin settles a dispute by ending the order, with the refund every cancel follows
 * (the shares of the stages not approved). The log says an admin did it, and the admin console's audit log who.
 * Anyone else is told what a stranger is told of any order: 404. An admin who sells or buys in the order is refused 403
 * `admin_is_party` (decision 093: a party is never the judge); another admin must.
 */
orderApi.post("/admin-cancel", jsonBody(idBody), async (c) => {
  const { env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!isAdmin(user.roles)) return c.json({ error: "not_found" }, 404);
  const { orderId: id } = c.req.valid("json");
  const admin = { userAccountId: user.accountId, commissionAccountId: user.commissionAccountId };
  const result = await orderStub(env.ORDER, id).act({ type: "adminCancel" }, { admin });
  if (result.status === "refused" && result.refusal === ADMIN_IS_PARTY)
    return c.json({ error: result.refusal, message: adminPartyMessage("order", c.get("request").locale) }, 403);
  return answer(c, result);
});

const serviceDetailsBody = v.object({
  orderId,
  title: v.pipe(v.string(), v.maxLength(1000)),
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000)), ""),
  languageCode: v.picklist(["en", "ja"]),
  /** Spec section 5's optional categoryCode: a catalogue code, null or "" for none; absent, the categories stay. */
  categoryCode: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
});

/**
 * POST /service/update {orderId, title, description, languageCode, categoryCode?}: commissionOrderService.updateSeller
 * (spec sections 5 and 7). A code the catalogue does not offer is 400 `unknown_category` with its message; nothing changes.
 */
orderApi.post("/service/update", jsonBody(serviceDetailsBody), async (c) => {
  const { env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  const details = serviceDetailsOf(input);
  if (!details) return c.json({ error: "invalid_request" }, 400);
  const order = orderStub(env.ORDER, input.orderId);
  const result = await order.updateServiceDetails(details, { userAccountId: user.accountId });
  // An edit is a new text: translated anew for the client (issue 46).
  const texts = [details.title, details.description];
  if (result.status === "done") translateInBackground(env, c.executionCtx, { texts, writerAccountId: user.accountId });
  return answer(c, result);
});

route("/update", updateBody, (input) =>
  "priceAmount" in input
    ? { orderId: input.orderId, action: { type: "updatePrice", priceAmount: input.priceAmount } }
    : {
        orderId: input.orderId,
        action: {
          type: "updateSchedule",
          estimatedStart: input.estimatedStart,
          estimatedDelivery: input.estimatedDelivery,
        },
      },
);

const payBody = v.object({
  orderId,
  transactionId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  accountMethodId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
const PAY_REFUSAL_STATUS = { not_found: 404, already_paid: 409, not_payable: 409, no_payment_method: 409 } as const;
const PAY_STATUS = { succeeded: 200, requires_action: 200, failed: 402, refunded: 409, voided: 409 } as const;

/**
 * POST /pay {orderId, transactionId?, accountMethodId?}: the buyer pays with the chosen card, else the first saved one.
 * Answers what happened to the money: succeeded, requires_action (with the intent's client secret and next action, for
 * the page to hand to Stripe.js: 3-D Secure in the page; decision 057),
 * failed (402, with Stripe's codes for the page to word in the user's language), refunded (charged, but the order had
 * changed or ended: given back at once) or voided (the order changed first: nothing was charged). When Stripe cannot
 * be reached: 503, to try again (a charge that did go through is found by the next attempt, the webhook or the cron).
 */
orderApi.post("/pay", jsonBody(payBody), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  try {
    const result = await payOrder(
      { db, stripe: createStripe(env), orders: env.ORDER },
      {
        orderId: input.orderId,
        accountMethodId: input.accountMethodId,
        transactionId: input.transactionId,
        buyer: { userAccountId: user.accountId, email: user.email },
      },
    );
    if (result.status === "refused") return c.json({ error: result.reason }, PAY_REFUSAL_STATUS[result.reason]);
    if (result.status === "unavailable") return c.json({ error: "payment_unavailable" }, 503);
    return c.json(result, PAY_STATUS[result.status]);
  } catch (error) {
    // Stripe down or busy: 503 from app.onError. Any other refusal of Stripe's (a card it no longer knows, say) is a
    // failed payment with Stripe's code: nothing was charged.
    if (isStripeUnavailable(error) || !(error instanceof Stripe.errors.StripeError)) throw error;
    console.error("pay: Stripe refused", error);
    return c.json({ status: "failed", error: { code: error.code ?? null, declineCode: null } }, 402);
  }
});

/**
 * POST /payment/pending {orderId} → { payment: { transactionId, intentId, accountMethodId } | null }: the order's
 * PENDING transaction, for its buyer only (anyone else reads null, as for an order with none). The page checks that
 * intent before paying, and again after a pay call that failed (spec section 4 "Payment flow", section 8).
 */
orderApi.post("/payment/pending", jsonBody(idBody), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const payment = await pendingPaymentOf(db.$client, {
    orderId: c.req.valid("json").orderId,
    buyerCommissionAccountId: user.commissionAccountId,
  });
  return c.json({ payment });
});

const deliverableMedia = v.object({
  url: v.pipe(v.string(), v.maxLength(2048)),
  name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))),
});
const deliverableMedias = v.pipe(v.array(deliverableMedia), v.maxLength(ORDER_DELIVERABLES_MAX_FILES));
const createDeliverableBody = v.object({ orderId, medias: v.pipe(deliverableMedias, v.minLength(1)) });
/** Files to add and files to delete, either list optional, not both empty. */
const updateDeliverableBody = v.pipe(
  v.object({
    orderId,
    medias: v.optional(deliverableMedias, []),
    mediaIdsToDelete: v.optional(
      v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(ORDER_DELIVERABLES_MAX_FILES)),
      [],
    ),
  }),
  v.check((body) => body.medias.length + body.mediaIdsToDelete.length > 0),
);

/**
 * The files of a create or update, each checked before anything is asked of the order: it must lie in the order's
 * folders v1/commission-order/{orderId}/deliverables/ or …/deliverable_sources/ (held until completion, decision 096),
 * which only the seller may write, and pass its upload rule again
 * (`checkAttachment` re-sniffs the bytes). A refusal is the answer to send, and the order has not been touched.
 */
async function checkedDeliverables(
  c: AppContext,
  id: string,
  medias: v.InferOutput<typeof deliverableMedias>,
  commissionAccountId: string,
): Promise<DeliverableFile[] | Response> {
  const { db, env, user } = c.get("request");
  const files: DeliverableFile[] = [];
  for (const media of medias) {
    const key = parseMediaKey(media.url);
    if (!key) return c.json({ error: "invalid_request" }, 400);
    const inFolder = (k: typeof key) =>
      k.domain === "commission-order" &&
      k.id === id &&
      isDeliverableField(k.field) &&
      ownsObject(db, { profileId: user!.profileId }, k);
    const checked = await checkAttachment(env.MEDIA, key, inFolder);
    if (!checked.ok && checked.error === "forbidden") {
      // Not from this order's folder, or the caller is not its seller: the object says which, as for any order call
      // (a stranger learns nothing); the seller is told the file is not theirs to attach.
      const party = await orderStub(env.ORDER, id).changeDeliverables({ add: [] }, { commissionAccountId });
      return party.status === "done" ? c.json({ error: "forbidden" }, 403) : answer(c, party);
    }
    if (!checked.ok) return c.json({ error: checked.error }, checked.error === "not_found" ? 404 : 400);
    files.push(deliverableFile(key, checked, media.name ?? null));
  }
  return files;
}

/**
 * POST /deliverable/create {orderId, medias: [{url, name?}]} (spec section 7: commissionOrderDeliverable.create): the
 * seller attaches files uploaded to the order's folder (`checkedDeliverables`); then the order's Durable Object
 * attaches them, checking the actor and the state (decision 024).
 */
orderApi.post("/deliverable/create", jsonBody(createDeliverableBody), async (c) => {
  const { env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { orderId: id, medias } = c.req.valid("json");
  const { commissionAccountId } = user;
  const files = await checkedDeliverables(c, id, medias, commissionAccountId);
  if (files instanceof Response) return files;
  return answer(c, await orderStub(env.ORDER, id).changeDeliverables({ add: files }, { commissionAccountId }));
});

/**
 * POST /deliverable/update {orderId, medias?, mediaIdsToDelete?} (spec section 7: commissionOrderDeliverable.update
 * {medias, mediaIdsToDelete}): the seller adds files (checked as create checks them) and deletes others in one call.
 * The order's object takes the whole change or none of it: a file it refuses, a deletion the state forbids, more
 * files than the limit, or a file both added and deleted refuses the call before anything changes (decision 024).
 */
orderApi.post("/deliverable/update", jsonBody(updateDeliverableBody), async (c) => {
  const { env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const { orderId: id, medias, mediaIdsToDelete } = c.req.valid("json");
  const { commissionAccountId } = user;
  const files = await checkedDeliverables(c, id, medias, commissionAccountId);
  if (files instanceof Response) return files;
  return answer(
    c,
    await orderStub(env.ORDER, id).changeDeliverables(
      { add: files, delete: mediaIdsToDelete },
      { commissionAccountId },
    ),
  );
});
