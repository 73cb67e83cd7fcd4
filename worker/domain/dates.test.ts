import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("formatDate (spec section 9, and each of the five languages)", () => {
  it("formats English as 'MMMM d, yyyy'", () => {
    expect(formatDate(Date.UTC(2026, 10, 1), "en")).toBe("November 1, 2026");
  });
  it("formats Japanese as 'yyyy年MM月dd日'", () => {
    expect(formatDate(Date.UTC(2026, 0, 5), "ja")).toBe("2026年01月05日");
  });
  it("formats Chinese, Simplified and Traditional, as 2026年11月28日, unpadded as Chinese writes it", () => {
    expect(formatDate(Date.UTC(2026, 10, 28), "zh-Hans")).toBe("2026年11月28日");
    expect(formatDate(Date.UTC(2026, 10, 28), "zh-Hant")).toBe("2026年11月28日");
    expect(formatDate(Date.UTC(2026, 0, 5), "zh-Hans")).toBe("2026年1月5日");
    expect(formatDate(Date.UTC(2026, 0, 5), "zh-Hant")).toBe("2026年1月5日");
  });
  it("formats Korean as 2026년 11월 28일", () => {
    expect(formatDate(Date.UTC(2026, 10, 28), "ko")).toBe("2026년 11월 28일");
    expect(formatDate(Date.UTC(2026, 0, 5), "ko")).toBe("2026년 1월 5일");
  });
  it("reads the day in UTC, wherever it runs", () => {
    expect(formatDate(Date.UTC(2026, 10, 28, 23, 59), "ko")).toBe("2026년 11월 28일");
    expect(formatDate("2026-11-28T00:00:00Z", "en")).toBe("November 28, 2026");
  });
});

describe("formatDateTime", () => {
  it("adds a 24-hour UTC time in each language", () => {
    const at = Date.UTC(2026, 10, 28, 9, 5);
    expect(formatDateTime(at, "en")).toBe("November 28, 2026 09:05 UTC");
    expect(formatDateTime(at, "ja")).toBe("2026年11月28日 09:05 UTC");
    expect(formatDateTime(at, "zh-Hans")).toBe("2026年11月28日 09:05 UTC");
    expect(formatDateTime(at, "zh-Hant")).toBe("2026年11月28日 09:05 UTC");
    expect(formatDateTime(at, "ko")).toBe("2026년 11월 28일 09:05 UTC");
  });
  it("writes midnight as 00, not 24", () => {
    const midnight = Date.UTC(2026, 10, 28, 0, 7);
    for (const locale of ["en", "ja", "zh-Hans", "zh-Hant", "ko"] as const)
      expect(formatDateTime(midnight, locale)).toMatch(/ 00:07 UTC$/);
  });
});
