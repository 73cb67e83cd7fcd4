import { describe, expect, it } from "vitest";
import { DELIVERABLE_FILE_MAX_BYTES, MB } from "./media-limits";
import {
  LARGE_FILE_PART_BYTES,
  MULTIPART_ERROR_CODES,
  R2_MAX_PARTS,
  R2_MIN_PART_BYTES,
  UPLOAD_IDLE_MS,
  UPLOAD_LEASE_MS,
  UPLOAD_MAX_AGE_MS,
  checkPartLength,
  checkPartNumber,
  checkUploadFileName,
  fileFingerprint,
  isAbandoned,
  leaseFor,
  missingParts,
  planParts,
} from "./multipart-plan";

describe("planParts", () => {
  it("cuts a 5 GiB file into 320 parts of 16 MiB", () => {
    expect(planParts(DELIVERABLE_FILE_MAX_BYTES)).toEqual({
      size: DELIVERABLE_FILE_MAX_BYTES,
      partSize: LARGE_FILE_PART_BYTES,
      partCount: 320,
    });
  });

  it("sends a file up to 100 MiB in R2's smallest parts", () => {
    expect(planParts(11 * MB)).toEqual({ size: 11 * MB, partSize: 5 * MB, partCount: 3 });
    expect(planParts(1)).toEqual({ size: 1, partSize: 5 * MB, partCount: 1 });
    expect(planParts(100 * MB).partCount).toBe(20);
    expect(planParts(100 * MB + 1).partSize).toBe(16 * MB);
  });

  it("never plans more parts than R2 takes, nor parts under its minimum", () => {
    for (const size of [1, 5 * MB, 5 * MB + 1, 100 * MB + 1, 200 * 1024 * MB, 5 * 1024 * 1024 * MB]) {
      const plan = planParts(size);
      expect(plan.partCount).toBeLessThanOrEqual(R2_MAX_PARTS);
      expect(plan.partSize).toBeGreaterThanOrEqual(R2_MIN_PART_BYTES);
      expect(plan.partSize * plan.partCount).toBeGreaterThanOrEqual(size);
      expect(plan.partSize * (plan.partCount - 1)).toBeLessThan(size);
    }
  });
});

describe("checkPartNumber", () => {
  const plan = planParts(11 * MB);

  it("gives each part's exact size: the last is what is left", () => {
    expect(checkPartNumber(plan, 1)).toEqual({ ok: true, size: 5 * MB });
    expect(checkPartNumber(plan, 2)).toEqual({ ok: true, size: 5 * MB });
    expect(checkPartNumber(plan, 3)).toEqual({ ok: true, size: MB });
  });

  it("an exact multiple ends on a whole part", () => {
    expect(checkPartNumber(planParts(10 * MB), 2)).toEqual({ ok: true, size: 5 * MB });
  });

  it("refuses numbers that are no part number, and parts past the declared count", () => {
    for (const n of [0, -1, 1.5, Number.NaN, R2_MAX_PARTS + 1])
      expect(checkPartNumber(plan, n)).toEqual({ ok: false, error: "upload_error_part_out_of_range" });
    expect(checkPartNumber(plan, 4)).toEqual({ ok: false, error: "upload_error_too_many_parts" });
    expect(checkPartNumber(plan, R2_MAX_PARTS)).toEqual({ ok: false, error: "upload_error_too_many_parts" });
  });
});

describe("checkPartLength", () => {
  it("takes only the exact size", () => {
    expect(checkPartLength(10, 10)).toEqual({ ok: true });
    expect(checkPartLength(10, 11)).toEqual({ ok: false, error: "upload_error_part_too_large" });
    expect(checkPartLength(10, 9)).toEqual({ ok: false, error: "upload_error_part_incomplete" });
  });
});

describe("missingParts", () => {
  const plan = planParts(11 * MB);

  it("lists the parts not yet recorded, and those recorded at the wrong size", () => {
    expect(missingParts(plan, [])).toEqual([1, 2, 3]);
    expect(missingParts(plan, [{ partNumber: 2, size: 5 * MB }])).toEqual([1, 3]);
    expect(
      missingParts(plan, [
        { partNumber: 1, size: 5 * MB },
        { partNumber: 2, size: 5 * MB },
        { partNumber: 3, size: 5 * MB },
      ]),
    ).toEqual([3]);
    expect(
      missingParts(plan, [
        { partNumber: 3, size: MB },
        { partNumber: 1, size: 5 * MB },
        { partNumber: 2, size: 5 * MB },
      ]),
    ).toEqual([]);
  });
});

