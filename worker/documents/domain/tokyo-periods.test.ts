// Statements' months and years in Japan time (decision 102): UTC+9, no daylight saving, midnight in Tokyo the edge.
import { describe, expect, it } from "vitest";
import { periodBounds, periodClosed, periodOf, tokyoMonthOf, tokyoYearOf } from "./tokyo-periods";

const utc = (iso: string) => Date.parse(iso);

describe("Japan-time periods", () => {
  it("a moment belongs to the month and year it is in Tokyo, not in UTC", () => {
    // 2024-12-31 15:00 UTC is 2025-01-01 00:00 in Tokyo.
    expect(tokyoMonthOf(utc("2024-12-31T14:59:59.999Z"))).toBe("2024-12");
    expect(tokyoMonthOf(utc("2024-12-31T15:00:00.000Z"))).toBe("2025-01");
    expect(tokyoYearOf(utc("2024-12-31T15:00:00.000Z"))).toBe("2025");
    expect(periodOf("month", utc("2025-06-30T15:00:00Z"))).toBe("2025-07");
    expect(periodOf("year", utc("2025-06-30T15:00:00Z"))).toBe("2025");
  });

  it("a period's bounds are Tokyo midnights, in July as in January (no daylight saving)", () => {
    expect(periodBounds("2025-01")).toEqual({ from: utc("2024-12-31T15:00:00Z"), until: utc("2025-01-31T15:00:00Z") });
    expect(periodBounds("2025-07")).toEqual({ from: utc("2025-06-30T15:00:00Z"), until: utc("2025-07-31T15:00:00Z") });
    expect(periodBounds("2024-02").until - periodBounds("2024-02").from).toBe(29 * 86_400_000);
    expect(periodBounds("2025")).toEqual({ from: utc("2024-12-31T15:00:00Z"), until: utc("2025-12-31T15:00:00Z") });
  });

  it("a period closes at its last Tokyo midnight", () => {
    expect(periodClosed("2025-01", utc("2025-01-31T14:59:59.999Z"))).toBe(false);
    expect(periodClosed("2025-01", utc("2025-01-31T15:00:00Z"))).toBe(true);
    expect(periodClosed("2025", utc("2025-12-31T15:00:00Z"))).toBe(true);
  });

  it("refuses what is not a period", () => {
    for (const bad of ["2025-13", "2025-00", "25-01", "2025-1", ""])
      expect(() => periodBounds(bad)).toThrow(RangeError);
  });
});
