// A creator's price sheet priced as decision 099 reads it (issue 63): the base or its plans, then each option's line,
// in integer minor units (yen, cents), the lines always summing to the total.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHOICE_AMOUNT_MAX,
  type ChoicePrice,
  EACH_COUNT_MAX,
  PRICE_KINDS,
  PRICE_PERCENT_MAX,
  PRICE_PERCENT_MIN,
  type PickedChoice,
  type PriceLine,
  parsePriceLines,
  percentOf,
  priceLines,
  rushDaysOf,
  shownLines,
  sumOf,
} from "./price-lines";

const price = (over: Partial<ChoicePrice>): ChoicePrice => ({
  kind: "add",
  amount: null,
  currencyId: "JPY",
  percent: null,
  maxCount: null,
  ...over,
});
const pick = (choiceId: string, over: Partial<ChoicePrice>, count = 1): PickedChoice => ({
  choiceId,
  price: price(over),
  count,
});
const add = (choiceId: string, amount: number, currencyId = "JPY") => pick(choiceId, { amount, currencyId });
const plan = (choiceId: string, amount: number, currencyId = "JPY") =>
  pick(choiceId, { kind: "plan", amount, currencyId });
const percent = (choiceId: string, value: number) =>
  pick(choiceId, { kind: "percent", percent: value, currencyId: null });
const each = (choiceId: string, unit: number, maxCount: number, count: number) =>
  pick(choiceId, { kind: "each", amount: unit, maxCount }, count);

describe("priceLines: the base", () => {
  it("prices a request with no picks at the service's price, one base line", () => {
    expect(priceLines(20_000, "JPY", [])).toEqual({ lines: [{ kind: "base", amount: 20_000 }], total: 20_000 });
  });

  it("has no lines and no total (the creator's to set) when there is no base and nothing priced", () => {
    expect(priceLines(null, "JPY", [])).toEqual({ lines: [], total: null });
    expect(priceLines(0, "JPY", [])).toEqual({ lines: [], total: null });
  });

  it("puts a plan's price in the base's place", () => {
    expect(priceLines(20_000, "JPY", [plan("bust", 15_000)])).toEqual({
      lines: [{ kind: "plan", choiceId: "bust", amount: 15_000 }],
      total: 15_000,
    });
  });

  it("adds up plans picked in two questions as the base", () => {
    const { lines, total } = priceLines(20_000, "JPY", [plan("bust", 15_000), plan("colour", 5_000)]);
    expect(lines).toEqual([
      { kind: "plan", choiceId: "bust", amount: 15_000 },
      { kind: "plan", choiceId: "colour", amount: 5_000 },
    ]);
    expect(total).toBe(20_000);
  });

  it("prices a plan when the service has no price of its own", () => {
    expect(priceLines(null, "JPY", [plan("full", 40_000)]).total).toBe(40_000);
  });
});

