import { describe, expect, it } from "vitest";
import { columnChart, niceMax, rowChart } from "./insight-charts";

describe("niceMax", () => {
  it("ends the axis on 1, 2 or 5 × 10ⁿ at or above the value", () => {
    expect([0, 1, 3, 7, 10, 11, 45, 50, 51, 1_234].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 50, 100, 2_000]);
  });
});

describe("columnChart", () => {
  it("draws side-by-side columns to scale from the baseline, none for a zero", () => {
    const chart = columnChart(
      [
        [10, 0],
        [5, 20],
      ],
      { width: 236, height: 120, left: 36, bottom: 20 },
    );
    // Axis to 20; plot from y 8 to the baseline at 100 (92 units); two categories of 100 units, 80 wide each.
    expect(chart.max).toBe(20);
    expect(chart.baseline).toBe(100);
    expect(chart.bars).toEqual([
      { x: 46, y: 54, width: 40, height: 46, value: 10, series: 0, category: 0 },
      { x: 86, y: 77, width: 40, height: 23, value: 5, series: 1, category: 0 },
      { x: 186, y: 8, width: 40, height: 92, value: 20, series: 1, category: 1 },
    ]);
    expect(chart.ticks).toEqual([
      { value: 0, y: 100 },
      { value: 10, y: 54 },
      { value: 20, y: 8 },
    ]);
    expect(chart.labelX).toEqual([86, 186]);
  });

  it("stacks a category's series, the first at the bottom, the axis to the largest sum", () => {
    const chart = columnChart([[30], [20]], { width: 136, height: 120, left: 36, bottom: 20, stacked: true });
    expect(chart.max).toBe(50);
    const [low, high] = chart.bars;
    expect(low).toMatchObject({ y: 100 - 55.2, height: 55.2, width: 80 });
    expect(high).toMatchObject({ y: 8, height: 36.8 });
    expect(high!.y + high!.height).toBeCloseTo(low!.y);
  });

  it("draws nothing for no data, and a one-unit axis", () => {
    const chart = columnChart([[0, 0, 0]]);
    expect(chart.bars).toEqual([]);
    expect(chart.max).toBe(1);
    expect(chart.labelX).toHaveLength(3);
  });
});

describe("rowChart", () => {
  it("draws one bar a row under its label, to scale across the width left of the figures, none for a zero", () => {
    const chart = rowChart([100, 40, 0, 5], { width: 220, rowHeight: 30, labelHeight: 16, barHeight: 10, right: 20 });
    expect(chart.max).toBe(100);
    expect(chart.height).toBe(120);
    expect(chart.bars.map((b) => [b.series, b.x, b.y, b.width, b.height])).toEqual([
      [0, 0, 16, 200, 10],
      [1, 0, 46, 80, 10],
      [3, 0, 106, 10, 10],
    ]);
    expect(chart.labelY).toEqual([11, 41, 71, 101]);
    expect(chart.barY).toEqual([21, 51, 81, 111]);
  });
});
