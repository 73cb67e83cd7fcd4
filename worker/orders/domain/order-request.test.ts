import { describe, expect, it } from "vitest";
import {
  answerFileName,
  checkRequest,
  isUnanswered,
  orderCodeFrom,
  requestTotal,
  type RequestQuestion,
} from "./order-request";

const q = (
  id: string,
  questionType: RequestQuestion["questionType"],
  isRequired = true,
  choices: RequestQuestion["choices"] = [],
): RequestQuestion => ({ id, questionType, isRequired, choices });
const none = { text: null, date: null, medias: [], selectedChoiceIds: new Set<string>() };
const open = { isOwn: false, isClosed: false, hasPendingRequest: false, savedCardCount: 1, namedCardIsSaved: true };
const accepted = { isAgreedToTerms: true, isAcknowledged: true };

describe("isUnanswered (spec section 5)", () => {
  it.each([
    ["SHORT_TEXT", { ...none, text: { text: " ", languageCode: "en" as const } }, true],
    // Decision 048's blank: whitespace and invisible characters only (issue 45).
    ["SHORT_TEXT", { ...none, text: { text: "\u200b", languageCode: "en" as const } }, true],
    [
      "LONG_TEXT",
      { ...none, text: { text: " \u200b\u200c\u200d\u2060\ufeff\u00ad\u3000\n", languageCode: "ja" as const } },
      true,
    ],
    ["LONG_TEXT", { ...none, text: { text: "\u200bhi\u200b", languageCode: "en" as const } }, false],
    ["LONG_TEXT", { ...none, text: { text: "hi", languageCode: "en" as const } }, false],
    ["SINGLE_CHOICE", none, true],
    ["MULTIPLE_CHOICE", { ...none, selectedChoiceIds: new Set(["c"]) }, false],
    ["MEDIA", none, true],
    ["MEDIA", { ...none, medias: [{ formatType: "LINK" as const, url: "https://example.com/a.png" }] }, false],
    ["DATE", none, true],
    ["DATE", { ...none, date: "2027-01-01" }, false],
    ["NONE", undefined, false],
  ] as const)("%s %o → %s", (type, answer, expected) => {
    expect(isUnanswered({ questionType: type }, answer)).toBe(expected);
  });
});

