import { DurableObject } from "cloudflare:workers";
import { decide, partyOf, pendingDeadline, type OrderAction, type OrderRefusal, type OrderState, type ServiceDetails } from "../worker/domain/order";
import { loadOrder, recordTransition, serviceDetailsStatements, type StoredOrder } from "../worker/services/orders";
import { emailNewNotifications } from "../worker/services/notification-emails";
import { refundOrderPayment } from "../worker/payments/order-payments";
import { createStripe } from "../worker/payments/stripe-client";
import { payoutOnCompletion, releaseOrderPayout } from "../worker/payments/payouts";
import { ORDER_DELIVERABLES_MAX_FILES } from "../worker/domain/media-limits";
import { addDeliverableStatements, attachedDeliverables, deleteDeliverableStatements, type DeliverableFile } from "../worker/services/order-deliverables";
import { countRoundTrips } from "../worker/db/round-trips";
import { syncChatRoomStatus } from "../worker/services/chat-rooms";

/**
 * Who asks: a commission account (checked against the order's seller and buyer), a user account (checked against
 * the users behind them, which the object keeps: the Worker then needs no D1 round trip to find the caller's
 * commission account), or the system itself.
 */
export type OrderCaller = { commissionAccountId: string } | { userAccountId: string } | "system";

export type OrderActResult = (
  | { status: "done"; changed: boolean; state: OrderState }
  | { status: "refused"; refusal: OrderRefusal }
  | { status: "not_found" }
) & {
  /** Outside production: the D1 round trips the object made for this action (the Worker's own are counted apart). */
  d1RoundTrips?: number;
};

/** Deliverable files to attach (already checked in their folder and re-sniffed by the Worker) or to delete, by media id. */
export type DeliverableChange = { add: DeliverableFile[] } | { delete: string[] };
export type DeliverableResult = OrderActResult | { status: "refused"; refusal: "too_many_files" };

/** Rows a transition writes besides the projection and the log, and what to do once they are written. */
interface TransitionEffects {
  statements: D1PreparedStatement[];
  afterwards?: () => Promise<unknown>;
}

const KEY = "order";

/** The caller's side of the order, by commission account or by the user account behind it. */
function partyOfCaller(order: StoredOrder, caller: Exclude<OrderCaller, "system">): "seller" | "buyer" | null {
  if ("commissionAccountId" in caller) return partyOf(order.state, caller.commissionAccountId);
  if (caller.userAccountId === order.sellerUserId) return "seller";
  return caller.userAccountId === order.buyerUserId ? "buyer" : null;
}

/**
 * One instance per commission order (`idFromName(orderId)`): the only writer of that order (docs/decisions/020).
 * Actions run one at a time, each to its end (the D1 write included), so two racing requests see each other's result:
 * one approval, never two. The rules are `decide` in worker/domain/order.ts; the object keeps the order in its own
 * storage (loaded from D1 the first time), writes D1's projection, event log and notifications after each
 * transition, and keeps one alarm on the deadline the order is waiting on.
 */
export class Order extends DurableObject<Env> {
  /** The tail of the queue of actions: each starts when the one before has finished. */
  private queue: Promise<unknown> = Promise.resolve();

  act(orderId: string, action: OrderAction, caller: OrderCaller): Promise<OrderActResult> {
    return this.enqueue(async () => {
      if (this.env.APP_ENV === "production") return this.apply(orderId, action, caller);
      // Outside production the answer says how many D1 round trips the action cost (read by `npm run bench:orders`).
      const counter = { count: 0 };
      const result = await this.apply(orderId, action, caller, undefined, countRoundTrips(this.env.DB, counter));
      return { ...result, d1RoundTrips: counter.count };
    });
  }