describe("priceLines: options", () => {
  it("adds a fixed amount after the base", () => {
    expect(priceLines(20_000, "JPY", [add("background", 5_000)])).toEqual({
      lines: [
        { kind: "base", amount: 20_000 },
        { kind: "add", choiceId: "background", amount: 5_000 },
      ],
      total: 25_000,
    });
  });

  it("takes a percent of the base, half up: ¥33,333 × 30% is ¥10,000", () => {
    const { lines, total } = priceLines(33_333, "JPY", [percent("rush", 30)]);
    expect(lines[1]).toEqual({ kind: "percent", choiceId: "rush", percent: 30, amount: 10_000 });
    expect(total).toBe(43_333);
  });

  it("takes a percent in cents, half up: $19.99 × 15% is 300 cents (299.85)", () => {
    const { lines, total } = priceLines(1_999, "USD", [percent("commercial", 15)]);
    expect(lines[1]).toEqual({ kind: "percent", choiceId: "commercial", percent: 15, amount: 300 });
    expect(total).toBe(2_299);
  });

  it("rounds a half exactly up and below a half down", () => {
    expect(percentOf(50, 1)).toBe(1); // 0.5
    expect(percentOf(49, 1)).toBe(0); // 0.49
    expect(percentOf(150, 1)).toBe(2); // 1.5
  });

  it("takes a percent of the plans' base, not the service's price, and not of other options", () => {
    const { lines, total } = priceLines(99_999, "JPY", [
      plan("bust", 15_000),
      add("background", 5_000),
      percent("commercial", 100),
      plan("colour", 5_000),
    ]);
    expect(lines).toEqual([
      { kind: "plan", choiceId: "bust", amount: 15_000 },
      { kind: "plan", choiceId: "colour", amount: 5_000 },
      { kind: "add", choiceId: "background", amount: 5_000 },
      { kind: "percent", choiceId: "commercial", percent: 100, amount: 20_000 },
    ]);
    expect(total).toBe(45_000);
  });

  it("prices an each at count × amount", () => {
    const { lines, total } = priceLines(20_000, "JPY", [each("character", 8_000, 3, 2)]);
    expect(lines[1]).toEqual({ kind: "each", choiceId: "character", count: 2, unit: 8_000, amount: 16_000 });
    expect(total).toBe(36_000);
  });

  it.each([
    [0, 1],
    [-4, 1],
    [2.7, 2],
    [9, 3],
    [Number.NaN, 1],
  ])("clamps an each's count of %s to %s (1..maxCount 3)", (count, counted) => {
    const [, line] = priceLines(20_000, "JPY", [each("character", 8_000, 3, count)]).lines;
    expect(line).toMatchObject({ count: counted, amount: counted * 8_000 });
  });

  it("clamps an each's maxCount to EACH_COUNT_MAX, and reads no maxCount as 1", () => {
    const [, many] = priceLines(1_000, "JPY", [each("prop", 100, 500, 500)]).lines;
    expect(many).toMatchObject({ count: EACH_COUNT_MAX, amount: EACH_COUNT_MAX * 100 });
    const [, none] = priceLines(1_000, "JPY", [pick("prop", { kind: "each", amount: 100 }, 5)]).lines;
    expect(none).toMatchObject({ count: 1, amount: 100 });
  });

  it("counts the other kinds once, whatever count they carry", () => {
    expect(priceLines(1_000, "JPY", [pick("bg", { amount: 500 }, 4)]).total).toBe(1_500);
  });

  it("leaves out a choice priced in another currency (the creator prices it), a plan included", () => {
    const { lines, total } = priceLines(20_000, "JPY", [add("background", 50, "USD"), plan("bust", 100, "USD")]);
    expect(lines).toEqual([{ kind: "base", amount: 20_000 }]);
    expect(total).toBe(20_000);
  });

  it("leaves out unpriced choices: no amount, 0, no percent", () => {
    const { lines } = priceLines(20_000, "JPY", [
      add("free", 0),
      pick("nothing", { amount: null, currencyId: null }),
      pick("percent-unset", { kind: "percent", percent: null }),
      pick("each-unset", { kind: "each", amount: null, maxCount: 3 }, 2),
      plan("plan-free", 0),
    ]);
    expect(lines).toEqual([{ kind: "base", amount: 20_000 }]);
  });

  it("gives options no base line when there is no base, and a percent of nothing is nothing", () => {
    expect(priceLines(null, "JPY", [add("background", 5_000), percent("rush", 30)])).toEqual({
      lines: [
        { kind: "add", choiceId: "background", amount: 5_000 },
        { kind: "percent", choiceId: "rush", percent: 30, amount: 0 },
      ],
      total: 5_000,
    });
  });
});

describe("shownLines: what the order shows", () => {
  const lines: PriceLine[] = [
    { kind: "base", amount: 20_000 },
    { kind: "add", choiceId: "bg", amount: 5_000 },
  ];

  it("shows the lines as priced when the creator kept the total", () => {
    expect(shownLines(lines, 25_000)).toEqual(lines);
  });

  it("shows a creator's raise as a positive adjustment, summing to the total", () => {
    const shown = shownLines(lines, 28_000)!;
    expect(shown.at(-1)).toEqual({ kind: "adjustment", amount: 3_000 });
    expect(sumOf(shown)).toBe(28_000);
  });

  it("shows a creator's discount as a negative adjustment, summing to the total", () => {
    const shown = shownLines(lines, 22_500)!;
    expect(shown.at(-1)).toEqual({ kind: "adjustment", amount: -2_500 });
    expect(sumOf(shown)).toBe(22_500);
  });

  it("shows nothing for an order from before the lines were kept, or with none", () => {
    expect(shownLines(null, 25_000)).toBeNull();
    expect(shownLines([], 25_000)).toBeNull();
  });

  it("does not change the stored lines", () => {
    const kept = structuredClone(lines);
    shownLines(lines, 1);
    expect(lines).toEqual(kept);
  });
});

