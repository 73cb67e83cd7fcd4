// The licence the picked choices grant (issue 63, decision 099): exclusive over commercial uses over personal use.
import { describe, expect, it } from "vitest";
import { type Licence, licenceOf, PERSONAL, parseLicence, sameLicence, tagsOf } from "./licence";

describe("licenceOf", () => {
  it("is personal use when nothing granted more", () => {
    expect(licenceOf([])).toEqual({ scope: "personal" });
    expect(licenceOf([null, undefined])).toEqual({ scope: "personal" });
    expect(licenceOf(["personal"])).toEqual({ scope: "personal" });
  });

  it("is commercial use of the kinds granted, over personal use", () => {
    expect(licenceOf(["personal", "goods"])).toEqual({ scope: "commercial", uses: ["goods"] });
  });

  it("names commercial uses once each, in one order whatever order they were picked in", () => {
    expect(licenceOf(["advertising", "goods", "streaming", "goods"])).toEqual({
      scope: "commercial",
      uses: ["streaming", "goods", "advertising"],
    });
  });

  it("is exclusive over everything else", () => {
    expect(licenceOf(["goods", "exclusive", "personal", null])).toEqual({ scope: "exclusive" });
  });
});

describe("tagsOf and sameLicence", () => {
  it("names a licence with the tags a choice uses", () => {
    expect(tagsOf(PERSONAL)).toEqual(["personal"]);
    expect(tagsOf({ scope: "exclusive" })).toEqual(["exclusive"]);
    expect(tagsOf({ scope: "commercial", uses: ["streaming", "advertising"] })).toEqual(["streaming", "advertising"]);
  });

  it("gives back the licence its tags came from", () => {
    const licences: Licence[] = [PERSONAL, { scope: "exclusive" }, { scope: "commercial", uses: ["goods"] }];
    for (const licence of licences) expect(licenceOf(tagsOf(licence))).toEqual(licence);
  });

  it("does not hand out its own list (a change to the tags leaves the licence as it was)", () => {
    const licence: Licence = { scope: "commercial", uses: ["goods"] };
    tagsOf(licence).push("advertising");
    expect(licence).toEqual({ scope: "commercial", uses: ["goods"] });
  });

  it("tells licences apart by scope and uses", () => {
    expect(sameLicence(PERSONAL, { scope: "personal" })).toBe(true);
    expect(sameLicence(PERSONAL, { scope: "exclusive" })).toBe(false);
    expect(sameLicence({ scope: "commercial", uses: ["goods"] }, { scope: "commercial", uses: ["goods"] })).toBe(true);
    expect(sameLicence({ scope: "commercial", uses: ["goods"] }, { scope: "commercial", uses: ["streaming"] })).toBe(
      false,
    );
    expect(
      sameLicence({ scope: "commercial", uses: ["goods"] }, { scope: "commercial", uses: ["goods", "streaming"] }),
    ).toBe(false);
  });

  it("reads the same uses in another order as the same licence", () => {
    expect(
      sameLicence(
        { scope: "commercial", uses: ["goods", "streaming"] },
        { scope: "commercial", uses: ["streaming", "goods"] },
      ),
    ).toBe(true);
  });
});

describe("parseLicence", () => {
  it("reads back what was stored", () => {
    const licences: Licence[] = [
      PERSONAL,
      { scope: "exclusive" },
      { scope: "commercial", uses: ["streaming", "goods", "advertising"] },
    ];
    for (const licence of licences) expect(parseLicence(JSON.stringify(licence))).toEqual(licence);
  });

  it("reads stored uses in their one order", () => {
    expect(parseLicence(JSON.stringify({ scope: "commercial", uses: ["goods", "streaming"] }))).toEqual({
      scope: "commercial",
      uses: ["streaming", "goods"],
    });
  });

  it("reads an order from before licences as none", () => {
    expect(parseLicence(null)).toBeNull();
    expect(parseLicence("")).toBeNull();
  });

  it.each([
    ["not JSON", "{scope"],
    ["null", "null"],
    ["a bare tag", JSON.stringify("personal")],
    ["a list of tags", JSON.stringify(["goods"])],
    ["an unknown scope", JSON.stringify({ scope: "everything" })],
    ["commercial without uses", JSON.stringify({ scope: "commercial" })],
    ["commercial with no uses", JSON.stringify({ scope: "commercial", uses: [] })],
    ["commercial with an unknown use", JSON.stringify({ scope: "commercial", uses: ["goods", "film"] })],
    ["commercial with personal among its uses", JSON.stringify({ scope: "commercial", uses: ["personal"] })],
    ["commercial with a use twice", JSON.stringify({ scope: "commercial", uses: ["goods", "goods"] })],
    ["commercial with uses as text", JSON.stringify({ scope: "commercial", uses: "goods" })],
  ])("refuses %s", (_name, json) => {
    expect(parseLicence(json)).toBeNull();
  });
});
