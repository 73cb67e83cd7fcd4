import { describe, expect, it } from "vitest";

// Every message file pair (messages/<area>/en.json and ja.json) must have the same keys, none empty.
const files = import.meta.glob("../../messages/*/*.json", { eager: true, import: "default" }) as Record<string, Record<string, string>>;

describe("translations", () => {
  const areas = [...new Set(Object.keys(files).map((path) => path.split("/").at(-2)!))];

  it("has message files", () => expect(areas.length).toBeGreaterThan(0));

  it.each(areas)("%s has every key in both en and ja", (area) => {
    const en = files[`../../messages/${area}/en.json`] ?? {};
    const ja = files[`../../messages/${area}/ja.json`] ?? {};
    const keys = (o: Record<string, string>) => Object.keys(o).filter((k) => k !== "$schema").sort();
    expect(keys(ja)).toEqual(keys(en));
    for (const key of keys(en)) {
      expect(en[key].trim(), `en ${key}`).not.toBe("");
      expect(ja[key].trim(), `ja ${key}`).not.toBe("");
    }
  });
});