describe("the tab lease", () => {
  const now = 1_000_000;

  it("a free upload, or one whose lease has lapsed, is anyone's", () => {
    expect(leaseFor({ holder: null, expiresAt: null }, "a", now)).toEqual({
      ok: true,
      expiresAt: now + UPLOAD_LEASE_MS,
    });
    expect(leaseFor({ holder: "a", expiresAt: now }, "b", now)).toEqual({ ok: true, expiresAt: now + UPLOAD_LEASE_MS });
  });

  it("the holder renews it; another tab is refused while it is fresh", () => {
    expect(leaseFor({ holder: "a", expiresAt: now + 1 }, "a", now)).toEqual({
      ok: true,
      expiresAt: now + UPLOAD_LEASE_MS,
    });
    expect(leaseFor({ holder: "a", expiresAt: now + 1 }, "b", now)).toEqual({
      ok: false,
      error: "upload_in_another_tab",
    });
  });
});

describe("isAbandoned", () => {
  const now = 10 * UPLOAD_MAX_AGE_MS;

  it("an upload idle for more than a day, or begun too long ago, is abandoned", () => {
    expect(isAbandoned({ createdAt: now - 1000, updatedAt: now - UPLOAD_IDLE_MS - 1 }, now)).toBe(true);
    expect(isAbandoned({ createdAt: now - UPLOAD_MAX_AGE_MS - 1, updatedAt: now }, now)).toBe(true);
    expect(isAbandoned({ createdAt: now - UPLOAD_IDLE_MS, updatedAt: now - UPLOAD_IDLE_MS + 1 }, now)).toBe(false);
  });
});

describe("checkUploadFileName", () => {
  it("keeps a name in NFC, trimmed, Japanese and all", () => {
    expect(checkUploadFileName("  Live2Dモデル_v3.zip ")).toEqual({ ok: true, name: "Live2Dモデル_v3.zip" });
    expect(checkUploadFileName("Cafe\u0301.psd")).toEqual({ ok: true, name: "Café.psd" });
    expect(checkUploadFileName("model..v2.zip")).toEqual({ ok: true, name: "model..v2.zip" });
    expect(checkUploadFileName("x".repeat(255))).toMatchObject({ ok: true });
  });

  it("refuses what would mean something else on the client's disk", () => {
    const refused: [string, string][] = [
      ["../x.zip", "upload_error_name_path"],
      ["a/b.zip", "upload_error_name_path"],
      ["a\\b.zip", "upload_error_name_path"],
      ["..", "upload_error_name_path"],
      ["x\u0000.zip", "upload_error_name_characters"],
      ["x\n.zip", "upload_error_name_characters"],
      ["x\t.zip", "upload_error_name_characters"],
      ["x\u0085.zip", "upload_error_name_characters"],
      ["x\uD800.zip", "upload_error_name_characters"],
      ["photo\u202Egnp.exe", "upload_error_name_direction"],
      ["photo\u2067x.zip", "upload_error_name_direction"],
      ["", "upload_error_name_blank"],
      ["  \u200B ", "upload_error_name_blank"],
      ["x".repeat(256), "upload_error_name_too_long"],
    ];
    for (const [name, error] of refused)
      expect(checkUploadFileName(name), JSON.stringify(name)).toEqual({ ok: false, error });
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkUploadFileName("😀".repeat(255))).toMatchObject({ ok: true });
    expect(checkUploadFileName("😀".repeat(256))).toEqual({ ok: false, error: "upload_error_name_too_long" });
  });
});

describe("fileFingerprint and the codes", () => {
  it("tells files apart by name, size and time", () => {
    const file = { name: "a.zip", size: 10, lastModified: 5 };
    expect(fileFingerprint(file)).toBe(fileFingerprint({ ...file }));
    expect(fileFingerprint(file)).not.toBe(fileFingerprint({ ...file, lastModified: 6 }));
  });

  it("names each code once", () => {
    expect(new Set(MULTIPART_ERROR_CODES).size).toBe(MULTIPART_ERROR_CODES.length);
    expect(MULTIPART_ERROR_CODES).toContain("upload_in_another_tab");
    expect(MULTIPART_ERROR_CODES).toContain("upload_already_completed");
  });
});
