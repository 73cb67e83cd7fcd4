import { DurableObject } from "cloudflare:workers";
import { decide, partyOf, paymentBlock, pendingDeadline, type ServiceDetails } from "#worker/orders/domain/order";
import type { OrderAction, PaymentRef, PaymentRelease } from "#worker/orders/domain/order-types";
import {
  loadOrder,
  projectedVersion,
  serviceDetailsStatements,
  transitionStatements,
} from "#worker/orders/services/orders";
import { emailNewNotificationsSoon } from "#worker/services/notification-emails";
import { watchCreator } from "#worker/services/follows";
import { movesHeldSlots } from "#worker/domain/slots";
import { isPartyTo } from "#worker/admin/domain/admin-actions";
import { amountAtStake, parseSettlement } from "#worker/orders/domain/disputes";
import { disputeStatementRows } from "#worker/orders/services/disputes";
import { extensionRequestRows } from "#worker/orders/services/deadline-extensions";
import {
  paymentRefOf,
  type AdminCaller,
  type DeliverableChange,
  type DisputeMove,
  type DisputeStatementInput,
  type SettleResult,
  type SettlementInput,
  type DeliverableResult,
  type OrderActResult,
  type OrderCaller,
  type PartyCaller,
  type PaymentRecordResult,
  type ReleaseOutcome,
  type ServiceDetailsResult,
  type StagePreviewFile,
  type StagePreviewResult,
  type StoredOrder,
} from "#worker/orders/domain/order-contract";
import { createStripe } from "#worker/payments/stripe-client";
import { payoutStatements, releaseOrderPayout } from "#worker/orders/services/payouts";
import { ORDER_DELIVERABLES_MAX_FILES } from "#worker/media/domain/media-limits";
import {
  addDeliverableStatements,
  attachedDeliverables,
  deleteDeliverableStatements,
} from "#worker/orders/services/order-deliverables";
import { countRoundTrips } from "#worker/db/round-trips";
import { envWithSimulatedLatency } from "#worker/db/simulated-latency";
import { prepared, statement, type SqlStatement } from "#worker/db/statements";
import { orderEventNotice } from "#worker/chat/domain/chat-announcements";
import { announceOrderEvent, chatRoomOf, syncChatRoomStatus } from "#worker/chat/services/chat-rooms";
import { cometNow, devClockOffset } from "#worker/services/clock";
import { stagePreviewStatements } from "#worker/orders/services/stage-previews";
import { dueAmount, laterPartDue, paidParts, paidTotal, stageDue } from "#worker/orders/domain/order-parts";
import type { OrderState } from "#worker/orders/domain/order-types";
import {
  chargePartOffSession,
  confirmOrderIntent,
  createOrderIntent,
  cardPaidWith,
  noteConfirmedCard,
  paidTransactionStatement,
  releasedTransactionStatement,
  releasePayment,
  startedPaymentStatements,
  transactionIdOf,
  unavailableOnStripeOutage,
  type OrderPayResult,
  type Payer,
} from "./order-stripe";
import type { Locale } from "../worker/domain/locales";

/** Rows a transition writes besides the projection and the log, and what to do once they are written. */
interface TransitionEffects {
  statements: SqlStatement[];
  afterwards?: () => Promise<unknown>;
}

/**
 * What the object keeps: the order, and what is still owed to D1 and Stripe for the transitions it has accepted.
 * Both are written to storage in the same put as the state that needs them, and cleared once done.
 */
interface OrderRecord extends StoredOrder {
  /** The last transition's D1 projection, until D1 has it. */
  projection?: { version: number; statements: SqlStatement[] } | null;
  /** Payments to give back at Stripe (void or refund), until Stripe has confirmed each. */
  owed?: PaymentRelease[];
  /** Failed tries in a row of the owed work, for the retry alarm's back-off. */
  retries?: number;
}

const KEY = "order";

/**
 * A later part the object is to charge and settle (a delivered deposit order's rest, decision 100; the reached stage's
 * part of an order paid stage by stage, decision 101): no intent yet, or one charged whose outcome the order has not
 * taken (a crash between the charge and its record); not once the client was told to pay it.
 */
const needsPartCharge = (state: OrderState) => laterPartDue(state) && !state.partFailure && Boolean(state.paidPayment);
/** The owed work's first retry after a failure, doubling each time up to an hour. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 3_600_000;

/** A record written before the money fields (or the stages) existed: read again from D1, which that code kept up to date. */
const isCurrentRecord = (record: OrderRecord) =>
  record.state.currency !== undefined &&
  Array.isArray(record.state.returnedIntentIds) &&
  Array.isArray(record.state.stages);

