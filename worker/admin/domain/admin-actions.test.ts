import { describe, expect, it } from "vitest";
import {
  ADMIN_REASON_MAX,
  adminNoteOf,
  adminReasonOf,
  adminTextOf,
  isPartyTo,
  judgeOf,
  isDisputeFileKind,
  movesMoney,
  opensFile,
} from "./admin-actions";

/** What the storable-text rule refuses in an admin's text (issue 59): each kind, alone and inside words. */
const UNSTORABLE_REASONS = {
  nul: "Spam\u0000account",
  control: "Spam \u001B[31mred",
  "right-to-left override": "Refund \u202Eexe.gpj",
  "lone surrogate": "Spam \uD800 account",
} as const;

describe("adminReasonOf", () => {
  it("takes 1 to 500 characters, trimmed and in NFC", () => {
    expect(adminReasonOf("  spam  ")).toEqual({ ok: true, text: "spam" });
    expect(adminReasonOf("x".repeat(ADMIN_REASON_MAX))).toMatchObject({ ok: true });
    expect(adminReasonOf("😀".repeat(ADMIN_REASON_MAX))).toMatchObject({ ok: true });
    expect(adminReasonOf("\u304B\u3099\r\nok")).toEqual({ ok: true, text: "\u304C\nok" });
    // Tabs, line breaks and the direction marks (which turn nothing around) are kept.
    expect(adminReasonOf("a\tb\u200Fc")).toEqual({ ok: true, text: "a\tb\u200Fc" });
  });

  it("refuses an empty or blank reason and one over 500 characters", () => {
    for (const blank of ["", " \n\t ", "\u200B\u200B"])
      expect(adminReasonOf(blank)).toEqual({ ok: false, error: "reason_invalid" });
    expect(adminReasonOf("x".repeat(ADMIN_REASON_MAX + 1))).toEqual({ ok: false, error: "reason_invalid" });
    expect(adminTextOf(5, 10)).toEqual({ ok: false, error: "reason_invalid" });
  });

  it("refuses NUL, control characters, direction overrides and isolates, and lone surrogates, whole", () => {
    for (const [what, text] of Object.entries(UNSTORABLE_REASONS))
      expect(adminReasonOf(text), what).toEqual({ ok: false, error: "reason_invalid_characters" });
    for (const direction of ["\u202A", "\u202B", "\u202C", "\u202D", "\u2066", "\u2067", "\u2068", "\u2069"])
      expect(adminReasonOf(`a${direction}b`).ok, direction.codePointAt(0)!.toString(16)).toBe(false);
    // Even alone, where a blank text would otherwise be the refusal.
    expect(adminReasonOf("\u202E")).toEqual({ ok: false, error: "reason_invalid_characters" });
  });

  it("takes a decision's note as none when absent or blank, else by the same rule", () => {
    expect(adminNoteOf(undefined)).toEqual({ ok: true, text: null });
    expect(adminNoteOf("  ")).toEqual({ ok: true, text: null });
    expect(adminNoteOf(" Insults ")).toEqual({ ok: true, text: "Insults" });
    expect(adminNoteOf("x".repeat(ADMIN_REASON_MAX + 1))).toEqual({ ok: false, error: "reason_invalid" });
    for (const text of Object.values(UNSTORABLE_REASONS))
      expect(adminNoteOf(text)).toEqual({ ok: false, error: "reason_invalid_characters" });
  });
});

describe("the dispute desk's rules (decision 088)", () => {
  it("counts a request without a range, or from the first byte, as opening a file; a player's later ranges not", () => {
    expect(opensFile(null)).toBe(true);
    expect(opensFile("bytes=0-")).toBe(true);
    expect(opensFile(" BYTES=0-1023")).toBe(true);
    expect(opensFile("bytes=1024-")).toBe(false);
    expect(opensFile("bytes=-500")).toBe(false);
  });

  it("knows the file kinds by name only, and which outcomes move money", () => {
    expect(["deliverable", "request", "preview", "evidence", "chat"].every(isDisputeFileKind)).toBe(true);
    for (const other of ["key", "__proto__", "", null, 1]) expect(isDisputeFileKind(other)).toBe(false);
    expect(["refund", "release", "split"].every(movesMoney)).toBe(true);
    expect(movesMoney("reopen")).toBe(false);
    expect(movesMoney("")).toBe(false);
  });
});

describe("a party is never the judge (decision 093)", () => {
  it("tells the reading admin who may decide: them, another admin, or nobody until another admin is added", () => {
    const parties = ["seller", "buyer"];
    expect(judgeOf("judge", ["judge", "seller"], parties)).toBe("you");
    expect(judgeOf("seller", ["judge", "seller"], parties)).toBe("another_admin");
    expect(judgeOf("seller", ["seller"], parties)).toBe("no_admin");
    expect(judgeOf("seller", ["seller", "buyer"], parties)).toBe("no_admin");
    expect(isPartyTo("buyer", parties)).toBe(true);
    expect(isPartyTo("judge", [null, undefined])).toBe(false);
  });
});
