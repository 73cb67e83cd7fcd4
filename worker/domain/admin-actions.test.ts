import { describe, expect, it } from "vitest";
import { ADMIN_REASON_MAX, adminReasonOf } from "./admin-actions";

describe("adminReasonOf", () => {
  it("takes 1 to 500 characters, trimmed", () => {
    expect(adminReasonOf("  spam  ")).toBe("spam");
    expect(adminReasonOf("x".repeat(ADMIN_REASON_MAX))).toHaveLength(ADMIN_REASON_MAX);
    expect(adminReasonOf("😀".repeat(ADMIN_REASON_MAX))).not.toBeNull();
  });

  it("refuses an empty or blank reason and one over 500 characters", () => {
    expect(adminReasonOf("")).toBeNull();
    expect(adminReasonOf(" \n\t ")).toBeNull();
    expect(adminReasonOf("x".repeat(ADMIN_REASON_MAX + 1))).toBeNull();
  });
});