describe("parsePriceLines: the stored lines read back", () => {
  const good: PriceLine[] = [
    { kind: "base", amount: 20_000 },
    { kind: "plan", choiceId: "p", amount: 15_000 },
    { kind: "add", choiceId: "a", amount: 5_000 },
    { kind: "percent", choiceId: "r", percent: 30, amount: 4_500 },
    { kind: "each", choiceId: "e", count: 2, unit: 8_000, amount: 16_000 },
  ];

  it("reads back what priceLines wrote", () => {
    expect(parsePriceLines(JSON.stringify(good))).toEqual(good);
    const { lines } = priceLines(20_000, "JPY", [add("a", 5_000), each("e", 8_000, 3, 2)]);
    expect(parsePriceLines(JSON.stringify(lines))).toEqual(lines);
  });

  it("reads no stored lines as none (an old order)", () => {
    expect(parsePriceLines(null)).toBeNull();
    expect(parsePriceLines("")).toBeNull();
  });

  it.each([
    ["not JSON", "{lines"],
    ["not a list", JSON.stringify({ kind: "base", amount: 1 })],
    ["null", "null"],
    ["a number in the list", "[1]"],
    ["a negative amount", JSON.stringify([{ kind: "add", choiceId: "a", amount: -1 }])],
    ["a fractional amount", JSON.stringify([{ kind: "base", amount: 10.5 }])],
    ["an amount as text", JSON.stringify([{ kind: "base", amount: "100" }])],
    ["an unsafe amount", `[{"kind":"base","amount":${Number.MAX_SAFE_INTEGER + 2}}]`],
    ["an unknown kind", JSON.stringify([{ kind: "discount", choiceId: "a", amount: 1 }])],
    ["an adjustment (never stored)", JSON.stringify([{ kind: "adjustment", amount: 1 }])],
    ["an option without its choice", JSON.stringify([{ kind: "add", amount: 1 }])],
    ["a percent without its percent", JSON.stringify([{ kind: "percent", choiceId: "r", amount: 1 }])],
    ["a fractional percent", JSON.stringify([{ kind: "percent", choiceId: "r", percent: 1.5, amount: 1 }])],
    ["an each without its unit", JSON.stringify([{ kind: "each", choiceId: "e", count: 2, amount: 2 }])],
    ["an each with a negative count", JSON.stringify([{ kind: "each", choiceId: "e", count: -2, unit: 1, amount: 2 }])],
    ["one good line and one bad", JSON.stringify([good[0], { kind: "add", choiceId: "a", amount: -5 }])],
  ])("refuses %s (reads as no lines)", (_name, json) => {
    expect(parsePriceLines(json)).toBeNull();
  });
});

describe("rushDaysOf", () => {
  it("is the shortest rush picked, and null when none is rush", () => {
    expect(rushDaysOf([{ rushDays: 14 }, { rushDays: null }, { rushDays: 7 }])).toBe(7);
    expect(rushDaysOf([{ rushDays: null }])).toBeNull();
    expect(rushDaysOf([])).toBeNull();
  });

  it("ignores days that are no rush (0 or fewer)", () => {
    expect(rushDaysOf([{ rushDays: 0 }, { rushDays: -3 }])).toBeNull();
    expect(rushDaysOf([{ rushDays: 0 }, { rushDays: 10 }])).toBe(10);
  });
});

describe("priceLines, for any sheet and any picks (property)", () => {
  const currencies = ["JPY", "USD", "EUR"] as const;
  const amount = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: CHOICE_AMOUNT_MAX }));
  const choicePrice: fc.Arbitrary<ChoicePrice> = fc.record({
    kind: fc.constantFrom(...PRICE_KINDS),
    amount,
    currencyId: fc.oneof(fc.constant(null), fc.constantFrom(...currencies)),
    percent: fc.oneof(fc.constant(null), fc.integer({ min: PRICE_PERCENT_MIN, max: PRICE_PERCENT_MAX })),
    maxCount: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: EACH_COUNT_MAX })),
  });
  const picked: fc.Arbitrary<PickedChoice> = fc.record({
    choiceId: fc.uuid(),
    price: choicePrice,
    count: fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  });
  const request = fc.record({
    base: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: CHOICE_AMOUNT_MAX })),
    currencyId: fc.constantFrom(...currencies),
    picks: fc.array(picked, { maxLength: 12 }),
  });

  it("gives lines, none negative and each whole, that sum to a safe total (null at 0)", () => {
    fc.assert(
      fc.property(request, ({ base, currencyId, picks }) => {
        const { lines, total } = priceLines(base, currencyId, picks);
        for (const line of lines) expect(Number.isSafeInteger(line.amount) && line.amount >= 0).toBe(true);
        const sum = sumOf(lines);
        expect(Number.isSafeInteger(sum)).toBe(true);
        expect(total).toBe(sum === 0 ? null : sum);
        // What it wrote, it reads back.
        expect(parsePriceLines(JSON.stringify(lines))).toEqual(lines);
      }),
      { numRuns: 2_000 },
    );
  });

  it("shows lines that sum to whatever total the creator set", () => {
    fc.assert(
      fc.property(
        request,
        fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 2 * CHOICE_AMOUNT_MAX })),
        ({ base, currencyId, picks }, anyTotal) => {
          const { lines } = priceLines(base, currencyId, picks);
          const shown = shownLines(lines, anyTotal);
          if (lines.length === 0) expect(shown).toBeNull();
          else expect(sumOf(shown!)).toBe(anyTotal ?? 0);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
