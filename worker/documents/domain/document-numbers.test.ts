// The issuers' series and their printed numbers (decision 102): Comet's CMT-000123, a creator's CR-3F9A2C-000045.
import { describe, expect, it } from "vitest";
import { COMET_ISSUER_KEY, creatorIssuerKey, displayNumber, displayPrefix } from "./document-numbers";

describe("document numbers", () => {
  it("Comet's series prints CMT- and six digits", () => {
    expect(displayNumber(COMET_ISSUER_KEY, 123)).toBe("CMT-000123");
    expect(displayNumber(COMET_ISSUER_KEY, 1)).toBe("CMT-000001");
  });

  it("a creator's prints CR-, the first six letters or digits of their account id upper-cased, and the number", () => {
    expect(creatorIssuerKey("3f9a2c1d-77e0-4b1a")).toBe("creator:3f9a2c1d-77e0-4b1a");
    expect(displayNumber(creatorIssuerKey("3f9a2c1d-77e0-4b1a"), 45)).toBe("CR-3F9A2C-000045");
    // Punctuation is skipped, not counted: an id with a dash early still gives six characters.
    expect(displayPrefix(creatorIssuerKey("ab-cd-ef-gh"))).toBe("CR-ABCDEF-");
  });

  it("a series past 999,999 prints every digit", () => {
    expect(displayNumber(COMET_ISSUER_KEY, 1_234_567)).toBe("CMT-1234567");
  });

  it("refuses numbers that are not from 1, and keys that are no issuer", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => displayNumber(COMET_ISSUER_KEY, bad)).toThrow(RangeError);
    expect(() => displayPrefix("someone")).toThrow(RangeError);
    expect(() => displayPrefix(creatorIssuerKey("--"))).toThrow(RangeError);
  });
});
