import { describe, expect, it } from "vitest";
import { parseStagePlanRows, rowsOfPlan, storedStagePlan, typedSharesTotal } from "./stage-plan-rows";

const row = (title: string, share: string, revisions = "1") => ({ title, share, revisions });

describe("a stage plan as typed", () => {
  it("reads whole numbers and gives the plan back as rows", () => {
    const parsed = parseStagePlanRows([row(" Sketch ", "30"), row("Line art", " 30 ", "0"), row("Colour", "40", "2")]);
    expect(parsed).toEqual({
      ok: true,
      plan: [
        { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
        { title: "Line art", sharePercent: 30, includedRevisions: 0 },
        { title: "Colour", sharePercent: 40, includedRevisions: 2 },
      ],
    });
    if (parsed.ok) expect(rowsOfPlan(parsed.plan)[1]).toEqual(row("Line art", "30", "0"));
  });

  it("keys each error by the field it belongs to, or the whole plan", () => {
    expect(parseStagePlanRows([])).toEqual({ ok: true, plan: [] });
    expect(parseStagePlanRows([row("A", "50"), row(" ", "50")])).toEqual({
      ok: false,
      errors: { "stagePlan.1.title": "stage_title_required" },
    });
    expect(parseStagePlanRows([row("A".repeat(41), "100")])).toEqual({
      ok: false,
      errors: { "stagePlan.0.title": "stage_title_too_long" },
    });
    for (const share of ["", "0", "101", "3.5", "1e2", "0x1E", "-5"])
      expect(parseStagePlanRows([row("A", share)]), share).toEqual({
        ok: false,
        errors: { "stagePlan.0.share": "stage_share_invalid" },
      });
    for (const revisions of ["", "11", "1.5"])
      expect(parseStagePlanRows([row("A", "100", revisions)]), revisions).toEqual({
        ok: false,
        errors: { "stagePlan.0.revisions": "stage_revisions_invalid" },
      });
    expect(parseStagePlanRows([row("A", "30"), row("B", "60")])).toEqual({
      ok: false,
      errors: { stagePlan: "stage_shares_sum" },
    });
    expect(parseStagePlanRows(Array.from({ length: 6 }, () => row("A", "10")))).toEqual({
      ok: false,
      errors: { stagePlan: "stages_count" },
    });
  });

  it("totals the shares typed so far, a share not yet a number as 0", () => {
    expect(typedSharesTotal([row("A", "30"), row("B", ""), row("C", "4x"), row("D", "60")])).toBe(90);
  });
});

describe("a stored plan", () => {
  it("reads as none unless it is a plan the rule accepts", () => {
    const plan = [
      { title: "Sketch", sharePercent: 40, includedRevisions: 1 },
      { title: "Colour", sharePercent: 60, includedRevisions: 2 },
    ];
    expect(storedStagePlan(JSON.stringify(plan))).toEqual(plan);
    for (const bad of [null, "", "{", "{}", "[1,2]", JSON.stringify([{ ...plan[0], sharePercent: 50 }]), "[null]"])
      expect(storedStagePlan(bad), String(bad)).toEqual([]);
  });
});