  /**
   * The seller attaches or deletes deliverable files (decision 024): one addDeliverable / deleteDeliverable transition
   * per file, each written with its media rows in the batch of its event. A file already attached (a repeated
   * request) or already gone changes nothing; a refused file stops the rest, and none of them has changed anything.
   */
  changeDeliverables(orderId: string, change: DeliverableChange, caller: { commissionAccountId: string }): Promise<DeliverableResult> {
    return this.enqueue(async (): Promise<DeliverableResult> => {
      const order = await this.load(orderId);
      if (!order) return { status: "not_found" };
      const ids = "add" in change ? change.add.map((f) => f.mediaId) : change.delete;
      const attached = await attachedDeliverables(this.env.DB, orderId, ids);
      let result: OrderActResult = { status: "done", changed: false, state: order.state };
      if ("add" in change) {
        const files = change.add.filter((file, index) => !attached.has(file.mediaId) && change.add.findIndex((f) => f.mediaId === file.mediaId) === index);
        if (order.state.deliverableCount + files.length > ORDER_DELIVERABLES_MAX_FILES) return { status: "refused", refusal: "too_many_files" };
        for (const file of files) {
          const statements = addDeliverableStatements(this.env.DB, orderId, order.sellerUserId, file, Date.now());
          const step = await this.apply(orderId, { type: "addDeliverable" }, caller, { statements });
          if (step.status !== "done") return step;
          result = step;
        }
      } else {
        for (const [mediaId, url] of attached) {
          const key = url?.replace(/^\/media\//, "");
          const afterwards = async () => (key ? this.env.MEDIA.delete(key) : undefined);
          const step = await this.apply(orderId, { type: "deleteDeliverable" }, caller, { statements: deleteDeliverableStatements(this.env.DB, mediaId), afterwards });
          if (step.status !== "done") return step;
          result = step;
        }
      }
      // Nothing to do still says who may: a stranger learns nothing, the buyer is told it is the seller's to do.
      if (result.status === "done" && !result.changed && partyOf(order.state, caller.commissionAccountId) !== "seller") {
        return partyOf(order.state, caller.commissionAccountId) === "buyer" ? { status: "refused", refusal: "seller_only" } : { status: "refused", refusal: "not_a_party" };
      }
      return result;
    });
  }

  /**
   * The seller edits the order's service details (commissionOrderService.updateSeller): an updateServiceDetails
   * transition whose batch also replaces the snapshot's title and description, while section 4 allows it.
   */
  updateServiceDetails(orderId: string, details: ServiceDetails, caller: Exclude<OrderCaller, "system">): Promise<OrderActResult> {
    return this.enqueue(async () => {
      const statements = await serviceDetailsStatements(this.env.DB, orderId, details);
      if (!statements) return { status: "not_found" };
      return this.apply(orderId, { type: "updateServiceDetails" }, caller, { statements });
    });
  }

  /** Runs `task` after every action queued before it has finished. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async get(orderId: string): Promise<StoredOrder | null> {
    return this.load(orderId);
  }

  async alarm(): Promise<void> {
    const stored = await this.ctx.storage.get<StoredOrder>(KEY);
    if (stored) await this.act(stored.orderId, { type: "deadlinePassed" }, "system");
  }

  private async load(orderId: string, d1 = this.env.DB): Promise<StoredOrder | null> {
    const stored = await this.ctx.storage.get<StoredOrder>(KEY);
    if (stored) return stored.orderId === orderId ? stored : null;
    const loaded = await loadOrder(d1, orderId);
    if (loaded) {
      await this.ctx.storage.put(KEY, loaded);
      await this.syncAlarm(loaded.state);
    }
    return loaded;
  }

  private async apply(orderId: string, action: OrderAction, caller: OrderCaller, effects?: TransitionEffects, d1 = this.env.DB): Promise<OrderActResult> {
    const order = await this.load(orderId, d1);
    if (!order) return { status: "not_found" };
    const actor = caller === "system" ? "system" : partyOfCaller(order, caller);
    if (!actor) return { status: "refused", refusal: "not_a_party" };
    const now = Date.now();
    const decision = decide(order.state, action, actor, now);
    if (!decision.ok) return { status: "refused", refusal: decision.refusal };
    if (!decision.changed) return { status: "done", changed: false, state: order.state };
    // A paid order is refunded before it is recorded as canceled; if the refund fails, nothing changes.
    if (decision.event === "CANCELED" && order.state.payment === "COMPLETED") await refundOrderPayment(d1, createStripe(this.env), orderId, now);
    // A completed order's payout is written with the completion (an outbox; decision 029) and released below.
    const payout = decision.event === "COMPLETED" ? await payoutOnCompletion(d1, orderId, order.sellerUserId, now) : [];
    // D1 first: if it fails, the object still holds the old state and the action can simply be retried.
    await recordTransition(d1, {
      order,
      next: decision.next,
      event: decision.event,
      actor,
      actorAccountId: actor === "seller" ? order.state.sellerId : actor === "buyer" ? order.state.buyerId : null,
      now,
      statements: [...(effects?.statements ?? []), ...payout],
    });
    // The transition's notices by e-mail, off the action's path (decision 023).
    this.ctx.waitUntil(emailNewNotifications(this.env));
    await this.ctx.storage.put(KEY, { ...order, version: order.version + 1, state: decision.next });
    // The alarm moves only when the deadline the order waits on does (a price change, say, leaves it where it is).
    if (pendingDeadline(decision.next) !== pendingDeadline(order.state)) await this.syncAlarm(decision.next);
    await effects?.afterwards?.();
    // The order's chat room follows its chat status (decision 027); a failure there never undoes the transition.
    if (decision.next.chat !== order.state.chat) await syncChatRoomStatus(this.env, orderId).catch((error) => console.error("chat room status sync failed", error));
    // The transfer, once the completion is recorded; if it cannot go now it stays held (account.updated, the cron).
    if (payout.length > 0) await releaseOrderPayout(d1, () => createStripe(this.env), orderId, now);
    return { status: "done", changed: true, state: decision.next };
  }

  private async syncAlarm(state: OrderState): Promise<void> {
    const deadline = pendingDeadline(state);
    if (deadline === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(deadline);
  }
}
