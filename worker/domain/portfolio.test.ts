import { describe, expect, it } from "vitest";
import { workMediaLabel } from "../media/domain/work-media-label";
import { addTag, normalizeTags, parseCreditHandles, parseWorkDraft } from "./portfolio";

describe("tag input rules", () => {
  it("ignores empty and duplicate trimmed tags, keeping the first spelling", () => {
    expect(normalizeTags([" Cat", "cat ", "", "  ", "dog"])).toEqual(["Cat", "dog"]);
    expect(addTag(["Cat"], "CAT")).toEqual(["Cat"]);
  });

  it("reads credited handles separated by commas or spaces", () => {
    expect(parseCreditHandles("alice, @bob  carol、Alice")).toEqual(["alice", "bob", "carol"]);
  });

  it("labels media types for work cards", () => {
    expect([
      workMediaLabel("IMAGE"),
      workMediaLabel("AUDIO"),
      workMediaLabel("DOCUMENT"),
      workMediaLabel(null),
    ]).toEqual(["IMAGE", "AUDIO", "OTHER", null]);
  });
});

describe("client field", () => {
  it("is required for a new client work, dropped for other new works, read as typed when editing", () => {
    const base = {
      title: "Client work",
      description: "Made for a client.",
      medias: [],
      contentRatingCode: "",
      categoryCodes: [],
      tags: [],
      visibility: "PUBLIC",
      credits: "",
    };
    expect(parseWorkDraft({ ...base, client: "" }, "required")).toEqual({
      ok: false,
      errors: { client: "client_works_client_required" },
    });
    expect(parseWorkDraft({ ...base, client: " @Bob " }, "required")).toMatchObject({
      ok: true,
      data: { clientHandle: "Bob" },
    });
    expect(parseWorkDraft({ ...base, client: "bob" }, "none")).toMatchObject({
      ok: true,
      data: { clientHandle: null },
    });
    expect(parseWorkDraft(base)).toMatchObject({ ok: true, data: { clientHandle: null } });
    expect(parseWorkDraft({ ...base, client: "x".repeat(40) }, "required")).toEqual({
      ok: false,
      errors: { client: "client_works_client_unknown" },
    });
  });
});

describe("media links", () => {
  it("are at most 2,000 characters (issue 31: one 300 KB link made the explore page 941 KB)", () => {
    const base = {
      title: "Linked work",
      description: "A work with a link.",
      contentRatingCode: "",
      categoryCodes: [],
      tags: [],
      visibility: "PUBLIC",
      credits: "",
    };
    const link = (length: number) => `https://example.com/${"a".repeat(length - 20)}`;
    expect(parseWorkDraft({ ...base, medias: [{ url: link(2000) }] })).toMatchObject({ ok: true });
    const long = parseWorkDraft({ ...base, medias: [{ url: link(300_000) }] });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(Object.values(long.errors)).toEqual(["authoring_media_url"]);
  });
});
