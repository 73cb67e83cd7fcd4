// The order page's dispute block as the loader hands it over (decision 088; decision 016's pattern): whether the viewer
// may open one now and the form's words, the open dispute's banner and the viewer's answer form, the thread of what each
// side and Comet's team wrote (each read in the viewer's language, the viewer's own as written), and a settlement's
// outcome with what it did to the money. Whether a party may open or answer is their row of the order process
// (`openTransition`), which the Order object applies again, so the page offers no move the object refuses.
import { m } from "#app/paraglide/messages.js";
import type { Database } from "#worker/db/client";
import type { Locale } from "#worker/domain/locales";
import {
  buyerDisputeWindowClosesAt,
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATEMENT_MAX,
  isDisputed,
  isDisputeReason,
  settlementOutcomesFor,
  type DisputeOutcome,
  type DisputeReason,
  type OrderDispute,
} from "#worker/orders/domain/disputes";
import { openTransition } from "#worker/orders/domain/order";
import { nextStep } from "#worker/orders/domain/order-display";
import { cancelRefund } from "#worker/orders/domain/order-money";
import { READ_AS_WRITTEN, type TextReading } from "#worker/domain/text-reading";
import { disputeOutcomeLabel, disputeReasonLabel } from "#worker/messages/disputes";
import { DISPUTE_FILES_MAX } from "#worker/media/domain/media-limits";
import { disputeThread, withSignedFiles, type DisputeStatementView } from "#worker/orders/services/disputes";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { showDateTime, showMoney } from "#app/components/orders/order-format";

/** A statement's textarea: its label and hint, the counter's words ("{count}" is filled in as one types), its limit. */
export interface DisputeStatementField {
  label: string;
  hint: string;
  counter: string;
  max: number;
  submit: string;
  /** Evidence files under the statement: the picker's label and hint, and each chosen file's remove button. */
  files: { label: string; hint: string; remove: string; uploading: string };
}

export interface DisputeOpenForm extends DisputeStatementField {
  toggle: string;
  heading: string;
  /** What a dispute is and does, in three short paragraphs: who decides, the pause, the possible outcomes. */
  explanation: string[];
  /** The client's last day to dispute a delivered order; null when no window closes. */
  until: string | null;
  reasonLegend: string;
  reasons: { value: DisputeReason; label: string }[];
  close: string;
}

export interface DisputeEntry {
  id: string;
  side: DisputeStatementView["side"];
  /** Who wrote it, what it is, and when: "The client · Opened the dispute · Nov 27, 2026, 11:08". */
  meta: string;
  /** An opening's reason or a decision's outcome; null for an answer. */
  detail: string | null;
  body: string;
  /** How the viewer reads it: their own as written, the others' in their language (the original one click away). */
  reading: TextReading;
  filesLabel: string;
  files: { id: string; name: string; url: string | null }[];
}

export interface DisputeCase {
  heading: string;
  /** While the dispute is open: the banner, and what it waits for. */
  banner: { title: string; body: string; waitingFor: string } | null;
  threadHeading: string;
  entries: DisputeEntry[];
  /** The viewer's answer form, when the dispute waits for their answer. */
  answer: DisputeStatementField | null;
  /** Once settled: the outcome, Comet's team's reason, and the money (or the reopened order's new deadline). */
  settled: {
    heading: string;
    summary: string;
    reasonHeading: string;
    reason: DisputeEntry | null;
    facts: { label: string; value: string }[];
  } | null;
}

export interface OrderDisputePanel {
  /** The form to open a dispute, when the viewer may open one now. */
  report: DisputeOpenForm | null;
  /** The order's latest dispute, open or settled, and every statement so far; null when it never had one. */
  dispute: DisputeCase | null;
}

/** The block for one of the order's parties; null when they may not open a dispute and the order never had one. */
export async function orderDisputePanel(
  db: Database,
  env: Env,
  order: OrderDetail,
  viewer: { profileId: string; locale: Locale },
  now: number,
): Promise<OrderDisputePanel | null> {
  const { locale } = viewer;
  const facts = order.facts;
  const opening = openTransition(order.side === "buyer" ? "openDisputeByBuyer" : "openDisputeBySeller", facts, now);
  const mayOpen = opening.shown && opening.blockedBy === null;
  const dispute = facts.dispute ?? null;
  if (!mayOpen && !dispute) return null;
  // Each evidence file's read URL is signed for this viewer (the private bucket is read only so).
  const thread = dispute ? await withSignedFiles(env, await disputeThread(db, order.id, locale), viewer.profileId) : [];
  return {
    report: mayOpen ? openForm(order, locale) : null,
    dispute: dispute ? disputeCase(order, dispute, thread, now, locale) : null,
  };
}

/** The other party as the viewer's texts name them: their name, else their role. */
const otherParty = (order: OrderDetail) =>
  order.counterpart?.name ?? (order.side === "buyer" ? m.disputes_side_seller() : m.disputes_side_buyer());

function statementField(label: string, hint: string, submit: string, locale: Locale): DisputeStatementField {
  const max = DISPUTE_STATEMENT_MAX;
  return {
    label,
    hint,
    counter: m.disputes_counter({ count: "{count}", max: max.toLocaleString(locale) }),
    max,
    submit,
    files: {
      label: m.disputes_files_add(),
      hint: m.disputes_files_hint({ max: DISPUTE_FILES_MAX }),
      remove: m.disputes_files_remove({ name: "{name}" }),
      uploading: m.disputes_files_uploading(),
    },
  };
}

