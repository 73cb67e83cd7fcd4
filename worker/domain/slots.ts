/**
 * A creator's capacity (issue 50, decision 091): how many orders they take at once, overall and per service or form,
 * and the fair queue for the clients who come while every slot is taken. Pure: the counts come from D1
 * (worker/services/waitlist.ts computes them in SQL, so a count and the write it guards are one statement).
 *
 * - A slot is held by an order from its approval until it completes or is cancelled (APPROVED, DELIVERED), and by a
 *   waitlist reservation: the 48 hours the first in line has to send their request, then that request while it waits
 *   for the creator's answer. Other pending requests hold none (the decision says why).
 * - A target (a service or a form) has room when the creator's overall count and its own count (each optional) both
 *   have a slot free.
 */

export const SLOT_COUNT_MAX = 50;
/** The first in line holds an opened slot this long to send their request. */
export const RESERVATION_MS = 48 * 3_600_000;
/** At most this many reservations handed out by one write (a creator raising their count by more waits for cron). */
export const OFFERS_PER_WRITE = 3;

/** The progress states whose orders hold a slot. */
export const SLOT_HOLDING_PROGRESS = ["APPROVED", "DELIVERED"] as const;

/**
 * Whether an order's move from `before` to `after` may change how many of its creator's slots are held: it starts or
 * stops holding one, or a request leaves DRAFT (answered: the waitlist place it was sent from stops holding its slot).
 */
export function movesHeldSlots(before: string, after: string): boolean {
  const holds = (progress: string) => (SLOT_HOLDING_PROGRESS as readonly string[]).includes(progress);
  return holds(before) !== holds(after) || (before === "DRAFT" && after !== "DRAFT");
}

export const WAITLIST_STATES = ["WAITING", "RESERVED", "REQUESTED", "LEFT", "REMOVED", "EXPIRED"] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
export type SlotTarget = { kind: "service"; id: string } | { kind: "form"; id: string };

/** A count of slots: how many there are (null: no limit) and how many are held. */
export interface SlotCount {
  slots: number | null;
  held: number;
}

/** What a client or visitor reads of a creator's capacity toward one target, or of the creator overall. */
export type SlotStatus =
  /** No slots set: the creator takes requests as before. */
  | { kind: "unlimited" }
  | { kind: "open"; open: number; slots: number }
  /** Every slot held; `waiting` clients in line, the line open to join. */
  | { kind: "waitlist"; waiting: number }
  /** Every slot held and the creator has closed the line. */
  | { kind: "full" };

/** Free slots of one count; null when it has no limit. */
const freeOf = (count: SlotCount) => (count.slots === null ? null : Math.max(0, count.slots - count.held));

/**
 * The status of a target (its own count and the creator's overall count) or, given one count, of the creator. The
 * tighter count is the one shown: a service with 1 slot of a creator's 3 reads "1 of 1".
 */
export function slotStatus(counts: SlotCount[], line: { waiting: number; closed: boolean }): SlotStatus {
  const limited = counts.filter((c): c is { slots: number; held: number } => c.slots !== null);
  if (limited.length === 0) return { kind: "unlimited" };
  const tightest = limited.reduce((a, b) => (freeOf(b)! < freeOf(a)! ? b : a));
  const open = freeOf(tightest)!;
  // A slot free while clients wait is being handed to the first of them (the same write), so it is not open to others.
  if (open > 0 && line.waiting === 0) return { kind: "open", open, slots: tightest.slots };
  return line.closed ? { kind: "full" } : { kind: "waitlist", waiting: line.waiting };
}

/** Whether a client may send a request now: a free slot nobody waits for, or their own reservation. */
export function mayRequest(status: SlotStatus, holdsReservation: boolean): boolean {
  return holdsReservation || status.kind === "unlimited" || status.kind === "open";
}

/** Why a client may not join a line, as a message key of messages/waitlist; null when they may. */
export type WaitlistRefusal =
  | "waitlist_error_open"
  | "waitlist_error_closed"
  | "waitlist_error_own"
  | "waitlist_error_already"
  | "waitlist_error_pending";

export function joinRefusal(
  status: SlotStatus,
  client: { isOwn: boolean; inLine: boolean; hasPendingRequest: boolean },
): WaitlistRefusal | null {
  if (client.isOwn) return "waitlist_error_own";
  if (client.inLine) return "waitlist_error_already";
  if (client.hasPendingRequest) return "waitlist_error_pending";
  if (status.kind === "full") return "waitlist_error_closed";
  if (status.kind !== "waitlist") return "waitlist_error_open";
  return null;
}

/** A slot count as a form posts it: blank for no limit, else a whole number from 1 to SLOT_COUNT_MAX. */
export function parseSlotCount(
  input: string,
): { ok: true; slots: number | null } | { ok: false; error: "slots_invalid" } {
  const text = input.trim();
  if (text === "") return { ok: true, slots: null };
  if (!/^\d{1,3}$/.test(text)) return { ok: false, error: "slots_invalid" };
  const slots = Number(text);
  return slots >= 1 && slots <= SLOT_COUNT_MAX ? { ok: true, slots } : { ok: false, error: "slots_invalid" };
}

/** Whether approving one more order takes the creator past a count: the page warns before it (decision 091). */
export function approvalExceeds(counts: SlotCount[]): boolean {
  return counts.some((c) => c.slots !== null && c.held >= c.slots);
}
