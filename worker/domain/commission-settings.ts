import * as v from "valibot";
import { DEFAULT_TERMS_MAX } from "./commission-form-fields";
import { CURRENCIES, type CurrencyCode } from "./currency";
import { parseFields, type FieldErrors } from "./validation";

/**
 * A creator's general commission settings (/dashboard/commission/setting/form/general): open for commissions,
 * the currency new forms and services start in, and the terms a new service starts with.
 * Messages are message keys of messages/commission-settings; the page translates them.
 */

export { DEFAULT_TERMS_MAX };
const OPEN_STATES = ["open", "closed"] as const;

/** What the page's form posts (every field a string, as HTML forms send them). */
export interface CommissionSettingsInput {
  openForCommissions: string;
  defaultCurrency: string;
  defaultTerms: string;
}

export interface CommissionSettings {
  isOpenCommission: boolean;
  defaultCurrency: CurrencyCode;
  defaultTerms: string;
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
  };
}

export function settingsInputOf(settings: CommissionSettings): CommissionSettingsInput {
  return {
    openForCommissions: settings.isOpenCommission ? "open" : "closed",
    defaultCurrency: settings.defaultCurrency,
    defaultTerms: settings.defaultTerms,
  };
}

export function parseCommissionSettings(
  input: unknown,
): { ok: true; data: CommissionSettings } | { ok: false; errors: FieldErrors } {
  const parsed = parseFields(commissionSettingsSchema, input);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    data: {
      isOpenCommission: parsed.data.openForCommissions === "open",
      defaultCurrency: parsed.data.defaultCurrency,
      defaultTerms: parsed.data.defaultTerms,
    },
  };
}
