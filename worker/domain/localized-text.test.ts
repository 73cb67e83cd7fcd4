import { describe, expect, it } from "vitest";
import { MISSING_TEXT, pickLocalizedText } from "./localized-text";

const en = { languageCode: "en", isOriginal: false, text: "Hello" };
const ja = { languageCode: "ja", isOriginal: true, text: "こんにちは" };
const fr = { languageCode: "fr", isOriginal: false, text: "Bonjour" };

describe("pickLocalizedText", () => {
  it("takes the viewer's language first", () => {
    expect(pickLocalizedText([ja, en], "en")).toBe("Hello");
  });
  it("falls back to the original, then to any text", () => {
    expect(pickLocalizedText([fr, ja], "en")).toBe("こんにちは");
    expect(pickLocalizedText([fr], "en")).toBe("Bonjour");
  });
  it("is null with no text, so each caller decides what missing means", () => {
    expect(pickLocalizedText([], "en")).toBeNull();
    expect(MISSING_TEXT).toBe("Unknown");
  });
});
