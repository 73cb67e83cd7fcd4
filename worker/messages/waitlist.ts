// The waitlist's words (decision 091) in the reader's language: why a door refused, and a creator's slot status.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import type { SlotStatus, WaitlistRefusal } from "../domain/slots";

type DoorError = WaitlistRefusal | "waitlist_error_target" | "waitlist_error_entry" | "slots_invalid";

const ERRORS: Record<DoorError, (inputs: Record<string, never>, options: { locale: Locale }) => string> = {
  waitlist_error_open: m.waitlist_error_open,
  waitlist_error_closed: m.waitlist_error_closed,
  waitlist_error_own: m.waitlist_error_own,
  waitlist_error_already: m.waitlist_error_already,
  waitlist_error_pending: m.waitlist_error_pending,
  waitlist_error_target: m.waitlist_error_target,
  waitlist_error_entry: m.waitlist_error_entry,
  slots_invalid: m.slots_invalid,
};

export const waitlistError = (key: DoorError, locale: Locale) => ERRORS[key]({}, { locale });

/** "2 of 3 slots open", "Waitlist (5 waiting)", or null when the creator has set no slots. */
export function slotStatusText(status: SlotStatus, locale: Locale): string | null {
  switch (status.kind) {
    case "unlimited":
      return null;
    case "open":
      return m.slots_status_open({ open: String(status.open), slots: String(status.slots) }, { locale });
    case "waitlist":
      return status.waiting > 0
        ? m.slots_status_waitlist({ waiting: String(status.waiting) }, { locale })
        : m.slots_status_waitlist_empty({}, { locale });
    case "full":
      return m.slots_status_full({}, { locale });
  }
}
