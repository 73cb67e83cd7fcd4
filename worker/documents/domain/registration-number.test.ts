import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../../domain/validation";
import {
  hasValidCheckDigit,
  invoiceRegistrationSchema,
  normalizeRegistrationNumber,
  readRegistrationNumber,
  registrationCheckDigit,
} from "./registration-number";

// Numbers printed in public by their holders: the Japan Federation of Certified Public Tax Accountants' Associations
// (its corporate number 7010705000725) and a hosting company's invoices.
const PUBLISHED = ["T7010705000725", "T7120001168421"];

describe("a registration number's check digit", () => {
  it("is the corporate number rule's: 9 − (Σ Pn × Qn mod 9) over the 12 digits after it", () => {
    // The worked example of the rule: 123456789012 gives 7 (sum 74, 74 mod 9 = 2, 9 − 2 = 7).
    expect(registrationCheckDigit("123456789012")).toBe(7);
    expect(registrationCheckDigit("010705000725")).toBe(7);
    expect(registrationCheckDigit("000000000000")).toBe(9);
    for (const number of PUBLISHED) expect(hasValidCheckDigit(number)).toBe(true);
  });

  it("catches any single digit typed wrong, but for 0 and 9 swapped (equal mod 9)", () => {
    const base = "T7010705000725";
    for (let position = 1; position < base.length; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        const typed = `${base.slice(0, position)}${digit}${base.slice(position + 1)}`;
        if (typed === base) continue;
        const swappedZeroNine = [base[position], String(digit)].sort().join("") === "09";
        expect(hasValidCheckDigit(typed), typed).toBe(swappedZeroNine);
      }
    }
  });
});

describe("reading a number as people type it", () => {
  it.each([
    ["T7010705000725", "as printed"],
    ["t7010705000725", "lower-case t"],
    ["Ｔ７０１０７０５０００７２５", "full-width"],
    ["T7-0107-0500-0725", "grouped with hyphens"],
    ["T 7010 7050 0072 5", "grouped with spaces"],
    ["Ｔ７－０１０７－０５００－０７２５", "full-width with full-width hyphens"],
    ["T7ー0107ー0500ー0725", "the katakana long vowel mark a Japanese keyboard gives for a dash"],
    ["  T7010705000725\u3000", "with spaces around, an ideographic one among them"],
  ])("%s (%s) is T7010705000725", (typed) => {
    expect(readRegistrationNumber(typed)).toEqual({ ok: true, number: "T7010705000725" });
  });

  it.each([
    ["7010705000725", "without the T"],
    ["T701070500072", "12 digits"],
    ["T70107050007250", "14 digits"],
    ["T70107O5000725", "a letter O for a zero"],
    ["X7010705000725", "another letter"],
    ["", "nothing"],
    ["T7010705000725/", "a stray character"],
  ])("%s (%s) is refused as not the shape of one", (typed) => {
    expect(readRegistrationNumber(typed)).toEqual({ ok: false, reason: "documents_registration_format" });
  });

  it("a number of the right shape whose check digit does not match is refused as a typing slip", () => {
    expect(readRegistrationNumber("T7010705000726")).toEqual({
      ok: false,
      reason: "documents_registration_check_digit",
    });
    expect(readRegistrationNumber("T１０１０７０５０００７２５")).toEqual({
      ok: false,
      reason: "documents_registration_check_digit",
    });
  });

  it("a text that is not a number is kept as typed, so the form gives it back to be fixed", () => {
    expect(normalizeRegistrationNumber("T12")).toBe("T12");
  });
});

describe("the wallet form's schema", () => {
  const parse = (input: unknown) => {
    const result = v.safeParse(invoiceRegistrationSchema, input);
    return result.success
      ? { ok: true as const, data: result.output }
      : { ok: false as const, errors: fieldErrorsOf(result.issues) };
  };

  it("keeps the normalized number and the trimmed name", () => {
    expect(parse({ registrationNumber: "ｔ7010-7050-0072-5", registeredName: "  山田 花子 " })).toEqual({
      ok: true,
      data: { registrationNumber: "T7010705000725", registeredName: "山田 花子" },
    });
  });

  it("words each field's refusal with its own key", () => {
    expect(parse({ registrationNumber: "T123", registeredName: "" })).toEqual({
      ok: false,
      errors: {
        registrationNumber: "documents_registration_format",
        registeredName: "documents_registered_name_required",
      },
    });
    expect(parse({ registrationNumber: "T7010705000724", registeredName: "x".repeat(101) })).toEqual({
      ok: false,
      errors: {
        registrationNumber: "documents_registration_check_digit",
        registeredName: "documents_registered_name_max",
      },
    });
    expect(parse({ registrationNumber: 7010705000725, registeredName: "\u200B " }).errors).toEqual({
      registrationNumber: "documents_registration_format",
      registeredName: "documents_registered_name_required",
    });
  });
});
