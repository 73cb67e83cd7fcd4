import { describe, expect, it } from "vitest";
import settings from "../../../project.inlang/settings.json";
import { LOCALES } from "#worker/domain/locales";

// Every message area has a file in each of Comet's languages (messages/<area>/<locale>.json), each with the same keys
// as English, none empty, each message with the same placeholders ({name}, {count}…) in every language: a placeholder
// only one language has is either shown raw or leaves a value out. An interface language is complete or absent
// (decision 105). A message's description for translators, where its words alone do not say what it means, is in
// messages/<area>/descriptions.json, and names only keys that exist.
const files = import.meta.glob("../../../messages/*/*.json", { eager: true, import: "default" }) as Record<
  string,
  Record<string, string>
>;
const fileOf = (area: string, name: string) => files[`../../../messages/${area}/${name}.json`];

/** The placeholders of a message (`{name}` gives "name"), sorted, each once. */
const placeholdersOf = (message: string) =>
  [...new Set([...message.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1].trim()))].sort();

const keysOf = (messages: Record<string, string>) => Object.keys(messages).filter((key) => !key.startsWith("$"));

/** Words of three or more Latin letters: a message with several, the same as the English, was left untranslated. */
const englishWords = (message: string) => message.replace(/\{[^{}]*\}/g, "").match(/[A-Za-z]{3,}/g) ?? [];

describe("translations", () => {
  const areas = [...new Set(Object.keys(files).map((path) => path.split("/").at(-2)!))];
  const others = LOCALES.filter((locale) => locale !== "en");

  it("has message files, and Paraglide reads every area in every language", () => {
    expect(areas.length).toBeGreaterThan(30);
    expect(settings.locales).toEqual([...LOCALES]);
    expect(settings.baseLocale).toBe("en");
    const read = settings["plugin.inlang.messageFormat"].pathPattern.map((pattern) => pattern.split("/").at(-2));
    expect([...read].sort()).toEqual([...areas].sort());
  });

  describe.each(others)("%s", (locale) => {
    it.each(areas)(`%s has every key of English, none empty`, (area) => {
      const en = fileOf(area, "en");
      const translated = fileOf(area, locale);
      expect(translated, `messages/${area}/${locale}.json`).toBeDefined();
      expect(keysOf(translated).sort()).toEqual(keysOf(en).sort());
      for (const key of keysOf(en)) {
        expect(en[key].trim(), `en ${key}`).not.toBe("");
        expect(translated[key].trim(), `${locale} ${key}`).not.toBe("");
      }
    });

    it.each(areas)("%s has English's placeholders in every message, and none left in English", (area) => {
      const en = fileOf(area, "en");
      const translated = fileOf(area, locale) ?? {};
      for (const key of keysOf(en)) {
        expect(placeholdersOf(translated[key] ?? ""), `${area} ${key}`).toEqual(placeholdersOf(en[key]));
        if (englishWords(en[key]).length >= 3) expect(translated[key], `${locale} ${area} ${key}`).not.toBe(en[key]);
      }
    });
  });

  it.each(areas)("%s describes only messages it has", (area) => {
    const descriptions = fileOf(area, "descriptions") ?? {};
    const en = fileOf(area, "en");
    for (const key of keysOf(descriptions)) expect(en, `${area}/descriptions.json: ${key}`).toHaveProperty(key);
  });
});
