/**
 * The languages Comet speaks (decision 105): English, Japanese, Simplified and Traditional Chinese, and Korean. Each is
 * complete or absent: every message, e-mail and legal page, dates and amounts by `Intl`, fonts chosen per script.
 */
export const LOCALES = ["en", "ja", "zh-Hans", "zh-Hant", "ko"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The `Intl` tag a locale formats dates and amounts with: the region whose conventions its readers expect (Traditional
 * Chinese as in Taiwan, its largest readership; Simplified as in mainland China).
 */
export const INTL_TAGS: Record<Locale, string> = {
  en: "en-US",
  ja: "ja-JP",
  "zh-Hans": "zh-Hans-CN",
  "zh-Hant": "zh-Hant-TW",
  ko: "ko-KR",
};

/** Each language named in itself, as the language menu lists them: a reader finds their own without reading another. */
export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = {
  en: "English",
  ja: "日本語",
  "zh-Hans": "简体中文",
  "zh-Hant": "繁體中文",
  ko: "한국어",
};

/** Chinese regions that write Traditional characters; any other Chinese tag without a script reads Simplified. */
const TRADITIONAL_REGIONS = new Set(["tw", "hk", "mo"]);

/**
 * The locale a BCP 47 language tag asks for, or null when Comet does not speak it: `zh-TW`, `zh-HK`, `zh-MO` and
 * `zh-Hant(-…)` give Traditional Chinese; `zh`, `zh-CN`, `zh-SG` and `zh-Hans(-…)` give Simplified; `ko(-KR)` gives
 * Korean; `en-GB` gives English. Case-insensitive, `_` read as `-`.
 */
export function localeOfLanguageTag(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().replaceAll("_", "-").split("-");
  const [language, ...rest] = parts;
  if (language === "zh") {
    if (rest.includes("hant")) return "zh-Hant";
    if (rest.includes("hans")) return "zh-Hans";
    return rest.some((part) => TRADITIONAL_REGIONS.has(part)) ? "zh-Hant" : "zh-Hans";
  }
  if (language === "en" || language === "ja" || language === "ko") return language;
  return null;
}

/**
 * The locale an `Accept-Language` header prefers: its tags by their q-values (ties in the order written, q=0 never),
 * the first one Comet speaks; null when none is.
 */
export function localeOfAcceptLanguage(header: string): Locale | null {
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeOfLanguageTag(tag);
    if (locale) return locale;
  }
  return null;
}

/** The query parameter a page's language alternates carry: it picks the page's language before any cookie. */
export const LANGUAGE_PARAM = "lang";

export interface LanguageAlternate {
  /** A BCP 47 tag, or "x-default" for the page as the visitor's own preferences choose it. */
  hreflang: string;
  href: string;
}

/**
 * A public page's `<link rel="alternate" hreflang>` set: the page at `pathname` in each language, by LANGUAGE_PARAM, and
 * the page without it as x-default. The query is left out, so a page kept at the edge names the same alternates
 * whoever asked first (decision 069).
 */
export function languageAlternates(origin: string, pathname: string): LanguageAlternate[] {
  const page = `${origin}${pathname}`;
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: `${page}?${LANGUAGE_PARAM}=${locale}` })),
    { hreflang: "x-default", href: page },
  ];
}
