import { describe, expect, it } from "vitest";
import en from "#messages/commission-settings/en.json";
import ja from "#messages/commission-settings/ja.json";
import { SERVICE_TERMS_MAX } from "./commission-form";
import {
  COMMISSION_SETTINGS_ERROR_KEYS,
  DEFAULT_TERMS_MAX,
  parseCommissionSettings,
  settingsInputFrom,
  settingsInputOf,
} from "./commission-settings";

const valid = { openForCommissions: "closed", defaultCurrency: "USD", defaultTerms: "  No refunds.  " };

describe("commission settings schema", () => {
  it("parses the form: closed, USD, trimmed terms", () => {
    expect(parseCommissionSettings(valid)).toEqual({
      ok: true,
      data: { isOpenCommission: false, defaultCurrency: "USD", defaultTerms: "No refunds." },
    });
    expect(parseCommissionSettings({ ...valid, openForCommissions: "open", defaultTerms: "" })).toMatchObject({
      ok: true,
      data: { isOpenCommission: true, defaultTerms: "" },
    });
  });

  it("refuses an unknown open state, an inactive or unknown currency and over-long terms, with message keys", () => {
    expect(parseCommissionSettings({ ...valid, openForCommissions: "maybe" })).toEqual({
      ok: false,
      errors: { openForCommissions: "commission_settings_open_invalid" },
    });
    expect(parseCommissionSettings({ ...valid, openForCommissions: "" })).toEqual({
      ok: false,
      errors: { openForCommissions: "commission_settings_open_invalid" },
    });
    expect(parseCommissionSettings({ ...valid, defaultCurrency: "EUR" })).toEqual({
      ok: false,
      errors: { defaultCurrency: "commission_settings_currency_invalid" },
    });
    expect(parseCommissionSettings({ ...valid, defaultTerms: "x".repeat(DEFAULT_TERMS_MAX + 1) })).toEqual({
      ok: false,
      errors: { defaultTerms: "commission_settings_terms_max" },
    });
    expect(parseCommissionSettings({ ...valid, defaultTerms: "x".repeat(DEFAULT_TERMS_MAX) }).ok).toBe(true);
  });

  it("allows exactly what a service's terms allow, so prefilled terms always save", () => {
    expect(DEFAULT_TERMS_MAX).toBe(SERVICE_TERMS_MAX);
  });

  it("reads and writes the form's strings", () => {
    const form = new FormData();
    form.set("openForCommissions", "open");
    form.set("defaultCurrency", "JPY");
    expect(settingsInputFrom(form)).toEqual({ openForCommissions: "open", defaultCurrency: "JPY", defaultTerms: "" });
    expect(settingsInputOf({ isOpenCommission: false, defaultCurrency: "USD", defaultTerms: "t" })).toEqual({
      openForCommissions: "closed",
      defaultCurrency: "USD",
      defaultTerms: "t",
    });
  });

  it("reads the capacity (decision 091) only when posted: the count by parseSlotCount, the box ticked or not", () => {
    expect(parseCommissionSettings({ ...valid, slots: " 3 ", waitlistClosed: "on" })).toMatchObject({
      ok: true,
      data: { capacity: { slots: 3, waitlistClosed: true } },
    });
    expect(parseCommissionSettings({ ...valid, slots: "" })).toMatchObject({
      ok: true,
      data: { capacity: { slots: null, waitlistClosed: false } },
    });
    expect(parseCommissionSettings({ ...valid, slots: "0" })).toEqual({
      ok: false,
      errors: { slots: "slots_invalid" },
    });
    // Every field's message at once.
    expect(parseCommissionSettings({ ...valid, defaultCurrency: "EUR", slots: "51" })).toEqual({
      ok: false,
      errors: { defaultCurrency: "commission_settings_currency_invalid", slots: "slots_invalid" },
    });
    const form = new FormData();
    form.set("slots", "2");
    expect(settingsInputFrom(form)).toMatchObject({ slots: "2", waitlistClosed: "" });
    expect(
      settingsInputOf({
        isOpenCommission: true,
        defaultCurrency: "JPY",
        defaultTerms: "",
        capacity: { slots: 4, waitlistClosed: true },
      }),
    ).toMatchObject({ slots: "4", waitlistClosed: "on" });
  });

  it("has every message key in English and Japanese", () => {
    for (const key of COMMISSION_SETTINGS_ERROR_KEYS) {
      expect((en as Record<string, string>)[key], `en ${key}`).toBeTruthy();
      expect((ja as Record<string, string>)[key], `ja ${key}`).toBeTruthy();
    }
  });
});
