import { describe, expect, it } from "vitest";

// Every message file pair (messages/<area>/en.json and ja.json) must have the same keys, none empty, and each
// message the same placeholders ({name}, {count}…) in both languages: a placeholder only one language has is either
// shown raw or leaves a value out.
const files = import.meta.glob("../../../messages/*/*.json", { eager: true, import: "default" }) as Record<
  string,
  Record<string, string>
>;

/** The placeholders of a message (`{name}` gives "name"), sorted, each once. */
const placeholdersOf = (message: string) =>
  [...new Set([...message.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1].trim()))].sort();

describe("translations", () => {
  const areas = [...new Set(Object.keys(files).map((path) => path.split("/").at(-2)!))];

  it("has message files", () => expect(areas.length).toBeGreaterThan(0));

  it.each(areas)("%s has every key in both en and ja", (area) => {
    const en = files[`../../../messages/${area}/en.json`] ?? {};
    const ja = files[`../../../messages/${area}/ja.json`] ?? {};
    const keys = (o: Record<string, string>) =>
      Object.keys(o)
        .filter((k) => k !== "$schema")
        .sort();
    expect(keys(ja)).toEqual(keys(en));
    for (const key of keys(en)) {
      expect(en[key].trim(), `en ${key}`).not.toBe("");
      expect(ja[key].trim(), `ja ${key}`).not.toBe("");
    }
  });

  it.each(areas)("%s has the same placeholders in en and ja for every message", (area) => {
    const en = files[`../../../messages/${area}/en.json`] ?? {};
    const ja = files[`../../../messages/${area}/ja.json`] ?? {};
    for (const key of Object.keys(en).filter((k) => k !== "$schema")) {
      expect(placeholdersOf(ja[key] ?? ""), `${area} ${key}`).toEqual(placeholdersOf(en[key]));
    }
  });
});
