import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { contentRefusal } from "../chat/domain/chat";
import { serviceDetailsOf } from "../orders/domain/order";
import { parseFields, profileSettingsSchema } from "./validation";
import { hasUnstorableCharacters, isBlankText, normalizeText, textField, textLength } from "./text";

const ZERO_WIDTH_ONLY = "\u200B\u200C\u200D\u2060\uFEFF";

describe("the text rules (issue 31)", () => {
  it("count code points, not UTF-16 units: nine emoji fit a 16-character limit", () => {
    expect(textLength("😀".repeat(9))).toBe(9);
    expect(v.safeParse(textField({ max: 16 }, { max: "too_long" }), "😀".repeat(9)).success).toBe(true);
    expect(v.safeParse(textField({ max: 16 }, { max: "too_long" }), "😀".repeat(17)).issues?.[0].message).toBe(
      "too_long",
    );
  });

  it("read whitespace and zero-width characters alone as empty", () => {
    expect(isBlankText(ZERO_WIDTH_ONLY)).toBe(true);
    expect(isBlankText(` \n\t${ZERO_WIDTH_ONLY} `)).toBe(true);
    expect(isBlankText("a\u200B")).toBe(false);
    expect(
      v.safeParse(textField({ max: 10, required: true }, { max: "long", required: "required" }), ZERO_WIDTH_ONLY)
        .issues?.[0].message,
    ).toBe("required");
  });

  it("store NFC with line breaks as \\n", () => {
    expect(normalizeText(" \u304B\u3099\r\n ")).toBe("\u304C");
    expect(v.parse(textField({ max: 10 }, { max: "long" }), "a\r\nb")).toBe("a\nb");
  });

  it("refuse control characters and lone surrogates, keeping tabs and line breaks", () => {
    for (const bad of ["a\u0000b", "a\u0007", "\u001B[31m", "\u007F", "\u0085", "a\uD800", "\uDC00b"])
      expect(hasUnstorableCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ["a\tb", "a\nb", "😀", "がく", "a\u200Bb"])
      expect(hasUnstorableCharacters(good), JSON.stringify(good)).toBe(false);
    expect(v.safeParse(textField({ max: 10 }, { max: "long" }), "a\u0000").issues?.[0].message).toBe(
      "text_invalid_characters",
    );
  });

  it("apply to every field: names, order details, chat messages", () => {
    expect(parseFields(profileSettingsSchema, { handle: "abcd", name: ZERO_WIDTH_ONLY, bio: "" })).toEqual({
      ok: true,
      data: { handle: "abcd" },
    });
    expect(parseFields(profileSettingsSchema, { handle: "abcd", name: "na\u0000me" })).toEqual({
      ok: false,
      errors: { name: "text_invalid_characters" },
    });
    expect(parseFields(profileSettingsSchema, { handle: "abcd", name: "😀".repeat(16) })).toMatchObject({ ok: true });
    expect(serviceDetailsOf({ title: ZERO_WIDTH_ONLY, description: "", languageCode: "en" })).toBeNull();
    expect(serviceDetailsOf({ title: "A\uD800", description: "", languageCode: "en" })).toBeNull();
    expect(serviceDetailsOf({ title: " Title ", description: ZERO_WIDTH_ONLY, languageCode: "en" })).toEqual({
      title: "Title",
      description: "",
      languageCode: "en",
    });
    const room = { messageCharacterLimit: 1000, messageMediaLimit: 5 };
    expect(contentRefusal(room, { text: ZERO_WIDTH_ONLY, mediaCount: 0 })).toBe("empty_message");
    expect(contentRefusal(room, { text: "hi\u0000", mediaCount: 0 })).toBe("invalid_characters");
  });
});
