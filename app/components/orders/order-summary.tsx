// The left panel of the order (spec section 2): status badge, title, the other party, submitted time, the next-step block with the
// time and deadline of spec section 4, estimated start and delivery, total price ('Unsettled' per section 5), then
// the seller's buttons or the buyer's waiting label.
import { lazy, Suspense, useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { ConfirmForm } from "#app/components/form/confirm-form";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { MoneyConfirmForm } from "./money-confirm-form";
import type { OrderDetail } from "#worker/orders/services/order-views";
import type { OrderPanelTexts, OrderPost } from "#app/loaders/orders/order-panel-texts.server";
import { StatusBadgeLabel } from "./status-badge";
import { useTextReading } from "#app/components/translation/use-text-reading";

// The creator's Approve with its deposit fields (decision 100) or its by-stage choice (101) is its own chunk: only a
// creator's pending order shows it, and its field and money formatting would otherwise weigh on every order page
// (npm run bench:js). Server-rendered as a plain form that posts without JavaScript; the chunk makes it live (the
// deposit preview) once loaded.
const ApproveWithParts = lazy(() => import("./order-approve").then((module) => ({ default: module.ApproveWithParts })));

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
      <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

/**
 * Its words and values come from the loader (order-panel-texts.server.ts). `onPay`: the buyer's Pay of the next-step
 * block opens the Payment tab with its card choice and Pay button in view (the panel owns the tabs).
 */
export function OrderSummary({
  order,
  texts,
  onPay,
}: {
  order: OrderDetail;
  texts: OrderPanelTexts;
  onPay?: () => void;
}) {
  // Approve, Deliver, Complete and Cancel go away with the transition they make (and are disabled while it posts),
  // so the browser drops focus on the page's body. Focus then moves to the next-step block, which says what
  // happened and what comes next; focus that is somewhere else (the chat, another tab) is left alone.
  const nextStep = useRef<HTMLDivElement>(null);
  // A stage's move (Approve, a revision request) also takes its button away: the stages' statuses count too, and so
  // does a dispute opened or answered, whose form goes away (decision 088).
  // An answer to a request to move the delivery date takes its buttons away too (decision 090), and a later part paid
  // (a deposit order's rest, decision 100; a stage's, 101) takes the Pay away.
  const { dispute, extensionRequest, deliveryDeadline } = order.facts;
  const state = `${order.facts.progress}-${order.facts.payment}-${order.facts.stages.map((s) => s.status).join()}-${dispute ? `${dispute.openedAt}-${dispute.answeredAt}-${dispute.settledAt}` : ""}-${deliveryDeadline}-${extensionRequest?.requestedAt ?? ""}-${order.facts.paidRest?.intentId ?? ""}-${order.facts.stages.map((s) => s.payment?.intentId ?? "").join()}`;
  const shownState = useRef(state);
  useEffect(() => {
    if (shownState.current === state) return;
    shownState.current = state;
    if (document.activeElement === null || document.activeElement === document.body) nextStep.current?.focus();
  }, [state]);
  return (
    <section aria-labelledby="order-title" className="space-y-4">
      <div className="space-y-2">
        <StatusBadgeLabel badge={texts.badge} label={texts.status} />
        <OrderTitle order={order} />
        {order.counterpart && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {texts.counterpart}{" "}
            <Link to={`/${order.counterpart.handle}`} className="text-brand-700 underline dark:text-brand-300">
              @{order.counterpart.handle}
            </Link>
          </p>
        )}
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.submitted}</p>
      </div>
      <div
        ref={nextStep}
        tabIndex={-1}
        role="group"
        aria-labelledby="order-next-step-heading order-next-step"
        className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        data-testid="next-step"
      >
        <h3 id="order-next-step-heading" className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">
          {texts.nextStepHeading}
        </h3>
        <p id="order-next-step" className="mt-1 font-semibold text-zinc-900 dark:text-zinc-50">
          {texts.step}
        </p>
        <dl className="mt-2">
          {texts.stepFacts.map((fact) => (
            <Fact key={fact.label} {...fact} />
          ))}
        </dl>
        {texts.buyer?.pay && onPay && (
          <div className="mt-3 space-y-1">
            <button
              type="button"
              onClick={onPay}
              aria-describedby="order-pay-hint"
              className="button-primary min-h-11 w-full"
            >
              {texts.buyer.pay.label}
            </button>
            <p id="order-pay-hint" className="text-xs text-zinc-700 dark:text-zinc-300">
              {texts.buyer.pay.hint}
            </p>
          </div>
        )}
      </div>
      <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {texts.facts.map((fact) => (
          <Fact key={fact.label} {...fact} />
        ))}
      </dl>
      {texts.seller ? (
        <SellerButtons order={order} texts={texts} seller={texts.seller} />
      ) : (
        texts.buyer && <BuyerWaiting order={order} texts={texts} buyer={texts.buyer} />
      )}
    </section>
  );
}