/**
 * Outside production an action's answer says how many D1 round trips it cost (`d1RoundTrips`, decision 074): `npm run
 * bench:orders` reads it from the order doors' X-Order-D1-Round-Trips. Production runs the action on the plain binding.
 */
async function roundTripsCounted<T extends object>(
  env: Env,
  run: (d1: D1Database) => Promise<T>,
): Promise<T | (T & { d1RoundTrips: number })> {
  if (env.APP_ENV === "production") return run(env.DB);
  const counter = { count: 0 };
  const result = await run(countRoundTrips(env.DB, counter));
  return { ...result, d1RoundTrips: counter.count };
}

/** The caller's side of the order, by commission account or by the user account behind it. */
function partyOfCaller(order: StoredOrder, caller: PartyCaller): "seller" | "buyer" | null {
  if ("commissionAccountId" in caller) return partyOf(order.state, caller.commissionAccountId);
  if (caller.userAccountId === order.sellerUserId) return "seller";
  return caller.userAccountId === order.buyerUserId ? "buyer" : null;
}

/** Decision 093: an admin who sells or buys in the order never acts on it as its admin (a settlement, a cancel). */
const adminIsParty = (order: StoredOrder, admin: AdminCaller["admin"]) =>
  isPartyTo(admin.userAccountId, [order.sellerUserId, order.buyerUserId]);

/**
 * One instance per commission order (`orderStub(env.ORDER, orderId)`): the only writer of that order and the one place
 * where it meets its money (docs/decisions/020, 047). The order's id is the name the object was reached by
 * (`ctx.id.name`): the first load reads the order from D1 by it and keeps it in the record, so no method takes it
 * again (decision 081). Actions run one at a time, each to its end, so two racing requests
 * see each other's result. The rules are `decide` in worker/orders/domain/order.ts. The object's storage is the source of
 * truth: an accepted transition is stored first, with its D1 projection and any money it must give back; then D1 is
 * written (conditionally on the version before) and Stripe called; what fails is retried by the alarm, which also
 * fires the deadline the order waits on.
 */
