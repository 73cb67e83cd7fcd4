// The Payment tab (spec sections 3, 4 and 6): the order's price line by line as it was priced and as the creator
// changed it (issue 63; worded by the loader, order-price-texts.server.ts), the amount breakdown from money.ts (the buyer also sees the total
// approximated in their display currency), what the money did once part of it went back or a dispute released it, the
// creator's share of it, and the payment status, all read off the order's money story (decision 094); and the buyer's
// Pay button with the saved card they choose (the first preselected; issue 33, decision 056). Paying checks a pending
// intent first, and 3-D Secure opens in the page (order-pay.ts, decision 057); only a redirect-type action leaves for
// the bank's page and comes back.
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { ErrorText } from "#app/components/form/error-text";
import { CardBrandMark, cardBrandName } from "#app/components/payments/card-brand";
import { payForOrder } from "#app/lib/payments/order-pay";
import { m } from "#app/paraglide/messages.js";
import { isDisputed } from "#worker/orders/domain/disputes";
import { buyerMayPay } from "#worker/orders/domain/order-display";
import {
  isReturnedPayment,
  type KeptReason,
  type OrderMoneyStory,
  type RefundReason,
} from "#worker/orders/domain/order-money-story";
import type { CardEntry } from "#worker/payments/card-entry";
import type { PaymentAccountMethod } from "#worker/payments/cards";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { showApproximation, showDateTime, showMoney } from "./order-format";
import { refundNoteText } from "./order-refund-texts";
import { CheckedInput } from "#app/components/form/checked-input";
import { useTextReading } from "#app/components/translation/use-text-reading";
import type { PriceLineText } from "#app/loaders/orders/order-price-texts.server";
import type { OrderPartsTexts } from "#app/loaders/orders/order-parts-texts.server";
import { OrderParts, PartDueNotice } from "./order-parts";
import { OrderReceipts } from "#app/components/documents/document-list";

