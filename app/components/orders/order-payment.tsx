// The Payment tab (spec sections 3, 4 and 6): the amount breakdown from money.ts (the buyer also sees the total
// approximated in their display currency), the payment status, and the buyer's Pay button with their first saved
// card. 3-D Secure leaves for the bank's page (the intent's redirect) and comes back to this order.
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { ErrorText } from "~/components/form/error-text";
import { cardBrandName } from "~/components/payments/card-brand";
import { cardErrorMessage } from "~/lib/payments/card-errors";
import { m } from "~/paraglide/messages.js";
import { buyerMayPay } from "../../../worker/domain/order-display";
import type { PaymentAccountMethod } from "../../../worker/payments/cards";
import type { OrderDetail } from "../../../worker/services/order-views";
import { showApproximation, showMoney } from "./order-format";

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1.5 text-sm ${strong ? "font-semibold" : ""}`}>
      <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
      <dd className="text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

export function OrderPayment({ order, firstCard }: { order: OrderDetail; firstCard: PaymentAccountMethod | null }) {
  const b = order.breakdown;
  const status =
    order.transactionStatus === "REFUNDED" ? m.orders_payment_refunded() : order.facts.payment === "COMPLETED" ? m.orders_payment_paid() : m.orders_payment_unpaid();
  return (
    <div className="space-y-4">
      {b ? (
        <dl className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="amount-breakdown">
          <Row label={m.orders_breakdown_total()} value={showMoney(b.totalAmount, b.currencyCode)} strong />
          <Row label={m.orders_breakdown_sales()} value={showMoney(b.salesAmount, b.currencyCode)} />
          <Row label={m.orders_breakdown_tax()} value={showMoney(b.taxAmount, b.currencyCode)} />
          {order.side === "seller" && <Row label={m.orders_breakdown_fee()} value={showMoney(b.feeAmount, b.currencyCode)} />}
          {order.side === "seller" && <Row label={m.orders_breakdown_income()} value={showMoney(b.incomeAmount, b.currencyCode)} strong />}
          {order.side === "buyer" && b.displayCurrencyCode !== b.currencyCode && (
            <Row label={m.orders_breakdown_display()} value={showApproximation(b.displayTotalAmount, b.displayCurrencyCode)} />
          )}
        </dl>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_breakdown_none()}</p>
      )}
      <dl>
        <Row label={m.orders_payment_status()} value={status} />
      </dl>
      {order.transactionStatus === "REFUNDED" && <p className="text-sm text-zinc-800 dark:text-zinc-200">{m.orders_refunded_notice()}</p>}
      {order.side === "buyer" && buyerMayPay(order.facts) && <PayButton order={order} firstCard={firstCard} />}
    </div>
  );
}

type PayAnswer =
  | { status: "succeeded" }
  | { status: "requires_action"; nextAction: { type: string; redirect_to_url?: { url: string } } | null }
  | { status: "failed"; error: { code: string | null; declineCode: string | null } }
  /** Charged, but the order had changed or ended: given back at once. */
  | { status: "refunded" }
  /** The order changed first: nothing was charged. */
  | { status: "voided" }
  | { error: string };

/** What the page says of a pay call that did not pay: each answer of the pay API in the user's language. */
function payProblem(response: Response, answer: PayAnswer): string | null {
  if ("status" in answer && answer.status === "failed") return cardErrorMessage({ code: answer.error.code ?? undefined, decline_code: answer.error.declineCode ?? undefined });
  if ("status" in answer && answer.status === "refunded") return m.orders_pay_refunded();
  if ("status" in answer && answer.status === "voided") return m.orders_pay_voided();
  if (response.status === 503) return m.orders_pay_unavailable();
  // Spec section 8: pay throws → 'You have already paid for this commission.'
  return response.ok ? null : m.orders_already_paid();
}

function PayButton({ order, firstCard }: { order: OrderDetail; firstCard: PaymentAccountMethod | null }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<"idle" | "paying" | "redirecting">("idle");
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    if (!firstCard) return;
    setState("paying");
    setError(null);
    try {
      const response = await fetch("/api/features/commission/order/pay", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderId: order.id, accountMethodId: firstCard.id }),
      });
      const answer = (await response.json()) as PayAnswer;
      const problem = payProblem(response, answer);
      if (problem) {
        setError(problem);
        // The order changed under the payment: show it as it is now.
        if ("status" in answer && (answer.status === "refunded" || answer.status === "voided")) revalidator.revalidate();
      } else if ("status" in answer && answer.status === "requires_action" && answer.nextAction?.redirect_to_url?.url) {
        setState("redirecting");
        window.location.assign(answer.nextAction.redirect_to_url.url);
        return;
      } else {
        revalidator.revalidate();
      }
    } catch {
      setError(m.orders_already_paid());
    }
    setState("idle");
  }

  return (
    <div className="space-y-2">
      {firstCard ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_pay_with({ card: m.payments_card_label({ brand: cardBrandName(firstCard.card.brand), last4: firstCard.card.last4 }) })}</p>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.orders_pay_no_card()}{" "}
          <Link to={DASHBOARD_PATHS.settingsPayment} className="font-semibold text-brand-700 underline dark:text-brand-300">
            {m.orders_pay_add_card()}
          </Link>
        </p>
      )}
      <button type="button" onClick={pay} disabled={!firstCard || state !== "idle"} className="button-primary min-h-11 w-full disabled:cursor-not-allowed disabled:opacity-60">
        {state === "idle" ? m.orders_pay() : m.orders_paying()}
      </button>
      <ErrorText text={error} persistent />
      {state === "redirecting" && (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.orders_pay_redirecting()}
        </p>
      )}
    </div>
  );
}
