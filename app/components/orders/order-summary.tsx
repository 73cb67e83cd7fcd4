// The left panel of the order (spec section 2): status badge, title, the other party, submitted time, the next-step block with the
// time and deadline of spec section 4, estimated start and delivery, total price ('Unsettled' per section 5), then
// the seller's buttons or the buyer's waiting label.
import { Form, Link } from "react-router";
import { ConfirmForm } from "~/components/form/confirm-form";
import { useIsPosting } from "~/components/form/use-is-posting";
import { m } from "~/paraglide/messages.js";
import { buyerMayCancelLate, buyerWaiting, nextStep, sellerActions, statusBadge } from "../../../worker/domain/order-display";
import type { OrderDetail } from "../../../worker/services/order-views";
import { showDate, showDateTime } from "./order-format";
import { counterpartText, orderPriceText, SHOWN_TIME_LABELS, STATUS_LABELS, STEP_LABELS, WAITING_LABELS } from "./order-texts";
import { StatusBadgeLabel } from "./status-badge";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
      <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

export function OrderSummary({ order }: { order: OrderDetail }) {
  const step = nextStep(order.facts);
  const closed = step.step === "completed" || step.step === "canceled";
  const badge = statusBadge(order.facts.progress);
  return (
    <section aria-labelledby="order-title" className="space-y-4">
      <div className="space-y-2">
        <StatusBadgeLabel badge={badge} label={STATUS_LABELS[badge]()} />
        <h2 id="order-title" className="text-xl font-bold text-zinc-900 dark:text-zinc-50">
          {order.title}
        </h2>
        {order.counterpart && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {counterpartText(order.side, order.counterpart.name)}{" "}
            <Link to={`/${order.counterpart.handle}`} className="text-brand-700 underline dark:text-brand-300">
              @{order.counterpart.handle}
            </Link>
          </p>
        )}
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.orders_submitted_at()}: {showDateTime(order.facts.submittedAt)}
        </p>
      </div>
      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" data-testid="next-step">
        <h3 className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">{m.orders_next_step()}</h3>
        <p className="mt-1 font-semibold text-zinc-900 dark:text-zinc-50">{STEP_LABELS[step.step]()}</p>
        <dl className="mt-2">
          {!closed || step.shownTime.at !== null ? <Fact label={SHOWN_TIME_LABELS[step.shownTime.kind]()} value={showDateTime(step.shownTime.at)} /> : null}
          {step.deadline !== null && <Fact label={m.orders_deadline()} value={showDateTime(step.deadline)} />}
        </dl>
      </div>
      <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <Fact label={m.orders_estimated_start()} value={showDate(order.estimatedStart)} />
        <Fact label={m.orders_estimated_delivery()} value={showDate(order.estimatedDelivery)} />
        <Fact label={m.orders_total_price()} value={orderPriceText(order)} />
      </dl>
      {order.side === "seller" ? <SellerButtons order={order} /> : <BuyerWaiting order={order} />}
    </section>
  );
}

function BuyerWaiting({ order }: { order: OrderDetail }) {
  const waiting = buyerWaiting(order.facts);
  const posting = useIsPosting();
  if (!waiting) return null;
  return (
    <div className="space-y-2">
      <button type="button" disabled className="button-secondary min-h-11 w-full cursor-not-allowed opacity-70">
        {WAITING_LABELS[waiting]()}
      </button>
      {/* Past the delivery deadline with nothing delivered, the client may call it off and be refunded in full. */}
      {buyerMayCancelLate(order.facts, Date.now()) && (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_late_delivery_hint()}</p>
          <ConfirmForm question={m.orders_cancel_confirm()} fields={{ orderId: order.id, intent: "cancel" }}>
            <button type="submit" disabled={posting} className="min-h-11 w-full rounded-full border border-red-700 px-5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950">
              {m.orders_cancel_late()}
            </button>
          </ConfirmForm>
        </>
      )}
    </div>
  );
}

function SellerButtons({ order }: { order: OrderDetail }) {
  const actions = sellerActions(order.facts);
  const posting = useIsPosting();
  const fields = { orderId: order.id };
  const post = (intent: string, label: string, enabled: boolean, hint?: string) => (
    <Form method="post" className="space-y-1">
      <input type="hidden" name="orderId" value={order.id} />
      <button type="submit" name="intent" value={intent} disabled={!enabled || posting} aria-describedby={!enabled && hint ? `${intent}-hint` : undefined} className="button-primary min-h-11 w-full disabled:cursor-not-allowed disabled:opacity-60">
        {label}
      </button>
      {!enabled && hint && (
        <p id={`${intent}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
          {hint}
        </p>
      )}
    </Form>
  );
  return (
    <div className="space-y-2">
      {actions.approve.shown && post("approve", m.orders_approve(), actions.approve.enabled, m.orders_approve_price_hint())}
      {actions.deliver.shown && post("deliver", m.orders_deliver(), actions.deliver.enabled, m.orders_deliver_hint())}
      {actions.complete.shown && post("complete", m.orders_complete(), true)}
      {actions.cancel.shown && (
        <ConfirmForm question={m.orders_cancel_confirm()} fields={{ ...fields, intent: "cancel" }}>
          <button type="submit" disabled={posting} className="min-h-11 w-full rounded-full border border-red-700 px-5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950">
            {m.orders_cancel()}
          </button>
        </ConfirmForm>
      )}
    </div>
  );
}