function Row({
  label,
  value,
  strong = false,
  note,
  moved,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** Why this money moved, under its label. */
  note?: string;
  moved?: string;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 py-1.5 text-sm ${strong ? "font-semibold" : ""}`} data-moved={moved}>
      <dt className="text-zinc-700 dark:text-zinc-300">
        {label}
        {note && <span className="block text-xs font-normal first-letter:uppercase">{note}</span>}
      </dt>
      <dd className="text-zinc-900 dark:text-zinc-100" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Why money went back or stayed, in the histories' words (one phrase for each reason, decision 094). */
const REASONS: Record<RefundReason | KeptReason, () => string> = {
  canceled: m.history_reason_canceled,
  stages_not_approved: m.history_reason_stages_not_approved,
  dispute_refund: m.history_reason_dispute_refund,
  dispute_split: m.history_reason_dispute_split,
  returned: m.history_reason_returned,
  completed: m.history_reason_completed,
  approved_stages: m.history_reason_approved_stages,
  dispute_award: m.history_reason_dispute_award,
  dispute_release: m.history_reason_dispute_release,
  kept_deposit: m.history_reason_kept_deposit,
};

/** The payment's status as its money story reads it: "Partly refunded" whenever part stayed with the creator. */
function statusOf(money: OrderMoneyStory): string {
  const pending = money.refund !== null && !money.refund.done;
  switch (money.status) {
    case "unpaid":
      return m.orders_payment_unpaid();
    case "paid":
      return m.orders_payment_paid();
    case "refunded":
      return pending ? m.orders_payment_refunding() : m.orders_payment_refunded();
    case "partly_refunded":
      return pending ? m.orders_payment_partly_refunding() : m.orders_payment_partially_refunded();
  }
}

/**
 * What moved, once money went back or a dispute released it: what went back to the client and each part that stays
 * with the creator, each with its reason. Null while the money is where the order left it (paid, completed).
 */
function MoneyMoved({ order }: { order: OrderDetail }) {
  const { money, side, currencyCode } = order;
  // A release by a dispute, or a deposit the client left with the creator under its terms (decision 100), is told too.
  const told =
    money.refund !== null ||
    money.kept.some((part) => part.reason === "dispute_release" || part.reason === "kept_deposit");
  if (!told) return null;
  const seller = side === "seller";
  const back = money.refund?.done
    ? seller
      ? m.orders_money_back_seller()
      : m.orders_money_back_buyer()
    : seller
      ? m.orders_money_going_back_seller()
      : m.orders_money_going_back_buyer();
  return (
    <dl className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="money-moved">
      {money.refund && (
        <Row
          label={back}
          value={showMoney(money.refund.amount, currencyCode)}
          note={REASONS[money.refund.reason]()}
          moved="refund"
        />
      )}
      {money.kept.map((part) => (
        <Row
          key={part.reason}
          label={seller ? m.orders_money_kept_seller() : m.orders_money_kept_buyer()}
          value={showMoney(part.amount, currencyCode)}
          note={REASONS[part.reason]()}
          moved={part.reason}
        />
      ))}
    </dl>
  );
}

/**
 * The creator's share of the money (the money story's, each piece split as its payout is): of the whole total while
 * nothing went back, of what they keep once part did; the fee on it, their income and what Comet sends them.
 */
function CreatorShareRows({ order }: { order: OrderDetail }) {
  const { creator } = order.money;
  const money = (minor: number) => showMoney(minor, order.currencyCode);
  return (
    <dl className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="creator-share">
      <Row label={m.orders_breakdown_sales()} value={money(creator.salesAmount)} />
      <Row label={m.orders_breakdown_tax()} value={money(creator.taxAmount)} />
      <Row label={m.orders_breakdown_fee()} value={money(creator.feeAmount)} />
      <Row label={m.orders_breakdown_income()} value={money(creator.incomeAmount)} strong />
      <Row
        label={m.orders_money_payout()}
        value={money(creator.payoutAmount)}
        // A completion inside the client's week after delivery holds the payout until the week ends (decision 092).
        note={
          order.facts.payoutHeldUntil == null
            ? undefined
            : isDisputed(order.facts)
              ? m.orders_money_payout_disputed()
              : m.orders_money_payout_clears({ date: showDateTime(order.facts.payoutHeldUntil) })
        }
        testId="creator-payout"
      />
    </dl>
  );
}

/** A price line's name: a choice's title as the viewer reads it (translated for the client when stored), or Comet's words. */
function LineLabel({ line }: { line: PriceLineText }) {
  const shown = useTextReading(line.label, line.reading, { ask: false });
  return (
    <>
      <span lang={shown.lang}>{shown.text}</span>
      {line.detail && <span className="ml-2 text-zinc-600 tabular-nums dark:text-zinc-400">{line.detail}</span>}
      {shown.marker}
    </>
  );
}

/**
 * The order's price as it was priced (issue 63): each line, then (in the breakdown below) the total they make. The
 * Payment tab is the order's receipt: the client reads what they pay for, the creator what they priced.
 */
function PriceLines({ heading, lines }: { heading: string; lines: PriceLineText[] }) {
  return (
    <section aria-labelledby="order-price-lines" data-testid="price-lines">
      <h3 id="order-price-lines" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {heading}
      </h3>
      <dl className="mt-1 divide-y divide-zinc-200 dark:divide-zinc-800">
        {lines.map((line, index) => (
          <div key={index} className="flex justify-between gap-4 py-1.5 text-sm" data-line={line.kind}>
            <dt className="min-w-0 text-zinc-700 dark:text-zinc-300">
              <LineLabel line={line} />
            </dt>
            <dd className="shrink-0 text-right text-zinc-900 tabular-nums dark:text-zinc-100">
              {line.amount}
              {line.approximate && (
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{line.approximate}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * `payFocus`: how many times the summary's Pay was pressed; each press brings the Pay section into view and focus.
 * `priceLines`: the lines and their heading from the loader; null for an order from before the lines were kept.
 * `parts`: an order's parts (a deposit and its rest, decision 100; each stage's, 101), the notice of a later part due
 * and its Pay words; null for an order paid at once.
 */
export function OrderPayment({
  order,
  cards,
  cardEntry,
  payFocus = 0,
  priceLines = null,
  parts = null,
}: {
  order: OrderDetail;
  cards: PaymentAccountMethod[];
  cardEntry: CardEntry;
  payFocus?: number;
  priceLines?: { heading: string; lines: PriceLineText[] } | null;
  parts?: OrderPartsTexts | null;
}) {
  const b = order.breakdown;
  const seller = order.side === "seller";
  return (
    <div className="space-y-4">
      {priceLines && <PriceLines {...priceLines} />}
      {b ? (
        <>
          <dl className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="amount-breakdown">
            <Row label={m.orders_breakdown_total()} value={showMoney(b.totalAmount, b.currencyCode)} strong />
            {/* The client's side: the total's own split. The creator's: their share's, below what moved. */}
            {!seller && <Row label={m.orders_breakdown_sales()} value={showMoney(b.salesAmount, b.currencyCode)} />}
            {!seller && <Row label={m.orders_breakdown_tax()} value={showMoney(b.taxAmount, b.currencyCode)} />}
            {!seller && b.displayCurrencyCode !== b.currencyCode && (
              <Row
                label={m.orders_breakdown_display()}
                value={showApproximation(b.displayTotalAmount, b.displayCurrencyCode)}
              />
            )}
          </dl>
          <MoneyMoved order={order} />
          {seller && <CreatorShareRows order={order} />}
        </>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_breakdown_none()}</p>
      )}
      {parts && <OrderParts parts={parts} />}
      {order.money.status !== "unpaid" && <OrderReceipts />}
      <dl>
        <Row label={m.orders_payment_status()} value={statusOf(order.money)} testId="payment-status" />
      </dl>
      {/* A cancel's refund in the words of the rule that makes it (decision 061); else a payment given back as it landed. */}
      {refundNoteText(order) ? (
        <p className="text-sm text-zinc-800 dark:text-zinc-200" data-testid="refund-note">
          {refundNoteText(order)}
        </p>
      ) : (
        isReturnedPayment(order.facts, { status: order.transactionStatus }) && (
          <p className="text-sm text-zinc-800 dark:text-zinc-200">{m.orders_refunded_notice()}</p>
        )
      )}
      {/* Why a later part waits for the client (decisions 100, 101), right above the Pay that pays it. */}
      {parts?.partDue && <PartDueNotice text={parts.partDue} />}
      {order.side === "buyer" && buyerMayPay(order.facts) && (
        <PayButton
          order={order}
          cards={cards}
          cardEntry={cardEntry}
          payFocus={payFocus}
          partPay={parts?.partPay ?? null}
        />
      )}
    </div>
  );
}

const expiry = (card: PaymentAccountMethod["card"]) =>
  m.payments_card_expires({
    month: String(card.expMonth).padStart(2, "0"),
    year: String(card.expYear % 100).padStart(2, "0"),
  });
const cardName = (card: PaymentAccountMethod["card"]) =>
  m.payments_card_label({ brand: cardBrandName(card.brand), last4: card.last4 });

function PayButton({
  order,
  cards,
  cardEntry,
  payFocus,
  partPay,
}: {
  order: OrderDetail;
  cards: PaymentAccountMethod[];
  cardEntry: CardEntry;
  payFocus: number;
  /** A later part due (a deposit order's rest, decision 100; a stage's part, 101): the button's words and its amount. */
  partPay: OrderPartsTexts["partPay"];
}) {
  const revalidator = useRevalidator();
  const section = useRef<HTMLElement>(null);
  const [chosenId, setChosenId] = useState(cards[0]?.id ?? null);
  // A card deleted since (the list read again) falls back to the first one left.
  const chosen = cards.find((c) => c.id === chosenId) ?? cards[0] ?? null;
  const [state, setState] = useState<"idle" | "paying" | "authenticating" | "redirecting">("idle");
  const [error, setError] = useState<string | null>(null);
  // Opened from the summary's Pay: the section scrolls into view and takes focus (the section itself, not the Pay
  // button, so a held Enter cannot pay by accident); the next Tab reaches the card choice and Pay. Its top comes to
  // the top (below the sticky header, by the page's scroll-padding): centred, a section taller than the screen put the
  // card choice under the header, where a Tab pressed during the scroll left the focused card hidden.
  useEffect(() => {
    if (!payFocus || !section.current) return;
    section.current.scrollIntoView({ block: "start", behavior: "smooth" });
    section.current.focus({ preventScroll: true });
  }, [payFocus]);

  async function pay() {
    if (!chosen) return;
    setState("paying");
    setError(null);
    // Spec section 8: pay throws (a check after the pay call failed too, say) → 'You have already paid for this commission.'
    const outcome = await payForOrder({
      orderId: order.id,
      accountMethodId: chosen.id,
      cardEntry,
      onAuthenticating: () => setState("authenticating"),
    }).catch(() => ({ status: "problem", message: m.orders_already_paid(), refresh: true }) as const);
    if (outcome.status === "redirecting") return setState("redirecting");
    if (outcome.status === "problem") {
      setError(outcome.message);
      // The order (or the cards) changed under the payment: show them as they are now.
      if (outcome.refresh) revalidator.revalidate();
    } else {
      revalidator.revalidate();
    }
    setState("idle");
  }

  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label={m.orders_pay_section()}
      data-testid="pay-section"
      className="space-y-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
    >
      {cards.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {m.orders_pay_choose_card()}
          </legend>
          {cards.map(({ id, card }) => (
            <label
              key={id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-zinc-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:border-zinc-800 dark:has-[:checked]:border-brand-300 dark:has-[:checked]:bg-zinc-900"
            >
              <CheckedInput
                type="radio"
                name={`pay-card-${order.id}`}
                value={id}
                checked={chosen?.id === id}
                onCheckedChange={() => setChosenId(id)}
                disabled={state !== "idle"}
                className="size-4 accent-brand-600"
              />
              <CardBrandMark brand={card.brand} />
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-medium text-zinc-900 dark:text-zinc-100">{cardName(card)}</span>
                <span className="block text-zinc-700 dark:text-zinc-300">{expiry(card)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {partPay && (
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100" data-testid="rest-amount">
          {partPay.amount}
        </p>
      )}
      {chosen ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.orders_pay_with({ card: cardName(chosen.card) })}
          {cards.length === 1 && <> · {expiry(chosen.card)}</>}{" "}
          <Link
            to={DASHBOARD_PATHS.settingsPayment}
            className="font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {m.orders_pay_manage_cards()}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.orders_pay_no_card()}{" "}
          <Link
            to={DASHBOARD_PATHS.settingsPayment}
            className="font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {m.orders_pay_add_card()}
          </Link>
        </p>
      )}
      <button
        type="button"
        onClick={pay}
        disabled={!chosen || state !== "idle"}
        className="button-primary min-h-11 w-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        {state !== "idle" ? m.orders_paying() : (partPay?.label ?? m.orders_pay())}
      </button>
      <ErrorText text={error} persistent />
      {(state === "redirecting" || state === "authenticating") && (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {state === "redirecting" ? m.orders_pay_redirecting() : m.orders_pay_authenticating()}
        </p>
      )}
    </section>
  );
}