describe("checkRequest", () => {
  const plan = q("plan", "SINGLE_CHOICE", true, [
    { id: "a", priceAmount: 100, priceCurrencyId: "jpy" },
    { id: "b", priceAmount: 200, priceCurrencyId: "jpy" },
  ]);
  const pick = (...ids: string[]) => ({
    formQuestionId: "plan",
    formQuestionType: "SINGLE_CHOICE" as const,
    answer: { text: null, date: null, medias: [] },
    questionChoices: ids.map((id) => ({ formQuestionChoiceId: id, formQuestionChoiceStatus: "SELECTED" as const })),
  });

  it("who may send comes first: own, already sent, closed", () => {
    expect(checkRequest([plan], { ...accepted, formQuestionAnswers: [] }, { ...open, isOwn: true })).toEqual({
      ok: false,
      refusal: "requests_error_own",
    });
    expect(
      checkRequest([plan], { ...accepted, formQuestionAnswers: [] }, { ...open, hasPendingRequest: true }),
    ).toEqual({ ok: false, refusal: "requests_error_already_submitted" });
    expect(checkRequest([plan], { ...accepted, formQuestionAnswers: [] }, { ...open, isClosed: true })).toEqual({
      ok: false,
      refusal: "requests_error_closed",
    });
  });

  it("then the answers, the terms, the acknowledgement and a card, in that order", () => {
    expect(checkRequest([plan], { ...accepted, isAgreedToTerms: false, formQuestionAnswers: [] }, open)).toEqual({
      ok: false,
      refusal: "requests_error_required",
      missing: ["plan"],
    });
    expect(
      checkRequest([plan], { ...accepted, isAgreedToTerms: false, formQuestionAnswers: [pick("a")] }, open),
    ).toEqual({ ok: false, refusal: "requests_error_terms" });
    expect(
      checkRequest([plan], { ...accepted, isAcknowledged: false, formQuestionAnswers: [pick("a")] }, open),
    ).toEqual({ ok: false, refusal: "requests_error_acknowledge" });
    expect(
      checkRequest([plan], { ...accepted, formQuestionAnswers: [pick("a")] }, { ...open, savedCardCount: 0 }),
    ).toEqual({ ok: false, refusal: "requests_error_no_card" });
    expect(checkRequest([plan], { ...accepted, formQuestionAnswers: [pick("a")] }, open).ok).toBe(true);
  });

  it("a required text of only invisible characters is unanswered, a required one with words is not (issue 45)", () => {
    const details = [q("brief", "SHORT_TEXT"), q("story", "LONG_TEXT")];
    const text = (formQuestionId: string, value: string) => ({
      formQuestionId,
      formQuestionType: formQuestionId === "brief" ? ("SHORT_TEXT" as const) : ("LONG_TEXT" as const),
      answer: { text: { text: value, languageCode: "en" as const }, date: null, medias: [] },
      questionChoices: [],
    });
    expect(
      checkRequest(
        details,
        { ...accepted, formQuestionAnswers: [text("brief", "\u200b"), text("story", "\ufeff\u2060 \u00ad")] },
        open,
      ),
    ).toEqual({ ok: false, refusal: "requests_error_required", missing: ["brief", "story"] });
    expect(
      checkRequest(details, { ...accepted, formQuestionAnswers: [text("brief", "A"), text("story", "\u200bB")] }, open)
        .ok,
    ).toBe(true);
  });

  it("refuses what no page sends: two picks for a single choice, a choice of nothing asked, an unknown question, a type mismatch", () => {
    for (const answers of [
      [pick("a", "b")],
      [pick("zz")],
      [{ ...pick("a"), formQuestionId: "other" }],
      [{ ...pick("a"), formQuestionType: "MULTIPLE_CHOICE" as const }],
    ]) {
      expect(checkRequest([plan], { ...accepted, formQuestionAnswers: answers }, open)).toEqual({
        ok: false,
        refusal: "requests_error_invalid",
      });
    }
  });

  it("refuses a date that is no day (issue 31: 2023-02-30 and 0000-01-01 were kept), and a card that is not the client's", () => {
    const when = q("when", "DATE");
    const dated = (date: string) => ({
      formQuestionId: "when",
      formQuestionType: "DATE" as const,
      answer: { text: null, date, medias: [] },
      questionChoices: [],
    });
    for (const date of ["2023-02-30", "0000-01-01", "2026-13-01", "1899-12-31", "2101-01-01"]) {
      expect(checkRequest([when], { ...accepted, formQuestionAnswers: [dated(date)] }, open), date).toEqual({
        ok: false,
        refusal: "requests_error_invalid",
      });
    }
    expect(checkRequest([when], { ...accepted, formQuestionAnswers: [dated("2024-02-29")] }, open).ok).toBe(true);
    expect(
      checkRequest(
        [when],
        { ...accepted, formQuestionAnswers: [dated("2024-02-29")] },
        { ...open, namedCardIsSaved: false },
      ),
    ).toEqual({ ok: false, refusal: "requests_error_invalid" });
  });
});

describe("requestTotal (decision 025)", () => {
  const plan = q("plan", "SINGLE_CHOICE", true, [
    { id: "bust", priceAmount: 20_000, priceCurrencyId: "jpy" },
    { id: "usd", priceAmount: 5_000, priceCurrencyId: "usd" },
  ]);
  const answer = (...ids: string[]) => [{ question: plan, ...none, selectedChoiceIds: new Set(ids) }];
  it("the service's price, or the picked priced choices when they come to more; other currencies are left to the creator", () => {
    expect(requestTotal(10_000, "jpy", answer())).toBe(10_000);
    expect(requestTotal(10_000, "jpy", answer("bust"))).toBe(20_000);
    expect(requestTotal(30_000, "jpy", answer("bust"))).toBe(30_000);
    expect(requestTotal(10_000, "jpy", answer("usd"))).toBe(10_000);
    expect(requestTotal(null, "jpy", answer())).toBeNull();
  });
});

describe("orderCodeFrom", () => {
  it("8 characters with no look-alikes", () => {
    expect(orderCodeFrom(new Uint8Array([0, 1, 2, 31, 32, 63, 255, 128]))).toBe("234Z2ZZ2");
    expect(orderCodeFrom(crypto.getRandomValues(new Uint8Array(8)))).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  });
});

describe("answerFileName (issue 33: a request's file keeps its own name)", () => {
  it("the client's name without control characters, cut to 255 characters; the stored name when none is left", () => {
    expect(answerFileName("  Knight pose.png ", "0b6f.png")).toBe("Knight pose.png");
    // A line break is whitespace, one space as every file's name has it (issue 59, file-names.ts).
    expect(answerFileName("a\u0000b\nc.png", "0b6f.png")).toBe("ab c.png");
    expect(answerFileName("参".repeat(300), "0b6f.png")).toBe("参".repeat(255));
    expect(answerFileName("", "0b6f.png")).toBe("0b6f.png");
    expect(answerFileName(null, "0b6f.png")).toBe("0b6f.png");
    expect(answerFileName(undefined, "0b6f.png")).toBe("0b6f.png");
  });
});
