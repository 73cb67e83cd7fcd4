/**
 * Deadlines moved by agreement (issue 50, decision 090): on a paid order before delivery the creator asks for a later
 * delivery date with a reason, and the client accepts or declines it within 3 days (declining, or no answer, keeps the
 * date); the client may give more time on their own. What a request is and which dates it may name are here; its
 * transitions are rows of the order process (order-process.ts). Pure: the time is an argument.
 */
import { hasUnstorableCharacters, isBlankText, normalizeText, textLength } from "../../domain/text";

const DAY = 86_400_000;
/** A chosen day's delivery date: the end of that day's last minute in UTC (dates are shown in UTC). */
export const END_OF_DAY_MS = DAY - 60_000;
/** How long the client has to answer a request; unanswered, it lapses and the date stays. */
export const EXTENSION_ANSWER_MS = 3 * DAY;
/** A move is at most this far past the date it moves: a longer one is a new order, not an extension. */
export const EXTENSION_MAX_MS = 60 * DAY;
export const EXTENSION_REASON_MAX = 1000;

/** The creator's request, waiting for the client's answer. */
export interface ExtensionRequest {
  /** The delivery date asked for (epoch ms). */
  proposedDeadline: number;
  requestedAt: number;
  /**
   * How long open disputes stopped the request's clock (decision 088): its 3 days count without that time
   * (`resumedAfterDispute`). Absent until a dispute has.
   */
  pausedMs?: number;
}

/** The facts an extension reads and changes. */
export interface ExtensionFacts {
  deliveryDeadline: number | null;
  extensionRequest?: ExtensionRequest | null;
  /** The delivery date the order was paid with, kept once a move changes it (the page shows both). */
  originalDeliveryDeadline?: number | null;
}

export const hasPendingExtension = (o: Pick<ExtensionFacts, "extensionRequest">): boolean =>
  Boolean(o.extensionRequest);

/** When an unanswered request lapses: 3 days after it was asked, not counting the time a dispute stopped it. */
export function extensionLapsesAt(o: Pick<ExtensionFacts, "extensionRequest">): number | null {
  const request = o.extensionRequest;
  return request ? request.requestedAt + EXTENSION_ANSWER_MS + (request.pausedMs ?? 0) : null;
}

/**
 * The request once a dispute opened at `openedAt` is settled at `now` (issue 59): the dispute stopped the order's
 * clocks, this one too (no alarm, no answer), so the time it was open does not count against the client's 3 days.
 * A request whose days had already ended when the dispute opened stays ended (what is added is less than what had
 * passed). Without a request, the order as it was.
 */
export function resumedAfterDispute<T extends ExtensionFacts>(o: T, openedAt: number, now: number): T {
  const request = o.extensionRequest;
  if (!request) return o;
  const paused = Math.max(0, now - Math.max(openedAt, request.requestedAt));
  return { ...o, extensionRequest: { ...request, pausedMs: (request.pausedMs ?? 0) + paused } };
}

export type ExtensionDateError = "extension_date_invalid";

/**
 * Whether `proposed` may replace the delivery date: later than it and than now, at most 60 days past the later of the
 * two (a date already passed moves from today), a whole epoch millisecond. An order without a delivery date has
 * nothing to move.
 */
export function extensionDateError(
  o: Pick<ExtensionFacts, "deliveryDeadline">,
  proposed: number,
  now: number,
): ExtensionDateError | null {
  const current = o.deliveryDeadline;
  if (current === null || !Number.isSafeInteger(proposed)) return "extension_date_invalid";
  const from = Math.max(current, now);
  if (proposed <= from || proposed > from + EXTENSION_MAX_MS) return "extension_date_invalid";
  return null;
}

/** The order with its delivery date moved to `deadline`, the first date kept, and any request answered. */
export function movedDelivery<T extends ExtensionFacts>(o: T, deadline: number): T {
  return {
    ...o,
    deliveryDeadline: deadline,
    originalDeliveryDeadline: o.originalDeliveryDeadline ?? o.deliveryDeadline,
    extensionRequest: null,
  };
}

/** A request's reason as stored: 1 to 1,000 characters, storable, normalized; null when it is not. */
export function extensionReasonOf(input: unknown): string | null {
  if (typeof input !== "string" || hasUnstorableCharacters(input) || isBlankText(input)) return null;
  const text = normalizeText(input);
  return textLength(text) > EXTENSION_REASON_MAX ? null : text;
}
