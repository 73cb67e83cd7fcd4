import { describe, expect, it } from "vitest";
import {
  answerFileName,
  checkRequest,
  isUnanswered,
  offersRush,
  orderCodeFrom,
  priceRequest,
  slotRefusal,
  type CheckedAnswer,
  type RequestChoice,
  type RequestQuestion,
} from "./order-request";
import type { LicenceTag } from "./licence";
import type { ChoicePrice } from "./price-lines";

const q = (
  id: string,
  questionType: RequestQuestion["questionType"],
  isRequired = true,
  choices: RequestQuestion["choices"] = [],
): RequestQuestion => ({ id, questionType, isRequired, choices });
/** A choice as the rules read it: `add` by default, in yen unless said otherwise. */
const choice = (
  id: string,
  price: Partial<ChoicePrice> = {},
  extra: { licence?: LicenceTag; rushDays?: number } = {},
): RequestChoice => ({
  id,
  price: { kind: "add", amount: null, currencyId: "jpy", percent: null, maxCount: null, ...price },
  licence: extra.licence ?? null,
  rushDays: extra.rushDays ?? null,
});
const none = { text: null, date: null, medias: [], selectedChoiceIds: new Set<string>(), counts: new Map() };
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
  const plan = q("plan", "SINGLE_CHOICE", true, [choice("a", { amount: 100 }), choice("b", { amount: 200 })]);
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

describe("counts (issue 63)", () => {
  const extras = q("extras", "MULTIPLE_CHOICE", false, [
    choice("characters", { kind: "each", amount: 8_000, maxCount: 3 }),
    choice("background", { amount: 5_000 }),
  ]);
  const picks = (...given: [string, number | undefined][]) => ({
    ...accepted,
    formQuestionAnswers: [
      {
        formQuestionId: "extras",
        formQuestionType: "MULTIPLE_CHOICE" as const,
        answer: { text: null, date: null, medias: [] },
        questionChoices: given.map(([id, count]) => ({
          formQuestionChoiceId: id,
          formQuestionChoiceStatus: "SELECTED" as const,
          ...(count === undefined ? {} : { count }),
        })),
      },
    ],
  });

  it("keeps an each choice's count up to its maximum, absent is 1", () => {
    const checked = checkRequest([extras], picks(["characters", 3], ["background", undefined]), open);
    expect(checked.ok && checked.answers[0].counts).toEqual(
      new Map([
        ["characters", 3],
        ["background", 1],
      ]),
    );
  });

  it("refuses a count above the choice's maximum, a count other than 1 on any other choice, and no count at all", () => {
    for (const given of [[["characters", 4]], [["background", 2]], [["characters", 0]], [["characters", 1.5]]] as [
      string,
      number,
    ][][]) {
      expect(checkRequest([extras], picks(...given), open), JSON.stringify(given)).toEqual({
        ok: false,
        refusal: "requests_error_invalid",
      });
    }
    // An each choice its creator gave no maximum takes one.
    const bare = q("extras", "MULTIPLE_CHOICE", false, [choice("characters", { kind: "each", amount: 8_000 })]);
    expect(checkRequest([bare], picks(["characters", 2]), open).ok).toBe(false);
    expect(checkRequest([bare], picks(["characters", 1]), open).ok).toBe(true);
  });
});