function openForm(order: OrderDetail, locale: Locale): DisputeOpenForm {
  const name = otherParty(order);
  // The client disputes the work within a week of its delivery, completed or not (the `buyerMayStillDispute` guard,
  // decision 092).
  const closesAt = order.side === "buyer" ? buyerDisputeWindowClosesAt(order.facts) : null;
  const until = closesAt === null ? null : m.disputes_open_until({ date: showDateTime(closesAt) });
  // What Comet's team may decide, as the desk offers it: a completed order's dispute ends in money, never a reopen.
  const outcomes = settlementOutcomesFor(order.facts.progress).includes("reopen")
    ? m.disputes_open_outcomes()
    : m.disputes_open_outcomes_completed();
  return {
    ...statementField(
      m.disputes_statement_label(),
      m.disputes_statement_hint({ name }),
      m.disputes_open_submit(),
      locale,
    ),
    toggle: m.disputes_report_toggle(),
    heading: m.disputes_open_heading(),
    explanation: [m.disputes_open_intro({ name }), m.disputes_open_pause(), outcomes],
    until,
    reasonLegend: m.disputes_reason_legend(),
    reasons: DISPUTE_REASONS.map((value) => ({ value, label: disputeReasonLabel(value, locale) })),
    close: m.disputes_open_close(),
  };
}

const SIDE_NAMES = {
  buyer: m.disputes_side_buyer,
  seller: m.disputes_side_seller,
  admin: m.disputes_side_admin,
} as const;
const KIND_NAMES = {
  opening: m.disputes_kind_opening,
  answer: m.disputes_kind_answer,
  settlement: m.disputes_kind_settlement,
} as const;
const isOutcome = (value: unknown): value is DisputeOutcome =>
  typeof value === "string" && (DISPUTE_OUTCOMES as readonly string[]).includes(value);

function entryOf(order: OrderDetail, statement: DisputeStatementView, locale: Locale): DisputeEntry {
  const own = statement.side === order.side;
  const who = own ? m.disputes_side_you() : SIDE_NAMES[statement.side]();
  const { reason } = statement;
  const detail =
    statement.kind === "opening" && isDisputeReason(reason)
      ? m.disputes_reason_line({ reason: disputeReasonLabel(reason, locale) })
      : statement.kind === "settlement" && isOutcome(reason)
        ? m.disputes_outcome_line({ outcome: disputeOutcomeLabel(reason, locale) })
        : null;
  return {
    id: statement.id,
    side: statement.side,
    meta: m.disputes_entry_meta({ who, kind: KIND_NAMES[statement.kind](), date: statement.date }),
    detail,
    body: statement.body,
    reading: own ? READ_AS_WRITTEN : statement.reading,
    filesLabel: m.disputes_files_label(),
    // A file's read URL, once the thread's files are signed for the reader (evidence files, decision 088).
    files: statement.files.map((file) => ({
      id: file.id,
      name: file.name,
      url: file.url ?? null,
    })),
  };
}

function disputeCase(
  order: OrderDetail,
  dispute: OrderDispute,
  thread: DisputeStatementView[],
  now: number,
  locale: Locale,
): DisputeCase {
  const open = isDisputed(order.facts);
  const name = otherParty(order);
  const answering = openTransition(
    order.side === "buyer" ? "answerDisputeByBuyer" : "answerDisputeBySeller",
    order.facts,
    now,
  );
  const mayAnswer = open && answering.shown && answering.blockedBy === null;
  // A settled dispute's decision is shown with its outcome, not again in the thread.
  const decision = open ? null : (thread.findLast((s) => s.kind === "settlement") ?? null);
  return {
    heading: m.disputes_order_heading(),
    banner: open
      ? {
          title: m.disputes_banner_title(),
          body: m.disputes_banner_body(),
          waitingFor: mayAnswer
            ? m.disputes_banner_answer_yours({ name })
            : dispute.answeredAt === null
              ? m.disputes_banner_awaiting_answer({ name })
              : m.disputes_banner_answered(),
        }
      : null,
    threadHeading: m.disputes_thread_heading(),
    entries: thread.filter((s) => s !== decision).map((s) => entryOf(order, s, locale)),
    answer: mayAnswer
      ? statementField(m.disputes_answer_label(), m.disputes_answer_hint({ name }), m.disputes_answer_submit(), locale)
      : null,
    settled:
      !open && dispute.outcome
        ? {
            heading: m.disputes_settled_heading(),
            summary: m.disputes_settled_summary({
              date: showDateTime(dispute.settledAt),
              outcome: disputeOutcomeLabel(dispute.outcome, locale),
            }),
            reasonHeading: m.disputes_settled_reason(),
            reason: decision ? entryOf(order, decision, locale) : null,
            facts: settledFacts(order, dispute.outcome),
          }
        : null,
  };
}

/**
 * What the settlement did: for a refund or a split, what went back to the client and what the creator kept (the cancel
 * rule the Order object refunded by, `cancelRefund`); for a release, the total paid to the creator; for a reopen, the
 * order's new deadline (the one its next step waits on).
 */
function settledFacts(order: OrderDetail, outcome: DisputeOutcome): { label: string; value: string }[] {
  const money = (amount: number) => showMoney(amount, order.currencyCode);
  switch (outcome) {
    case "refund":
    case "split": {
      const refund = cancelRefund(order.facts);
      if (refund.kind === "full") return [{ label: m.disputes_money_refunded(), value: money(refund.amount) }];
      if (refund.kind === "partial")
        return [
          { label: m.disputes_money_refunded(), value: money(refund.amount) },
          { label: m.disputes_money_kept(), value: money(refund.keptAmount) },
        ];
      return [];
    }
    case "release":
      return order.priceAmount === null
        ? []
        : [{ label: m.disputes_money_released(), value: money(order.priceAmount) }];
    case "reopen": {
      const { deadline } = nextStep(order.facts);
      return deadline === null ? [] : [{ label: m.disputes_reopen_deadline(), value: showDateTime(deadline) }];
    }
  }
}
