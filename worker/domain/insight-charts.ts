/**
 * Charts drawn on the server (decision 111): pure geometry from series to SVG shapes, no chart library. The page
 * draws the shapes with `currentColor` and Tailwind's fill classes, so light and dark read alike; every chart has a
 * table beside it for screen readers. Coordinates are in the chart's viewBox; the SVG scales to its box's width.
 */

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
  /** The series (or step) the bar belongs to, and its category (period). */
  series: number;
  category: number;
}

export interface Tick {
  y: number;
  value: number;
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (at least 1): the axis ends on a round figure. */
export function niceMax(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

const round = (n: number) => Math.round(n * 100) / 100;

export interface ColumnChart {
  width: number;
  height: number;
  /** The plot's left edge (room for the axis labels) and its baseline. */
  left: number;
  baseline: number;
  max: number;
  bars: Bar[];
  ticks: Tick[];
  /** Each category's centre, for its label under the baseline. */
  labelX: number[];
}

/**
 * Columns for `series[s][c]` (series × categories): side by side, or stacked (each category's series on top of each
 * other, the first at the bottom). Zero draws no bar. Heights are to scale from a zero baseline up to `niceMax`.
 */
export function columnChart(
  series: readonly (readonly number[])[],
  { width = 300, height = 170, left = 36, bottom = 22, stacked = false } = {},
): ColumnChart {
  const categories = Math.max(0, ...series.map((s) => s.length));
  const totals = Array.from({ length: categories }, (_, c) =>
    stacked ? series.reduce((sum, s) => sum + (s[c] ?? 0), 0) : Math.max(0, ...series.map((s) => s[c] ?? 0)),
  );
  const max = niceMax(Math.max(0, ...totals));
  const top = 8;
  const baseline = height - bottom;
  const plot = baseline - top;
  const slot = categories === 0 ? 0 : (width - left) / categories;
  const gap = slot * 0.2;
  const groupWidth = slot - gap;
  const barWidth = stacked || series.length === 0 ? groupWidth : groupWidth / series.length;
  const bars: Bar[] = [];
  for (let c = 0; c < categories; c++) {
    let stackTop = baseline;
    series.forEach((s, i) => {
      const value = s[c] ?? 0;
      if (value <= 0) return;
      const barHeight = (value / max) * plot;
      const x = left + c * slot + gap / 2 + (stacked ? 0 : i * barWidth);
      const y = stacked ? stackTop - barHeight : baseline - barHeight;
      if (stacked) stackTop = y;
      bars.push({
        x: round(x),
        y: round(y),
        width: round(barWidth),
        height: round(barHeight),
        value,
        series: i,
        category: c,
      });
    });
  }
  const ticks = [0, max / 2, max].map((value) => ({ value, y: round(baseline - (value / max) * plot) }));
  const labelX = Array.from({ length: categories }, (_, c) => round(left + c * slot + slot / 2));
  return { width, height, left, baseline, max, bars, ticks, labelX };
}

export interface RowChart {
  width: number;
  height: number;
  max: number;
  bars: Bar[];
  /** Each row's label baseline (the label sits above its bar, so a long one in any language keeps the full width). */
  labelY: number[];
  /** Each bar's centre line, for its figure written right of it. */
  barY: number[];
}

/**
 * Horizontal bars, one a row (a funnel's steps, the pipeline's states), each under its label, to scale from zero up
 * to `niceMax` of the largest; the page writes the labels, and each figure in the room `right` leaves after its bar.
 */
export function rowChart(
  values: readonly number[],
  { width = 300, rowHeight = 40, labelHeight = 18, barHeight = 14, right = 48 } = {},
): RowChart {
  const max = niceMax(Math.max(0, ...values));
  const span = width - right;
  const bars: Bar[] = [];
  values.forEach((value, i) => {
    if (value <= 0) return;
    const y = i * rowHeight + labelHeight;
    bars.push({
      x: 0,
      y: round(y),
      width: round((value / max) * span),
      height: barHeight,
      value,
      series: i,
      category: 0,
    });
  });
  return {
    width,
    height: values.length * rowHeight,
    max,
    bars,
    labelY: values.map((_, i) => round(i * rowHeight + labelHeight - 5)),
    barY: values.map((_, i) => round(i * rowHeight + labelHeight + barHeight / 2)),
  };
}