const CANCEL_CLASS =
  "min-h-11 w-full rounded-full border border-red-700 px-5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950";

function BuyerWaiting({
  order,
  texts,
  buyer,
}: {
  order: OrderDetail;
  texts: OrderPanelTexts;
  buyer: NonNullable<OrderPanelTexts["buyer"]>;
}) {
  const posting = useIsPosting();
  if (!buyer.waiting && !buyer.lateCancel) return null;
  return (
    <div className="space-y-2">
      {buyer.waiting && (
        <button type="button" disabled className="button-secondary min-h-11 w-full cursor-not-allowed opacity-70">
          {buyer.waiting}
        </button>
      )}
      {/* Past the delivery deadline with nothing delivered, the client may call it off and be refunded in full (decision 061). */}
      {buyer.lateCancel && texts.cancelConfirm && (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{buyer.lateCancel.hint}</p>
          <ConfirmForm question={texts.cancelConfirm} fields={{ orderId: order.id, intent: "cancel" }}>
            <button type="submit" disabled={posting} className={CANCEL_CLASS}>
              {buyer.lateCancel.label}
            </button>
          </ConfirmForm>
        </>
      )}
    </div>
  );
}

function SellerButtons({
  order,
  texts,
  seller,
}: {
  order: OrderDetail;
  texts: OrderPanelTexts;
  seller: NonNullable<OrderPanelTexts["seller"]>;
}) {
  const posting = useIsPosting();
  const post = ({ intent, label, enabled, hint, caution, confirm, deposit, byStage }: OrderPost) => {
    // Approve with its optional deposit (decision 100) or its choice to charge stage by stage (101): its own form,
    // which keeps what was chosen when refused.
    if (deposit || byStage)
      return (
        <Suspense key={intent} fallback={null}>
          <ApproveWithParts
            orderId={order.id}
            post={{ intent, label, enabled, hint, caution }}
            deposit={deposit}
            byStage={byStage}
          />
        </Suspense>
      );
    const describedBy = [caution && `${intent}-caution`, !enabled && hint && `${intent}-hint`]
      .filter(Boolean)
      .join(" ");
    const button = (
      <button
        type="submit"
        // With a caution or a question, the confirmed form carries the intent as a field (ConfirmForm's).
        name={caution || confirm ? undefined : "intent"}
        value={caution || confirm ? undefined : intent}
        disabled={!enabled || posting}
        aria-describedby={describedBy || undefined}
        className="button-primary min-h-11 w-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        {label}
      </button>
    );
    const hintText = !enabled && hint && (
      <p id={`${intent}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
        {hint}
      </p>
    );
    // Completing moves money (issue 75): the button asks what it releases first, and sends its confirmation.
    if (confirm)
      return (
        <MoneyConfirmForm key={intent} question={confirm} fields={{ orderId: order.id, intent }} className="space-y-1">
          {button}
          {hintText}
        </MoneyConfirmForm>
      );
    // Approving with every slot taken (decision 091): an amber note above the button, and the button asks first.
    return caution ? (
      <div key={intent} className="space-y-2">
        <p
          id={`${intent}-caution`}
          data-testid="approve-slots-note"
          className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
        >
          {caution.note}
        </p>
        <ConfirmForm question={caution.confirm} fields={{ orderId: order.id, intent }} className="space-y-1">
          {button}
          {hintText}
        </ConfirmForm>
      </div>
    ) : (
      <Form key={intent} method="post" className="space-y-1">
        <input type="hidden" name="orderId" value={order.id} />
        {button}
        {hintText}
      </Form>
    );
  };
  return (
    <div className="space-y-2">
      {seller.posts.map(post)}
      {seller.cancel && texts.cancelConfirm && (
        <MoneyConfirmForm question={texts.cancelConfirm} fields={{ orderId: order.id, intent: "cancel" }}>
          <button type="submit" disabled={posting} className={CANCEL_CLASS}>
            {seller.cancel}
          </button>
        </MoneyConfirmForm>
      )}
    </div>
  );
}

/** The creator's title, read by the client in their language (issue 46); its mark sits under the heading. */
function OrderTitle({ order }: { order: OrderDetail }) {
  const shown = useTextReading(order.title, order.titleReading);
  return (
    <>
      <h2 id="order-title" lang={shown.lang} className="text-xl font-bold text-zinc-900 dark:text-zinc-50">
        {shown.text}
      </h2>
      {shown.marker}
    </>
  );
}
