// Decision 105: the browser build's message modules keep English and Japanese and read the added languages' texts
// from their area's module, which a page in one of those languages loads before anything reads it. The Worker keeps
// Paraglide's modules whole.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADDED_LOCALES, withoutAddedLocales } from "#scripts/page-locale-messages.mjs";
import { LOCALES } from "#worker/domain/locales";

const COMPILED = new URL("../../app/paraglide/messages/", import.meta.url);
const compiled = (file: string) => readFileSync(new URL(file, COMPILED), "utf8");
const withInputs = "account_deletion_confirm_label.js";

/** Runs a transformed module's message with its imports stubbed: the page's language, and the area's added texts. */
function run(code: string, page: string, added: ((inputs: object) => string)[] | null, inputs = {}) {
  const body = code
    .replace(/^import \{ addedTexts as __addedTexts \} from .*\n/m, "")
    .replace(/^import \{ getLocale, experimentalStaticLocale \} from .*\n/m, "")
    .replace(/^export \{ (\w+) as "[^"]+" \}\s*$/m, "")
    .replace(/^export const (\w+) =/m, "const $1 =");
  const name = /\nconst (\w+) = \/\*\* @type \{\(\(inputs/.exec(body)![1];
  const message = new Function("getLocale", "experimentalStaticLocale", "__addedTexts", `${body}\nreturn ${name};`)(
    () => page,
    undefined,
    added,
  );
  return message(inputs) as string;
}

describe("the browser's message modules (scripts/page-locale-messages.mjs)", () => {
  it("the added languages are every locale but the two the modules keep", () => {
    expect([...ADDED_LOCALES].sort()).toEqual(LOCALES.filter((locale) => locale !== "en" && locale !== "ja").sort());
  });

  it("keep English and Japanese, drop the added languages' texts, and read them from the area", () => {
    const source = compiled("legal_draft_label.js");
    const code = withoutAddedLocales(source, { area: "legal", index: 0 });
    expect(source).toContain("초안");
    expect(code).not.toContain("초안");
    expect(code).toContain('import { addedTexts as __addedTexts } from "virtual:comet-messages/legal";');
    expect(run(code, "en", null)).toBe("Draft");
    expect(run(code, "ja", null)).toBe("草案");
    expect(run(code, "ko", [() => "초안"])).toBe("초안");
    // A page in English or Japanese never reads the area, even were it loaded.
    expect(run(code, "en", [() => "초안"])).toBe("Draft");
    expect(run(code, "ja", [() => "초안"])).toBe("草案");
  });

  it("a message with inputs passes them to the added language's text", () => {
    const code = withoutAddedLocales(compiled(withInputs), { area: "account-deletion", index: 3 });
    const another = (): string => "another message";
    const added = [another, another, another, (inputs: object) => `확인 ${JSON.stringify(inputs)}`];
    expect(run(code, "ko", added, { handle: "Mika" })).toBe('확인 {"handle":"Mika"}');
    expect(run(code, "en", null, { handle: "Mika" })).toBe("To confirm, type your handle: Mika");
  });

  it("a module of another shape fails the build rather than lose a language", () => {
    expect(() => withoutAddedLocales("export const x = () => 'x';", { area: "area", index: 0 })).toThrow(
      /no branch for zh-Hans/,
    );
  });
});
