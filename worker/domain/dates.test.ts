import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate (spec section 9)", () => {
  it("formats English as 'MMMM d, yyyy'", () => {
    expect(formatDate(Date.UTC(2026, 10, 1), "en")).toBe("November 1, 2026");
  });
  it("formats Japanese as 'yyyy年MM月dd日'", () => {
    expect(formatDate(Date.UTC(2026, 0, 5), "ja")).toBe("2026年01月05日");
  });
});
