/**
 * Signals a stranger can read (issue 66, decision 106): what a creator's orders say about them, and what a client's
 * say about the client, computed from the facts of their orders. Pure: the service reads the facts
 * (worker/services/trust-signals.ts), the timed jobs keep one row per account, the pages show the row.
 */

/**
 * Below this many judged orders (for the on-time rate) or answered requests (for the typical first response) the
 * signal reads "new": a rate of a handful says more about luck than about the creator.
 */
export const SIGNAL_MIN_SAMPLE = 5;

const HOUR_MS = 3_600_000;

/** One order as the signals read it: its times on Comet's clock (ms), and the other party. */
export interface OrderFacts {
  /** The other party's commission account: the client for a creator's order, the creator for a client's. */
  otherPartyId: string;
  submittedAt: number;
  /** The creator's first answer: approval, a decline, or a chat message of theirs, whichever came first. */
  firstAnswerAt: number | null;
  deliveredAt: number | null;
  /** The delivery deadline in force (agreed extensions moved it); null before payment. */
  deliveryDeadline: number | null;
  completedAt: number | null;
  canceledAt: number | null;
}

/** What a creator's profile, service cards and request pages show. Null rate and time: "new" (below the sample). */
export interface CreatorSignals {
  identityVerified: boolean;
  ordersCompleted: number;
  /** Whole percent of judged orders delivered by their deadline; null below `SIGNAL_MIN_SAMPLE` judged. */
  onTimePercent: number | null;
  /** The median first answer in whole hours, rounded up (at least 1); null below `SIGNAL_MIN_SAMPLE` answered. */
  typicalResponseHours: number | null;
  /** Clients with two or more completed orders. */
  repeatClients: number;
  /** The account's creation month, `YYYY-MM` (UTC). */
  memberSince: string;
}

/** What a creator sees of a client on a request (decision 086's client record). */
export interface ClientSignals {
  ordersCompleted: number;
  /** Creators this client completed two or more orders with. */
  repeatCreators: number;
  memberSince: string;
}

/** A creator's first answer to a request: the earliest of their approval, their decline and their first chat message. */
export function earliestAnswer(...times: readonly (number | null)[]): number | null {
  const known = times.filter((t) => t !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/** `YYYY-MM` of a time, in UTC. */
export function monthOf(time: number): string {
  return new Date(time).toISOString().slice(0, 7);
}

/**
 * Whether an order is judged for punctuality, and whether it was on time: a delivered order with a deadline is on time
 * when delivered by it; an order cancelled undelivered after its deadline passed was late. Others are not judged.
 */
export function punctuality(order: OrderFacts): "on_time" | "late" | null {
  if (order.deliveryDeadline === null) return null;
  if (order.deliveredAt !== null) return order.deliveredAt <= order.deliveryDeadline ? "on_time" : "late";
  if (order.canceledAt !== null && order.canceledAt > order.deliveryDeadline) return "late";
  return null;
}

/** The middle value (the lower middle's and upper middle's mean for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How many other parties have two or more completed orders among these. */
function repeatParties(orders: readonly OrderFacts[]): number {
  const completedBy = new Map<string, number>();
  for (const order of orders)
    if (order.completedAt !== null) completedBy.set(order.otherPartyId, (completedBy.get(order.otherPartyId) ?? 0) + 1);
  return [...completedBy.values()].filter((n) => n >= 2).length;
}

/** A creator's signals from their orders (as seller), their Connect status and their account's creation time. */
export function creatorSignals(input: {
  orders: readonly OrderFacts[];
  identityVerified: boolean;
  accountCreatedAt: number;
}): CreatorSignals {
  const { orders } = input;
  const judged = orders.map(punctuality).filter((p) => p !== null);
  const onTime = judged.filter((p) => p === "on_time").length;
  const waits = orders.flatMap((o) => (o.firstAnswerAt === null ? [] : [Math.max(0, o.firstAnswerAt - o.submittedAt)]));
  const typicalWait = waits.length >= SIGNAL_MIN_SAMPLE ? median(waits) : null;
  return {
    identityVerified: input.identityVerified,
    ordersCompleted: orders.filter((o) => o.completedAt !== null).length,
    onTimePercent: judged.length >= SIGNAL_MIN_SAMPLE ? Math.round((onTime / judged.length) * 100) : null,
    typicalResponseHours: typicalWait === null ? null : Math.max(1, Math.ceil(typicalWait / HOUR_MS)),
    repeatClients: repeatParties(orders),
    memberSince: monthOf(input.accountCreatedAt),
  };
}

/** A client's signals from their orders (as buyer) and their account's creation time. */
export function clientSignals(input: { orders: readonly OrderFacts[]; accountCreatedAt: number }): ClientSignals {
  return {
    ordersCompleted: input.orders.filter((o) => o.completedAt !== null).length,
    repeatCreators: repeatParties(input.orders),
    memberSince: monthOf(input.accountCreatedAt),
  };
}

/** How a typical response reads: within hours up to a day and a half, then in days (rounded up). */
export function responseSpan(hours: number): { unit: "hours" | "days"; count: number } {
  return hours <= 36 ? { unit: "hours", count: hours } : { unit: "days", count: Math.ceil(hours / 24) };
}
