import { describe, expect, it } from "vitest";
import { ADMIN_REASON_MAX, adminReasonOf, isDisputeFileKind, movesMoney, opensFile } from "./admin-actions";

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

describe("the dispute desk's rules (decision 088)", () => {
  it("counts a request without a range, or from the first byte, as opening a file; a player's later ranges not", () => {
    expect(opensFile(null)).toBe(true);
    expect(opensFile("bytes=0-")).toBe(true);
    expect(opensFile(" BYTES=0-1023")).toBe(true);
    expect(opensFile("bytes=1024-")).toBe(false);
    expect(opensFile("bytes=-500")).toBe(false);
  });

  it("knows the file kinds by name only, and which outcomes move money", () => {
    expect(["deliverable", "request", "preview", "evidence", "chat"].every(isDisputeFileKind)).toBe(true);
    for (const other of ["key", "__proto__", "", null, 1]) expect(isDisputeFileKind(other)).toBe(false);
    expect(["refund", "release", "split"].every(movesMoney)).toBe(true);
    expect(movesMoney("reopen")).toBe(false);
    expect(movesMoney("")).toBe(false);
  });
});
