// The dispute desk's words (issue 49, decision 088), made by its loaders in the admin's language: the pages only show
// them, so the labels of every reason, outcome, side and amount never ship to the browser.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { isCurrencyCode } from "#worker/domain/currency";
import { formatDateTime } from "#worker/domain/dates";
import { settlementOutcomesFor, type DisputeOutcome, type DisputeReason } from "#worker/orders/domain/disputes";
import { formatMoney } from "#worker/domain/pricing";
import { disputeOutcomeLabel, disputeReasonLabel } from "#worker/messages/disputes";
import type { DisputeMoney } from "#worker/admin/services/admin-dispute-money";
import type { DisputeFacts, QueuedDisputeEntry } from "#worker/admin/services/admin-disputes";
import type { DisputeStatementView } from "#worker/orders/services/disputes";
import { ageText } from "./admin-texts.server";

/** An amount in its currency ("¥10,000", "$12.50"); a currency Comet does not price in reads as minor units and code. */
export const moneyText = (minor: number, code: string, locale: Locale) =>
  isCurrencyCode(code) ? formatMoney(minor, code, locale) : `${minor} ${code}`;

/** A time as the page shows it, with its ISO form for `<time>`. */
export const timeOf = (at: number, locale: Locale) => ({
  when: formatDateTime(at, locale),
  whenIso: new Date(at).toISOString(),
});

const handle = (name: string) => `@${name}`;

/** Who opened it and why: "Opened by the client: Quality". */
function openedText(facts: DisputeFacts, locale: Locale) {
  const reason = disputeReasonLabel(facts.dispute.reason as DisputeReason, locale);
  return facts.dispute.openedBy === "buyer"
    ? m.admin_disputes_opened_buyer({ reason })
    : m.admin_disputes_opened_seller({ reason });
}

/** One entry of the queue (/admin/disputes). */
export function queueEntryView(entry: QueuedDisputeEntry, locale: Locale) {
  return {
    orderId: entry.orderId,
    code: entry.code,
    heading: m.admin_reports_order({ code: entry.code }),
    title: entry.title,
    parties: m.admin_disputes_parties({ seller: handle(entry.sellerHandle), buyer: handle(entry.buyerHandle) }),
    opened: openedText(entry, locale),
    opening: entry.opening,
    answered: entry.dispute.answeredAt !== null,
    answer: entry.dispute.answeredAt !== null ? m.admin_disputes_answered() : m.admin_disputes_unanswered(),
    stake: m.admin_disputes_stake({ amount: moneyText(entry.stake, entry.currency, locale) }),
    waiting: m.admin_reports_waiting({ age: ageText(entry.ageMs) }),
    ...timeOf(entry.dispute.openedAt, locale),
  };
}
export type QueueEntryView = ReturnType<typeof queueEntryView>;

/** The toast after a settlement: which order, and how it was settled; null when the order has no settled dispute. */
export function settledToast(facts: DisputeFacts | null, locale: Locale) {
  const outcome = facts?.dispute.outcome;
  if (!facts || facts.open || !outcome) return null;
  return {
    title: m.admin_disputes_settled_title(),
    description: m.admin_disputes_settled_body({ code: facts.code, outcome: disputeOutcomeLabel(outcome, locale) }),
  };
}

/** The record's heading facts: the state of the dispute, its parties. */
export function factsView(facts: DisputeFacts, now: number, locale: Locale) {
  const { dispute } = facts;
  const state =
    facts.open || !dispute.outcome || dispute.settledAt === null
      ? m.admin_dispute_open_since({
          date: formatDateTime(dispute.openedAt, locale),
          age: ageText(Math.max(0, now - dispute.openedAt)),
        })
      : m.admin_dispute_settled_on({
          date: formatDateTime(dispute.settledAt, locale),
          outcome: disputeOutcomeLabel(dispute.outcome, locale),
        });
  return {
    orderId: facts.orderId,
    code: facts.code,
    heading: m.admin_dispute_title({ code: facts.code }),
    title: facts.title,
    open: facts.open,
    state,
    opened: openedText(facts, locale),
    answer: dispute.answeredAt !== null ? m.admin_disputes_answered() : m.admin_disputes_unanswered(),
    seller: handle(facts.sellerHandle),
    buyer: handle(facts.buyerHandle),
    total: facts.priceAmount === null ? m.admin_dispute_none() : moneyText(facts.priceAmount, facts.currency, locale),
  };
}

const SIDES = {
  buyer: m.admin_dispute_side_buyer,
  seller: m.admin_dispute_side_seller,
  admin: m.admin_dispute_side_admin,
} as const;
const KINDS = {
  opening: m.admin_dispute_statement_opening,
  answer: m.admin_dispute_statement_answer,
  settlement: m.admin_dispute_statement_settlement,
} as const;

