import { describe, expect, it } from "vitest";
import { parseFields, profileSettingsSchema, profileStepSchema, signUpStartSchema } from "./validation";

describe("sign-up schema (spec section 5)", () => {
  it("accepts a 4–16 character alphanumeric handle and a valid e-mail, lower-casing it", () => {
    expect(parseFields(signUpStartSchema, { handle: "Abc123", email: " A@B.CO " })).toEqual({
      ok: true,
      data: { handle: "Abc123", email: "a@b.co" },
    });
  });
  it.each([
    ["abc", "validation_handle_min"],
    ["a".repeat(17), "validation_handle_max"],
    ["abc_def", "validation_handle_alphanumeric"],
    ["日本語のハンドル", "validation_handle_alphanumeric"],
  ])("refuses handle %s with %s", (handle, key) => {
    expect(parseFields(signUpStartSchema, { handle, email: "a@b.co" })).toEqual({ ok: false, errors: { handle: key } });
  });
});

describe("profile settings schema", () => {
  it("treats empty name and bio as absent", () => {
    expect(parseFields(profileSettingsSchema, { name: "", handle: "abcd", bio: "" })).toEqual({
      ok: true,
      data: { handle: "abcd" },
    });
  });
  it("refuses a 1-character name and a 161-character bio", () => {
    const result = parseFields(profileSettingsSchema, { name: "a", handle: "abcd", bio: "x".repeat(161) });
    expect(result).toEqual({ ok: false, errors: { name: "validation_name_min", bio: "validation_bio_max" } });
  });
});

describe("the profile name's 16 characters (spec section 5; issue 45)", () => {
  // Counted by character, not by UTF-16 unit: sixteen emoji or kana are sixteen characters.
  const namesOf = (length: number) => ["a", "さ", "🌸"].map((character) => character.repeat(length));
  const now = Date.parse("2026-11-23T12:00:00Z");

  it.each(namesOf(16))(
    "accepts the 16-character name %s in the sign-up's profile step and in the profile settings",
    (name) => {
      expect(parseFields(profileStepSchema(now), { name })).toEqual({ ok: true, data: { name } });
      expect(parseFields(profileSettingsSchema, { name, handle: "abcd" })).toEqual({
        ok: true,
        data: { name, handle: "abcd" },
      });
    },
  );

  it.each(namesOf(17))("refuses the 17-character name %s in both with the name's own message", (name) => {
    expect(parseFields(profileStepSchema(now), { name })).toEqual({
      ok: false,
      errors: { name: "validation_name_max" },
    });
    expect(parseFields(profileSettingsSchema, { name, handle: "abcd" })).toEqual({
      ok: false,
      errors: { name: "validation_name_max" },
    });
  });
});

describe("dates are judged against the time given", () => {
  it("refuses a birthday after `now` and accepts the same day", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(parseFields(profileStepSchema(now), { name: "", birthday: "2026-11-23" })).toEqual({
      ok: true,
      data: { birthday: "2026-11-23" },
    });
    expect(parseFields(profileStepSchema(now), { name: "", birthday: "2026-11-24" })).toEqual({
      ok: false,
      errors: { birthday: "validation_birthday" },
    });
    expect(
      parseFields(profileStepSchema(Date.parse("2026-11-25T00:00:00Z")), { name: "", birthday: "2026-11-24" }),
    ).toMatchObject({ ok: true });
  });

  it("refuses renaming to a handle the app routes (issue 31: a creator renamed 'explore' took /explore over)", () => {
    expect(parseFields(profileSettingsSchema, { name: "", handle: "explore", bio: "" })).toEqual({
      ok: false,
      errors: { handle: "validation_handle_reserved" },
    });
    expect(parseFields(profileSettingsSchema, { name: "", handle: "Dashboard", bio: "" })).toEqual({
      ok: false,
      errors: { handle: "validation_handle_reserved" },
    });
  });

  it("takes the optional fields left out as well as sent empty (issue 31: the profile step required its optional keys)", () => {
    expect(parseFields(profileStepSchema(Date.now()), {})).toEqual({ ok: true, data: {} });
    expect(parseFields(profileSettingsSchema, { handle: "abcd" })).toEqual({ ok: true, data: { handle: "abcd" } });
  });
});
