// The app's message files in any of Comet's five languages (issue 65), for specs that walk the site in Chinese or
// Korean: messages.ts reads English and Japanese only. English names stay written out in the specs (the contract they
// check); a Chinese or Korean control is named from its file, so a spec follows the wording the writers chose.
import { readFileSync } from "node:fs";

export type SpecLocale = "en" | "ja" | "zh-Hans" | "zh-Hant" | "ko";

/** The `Intl` tag each locale formats with (worker/domain/locales.ts INTL_TAGS), so a spec names languages as the app does. */
const INTL_TAGS: Record<SpecLocale, string> = {
  en: "en-US",
  ja: "ja-JP",
  "zh-Hans": "zh-Hans-CN",
  "zh-Hant": "zh-Hant-TW",
  ko: "ko-KR",
};

const files = new Map<string, Record<string, string>>();

function load(namespace: string, locale: SpecLocale): Record<string, string> {
  const name = `${namespace}/${locale}`;
  let file = files.get(name);
  if (!file) {
    file = JSON.parse(readFileSync(new URL(`../../../messages/${name}.json`, import.meta.url), "utf8")) as Record<
      string,
      string
    >;
    files.set(name, file);
  }
  return file;
}

/** `key` of messages/{namespace}/{locale}.json with its `{placeholders}` filled; a missing key fails the spec. */
export function messageIn(
  namespace: string,
  locale: SpecLocale,
  key: string,
  values: Record<string, string> = {},
): string {
  const text = load(namespace, locale)[key];
  if (typeof text !== "string") throw new Error(`messages/${namespace}/${locale}.json has no "${key}"`);
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);
}

/**
 * One of Comet's languages named in the reader's language, as the app names it (app/components/translation/
 * use-text-reading.tsx `languageName`: the runtime's `Intl.DisplayNames` for the reader's INTL_TAGS): "日文" for a
 * Taiwanese reader, "繁体中国語" for a Japanese one.
 */
export function languageNameIn(language: SpecLocale, reader: SpecLocale): string {
  const name = new Intl.DisplayNames([INTL_TAGS[reader]], { type: "language" }).of(language);
  if (!name) throw new Error(`Intl has no name for ${language} in ${reader}`);
  return name;
}
