import type { SlotStatus } from "#worker/domain/slots";

/** A creator's slot status as a loader words it (slotStatusText); null when they set no slots. */
export type SlotBadgeView = { kind: Exclude<SlotStatus["kind"], "unlimited">; text: string } | null;

/** "2 of 3 slots open", "Waitlist (5 waiting)", "All slots taken" (issue 50, decision 091). */
export function SlotBadge({ slots, className = "" }: { slots: SlotBadgeView; className?: string }) {
  if (!slots) return null;
  return (
    <span data-slots={slots.kind} data-testid="slot-status" className={`slot-badge ${className}`.trim()}>
      {slots.text}
    </span>
  );
}
