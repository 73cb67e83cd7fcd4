// A party's dispute statement as posted (decision 088): the one parse the API's doors and the order page's form share.
import { describe, expect, it } from "vitest";
import { DISPUTE_STATEMENT_MAX, parsePartyStatement } from "./disputes";

describe("parsePartyStatement", () => {
  it("reads an opening: its reason, the text as stored, the language it is written in", () => {
    expect(
      parsePartyStatement("openDispute", { reason: "quality", statement: "  The colours are off.  " }, "ja"),
    ).toEqual({
      ok: true,
      move: { type: "openDispute", reason: "quality" },
      body: "The colours are off.",
      languageCode: "en",
    });
    expect(parsePartyStatement("answerDispute", { statement: "説明どおりに描きました。" }, "en")).toEqual({
      ok: true,
      move: { type: "answerDispute" },
      body: "説明どおりに描きました。",
      languageCode: "ja",
    });
  });

  it("takes the page's language for a text with no letters of either", () => {
    expect(parsePartyStatement("answerDispute", { statement: "12345" }, "ja")).toMatchObject({ languageCode: "ja" });
  });

  it("names every field it refuses", () => {
    expect(parsePartyStatement("openDispute", { reason: "bored", statement: " " }, "en")).toEqual({
      ok: false,
      errors: { reason: "reason_invalid", statement: "statement_invalid" },
    });
    expect(parsePartyStatement("openDispute", { statement: "Fine text." }, "en")).toEqual({
      ok: false,
      errors: { reason: "reason_invalid" },
    });
    expect(parsePartyStatement("answerDispute", { statement: "a".repeat(DISPUTE_STATEMENT_MAX + 1) }, "en")).toEqual({
      ok: false,
      errors: { statement: "statement_invalid" },
    });
    expect(parsePartyStatement("answerDispute", { statement: 42 }, "en")).toEqual({
      ok: false,
      errors: { statement: "statement_invalid" },
    });
    // An answer has no reason to refuse.
    expect(parsePartyStatement("answerDispute", { reason: "bored", statement: "Ok." }, "en").ok).toBe(true);
  });
});
