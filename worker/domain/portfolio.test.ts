import { describe, expect, it } from "vitest";
import { addTag, normalizeTags, parseCreditHandles, workMediaLabel } from "./portfolio";

describe("tag input rules", () => {
  it("ignores empty and duplicate trimmed tags, keeping the first spelling", () => {
    expect(normalizeTags([" Cat", "cat ", "", "  ", "dog"])).toEqual(["Cat", "dog"]);
    expect(addTag(["Cat"], "CAT")).toEqual(["Cat"]);
  });

  it("reads credited handles separated by commas or spaces", () => {
    expect(parseCreditHandles("alice, @bob  carol、Alice")).toEqual(["alice", "bob", "carol"]);
  });

  it("labels media types for work cards", () => {
    expect([workMediaLabel("IMAGE"), workMediaLabel("AUDIO"), workMediaLabel("DOCUMENT"), workMediaLabel(null)]).toEqual(["IMAGE", "AUDIO", "OTHER", null]);
  });
});
