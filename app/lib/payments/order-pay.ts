/**
 * The buyer's Pay, as spec section 4's "Payment flow" and section 8's "Payment failure" ask (decision 057):
 * 1. If the order's PENDING transaction already has an intent (paid with the card chosen now), check it first: one
 *    waiting for 3-D Secure is taken up where it was left (no new payment request), one that went through is read
 *    as paid.
 * 2. Otherwise the pay call; a `requires_action` answer's next action is taken in the page (next-action.ts).
 * 3. A pay call that failed (no answer, or the server's 5xx: the confirm may have gone through) falls back to the
 *    same check of the pending intent before saying anything.
 * The Order object still decides every payment (one intent per order and total, exactly once); this only chooses
 * which call the page makes next.
 */
import { m } from "#app/paraglide/messages.js";
import type { CardEntry } from "#worker/payments/card-entry";
import { intentActionOf, type StripeNextAction } from "./card-entry";
import { cardErrorMessage } from "./card-errors";
import { handleIntentAction } from "./next-action";

export type PayOutcome =
  | { status: "paid" }
  | { status: "redirecting" }
  /** `refresh`: the order or the cards changed under the payment: the page reads them again. */
  | { status: "problem"; message: string; refresh: boolean };

type PayAnswer =
  | { status: "succeeded" }
  | {
      status: "requires_action";
      transactionId: string;
      intentId: string;
      clientSecret: string;
      nextAction: StripeNextAction | null;
    }
  | { status: "failed"; error: { code: string | null; declineCode: string | null } }
  /** Charged, but the order had changed or ended: given back at once. */
  | { status: "refunded" }
  /** The order changed first: nothing was charged. */
  | { status: "voided" }
  | { error: string };

interface PendingPayment {
  transactionId: string;
  intentId: string;
  accountMethodId: string | null;
}

interface IntentCheck {
  status: string;
  nextAction: StripeNextAction | null;
  clientSecret: string | null;
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function pendingPayment(orderId: string): Promise<PendingPayment | null> {
  const response = await post("/api/features/commission/order/payment/pending", { orderId });
  if (!response.ok) return null;
  return ((await response.json()) as { payment: PendingPayment | null }).payment;
}

/** `intent/payment/get`: the Worker reads the intent from Stripe and records it on the order if it succeeded. */
async function checkIntent(payment: { intentId: string; transactionId: string }): Promise<IntentCheck | null> {
  const response = await post("/api/stripe/intent/payment/get", {
    intentId: payment.intentId,
    transactionId: payment.transactionId,
  });
  return response.ok ? ((await response.json()) as IntentCheck) : null;
}

const problem = (message: string, refresh = false): PayOutcome => ({ status: "problem", message, refresh });

/** What the check of an intent means for the page; null when it leaves nothing to take up (pay normally). */
async function settleChecked(
  cardEntry: CardEntry,
  payment: { intentId: string; transactionId: string },
  check: IntentCheck | null,
  onAuthenticating: () => void,
) {
  if (check?.status === "succeeded") return { status: "paid" } as const;
  if (check?.status === "refunded") return problem(m.orders_pay_refunded(), true);
  const action = check?.status === "requires_action" ? intentActionOf(check.nextAction) : null;
  if (!action || !check?.clientSecret) return null;
  onAuthenticating();
  const outcome = await handleIntentAction(cardEntry, {
    kind: "payment_intent",
    id: payment.intentId,
    clientSecret: check.clientSecret,
    action,
  });
  if (outcome.status === "redirecting") return outcome;
  if (outcome.status === "failed") return problem(cardErrorMessage(outcome.error));
  // Authenticated: the Worker reads the intent again and records the payment (the webhook would too, later).
  const after = await checkIntent(payment);
  if (after?.status === "succeeded" || after?.status === "processing") return { status: "paid" } as const;
  if (after?.status === "refunded") return problem(m.orders_pay_refunded(), true);
  return problem(m.card_error_authentication_failed());
}

/** The pending intent, if any, taken up: null when there is none or it needs nothing from the client. */
async function takeUpPending(
  cardEntry: CardEntry,
  orderId: string,
  onAuthenticating: () => void,
  accountMethodId?: string,
): Promise<PayOutcome | null> {
  const pending = await pendingPayment(orderId).catch(() => null);
  // Another card chosen: the pay call confirms the same intent with it (the Order object never makes a second one).
  if (!pending || (accountMethodId && pending.accountMethodId !== accountMethodId)) return null;
  return settleChecked(cardEntry, pending, await checkIntent(pending).catch(() => null), onAuthenticating);
}

/** What the page says of a pay call that did not pay: each answer of the pay API in the user's language. */
function payProblem(response: Response, answer: PayAnswer): PayOutcome | null {
  if ("status" in answer && answer.status === "failed")
    return problem(
      cardErrorMessage({ code: answer.error.code ?? undefined, decline_code: answer.error.declineCode ?? undefined }),
    );
  if ("status" in answer && answer.status === "refunded") return problem(m.orders_pay_refunded(), true);
  if ("status" in answer && answer.status === "voided") return problem(m.orders_pay_voided(), true);
  if (response.status === 503) return problem(m.orders_pay_unavailable());
  // The chosen card was deleted meanwhile (another tab): nothing was charged; the list is read again.
  if ("error" in answer && answer.error === "no_payment_method") return problem(m.orders_pay_card_gone(), true);
  // Spec section 8: pay throws → 'You have already paid for this commission.'
  return response.ok ? null : problem(m.orders_already_paid());
}

export async function payForOrder(input: {
  orderId: string;
  accountMethodId: string;
  cardEntry: CardEntry;
  onAuthenticating: () => void;
}): Promise<PayOutcome> {
  const { orderId, accountMethodId, cardEntry, onAuthenticating } = input;
  const resumed = await takeUpPending(cardEntry, orderId, onAuthenticating, accountMethodId);
  if (resumed) return resumed;

  let response: Response | null = null;
  let answer: PayAnswer | null = null;
  try {
    // The Pay pressed in the Payment tab, beside the amount and the card, is the client's confirmation (issue 75).
    response = await post("/api/features/commission/order/pay", { orderId, accountMethodId, confirmed: true });
    answer = (await response.json()) as PayAnswer;
  } catch {
    // No answer (the connection dropped, or a body that is not the API's): the confirm may have gone through.
  }
  if (!response || !answer || response.status >= 500) {
    const fallback = await takeUpPending(cardEntry, orderId, onAuthenticating);
    if (fallback) return fallback;
    return response?.status === 503 ? problem(m.orders_pay_unavailable()) : problem(m.orders_already_paid());
  }
  if ("status" in answer && answer.status === "requires_action") {
    const settled = await settleChecked(
      cardEntry,
      answer,
      { status: "requires_action", nextAction: answer.nextAction, clientSecret: answer.clientSecret },
      onAuthenticating,
    );
    return settled ?? problem(m.card_error_authentication_failed());
  }
  return payProblem(response, answer) ?? { status: "paid" };
}
