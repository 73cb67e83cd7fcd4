import { describe, expect, it } from "vitest";
import { parseFormDraft, type ChoiceDraft, type FormDraft } from "./commission-form";
import type { QuestionType } from "../db/schema/enums";
import type { CurrencyCode } from "./currency";

/** A form with one choice question holding `choices`, as the editor posts it. */
function draft(
  choices: ChoiceDraft[],
  type: QuestionType = "SINGLE_CHOICE",
  currency: CurrencyCode = "JPY",
): FormDraft {
  return {
    title: "Icons",
    description: "",
    categoryCode: "",
    price: "",
    currency,
    questions: [{ type, title: "Size", description: "", isRequired: false, choices }],
  };
}

const choice = (patch: Partial<ChoiceDraft>): ChoiceDraft => ({ title: "A", price: "", ...patch });

/** The first choice as parsed, or the parse's errors. */
function parsed(choices: ChoiceDraft[], type?: QuestionType, currency?: CurrencyCode) {
  const result = parseFormDraft(draft(choices, type, currency));
  return result.ok ? { choices: result.data.questions[0].choices } : { errors: result.errors };
}

const at = (field: string, index = 0) => `questions.0.choices.${index}.${field}`;

describe("each kind, as a price sheet has it", () => {
  it("reads a post from before the pricing fields as an adding choice, priced or not", () => {
    expect(parsed([choice({ price: "5000" }), choice({ price: "" })])).toEqual({
      choices: [
        {
          title: "A",
          priceKind: "add",
          priceAmount: 5000,
          pricePercent: null,
          maxCount: null,
          licence: null,
          rushDays: null,
          media: null,
        },
        {
          title: "A",
          priceKind: "add",
          priceAmount: null,
          pricePercent: null,
          maxCount: null,
          licence: null,
          rushDays: null,
          media: null,
        },
      ],
    });
  });

  it("keeps a plan's amount as the base it sets", () => {
    expect(parsed([choice({ priceKind: "plan", price: "20,000" })])).toMatchObject({
      choices: [{ priceKind: "plan", priceAmount: 20000, pricePercent: null, maxCount: null }],
    });
  });

  it("keeps a percent's whole percent and no amount", () => {
    expect(parsed([choice({ priceKind: "percent", percent: " 100% " })], "MULTIPLE_CHOICE")).toMatchObject({
      choices: [{ priceKind: "percent", priceAmount: null, pricePercent: 100, maxCount: null }],
    });
  });

  it("keeps an each's amount in cents and its most count", () => {
    expect(
      parsed([choice({ priceKind: "each", price: "12.50", maxCount: "3" })], "MULTIPLE_CHOICE", "USD"),
    ).toMatchObject({ choices: [{ priceKind: "each", priceAmount: 1250, maxCount: 3, pricePercent: null }] });
  });

  it("drops the fields a kind does not use (a percent typed on an add, a count on a plan)", () => {
    expect(
      parsed([
        choice({ priceKind: "add", price: "500", percent: "30" }),
        choice({ priceKind: "plan", price: "1", maxCount: "4" }),
      ]),
    ).toMatchObject({
      choices: [
        { priceKind: "add", pricePercent: null },
        { priceKind: "plan", maxCount: null },
      ],
    });
  });

  it("keeps the licence a choice grants and its rush days, on any kind", () => {
    expect(
      parsed(
        [
          choice({ licence: "goods" }),
          choice({ priceKind: "percent", percent: "30", rushDays: "7" }),
          choice({ licence: "", rushDays: "" }),
        ],
        "MULTIPLE_CHOICE",
      ),
    ).toMatchObject({
      choices: [
        { licence: "goods", rushDays: null },
        { licence: null, rushDays: 7 },
        { licence: null, rushDays: null },
      ],
    });
  });

  it("takes the bounds themselves", () => {
    const result = parsed(
      [
        choice({ priceKind: "percent", percent: "1", rushDays: "1" }),
        choice({ priceKind: "percent", percent: "1000", rushDays: "60" }),
        choice({ priceKind: "each", price: "10000000", maxCount: "20" }),
        choice({ priceKind: "each", price: "1", maxCount: "1" }),
      ],
      "MULTIPLE_CHOICE",
    );
    expect(result).toMatchObject({
      choices: [
        { pricePercent: 1, rushDays: 1 },
        { pricePercent: 1000, rushDays: 60 },
        { priceAmount: 10_000_000, maxCount: 20 },
        { priceAmount: 1, maxCount: 1 },
      ],
    });
  });
});

