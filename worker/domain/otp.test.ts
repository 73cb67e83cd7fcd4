import { describe, expect, it } from "vitest";
import { checkCode, generateOtpCode } from "./otp";

const record = { expiresAt: 1_000, consumedAt: null, failedAttempts: 0, codeHash: "abc" };

describe("generateOtpCode", () => {
  it("makes 6 digits, zero-padded", () => {
    expect(generateOtpCode(() => Uint32Array.of(42))).toBe("000042");
    for (let i = 0; i < 50; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });
  it("rejects values that would bias the distribution", () => {
    const values = [0xffff_ffff, 7];
    expect(generateOtpCode(() => Uint32Array.of(values.shift()!))).toBe("000007");
  });
});

describe("checkCode", () => {
  it("accepts the right code before expiry", () => expect(checkCode(record, "abc", 999, 5)).toBe("ok"));
  it("refuses a wrong code", () => expect(checkCode(record, "abd", 999, 5)).toBe("mismatch"));
  it("refuses at and after expiry", () => expect(checkCode(record, "abc", 1_000, 5)).toBe("expired"));
  it("refuses a consumed code", () => expect(checkCode({ ...record, consumedAt: 5 }, "abc", 10, 5)).toBe("consumed"));
  it("locks after the maximum of failed attempts", () =>
    expect(checkCode({ ...record, failedAttempts: 5 }, "abc", 10, 5)).toBe("locked"));
});
