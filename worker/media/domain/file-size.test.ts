import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("reads a size in decimal units with one decimal below 100", () => {
    expect(formatFileSize(1_400_000_000, "en")).toBe("1.4 GB");
    expect(formatFileSize(2_147_483_648, "en")).toBe("2.1 GB");
    expect(formatFileSize(5 * 1024 ** 3, "en")).toBe("5.4 GB");
    expect(formatFileSize(820_000, "en")).toBe("820 kB");
    expect(formatFileSize(1_204_112, "en")).toBe("1.2 MB");
    expect(formatFileSize(12, "en")).toBe("12 bytes");
    expect(formatFileSize(0, "en")).toBe("0 bytes");
  });

  it("never says 1,000 of a unit", () => {
    expect(formatFileSize(999_999_999, "en")).toBe("1 GB");
    expect(formatFileSize(999_400_000, "en")).toBe("999 MB");
  });

  it("in the reader's locale", () => {
    expect(formatFileSize(1_400_000_000, "ja")).toBe("1.4 GB");
    expect(formatFileSize(1_400_000_000, "de")).toMatch(/^1,4\sGB$/);
  });
});