describe("priceRequest (issue 63, decision 099)", () => {
  const size = q("size", "SINGLE_CHOICE", true, [
    choice("bust", { kind: "plan", amount: 20_000 }),
    choice("full", { kind: "plan", amount: 30_000 }),
  ]);
  const extras = q("extras", "MULTIPLE_CHOICE", false, [
    choice("background", { amount: 5_000 }),
    choice("characters", { kind: "each", amount: 8_000, maxCount: 3 }),
    choice("rush", { kind: "percent", percent: 30, amount: null, currencyId: null }, { rushDays: 5 }),
    choice("slow-rush", { amount: 1_000 }, { rushDays: 9 }),
  ]);
  const usage = q("usage", "MULTIPLE_CHOICE", false, [
    choice("personal", {}, { licence: "personal" }),
    choice("commercial", { kind: "percent", percent: 100, amount: null, currencyId: null }, { licence: "streaming" }),
    choice("goods", {}, { licence: "goods" }),
    choice("exclusive", { amount: 50_000 }, { licence: "exclusive" }),
  ]);
  const answer = (question: RequestQuestion, ...ids: (string | [string, number])[]): CheckedAnswer => ({
    question,
    ...none,
    selectedChoiceIds: new Set(ids.map((id) => (Array.isArray(id) ? id[0] : id))),
    counts: new Map(ids.map((id) => (Array.isArray(id) ? id : [id, 1]))),
  });

  it("a plan replaces the base, then the options in the form's order: ¥20,000 + ¥5,000 + 100% + ¥8,000 × 2", () => {
    const priced = priceRequest(
      10_000,
      "jpy",
      [answer(size, "bust"), answer(extras, "background", ["characters", 2]), answer(usage, "commercial")],
      (id) => `order-${id}`,
    );
    expect(priced.lines).toEqual([
      { kind: "plan", choiceId: "order-bust", amount: 20_000 },
      { kind: "add", choiceId: "order-background", amount: 5_000 },
      { kind: "each", choiceId: "order-characters", count: 2, unit: 8_000, amount: 16_000 },
      { kind: "percent", choiceId: "order-commercial", percent: 100, amount: 20_000 },
    ]);
    expect(priced.total).toBe(61_000);
    expect(priced.licence).toEqual({ scope: "commercial", uses: ["streaming"] });
    expect(priced.rushDays).toBeNull();
  });

  it("the base alone when nothing priced is picked; nothing at all is unpriced ('Unsettled') and personal use", () => {
    expect(priceRequest(10_000, "jpy", [answer(size), answer(extras)])).toMatchObject({
      lines: [{ kind: "base", amount: 10_000 }],
      total: 10_000,
    });
    expect(priceRequest(null, "jpy", [answer(usage, "goods", "personal")])).toEqual({
      lines: [],
      total: null,
      licence: { scope: "commercial", uses: ["goods"] },
      rushDays: null,
    });
    expect(priceRequest(null, "jpy", []).licence).toEqual({ scope: "personal" });
  });

  it("cents: a $40.00 base, a $12.50 add and 30% rush of the base; the shortest rush is the order's", () => {
    const usd = q("extras", "MULTIPLE_CHOICE", false, [
      choice("bg", { amount: 1_250, currencyId: "usd" }),
      choice("yen", { amount: 5_000, currencyId: "jpy" }),
      choice("rush", { kind: "percent", percent: 30, amount: null, currencyId: null }, { rushDays: 5 }),
      choice("slow-rush", {}, { rushDays: 9 }),
    ]);
    const priced = priceRequest(4_000, "usd", [answer(usd, "bg", "yen", "rush", "slow-rush")]);
    // The yen choice is the creator's to price: no line.
    expect(priced.lines.map((line) => line.amount)).toEqual([4_000, 1_250, 1_200]);
    expect(priced.total).toBe(6_450);
    expect(priced.rushDays).toBe(5);
  });

  it("exclusive wins over the commercial uses picked beside it", () => {
    expect(priceRequest(null, "jpy", [answer(usage, "commercial", "goods", "exclusive")]).licence).toEqual({
      scope: "exclusive",
    });
  });
});

describe("slots and rush (decision 091, issue 63)", () => {
  it("a rush request takes only a free slot nobody waits for; any request is full when no slot is left", () => {
    expect(slotRefusal("free", true)).toBeNull();
    expect(slotRefusal("reservation", false)).toBeNull();
    expect(slotRefusal("reservation", true)).toBe("requests_error_rush_unavailable");
    expect(slotRefusal("none", true)).toBe("requests_error_rush_unavailable");
    expect(slotRefusal("none", false)).toBe("requests_error_full");
  });

  it("the page offers rush as the submission takes it", () => {
    expect(offersRush({ kind: "unlimited" }, false)).toBe(true);
    expect(offersRush({ kind: "open", open: 1, slots: 2 }, false)).toBe(true);
    expect(offersRush({ kind: "open", open: 1, slots: 2 }, true)).toBe(false);
    expect(offersRush({ kind: "waitlist", waiting: 0 }, false)).toBe(false);
    expect(offersRush({ kind: "full" }, false)).toBe(false);
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
