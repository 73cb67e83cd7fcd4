import { RESERVATION_MS } from "./slots";

/**
 * Follows (issue 66, decision 107): what a follower is told of a creator they follow. Pure: the facts come from D1
 * (worker/services/follows.ts reads them in SQL and writes each event once).
 *
 * A creator is **takeable** when they are open for commissions and a slot is free that nobody waits for (no slots set
 * counts as free). A follower is told when a creator becomes takeable: "opened" when they had been closed, "a slot
 * freed" when they had been open with every slot taken; and when the creator publishes a new service.
 */

/** What followers see of a creator at one moment. */
export interface CreatorAvailability {
  isOpen: boolean;
  hasRoom: boolean;
}

export type FollowEvent = "opened" | "slot_freed";

const takeable = (a: CreatorAvailability) => a.isOpen && a.hasRoom;

/**
 * The event of a change from `before` (what followers last saw; null when nobody has watched yet, so nothing is news)
 * to `now`; null when there is none (still takeable, still not, or becoming not takeable, which nobody is told).
 */
export function followEvent(before: CreatorAvailability | null, now: CreatorAvailability): FollowEvent | null {
  if (!before || takeable(before) || !takeable(now)) return null;
  return before.isOpen ? "slot_freed" : "opened";
}

/** Whether the profile's follow control reads "Notify me when they open": closed, or no free slot. */
export const isClosedToRequests = (a: CreatorAvailability) => !takeable(a);

/**
 * A follower in the creator's waitlist is told of a freed slot by the waitlist (decision 091), not again by their
 * follow: one waiting or holding a reservation, or whose reservation began this recently (it may have passed on
 * unused, the very slot this notice would announce).
 */
export const WAITLIST_TOLD_MS = 2 * RESERVATION_MS;
