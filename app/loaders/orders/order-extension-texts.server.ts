// The order page's delivery-date block as the loader hands it over (issue 50, decision 090; the dispute block's
// pattern): the creator's "Ask for more time" form or, while a request waits, the note of when it lapses; the client's
// answer to a waiting request (the proposed date, the reason read in their language, Accept and Decline) or their
// "Give more time" form. What each party is offered is their row of the order process (`openTransition`), which the
// Order object applies again, so the page offers no move the object refuses.
import { m } from "#app/paraglide/messages.js";
import type { Database } from "#worker/db/client";
import type { Locale } from "#worker/domain/locales";
import {
  END_OF_DAY_MS,
  EXTENSION_MAX_MS,
  EXTENSION_REASON_MAX,
  extensionLapsesAt,
} from "#worker/orders/domain/deadline-extensions";
import { openTransition } from "#worker/orders/domain/order";
import type { TextReading } from "#worker/domain/text-reading";
import { latestExtensionReason } from "#worker/orders/services/deadline-extensions";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { dateInputValue, showDate, showDateTime } from "#app/components/orders/order-format";

const DAY = 86_400_000;

/** A date field: its label, hint, and the first and last day the rule takes (yyyy-mm-dd, for the input's min and max). */
export interface ExtensionDateField {
  label: string;
  hint: string;
  min: string;
  max: string;
}

export interface ExtensionAskForm {
  toggle: string;
  heading: string;
  intro: string;
  date: ExtensionDateField;
  reason: { label: string; counter: string; max: number };
  submit: string;
}

export interface ExtensionGiveForm {
  toggle: string;
  intro: string;
  date: ExtensionDateField;
  submit: string;
}

export interface ExtensionPending {
  heading: string;
  facts: { label: string; value: string }[];
  until: string;
  reasonLabel: string;
  reason: { body: string; reading: TextReading } | null;
  accept: string;
  decline: string;
}

export interface OrderExtensionPanel {
  heading: string;
  /** The creator's form, when they may ask now. */
  ask: ExtensionAskForm | null;
  /** The creator's note while their request waits. */
  waiting: string | null;
  /** The client's answer to a waiting request. */
  pending: ExtensionPending | null;
  /** The client's form to move the date at once (folded). */
  give: ExtensionGiveForm | null;
}

const dayStart = (at: number) => Math.floor(at / DAY) * DAY;

/**
 * The days a new delivery date may fall on (extensionDateError): its end of day after the later of the date and now,
 * and no more than 60 days past it.
 */
function dateField(deadline: number, now: number): ExtensionDateField {
  const from = Math.max(deadline, now);
  const first = dayStart(from) + END_OF_DAY_MS > from ? dayStart(from) : dayStart(from) + DAY;
  const lastEnd = from + EXTENSION_MAX_MS;
  const last = dayStart(lastEnd) + END_OF_DAY_MS <= lastEnd ? dayStart(lastEnd) : dayStart(lastEnd) - DAY;
  return {
    label: m.extensions_date_label(),
    hint: m.extensions_date_hint({ min: showDate(first), max: showDate(last) }),
    min: dateInputValue(first),
    max: dateInputValue(last),
  };
}

/** The block for one of the order's parties; null when the order is not one whose delivery date may move. */
export async function orderExtensionPanel(
  db: Database,
  order: OrderDetail,
  locale: Locale,
  now: number,
): Promise<OrderExtensionPanel | null> {
  const facts = order.facts;
  const deadline = facts.deliveryDeadline;
  if (deadline === null) return null;
  const offered = (name: string) => {
    const t = openTransition(name, facts, now);
    return t.shown && t.blockedBy === null;
  };
  const request = facts.extensionRequest ?? null;
  const lapses = extensionLapsesAt(facts);
  const heading = m.extensions_heading();
  if (order.side === "seller") {
    const waiting =
      request && lapses !== null && openTransition("requestExtension", facts, now).shown
        ? m.extensions_waiting({ date: showDateTime(request.proposedDeadline), until: showDateTime(lapses) })
        : null;
    const ask = offered("requestExtension")
      ? {
          toggle: m.extensions_ask_toggle(),
          heading: m.extensions_ask_heading(),
          intro: m.extensions_ask_intro({ name: order.counterpart?.name ?? m.disputes_side_buyer() }),
          date: dateField(deadline, now),
          reason: {
            label: m.extensions_reason_label(),
            counter: m.extensions_counter({ count: "{count}", max: EXTENSION_REASON_MAX.toLocaleString(locale) }),
            max: EXTENSION_REASON_MAX,
          },
          submit: m.extensions_ask_submit(),
        }
      : null;
    return ask || waiting ? { heading, ask, waiting, pending: null, give: null } : null;
  }
  const answerable = request !== null && lapses !== null && offered("acceptExtension");
  const pending: ExtensionPending | null = answerable
    ? {
        heading: m.extensions_pending_heading(),
        facts: [
          { label: m.extensions_pending_date(), value: showDateTime(request.proposedDeadline) },
          { label: m.extensions_pending_current(), value: showDateTime(deadline) },
        ],
        until: m.extensions_pending_until({ date: showDateTime(lapses) }),
        reasonLabel: m.extensions_pending_reason(),
        reason: await latestExtensionReason(db, order.id, locale),
        accept: m.extensions_accept(),
        decline: m.extensions_decline(),
      }
    : null;
  const give = offered("giveExtension")
    ? {
        toggle: m.extensions_give_toggle(),
        intro: m.extensions_give_intro(),
        date: dateField(deadline, now),
        submit: m.extensions_give_submit(),
      }
    : null;
  return pending || give ? { heading, ask: null, waiting: null, pending, give } : null;
}
