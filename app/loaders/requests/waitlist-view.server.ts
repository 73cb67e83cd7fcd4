// What the service modal and the form page show of a creator's slots (issue 50, decision 091), worded by the loader in
// the reader's language: the status line and, while every slot is taken or the client holds a place, what stands in
// for the request or above it. The signed-in client's place is read only for a signed-in request (a signed-out page
// is the edge cache's copy for everyone), so `place` is null there by construction.
import type { SlotBadgeView } from "#app/components/catalog/slot-badge";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { formatDateTime } from "#worker/domain/dates";
import { mayRequest, type SlotStatus, type SlotTarget } from "#worker/domain/slots";
import { slotStatusText } from "#worker/messages/waitlist";
import type { RequestViewerState } from "#worker/orders/services/request-views";
import type { WaitlistPlace } from "#worker/services/waitlist";

/**
 * - join, sign-in, closed: every slot is taken; the explainer and its button (none when the line is closed) replace the
 *   request.
 * - waiting: the client is in line (their number, and Leave); `blocks` while the request stays refused.
 * - reserved: the slot held for them, highlighted above the request.
 */
export type WaitlistGate =
  | { kind: "join" | "sign-in" | "closed"; note: string }
  | { kind: "waiting"; note: string; entryId: string; blocks: boolean }
  | { kind: "reserved"; note: string };

export interface WaitlistView {
  target: SlotTarget;
  /** "2 of 3 slots open", "Waitlist (5 waiting)"…; null when the creator set no slots. */
  status: SlotBadgeView;
  /** Null: the request goes as before (or the gate of request-gate.tsx says why it cannot). */
  gate: WaitlistGate | null;
  /** The gate stands in for the request (every slot taken and no reservation), rather than above it. */
  blocks: boolean;
}

export function waitlistView(input: {
  target: SlotTarget;
  status: SlotStatus | null;
  place: WaitlistPlace | null;
  request: RequestViewerState;
  locale: Locale;
}): WaitlistView {
  const { target, status, place, request, locale } = input;
  const gate = gateOf(status, place, request, locale);
  const blocks = gate !== null && gate.kind !== "reserved" && (gate.kind !== "waiting" || gate.blocks);
  return { target, status: slotBadge(status, locale), gate, blocks };
}

/** A status as its badge shows it, in the reader's language; null without slots (or without a status). */
export function slotBadge(status: SlotStatus | null | undefined, locale: Locale): SlotBadgeView {
  const text = status ? slotStatusText(status, locale) : null;
  return status && text && status.kind !== "unlimited" ? { kind: status.kind, text } : null;
}

function gateOf(
  status: SlotStatus | null,
  place: WaitlistPlace | null,
  request: RequestViewerState,
  locale: Locale,
): WaitlistGate | null {
  const blocks = status !== null && !mayRequest(status, false);
  if (place?.state === "RESERVED" && place.reservedUntil !== null)
    return { kind: "reserved", note: m.waitlist_reserved({ until: formatDateTime(place.reservedUntil, locale) }) };
  if (place?.state === "WAITING")
    return {
      kind: "waiting",
      note: m.waitlist_joined({ position: String(place.position ?? 1) }),
      entryId: place.entryId,
      blocks,
    };
  // The creator and a client with a request pending keep their disabled button, which says why.
  if (!blocks || request.kind === "own" || request.kind === "already-sent") return null;
  if (status.kind === "full") return { kind: "closed", note: m.waitlist_closed_explainer() };
  return { kind: request.kind === "signed-out" ? "sign-in" : "join", note: m.waitlist_explainer() };
}