describe("each refusal, on its own field", () => {
  it.each([
    ["a plan without a price", choice({ priceKind: "plan", price: "" }), "price", "authoring_choice_price_required"],
    ["a plan at 0", choice({ priceKind: "plan", price: "0" }), "price", "authoring_choice_price_required"],
    [
      "an each without a price",
      choice({ priceKind: "each", price: "", maxCount: "2" }),
      "price",
      "authoring_choice_price_required",
    ],
    ["a mistyped price", choice({ price: "12.5" }), "price", "authoring_price_jpy"],
    ["an amount over the most a choice carries", choice({ price: "10000001" }), "price", "authoring_choice_amount_max"],
    [
      "a percent with an amount",
      choice({ priceKind: "percent", percent: "30", price: "100" }),
      "price",
      "authoring_choice_percent_no_price",
    ],
    ["a percent left blank", choice({ priceKind: "percent", percent: "" }), "percent", "authoring_choice_percent"],
    ["a percent of 0", choice({ priceKind: "percent", percent: "0" }), "percent", "authoring_choice_percent"],
    ["a percent over 1000", choice({ priceKind: "percent", percent: "1001" }), "percent", "authoring_choice_percent"],
    ["a fractional percent", choice({ priceKind: "percent", percent: "12.5" }), "percent", "authoring_choice_percent"],
    [
      "an each without a count",
      choice({ priceKind: "each", price: "800", maxCount: "" }),
      "maxCount",
      "authoring_choice_max_count",
    ],
    [
      "an each of 0",
      choice({ priceKind: "each", price: "800", maxCount: "0" }),
      "maxCount",
      "authoring_choice_max_count",
    ],
    [
      "an each over 20",
      choice({ priceKind: "each", price: "800", maxCount: "21" }),
      "maxCount",
      "authoring_choice_max_count",
    ],
    ["rush in 0 days", choice({ rushDays: "0" }), "rushDays", "authoring_choice_rush_days"],
    ["rush in 61 days", choice({ rushDays: "61" }), "rushDays", "authoring_choice_rush_days"],
    ["rush in words", choice({ rushDays: "soon" }), "rushDays", "authoring_choice_rush_days"],
  ] as const)("refuses %s", (_, posted, field, key) => {
    expect(parsed([posted], "SINGLE_CHOICE")).toEqual({ errors: { [at(field)]: key } });
  });

  it("refuses a plan outside a single-choice question, whose picks could not set one base", () => {
    expect(parsed([choice({ priceKind: "plan", price: "1000" })], "MULTIPLE_CHOICE")).toEqual({
      errors: { [at("priceKind")]: "authoring_choice_plan_single" },
    });
  });

  it("refuses a kind or a licence it does not know", () => {
    const unknownKind = { ...choice({}), priceKind: "discount" } as unknown as ChoiceDraft;
    const unknownLicence = { ...choice({}), licence: "resale" } as unknown as ChoiceDraft;
    expect(parsed([unknownKind])).toEqual({ errors: { [at("priceKind")]: "authoring_choice_price_kind" } });
    expect(parsed([unknownLicence])).toEqual({ errors: { [at("licence")]: "authoring_choice_licence" } });
  });

  it("names every refused field of every choice at once", () => {
    expect(
      parsed(
        [choice({ priceKind: "each", price: "", maxCount: "99", rushDays: "90" }), choice({ priceKind: "percent" })],
        "MULTIPLE_CHOICE",
      ),
    ).toEqual({
      errors: {
        [at("price")]: "authoring_choice_price_required",
        [at("maxCount")]: "authoring_choice_max_count",
        [at("rushDays")]: "authoring_choice_rush_days",
        [at("percent", 1)]: "authoring_choice_percent",
      },
    });
  });
});