export class Order extends DurableObject<Env> {
  /** The tail of the queue of actions: each starts when the one before has finished. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The alarm as this object last read or set it (undefined: not read since it woke). */
  private alarmAt: number | null | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    // Outside production a bench may put D1 farther away (simulated-latency.ts); production keeps env as it is.
    super(ctx, envWithSimulatedLatency(env));
  }

  act(action: OrderAction, caller: OrderCaller): Promise<OrderActResult> {
    return this.enqueue(() => roundTripsCounted(this.env, (d1) => this.apply(action, caller, undefined, d1)));
  }

  /** The order as the object holds it (in the queue: never a state half-way through an action). */
  get(): Promise<StoredOrder | null> {
    return this.enqueue(() => this.load());
  }

  /**
   * The buyer pays (decisions 047, 081; issue 61): one step of the queue, one call from the Worker. The order is found
   * payable; its open intent is read first ("check the pending intent first", spec section 4): one that already
   * succeeded pays the order now, one voided at Stripe or for another total is replaced; else the intent for the
   * current total is made and recorded as the open payment (PAYMENT_STARTED). Then it is confirmed with the buyer's
   * card, and a succeeded intent taken (PAID) or given back. The confirm is one Stripe call: 3-D Secure itself happens
   * later, in the page, outside the queue, and its outcome comes back through `recordPayment` (settle-intent.ts).
   */
  pay(caller: { userAccountId: string }, payer: Payer): Promise<OrderPayResult> {
    return this.enqueue(() =>
      unavailableOnStripeOutage(async (): Promise<OrderPayResult> => {
        const order = await this.load();
        if (!order) return { status: "refused", reason: "not_found" };
        const { orderId } = order;
        const blocked = paymentBlock(order.state, partyOfCaller(order, caller) ?? "system");
        if (blocked === "already_paid" || blocked === "not_payable") return { status: "refused", reason: blocked };
        if (blocked) return { status: "refused", reason: "not_found" };
        const stripe = createStripe(this.env);
        let open: { intentId: string; transactionId: string } | null = null;
        if (order.state.openPayment) {
          const { intentId, amount, currency } = order.state.openPayment;
          const intent = await stripe.paymentIntents.retrieve(intentId);
          const transactionId = (await transactionIdOf(this.env.DB, intentId)) ?? "";
          if (intent.status === "succeeded")
            return (await this.takePayment(paymentRefOf(intent))) === "paid"
              ? { status: "succeeded", transactionId }
              : { status: "refused", reason: "not_payable" };
          // The part due now: the total, a deposit or a first stage's before payment, a later part once it falls due.
          const forWhatIsDue = amount === dueAmount(order.state) && currency === order.state.currency;
          if (intent.status !== "canceled" && forWhatIsDue) open = { intentId, transactionId };
        }
        if (!open) {
          const { currency, buyerId } = order.state;
          const intent = await createOrderIntent(stripe, {
            orderId,
            version: order.version,
            amount: dueAmount(order.state)!,
            currency,
            customerId: payer.customerId,
          });
          const payment = paymentRefOf(intent);
          const transactionId = crypto.randomUUID();
          const statements = await startedPaymentStatements(this.env.DB, {
            transactionId,
            orderId,
            buyerId,
            payment,
            accountMethodId: payer.accountMethodId,
            now: await this.now(),
          });
          const started = await this.apply({ type: "startPayment", payment }, caller, { statements });
          if (started.status !== "done") return { status: "refused", reason: "not_payable" };
          open = { intentId: intent.id, transactionId };
        }
        const { intentId, transactionId } = open;
        const confirmed = await confirmOrderIntent(stripe, orderId, intentId, payer.stripeMethodId);
        if ("declined" in confirmed) return { status: "failed", transactionId, error: confirmed.declined };
        const { intent } = confirmed;
        await noteConfirmedCard(this.env.DB, intent);
        if (intent.status === "succeeded") {
          // Money has moved: a failure to record it must not read as a failed payment (the webhook and the
          // reconciler record it later), and the buyer is told it went through.
          const taken = await this.takePayment(paymentRefOf(intent)).catch((error) => {
            console.error(`order ${orderId}: payment ${intent.id} succeeded but is not yet recorded`, error);
            return "unknown" as const;
          });
          return { status: taken === "returned" ? "refunded" : "succeeded", transactionId };
        }
        if (intent.status === "canceled") return { status: "voided", transactionId };
        if (intent.status === "requires_action")
          return {
            status: "requires_action",
            transactionId,
            intentId: intent.id,
            clientSecret: intent.client_secret!,
            nextAction: intent.next_action,
          };
        const error = intent.last_payment_error;
        return {
          status: "failed",
          transactionId,
          error: { code: error?.code ?? null, declineCode: error?.decline_code ?? null },
        };
      }),
    );
  }

  /**
   * A succeeded payment (from the pay call, the page's check, a webhook or the reconciler): taken, or given back.
   * `intentOrderId` is the order the intent itself names (its metadata): an intent of another order is never this
   * order's to take or to refund; it is left for its own order.
   */
  recordPayment(payment: PaymentRef, intentOrderId: string | undefined): Promise<PaymentRecordResult> {
    return this.enqueue(async (): Promise<PaymentRecordResult> => {
      const order = await this.load();
      if (!order) return { status: "not_found" };
      const { orderId } = order;
      if (intentOrderId !== orderId) {
        console.error(
          `order ${orderId}: payment ${payment.intentId} names order ${intentOrderId ?? "(none)"}; left alone`,
        );
        return { status: "ignored" };
      }
      return { status: await this.takePayment(payment) };
    });
  }

  /**
   * The one place an order is paid: a succeeded intent handed to `decide` (markPaid), by `pay` and by `recordPayment`.
   * It pays the order if it is the open payment for the current total of a payable order; any other is given back.
   */
  private async takePayment(payment: PaymentRef): Promise<PaymentRecordResult["status"]> {
    const result = await this.apply({ type: "markPaid", payment }, "system");
    if (result.status !== "done") return result.status === "not_found" ? "not_found" : "ignored";
    return paidParts(result.state).some((paid) => paid.intentId === payment.intentId) ? "paid" : "returned";
  }

  /**
   * A later part, charged off-session on the first part's card once: a delivered deposit order's rest (decision 100),
   * the reached stage's part of an order paid stage by stage (decision 101). Its intent is recorded as the open payment
   * (REST_CHARGED, STAGE_CHARGED) with its PENDING transaction, then taken (REST_PAID, STAGE_PAID) or, when the bank
   * wants the client or the card is refused, left for the client to pay in the page (REST_PAYMENT_FAILED,
   * STAGE_PAYMENT_FAILED). Runs after the delivery or the stage's approval lands, and from the alarm until the order has
   * taken its outcome (`settlePartCharge` reads an intent charged before a crash); Stripe down leaves it for the
   * alarm's next try.
   */
  private async chargePart(): Promise<void> {
    const order = await this.load();
    if (!order || !needsPartCharge(order.state)) return;
    const { orderId, state } = order;
    const first = state.paidPayment!;
    if (state.openPayment) return this.settlePartCharge(state.openPayment.intentId);
    const stage = stageDue(state);
    const charged = await chargePartOffSession(createStripe(this.env), {
      orderId,
      version: order.version,
      part: stage === null ? "rest" : `stage-${stage}`,
      amount: dueAmount(state)!,
      currency: state.currency,
      firstIntentId: first.intentId,
    });
    if (charged.intent) {
      const payment = paymentRefOf(charged.intent);
      const statements = await startedPaymentStatements(this.env.DB, {
        transactionId: crypto.randomUUID(),
        orderId,
        buyerId: state.buyerId,
        payment,
        accountMethodId: await cardPaidWith(this.env.DB, first.intentId),
        now: await this.now(),
      });
      await this.apply({ type: "chargePart", payment }, "system", { statements });
      if (charged.intent.status === "succeeded") {
        await this.takePayment(payment);
        return;
      }
    }
    await this.apply({ type: "partFailed", failure: charged.failure ?? "declined" }, "system");
  }

  /** A later part's intent charged earlier, read again: taken once it succeeded, the client told once it needs them. */
  private async settlePartCharge(intentId: string): Promise<void> {
    const intent = await createStripe(this.env).paymentIntents.retrieve(intentId);
    if (intent.status === "succeeded") {
      await this.takePayment(paymentRefOf(intent));
      return;
    }
    if (intent.status !== "requires_payment_method" && intent.status !== "requires_action") return;
    const failure = intent.last_payment_error?.code === "card_declined" ? "declined" : "authentication_required";
    await this.apply({ type: "partFailed", failure }, "system");
  }

  /**
   * Before a payment deadline ends the order, a payment under way that succeeded and is not yet recorded (3-D Secure
   * finished a moment ago, its webhook still on the way) is taken: the client who paid in time keeps their order, and,
   * for a deposit order's rest, their deposit (decision 100). Stripe unreachable: the deadline acts as before.
   */
  private async takeSucceededBeforeDeadline(): Promise<void> {
    const order = await this.load();
    const open = order?.state.openPayment;
    const deadline = order?.state.paymentDeadline;
    if (!open || deadline == null || deadline > (await this.now())) return;
    const intent = await createStripe(this.env).paymentIntents.retrieve(open.intentId);
    if (intent.status === "succeeded") await this.takePayment(paymentRefOf(intent));
  }

  /**
   * The seller attaches and deletes deliverable files (decision 024; commissionOrderDeliverable.create and update): one
   * deleteDeliverable / addDeliverable transition per file, each written with its media rows in the batch of its event.
   * The whole change is decided before the first is applied: a deletion the state forbids, too many files, or a file
   * both added and deleted refuses the call, and nothing has changed. A file already attached (a repeated request) or
   * already gone changes nothing, so a call repeated, or retried after failing part way, ends with each file once.
   */
  changeDeliverables(change: DeliverableChange, caller: { commissionAccountId: string }): Promise<DeliverableResult> {
    return this.enqueue(async (): Promise<DeliverableResult> => {
      const order = await this.load();
      if (!order) return { status: "not_found" };
      const { orderId } = order;
      const actor = partyOfCaller(order, caller);
      if (!actor) return { status: "refused", refusal: "not_a_party" };
      const now = await this.now();
      const adding = change.add ?? [];
      const deleting = [...new Set(change.delete ?? [])];
      if (adding.some((file) => deleting.includes(file.mediaId)))
        return { status: "refused", refusal: "invalid_request" };
      const attached = await attachedDeliverables(this.env.DB, orderId, [...adding.map((f) => f.mediaId), ...deleting]);
      const files = adding.filter(
        (file, index) => !attached.has(file.mediaId) && adding.findIndex((f) => f.mediaId === file.mediaId) === index,
      );
      const gone = deleting.filter((mediaId) => attached.has(mediaId));
      const steps: { action: OrderAction; effects: TransitionEffects }[] = [
        ...gone.map((mediaId) => {
          const key = attached.get(mediaId)?.replace(/^\/media\//, "");
          const afterwards = async () => (key ? this.env.MEDIA.delete(key) : undefined);
          return {
            action: { type: "deleteDeliverable" } as const,
            effects: { statements: deleteDeliverableStatements(mediaId), afterwards },
          };
        }),
        ...files.map((file) => ({
          action: { type: "addDeliverable" } as const,
          effects: { statements: addDeliverableStatements(orderId, order.sellerUserId, file, now) },
        })),
      ];
      // Nothing to do still says who may: the buyer is told it is the seller's to do.
      if (steps.length === 0)
        return actor === "seller"
          ? { status: "done", changed: false, state: order.state }
          : { status: "refused", refusal: "seller_only" };
      if (order.state.deliverableCount - gone.length + files.length > ORDER_DELIVERABLES_MAX_FILES)
        return { status: "refused", refusal: "too_many_files" };
      // Every step decided first, each on the state the one before leaves: a refusal comes before any change.
      let state = order.state;
      for (const { action } of steps) {
        const decision = decide(state, action, actor, now);
        if (!decision.ok) return { status: "refused", refusal: decision.refusal };
        if (decision.changed) state = decision.next;
      }
      let result: OrderActResult = { status: "done", changed: false, state: order.state };
      for (const { action, effects } of steps) {
        const step = await this.apply(action, caller, effects);
        if (step.status !== "done") return step;
        result = step;
      }
      return result;
    });
  }

  /**
   * The seller edits the order's service details (commissionOrderService.updateSeller): an updateServiceDetails
   * transition whose batch also replaces the snapshot's title and description, while section 4 allows it.
   */
  updateServiceDetails(details: ServiceDetails, caller: PartyCaller): Promise<ServiceDetailsResult> {
    return this.enqueue(async (): Promise<ServiceDetailsResult> => {
      // Who asks and whether the order may change come before the catalogue: a stranger learns nothing from a code.
      const order = await this.load();
      if (!order) return { status: "not_found" };
      const actor = partyOfCaller(order, caller);
      if (!actor) return { status: "refused", refusal: "not_a_party" };
      const decision = decide(order.state, { type: "updateServiceDetails" }, actor, await this.now());
      if (!decision.ok) return { status: "refused", refusal: decision.refusal };
      const write = await serviceDetailsStatements(this.env.DB, order.orderId, details);
      if ("refusal" in write)
        return write.refusal === "not_found" ? { status: "not_found" } : { status: "refused", refusal: write.refusal };
      return this.apply({ type: "updateServiceDetails" }, caller, { statements: write.statements });
    });
  }

  /**
   * The client asks for a revision of the current stage's preview (decision 073): a requestRevision transition whose
   * batch also keeps the comment, keyed by the event, on the order's timeline. The comment is already checked
   * (`revisionCommentOf`).
   */
  requestStageRevision(stage: number, comment: string, caller: PartyCaller): Promise<OrderActResult> {
    return this.enqueue(async () => {
      const order = await this.load();
      if (!order) return { status: "not_found" } as const;
      const { orderId } = order;
      const round = order.state.stages[stage]?.revisionsUsed ?? 0;
      const statements = [
        statement(
          `INSERT INTO commission_order_stage_revisions (id, order_id, stage_index, round, comment, created_at)
           VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
          `${orderId}:${order.version + 1}`,
          orderId,
          stage,
          round,
          comment,
          await this.now(),
        ),
      ];
      return this.apply({ type: "requestRevision", stage }, caller, { statements });
    });
  }

  /**
   * The seller posts the current stage's preview (decision 073): a submitPreview transition whose batch also writes
   * the posting's files (already stored in R2 by the Worker, the client's watermarked copies beside the originals) at
   * the stage's round, its revisions used so far. A posting with no files is refused.
   */
  submitStagePreview(stage: number, files: StagePreviewFile[], caller: PartyCaller): Promise<StagePreviewResult> {
    return this.enqueue(async (): Promise<StagePreviewResult> => {
      if (files.length === 0) return { status: "refused", refusal: "invalid_request" };
      const order = await this.load();
      if (!order) return { status: "not_found" };
      const round = order.state.stages[stage]?.revisionsUsed ?? 0;
      const statements = stagePreviewStatements(order.orderId, stage, round, files, await this.now());
      return this.apply({ type: "submitPreview", stage }, caller, { statements });
    });
  }

  /**
   * A party opens a dispute or answers the other's (decision 088): the transition's batch also keeps their statement
   * and its files (already stored in R2), keyed by the event, so a replay writes them once.
   */
  disputeStatement(move: DisputeMove, input: DisputeStatementInput, caller: PartyCaller): Promise<OrderActResult> {
    return this.enqueue(async () => {
      const order = await this.load();
      if (!order) return { status: "not_found" } as const;
      const side = partyOfCaller(order, caller);
      if (!side) return { status: "refused", refusal: "not_a_party" } as const;
      const statements = disputeStatementRows({
        orderId: order.orderId,
        eventId: `${order.orderId}:${order.version + 1}`,
        kind: move.type === "openDispute" ? "opening" : "answer",
        side,
        authorUserAccountId: side === "seller" ? order.sellerUserId : order.buyerUserId,
        reason: move.type === "openDispute" ? move.reason : null,
        input,
        now: await this.now(),
      });
      return this.apply(move, caller, { statements });
    });
  }

  /**
   * An admin settles the order's dispute (decision 088): the settlement is checked against what is still at stake now,
   * in the queue, then applied as the order's transition, with the admin's written reason as its own row.
   */
  settleDispute(
    input: SettlementInput,
    reason: { body: string; languageCode: Locale },
    caller: AdminCaller,
  ): Promise<SettleResult> {
    return this.enqueue(async (): Promise<SettleResult> => {
      const order = await this.load();
      if (!order) return { status: "not_found" };
      if (adminIsParty(order, caller.admin)) return { status: "refused", refusal: "admin_is_party" };
      // What the client paid is at stake: a deposit order's deposit alone while its rest is due (decision 100), the
      // stages paid so far of an order paid stage by stage (101), less what approved stages released.
      const parsed = parseSettlement(
        input,
        amountAtStake(paidTotal(order.state), order.state.priceAmount ?? 0, order.state.stages),
      );
      if (!parsed.ok) return { status: "refused", refusal: parsed.error };
      const { settlement } = parsed;
      const statements = disputeStatementRows({
        orderId: order.orderId,
        eventId: `${order.orderId}:${order.version + 1}`,
        kind: "settlement",
        side: "admin",
        authorUserAccountId: caller.admin.userAccountId,
        reason: settlement.outcome,
        input: { ...reason, files: [] },
        refundAmount: settlement.outcome === "split" ? settlement.refundAmount : null,
        now: await this.now(),
      });
      // The audit row keeps the reason too, so the console's log reads it beside who settled.
      return this.apply(
        { type: "settleDispute", settlement },
        { admin: { ...caller.admin, reason: reason.body } },
        {
          statements,
        },
      );
    });
  }

  /**
   * The creator asks to move the delivery date (decision 090): a requestExtension transition whose batch also keeps the
   * reason (already checked, `extensionReasonOf`), keyed by the event.
   */
  requestExtension(
    proposedDeadline: number,
    reason: { body: string; languageCode: Locale },
    caller: PartyCaller,
  ): Promise<OrderActResult> {
    return this.enqueue(async () => {
      const order = await this.load();
      if (!order) return { status: "not_found" } as const;
      const statements = extensionRequestRows({
        orderId: order.orderId,
        eventId: `${order.orderId}:${order.version + 1}`,
        proposedDeadline,
        previousDeadline: order.state.deliveryDeadline ?? 0,
        reason,
        now: await this.now(),
      });
      return this.apply({ type: "requestExtension", proposedDeadline }, caller, { statements });
    });
  }

  /** The alarm: what is still owed to D1 and Stripe (loading the order does it), then the deadline, if it has passed. */
  async alarm(): Promise<void> {
    // The runtime cleared the alarm that rang.
    this.alarmAt = undefined;
    const stored = await this.ctx.storage.get<OrderRecord>(KEY);
    if (!stored) return;
    await this.enqueue(() => this.takeSucceededBeforeDeadline()).catch((error) =>
      console.error("order alarm: the open payment could not be read before its deadline", stored.orderId, error),
    );
    await this.act({ type: "deadlinePassed" }, "system").catch((error) =>
      console.error("order alarm: owed work failed again", stored.orderId, error),
    );
    await this.enqueue(() => this.chargePart()).catch((error) =>
      console.error("order alarm: a later part's charge failed again", stored.orderId, error),
    );
    await this.enqueue(async () => {
      const record = await this.ctx.storage.get<OrderRecord>(KEY);
      if (record) await this.syncAlarm(record);
    });
  }

  /** Runs `task` after every action queued before it has finished. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The order, with anything owed from an earlier action done first: D1 must have the last projection before the next
   * is made (a failure there fails this action, which changes nothing); money still owed is tried again on the way.
   * The first load reads the order from D1 by the object's name, and the record keeps its id from then on (an alarm
   * set before the runtime passed names to objects, 2026-03-15, wakes it without one). No name and no record: no order.
   */
  private async load(d1 = this.env.DB): Promise<OrderRecord | null> {
    const stored = await this.ctx.storage.get<OrderRecord>(KEY);
    if (stored && isCurrentRecord(stored)) {
      const projected = stored.projection ? await this.flushProjection(stored, d1) : stored;
      return projected.owed?.length ? (await this.payOwed(projected, d1)).record : projected;
    }
    const orderId = stored?.orderId ?? this.ctx.id.name;
    if (!orderId) return null;
    const loaded = await loadOrder(d1, orderId);
    if (loaded) {
      await this.ctx.storage.put(KEY, loaded);
      await this.syncAlarm(loaded);
    }
    return loaded;
  }

  private async apply(
    action: OrderAction,
    caller: OrderCaller,
    effects?: TransitionEffects,
    d1 = this.env.DB,
  ): Promise<OrderActResult> {
    const order = await this.load(d1);
    if (!order) return { status: "not_found" };
    const { orderId } = order;
    // An admin acts through the system (the process table's admin rows); the log and the audit name them.
    const admin = typeof caller === "object" && "admin" in caller ? caller.admin : null;
    if (admin && adminIsParty(order, admin)) return { status: "refused", refusal: "admin_is_party" };
    const actor = caller === "system" || "admin" in caller ? "system" : partyOfCaller(order, caller);
    if (!actor) return { status: "refused", refusal: "not_a_party" };
    const offset = await devClockOffset(this.env);
    const now = Date.now() + offset;
    const decision = decide(order.state, action, actor, now);
    if (!decision.ok) return { status: "refused", refusal: decision.refusal };
    if (!decision.changed) return { status: "done", changed: false, state: order.state };
    const { next, event, releases = [] } = decision;
    const version = order.version + 1;
    // The taken row's money column (order-process.ts): a completed order's payout, an approved stage's (decision 073)
    // or a split's award is written with its event (an outbox; decision 029) and released below; a taken payment's
    // transaction is marked paid; what it gives back is `releases`.
    const payout = await payoutStatements(d1, {
      orderId,
      sellerUserAccountId: order.sellerUserId,
      before: order.state,
      next,
      money: decision.money,
      now,
    });
    // The taken payment: the part paid now (the first, a deposit order's rest, a stage's; decision 100 and 101).
    const taken = paidParts(next).find((part) => !paidParts(order.state).some((p) => p.intentId === part.intentId));
    const paid = decision.money === "takePayment" ? [paidTransactionStatement(taken!, now)] : [];
    const statements = transitionStatements({
      order,
      next,
      event,
      actor,
      actorAccountId: actor === "seller" ? order.state.sellerId : actor === "buyer" ? order.state.buyerId : null,
      admin,
      now,
      statements: [...(effects?.statements ?? []), ...paid, ...payout],
    });
    for (const release of releases)
      console.warn(`order ${orderId}: ${event} gives back payment ${release.payment.intentId} (${release.reason})`);
    // The object's storage first: from here the transition has happened; whatever fails next is owed and retried.
    const stored: OrderRecord = {
      ...order,
      version,
      state: next,
      projection: { version, statements },
      owed: [...(order.owed ?? []), ...releases],
    };
    await this.ctx.storage.put(KEY, stored);
    const projected = await this.flushProjection(stored, d1, { firstWrite: true }).catch((error) => {
      console.error(`order ${orderId}: ${event} stored; its D1 projection is retried by the alarm`, error);
      return stored;
    });
    const { record, outcomes } = await this.payOwed(projected, d1);
    const landed = !record.projection;
    // The transition's notices by e-mail, off the action's path (decision 023).
    if (landed) emailNewNotificationsSoon(this.env, (work) => this.ctx.waitUntil(work));
    if (landed && movesHeldSlots(order.state.progress, next.progress)) this.tellFollowers(order.sellerUserId, now);
    await this.syncAlarm(record, offset);
    if (landed) await effects?.afterwards?.();
    // The order's chat room follows its chat status (decision 027), and tells both parties of a stage event as a system
    // message, once per event (issue 36); a failure there never undoes the transition. The room is looked up only when
    // one of the two has something to do.
    const landedTransition = { event, before: order.state, after: next };
    const chatChanged = next.chat !== order.state.chat;
    const roomId =
      landed && (chatChanged || orderEventNotice(landedTransition)) ? await chatRoomOf(this.env, order) : null;
    if (roomId && chatChanged)
      await syncChatRoomStatus(this.env, roomId).catch((error) => console.error("chat room status sync failed", error));
    if (roomId)
      await announceOrderEvent(this.env, { orderId, roomId }, version, landedTransition).catch((error) =>
        console.error("chat announcement failed", error),
      );
    // The transfer, once its event is recorded; if it cannot go now it stays held (account.updated, the cron).
    if (landed && payout.length > 0) await releaseOrderPayout(d1, () => createStripe(this.env), orderId, now);
    // A deposit order just delivered, or an order paid stage by stage just at its next stage: the part now due is
    // charged now (a failure is the alarm's to retry).
    if (landed && (event === "DELIVERED" || event === "STAGE_APPROVED") && needsPartCharge(next))
      await this.chargePart().catch((error) =>
        console.error(`order ${orderId}: a later part's charge waits for a retry`, error),
      );
    // What became of the money given back: the first release's (a cancel's refund or void), as the pages word it.
    const money = releases[0] ? (outcomes.get(releases[0].payment.intentId) ?? "pending") : undefined;
    return { status: "done", changed: true, state: next, ...(money && { money }) };
  }

  /**
   * A slot taken or freed: the creator's followers see it now, and are told if the creator became takeable (decision
   * 107), once by the notices' keys. After the answer and on the plain binding: the transition neither waits for it nor
   * fails with it (the timed jobs check again).
   */
  private tellFollowers(creatorUserAccountId: string, now: number): void {
    this.ctx.waitUntil(
      watchCreator(this.env.DB, creatorUserAccountId, now)
        .then((told) => {
          if (told > 0) emailNewNotificationsSoon(this.env, (work) => this.ctx.waitUntil(work));
        })
        .catch((error) => console.error("follow notices: the check after an order's slot move failed", error)),
    );
  }

  /**
   * Writes the record's projection to D1 and forgets it. On a retry it first asks D1 whether it already has it (a
   * write whose answer was lost); the row's version guard refuses a stale one either way. Throws if D1 fails.
   */
  private async flushProjection(
    record: OrderRecord,
    d1: D1Database,
    { firstWrite = false } = {},
  ): Promise<OrderRecord> {
    const { version, statements } = record.projection!;
    const landed = !firstWrite && ((await projectedVersion(d1, record.orderId)) ?? 0) >= version;
    if (!landed) await d1.batch(prepared(d1, statements));
    const flushed = { ...record, projection: null, retries: record.owed?.length ? record.retries : 0 };
    // Not awaited: the writes after D1's answer (this, the alarm) go to storage together, and nothing leaves the object
    // before they are durable (its output gate), so one commit follows the action's round trip instead of three.
    this.ctx.storage.put(KEY, flushed);
    return flushed;
  }

  /**
   * Gives back each owed payment at Stripe and records what became of it on its transaction. Never throws: what
   * fails stays owed (with one more retry counted) for the alarm, and the order goes on meanwhile.
   */
  private async payOwed(
    record: OrderRecord,
    d1: D1Database,
  ): Promise<{ record: OrderRecord; outcomes: Map<string, ReleaseOutcome> }> {
    const outcomes = new Map<string, ReleaseOutcome>();
    if (!record.owed?.length) return { record, outcomes };
    let current = record;
    for (const release of record.owed ?? []) {
      const { intentId } = release.payment;
      try {
        const outcome = await releasePayment(createStripe(this.env), current.orderId, intentId, release.refundAmount);
        const recorded = releasedTransactionStatement(intentId, outcome, Date.now(), release.refundAmount);
        await d1.batch(prepared(d1, [recorded]));
        outcomes.set(intentId, outcome);
        current = { ...current, owed: (current.owed ?? []).filter((r) => r !== release) };
      } catch (error) {
        console.error(`order ${current.orderId}: giving back payment ${intentId} failed; the alarm retries it`, error);
      }
    }
    const owes = Boolean(current.owed?.length) || Boolean(current.projection);
    current = { ...current, retries: owes ? (current.retries ?? 0) + 1 : 0 };
    await this.ctx.storage.put(KEY, current);
    return { record: current, outcomes };
  }

  /**
   * Comet's time (the dev clock's outside production, decision 080): every transition's time, so the deadlines it sets
   * and the events it logs are on the clock the cron and the pages read. Read through the plain binding: it is not the
   * action's D1 round trip, and production reads nothing.
   */
  private now(): Promise<number> {
    return cometNow(this.env);
  }

  /**
   * One alarm: the sooner of the deadline the order waits on and the retry of anything still owed. The deadline is on
   * Comet's time, the alarm on the real one: it rings `offset` earlier than the deadline reads (decision 080).
   */
  private async syncAlarm(record: OrderRecord, offset?: number): Promise<void> {
    const owes = Boolean(record.projection) || Boolean(record.owed?.length) || needsPartCharge(record.state);
    const retryAt = owes
      ? Date.now() + Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, (record.retries ?? 1) - 1), RETRY_MAX_MS)
      : null;
    const due = pendingDeadline(record.state);
    const deadline = due === null ? null : due - (offset ?? (await devClockOffset(this.env)));
    const at = [deadline, retryAt]
      .filter((t): t is number => t !== null)
      .reduce<number | null>((a, b) => (a === null ? b : Math.min(a, b)), null);
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt === at) return;
    this.alarmAt = at;
    if (at === null) this.ctx.storage.deleteAlarm();
    else this.ctx.storage.setAlarm(at);
  }
}
