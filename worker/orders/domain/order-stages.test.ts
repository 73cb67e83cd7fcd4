import { describe, expect, it } from "vitest";
import {
  approvedAmount,
  parseStagePlan,
  REVISION_COMMENT_MAX,
  revisionCommentOf,
  revisionsLeft,
  STAGE_REVISIONS_MAX,
  STAGE_TITLE_MAX,
  stageAmounts,
  stagesOfPlan,
  type OrderStage,
  type StagePlanItem,
} from "./order-stages";

const item = (title: unknown, sharePercent: unknown, includedRevisions: unknown = 1) => ({
  title,
  sharePercent,
  includedRevisions,
});
const SKETCH_LINES_COLOUR = [item("Sketch", 30), item("Line art", 30), item("Colour", 40)];

describe("parseStagePlan: a plan as typed", () => {
  it("takes 1 to 5 stages whose whole shares sum to 100; an empty plan is no stages", () => {
    expect(parseStagePlan(SKETCH_LINES_COLOUR)).toEqual({
      ok: true,
      plan: [
        { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
        { title: "Line art", sharePercent: 30, includedRevisions: 1 },
        { title: "Colour", sharePercent: 40, includedRevisions: 1 },
      ],
    });
    expect(parseStagePlan([item("All of it", 100, 0)])).toEqual({
      ok: true,
      plan: [{ title: "All of it", sharePercent: 100, includedRevisions: 0 }],
    });
    expect(parseStagePlan([])).toEqual({ ok: true, plan: [] });
    expect(parseStagePlan(Array.from({ length: 5 }, (_, i) => item(`Stage ${i + 1}`, 20))).ok).toBe(true);
  });

  it("refuses more than 5 stages, whatever else is right", () => {
    expect(parseStagePlan(Array.from({ length: 6 }, (_, i) => item(`S${i}`, i < 5 ? 20 : 0)))).toEqual({
      ok: false,
      error: "stages_count",
    });
  });

  it("a title is required: missing, blank, zero-width only, control characters or not a string", () => {
    for (const title of [undefined, null, 7, "", "   ", "\u200b\u200b", "\u3000", "\ufeff", "Ske\u0000tch", "\ud800"])
      expect(parseStagePlan([item("Sketch", 50), item(title, 50)]), JSON.stringify(title)).toEqual({
        ok: false,
        error: "stage_title_required",
        index: 1,
      });
  });

  it("a title is trimmed and stored in NFC, and its length counted in characters after that", () => {
    const decomposed = "e\u0301".repeat(STAGE_TITLE_MAX); // 80 code points, 40 characters once composed
    const parsed = parseStagePlan([item(`  ${decomposed}\n`, 100)]);
    expect(parsed).toEqual({
      ok: true,
      plan: [{ title: "\u00e9".repeat(STAGE_TITLE_MAX), sharePercent: 100, includedRevisions: 1 }],
    });
    expect(parseStagePlan([item("🎨".repeat(STAGE_TITLE_MAX), 100)]).ok).toBe(true);
    // One line: breaks and runs of spaces inside a title become one space.
    expect(parseStagePlan([item("Line\n\nart \t 2", 100)])).toMatchObject({
      ok: true,
      plan: [{ title: "Line art 2" }],
    });
    expect(parseStagePlan([item("a".repeat(STAGE_TITLE_MAX + 1), 100)])).toEqual({
      ok: false,
      error: "stage_title_too_long",
      index: 0,
    });
  });

  it("a share is a whole percent from 1 to 100", () => {
    for (const share of [0, -10, 101, 33.5, Number.NaN, Number.POSITIVE_INFINITY, "50", null, undefined, true])
      expect(parseStagePlan([item("A", share), item("B", 50)]), String(share)).toEqual({
        ok: false,
        error: "stage_share_invalid",
        index: 0,
      });
  });

  it("the shares sum to exactly 100", () => {
    for (const shares of [[30, 30], [50, 51], [99], [33, 33, 33], [1, 1, 1, 1, 1]])
      expect(parseStagePlan(shares.map((share, i) => item(`S${i}`, share))), shares.join("+")).toEqual({
        ok: false,
        error: "stage_shares_sum",
      });
  });

  it("included revisions are a whole number from 0 to 10", () => {
    expect(parseStagePlan([item("A", 100, STAGE_REVISIONS_MAX)]).ok).toBe(true);
    for (const revisions of [-1, STAGE_REVISIONS_MAX + 1, 1.5, "2", null, undefined])
      expect(
        parseStagePlan([{ title: "A", sharePercent: 100, includedRevisions: revisions }]),
        String(revisions),
      ).toEqual({
        ok: false,
        error: "stage_revisions_invalid",
        index: 0,
      });
  });

  it("names the first stage in error", () => {
    expect(parseStagePlan([item("A", 40), item("B", 0), item("", 60)])).toEqual({
      ok: false,
      error: "stage_share_invalid",
      index: 1,
    });
  });
});

describe("stageAmounts: each stage's share of the total in minor units", () => {
  const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
  const shares = (...percents: number[]) => percents.map((sharePercent) => ({ sharePercent }));

  it("rounds each share down and gives the last stage what rounding left", () => {
    expect(stageAmounts(10_000, shares(30, 30, 40))).toEqual([3_000, 3_000, 4_000]);
    expect(stageAmounts(101, shares(33, 33, 34))).toEqual([33, 33, 35]);
    // USD cents: $19.99 in 3 stages.
    expect(stageAmounts(1_999, shares(30, 30, 40))).toEqual([599, 599, 801]);
    expect(stageAmounts(1, shares(50, 50))).toEqual([0, 1]);
    expect(stageAmounts(0, shares(50, 50))).toEqual([0, 0]);
    expect(stageAmounts(12_345, [])).toEqual([]);
  });

  it("always sums to the total, for awkward totals and shares", () => {
    const plans = [
      shares(100),
      shares(1, 99),
      shares(33, 33, 34),
      shares(1, 1, 1, 1, 96),
      shares(19, 21, 17, 23, 20),
      shares(7, 93),
    ];
    for (const total of [0, 1, 3, 7, 99, 101, 1_999, 10_001, 123_457, 9_999_999, 2 ** 40 + 3])
      for (const plan of plans) {
        const amounts = stageAmounts(total, plan);
        expect(sum(amounts), `${total} at ${plan.map((s) => s.sharePercent)}`).toBe(total);
        expect(amounts.every((a) => Number.isInteger(a) && a >= 0)).toBe(true);
      }
  });
});

const stage = (overrides: Partial<OrderStage> = {}): OrderStage => ({ ...stagesOfPlan([PLAN_ITEM])[0]!, ...overrides });
const PLAN_ITEM: StagePlanItem = { title: "Sketch", sharePercent: 100, includedRevisions: 2 };

describe("approvedAmount and revisionsLeft", () => {
  it("approvedAmount sums the approved stages' amounts, the last with its remainder", () => {
    const three = stagesOfPlan([
      { title: "A", sharePercent: 33, includedRevisions: 0 },
      { title: "B", sharePercent: 33, includedRevisions: 0 },
      { title: "C", sharePercent: 34, includedRevisions: 0 },
    ]);
    const approve = (s: OrderStage): OrderStage => ({ ...s, status: "APPROVED" });
    expect(approvedAmount(101, three)).toBe(0);
    expect(approvedAmount(101, [approve(three[0]!), three[1]!, three[2]!])).toBe(33);
    expect(approvedAmount(101, [approve(three[0]!), { ...three[1]!, status: "IN_REVIEW" }, three[2]!])).toBe(33);
    expect(approvedAmount(101, three.map(approve))).toBe(101);
    expect(approvedAmount(101, [])).toBe(0);
  });

  it("revisionsLeft counts the included and granted revisions less the used ones, never below 0", () => {
    expect(revisionsLeft(stage())).toBe(2);
    expect(revisionsLeft(stage({ revisionsUsed: 2 }))).toBe(0);
    expect(revisionsLeft(stage({ revisionsUsed: 2, extraRevisions: 1 }))).toBe(1);
    expect(revisionsLeft(stage({ includedRevisions: 0, revisionsUsed: 3 }))).toBe(0);
  });
});

describe("revisionCommentOf", () => {
  it("keeps a comment trimmed and in NFC, up to 1000 characters", () => {
    expect(revisionCommentOf("  Warmer colours, please.\r\n")).toBe("Warmer colours, please.");
    expect(revisionCommentOf("Cafe\u0301")).toBe("Caf\u00e9");
    expect(revisionCommentOf("x".repeat(REVISION_COMMENT_MAX))).toHaveLength(REVISION_COMMENT_MAX);
    expect(revisionCommentOf("🎨".repeat(REVISION_COMMENT_MAX))).toBe("🎨".repeat(REVISION_COMMENT_MAX));
    expect(revisionCommentOf("Line one\r\nLine two")).toBe("Line one\nLine two");
  });

  it("refuses a blank, zero-width, too long or unstorable comment", () => {
    for (const input of ["", "   ", "\u200b", "\n\t", "x".repeat(REVISION_COMMENT_MAX + 1), "a\u0007b", "\udc00"])
      expect(revisionCommentOf(input), JSON.stringify(input.slice(0, 8))).toBeNull();
  });
});