/** What each statement's line says besides its body: its reason, or a settlement's outcome and refund. */
function statementNotes(statement: DisputeStatementView, currency: string, locale: Locale): string[] {
  if (statement.kind === "opening" && statement.reason)
    return [m.admin_dispute_reason({ reason: disputeReasonLabel(statement.reason as DisputeReason, locale) })];
  if (statement.kind !== "settlement" || !statement.reason) return [];
  const outcome = m.admin_dispute_outcome({
    outcome: disputeOutcomeLabel(statement.reason as DisputeOutcome, locale),
  });
  return statement.refundAmount === null
    ? [outcome]
    : [outcome, m.admin_dispute_refunded({ amount: moneyText(statement.refundAmount, currency, locale) })];
}

export interface FileLinkView {
  id: string;
  name: string;
  /** The admin door's address while the dispute is open; null once it is settled. */
  href: string | null;
  /** A deliverable's SHA-256 as Comet computed it, or that it differs from the browser's (issue 75). */
  checksum?: { text: string; differs: boolean } | null;
}

/** The dispute's statements, oldest first: who said what, when, the original and the admin's reading, the files. */
export function threadView(
  thread: DisputeStatementView[],
  facts: DisputeFacts,
  fileHref: (id: string) => string | null,
  locale: Locale,
) {
  return thread.map((statement) => ({
    id: statement.id,
    who: KINDS[statement.kind]({ who: SIDES[statement.side]() }),
    notes: statementNotes(statement, facts.currency, locale),
    ...timeOf(statement.createdAt, locale),
    body: statement.body,
    translation: statement.reading.kind === "translated" ? statement.reading.text : null,
    files: statement.files.map((file): FileLinkView => ({ id: file.id, name: file.name, href: fileHref(file.id) })),
  }));
}

const EFFECTS: Record<DisputeOutcome, (inputs: { amount: string }) => string> = {
  refund: m.admin_dispute_effect_refund,
  release: m.admin_dispute_effect_release,
  split: m.admin_dispute_effect_split,
  reopen: () => m.admin_dispute_effect_reopen(),
};

/** The money: what is at stake, what each outcome would move, and each payment and payout beside Stripe's figures. */
export function moneyView(facts: DisputeFacts, money: DisputeMoney, locale: Locale) {
  const stake = moneyText(facts.stake, facts.currency, locale);
  const atStripe = <T>(line: { read: true; value: T } | { read: false; reason: string }, text: (value: T) => string) =>
    line.read
      ? text(line.value)
      : line.reason === "none"
        ? m.admin_dispute_stripe_none()
        : m.admin_dispute_stripe_unreachable();
  const deposit = facts.deposit;
  return {
    stake: m.admin_dispute_stake({ amount: stake }),
    // The creator's deposit terms (decision 100), for the admin to read: a split keeps a kept deposit with the creator.
    depositTerms: deposit
      ? (deposit.terms.refundable ? m.admin_dispute_deposit_refundable : m.admin_dispute_deposit_kept)({
          percent: String(deposit.terms.percent),
          amount: moneyText(deposit.amount, facts.currency, locale),
          refund: moneyText(Math.max(0, facts.stake - deposit.amount), facts.currency, locale),
        })
      : null,
    effects: settlementOutcomesFor(facts.progress).map((outcome) => ({
      outcome: disputeOutcomeLabel(outcome, locale),
      effect: EFFECTS[outcome]({ amount: stake }),
    })),
    payments: money.payments.map((payment) => ({
      id: payment.id,
      ...timeOf(payment.createdAt, locale),
      status: payment.status,
      intentId: payment.intentId ?? "",
      amount: moneyText(payment.amount, payment.currency, locale),
      refunded: moneyText(payment.refundedAmount, payment.currency, locale),
      stripe: atStripe(payment.stripe, (charges) => {
        const code = charges.currencies[0] ?? payment.currency;
        return m.admin_dispute_stripe_charges({
          captured: moneyText(charges.captured, code, locale),
          refunded: moneyText(charges.refunded, code, locale),
        });
      }),
    })),
    payouts: money.payouts.map((payout) => ({
      id: payout.id,
      part:
        payout.stageIndex === null
          ? m.admin_dispute_payout_order()
          : m.admin_dispute_payout_stage({ n: String(payout.stageIndex + 1) }),
      status: payout.lastError ? `${payout.status} (${payout.lastError})` : payout.status,
      amount: moneyText(payout.amount, payout.currency, locale),
      transferId: payout.transferId ?? "",
      stripe: atStripe(payout.stripe, (transfer) =>
        m.admin_dispute_stripe_transfer({
          amount: moneyText(transfer.amount, transfer.currency, locale),
          reversed: moneyText(transfer.reversed, transfer.currency, locale),
        }),
      ),
    })),
  };
}
