import * as v from "valibot";
import { DEFAULT_TERMS_MAX } from "./commission-form-fields";
import { CURRENCIES, type CurrencyCode } from "./currency";
import { parseSlotCount } from "./slots";
import { parseFields, type FieldErrors } from "./validation";

/**
 * A creator's general commission settings (/dashboard/commission/setting/form/general): open for commissions,
 * the currency new forms and services start in, the terms a new service starts with, and their capacity (decision
 * 091): how many orders they take at once and whether their waitlist is closed.
 * Messages are message keys of messages/commission-settings (the slot count's, "slots_invalid", of messages/waitlist);
 * the page translates them.
 */

export { DEFAULT_TERMS_MAX };
const OPEN_STATES = ["open", "closed"] as const;

/** What the page's form posts (every field a string, as HTML forms send them). */
export interface CommissionSettingsInput {
  openForCommissions: string;
  defaultCurrency: string;
  defaultTerms: string;
  /** The slot count as typed (blank: no limit) and the "Close my waitlist" box ("on" when ticked); a post without
   * `slots` leaves the capacity as it is. */
  slots?: string;
  waitlistClosed?: string;
}

/** How many orders a creator takes at once (null: no limit), and whether nobody new may join their line. */
export interface CreatorCapacitySettings {
  slots: number | null;
  waitlistClosed: boolean;
}

export interface CommissionSettings {
  isOpenCommission: boolean;
  defaultCurrency: CurrencyCode;
  defaultTerms: string;
  /** Absent: left as it is. */
  capacity?: CreatorCapacitySettings;
}

const commissionSettingsSchema = v.object({
  openForCommissions: v.picklist(OPEN_STATES, "commission_settings_open_invalid"),
  defaultCurrency: v.picklist(CURRENCIES, "commission_settings_currency_invalid"),
  defaultTerms: v.pipe(
    v.string("commission_settings_terms_max"),
    v.trim(),
    v.maxLength(DEFAULT_TERMS_MAX, "commission_settings_terms_max"),
  ),
});

/** Every message key the schema (and the service) can return. */
export const COMMISSION_SETTINGS_ERROR_KEYS = [
  "commission_settings_open_invalid",
  "commission_settings_currency_invalid",
  "commission_settings_terms_max",
] as const;

export function settingsInputFrom(form: FormData): CommissionSettingsInput {
  const s = (name: string) => String(form.get(name) ?? "");
  return {
    openForCommissions: s("openForCommissions"),
    defaultCurrency: s("defaultCurrency"),
    defaultTerms: s("defaultTerms"),
    // An unticked box posts nothing: the slot count's field says the capacity was posted at all.
    ...(form.has("slots") && { slots: s("slots"), waitlistClosed: s("waitlistClosed") }),
  };
}

export function settingsInputOf(settings: CommissionSettings): CommissionSettingsInput {
  return {
    openForCommissions: settings.isOpenCommission ? "open" : "closed",
    defaultCurrency: settings.defaultCurrency,
    defaultTerms: settings.defaultTerms,
    ...(settings.capacity && {
      slots: settings.capacity.slots === null ? "" : String(settings.capacity.slots),
      waitlistClosed: settings.capacity.waitlistClosed ? "on" : "",
    }),
  };
}

/** The posted capacity: undefined when not posted, else the count by parseSlotCount (its message key on refusal). */
function parsedCapacity(input: unknown): CreatorCapacitySettings | { error: "slots_invalid" } | undefined {
  const posted = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  if (typeof posted.slots !== "string") return undefined;
  const count = parseSlotCount(posted.slots);
  if (!count.ok) return { error: count.error };
  return { slots: count.slots, waitlistClosed: posted.waitlistClosed === "on" };
}

export function parseCommissionSettings(
  input: unknown,
): { ok: true; data: CommissionSettings } | { ok: false; errors: FieldErrors } {
  const parsed = parseFields(commissionSettingsSchema, input);
  const capacity = parsedCapacity(input);
  // Every field's message at once: a bad count is shown beside the others, never after they are fixed.
  const slotsError = capacity && "error" in capacity ? { slots: capacity.error } : null;
  if (!parsed.ok) return { ok: false, errors: { ...parsed.errors, ...slotsError } };
  if (slotsError) return { ok: false, errors: slotsError };
  return {
    ok: true,
    data: {
      isOpenCommission: parsed.data.openForCommissions === "open",
      defaultCurrency: parsed.data.defaultCurrency,
      defaultTerms: parsed.data.defaultTerms,
      ...(capacity && !("error" in capacity) && { capacity }),
    },
  };
}
