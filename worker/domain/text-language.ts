/**
 * What a text is written in, and what of it a translator must never touch (issue 46, decision 078). Pure: the
 * translation service (to come) asks it which texts to send, and checks what comes back against it.
 *
 * Comet's two languages are English and Japanese, so the detection is by script, per text: kana only occur in
 * Japanese and CJK ideographs only in Japanese of the two, while English is Latin letters. A Japanese text with English
 * names or product words in it is still Japanese, and an English one quoting a character name in kanji is still English.
 */
import type { Locale } from "./locales";

/**
 * Languages Comet recognises but does not translate yet (issue 62): their texts are shown as written, labelled with the
 * language (BCP 47 codes, which `Intl.DisplayNames` names in the reader's language). Issue 65 makes zh and ko Comet's own.
 */
export const FOREIGN_LANGUAGES = ["zh-Hans", "zh-Hant", "ko", "es", "fr", "de", "pt", "it"] as const;
export type ForeignLanguage = (typeof FOREIGN_LANGUAGES)[number];
/** What a text is written in: one of Comet's languages, or one it recognises and does not translate. */
export type WrittenLanguage = Locale | ForeignLanguage;

/**
 * The spans a translation keeps exactly as written: addresses (a URL, an e-mail), @handles, order codes and amounts.
 * A translator may reorder the words around them, but never change, drop or add one.
 */
export type KeptKind = "url" | "email" | "handle" | "order-code" | "amount";

export interface TextSegment {
  /** `text` is for the translator; any other kind is kept as it is. */
  kind: "text" | KeptKind;
  value: string;
}

// Order matters: a URL may hold an @ or digits, an e-mail an @.
const KEPT_PATTERNS: readonly [KeptKind, RegExp][] = [
  // A URL ends before a space or Japanese punctuation, and never with the sentence's own full stop or comma.
  ["url", /\bhttps?:\/\/[^\s<>"'　、。）」』]*[^\s<>"'　、。）」』.,!?;:)]/giu],
  ["email", /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu],
  // A handle is 4-16 letters and digits (spec section 5); the @ must not follow a letter (an e-mail's is taken above).
  ["handle", /(?<![\p{L}\p{N}])@[A-Za-z0-9]{4,16}\b/gu],
  // An order's code: 8 of its alphabet (order-request.ts), at least one a digit, so an all-capitals word stays text.
  ["order-code", /\b(?=[A-Z]*[2-9])[2-9A-HJ-NP-Z]{8}\b/g],
  // An amount: a currency sign or code and a number, either way round (¥10,000 / 10,000円 / USD 25.50 / 30 dollars).
  [
    "amount",
    /(?:[¥￥$€£]\s?\d[\d,，.]*(?:\s?(?:万|千)?円)?|\b(?:JPY|USD|EUR)\s?\d[\d,.]*|\d[\d,，.]*\s?(?:万円|千円|円|ドル|yen\b|dollars?\b|JPY\b|USD\b|EUR\b))/giu,
  ],
];

/**
 * The text cut into the parts to translate and the spans to keep (KEPT_PATTERNS), in order; joining the values gives
 * the text back exactly.
 */
export function segmentForTranslation(text: string): TextSegment[] {
  const kept: { start: number; end: number; kind: KeptKind }[] = [];
  for (const [kind, pattern] of KEPT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!kept.some((span) => start < span.end && end > span.start)) kept.push({ start, end, kind });
    }
  }
  kept.sort((a, b) => a.start - b.start);
  const segments: TextSegment[] = [];
  let at = 0;
  for (const span of kept) {
    if (span.start > at) segments.push({ kind: "text", value: text.slice(at, span.start) });
    segments.push({ kind: span.kind, value: text.slice(span.start, span.end) });
    at = span.end;
  }
  if (at < text.length) segments.push({ kind: "text", value: text.slice(at) });
  return segments;
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const IDEOGRAPH = /\p{Script=Han}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * A Japanese character carries about as much as three Latin letters of English (a word is 1-3 characters against 4-6
 * letters), so a text is Japanese when its Japanese characters, tripled, at least equal its Latin letters.
 */
const JAPANESE_CHARACTER_WEIGHT = 3;

/**
 * The language a text is written in, en or ja, judged on what a translator would get (kept spans aside); null when
 * it has no letters of either (only numbers, emoji, links…), which no translation would change.
 */
export function detectTextLanguage(text: string): Locale | null {
  let japanese = 0;
  let latin = 0;
  for (const segment of segmentForTranslation(text)) {
    if (segment.kind !== "text") continue;
    for (const character of segment.value) {
      if (KANA.test(character) || IDEOGRAPH.test(character)) japanese++;
      else if (LATIN_LETTER.test(character)) latin++;
    }
  }
  if (japanese === 0 && latin === 0) return null;
  return japanese * JAPANESE_CHARACTER_WEIGHT >= latin ? "ja" : "en";
}

/** Whether a reader of `readerLocale` needs a translation of `text`: it is written, and in the other language. */
export function needsTranslation(text: string, readerLocale: Locale): boolean {
  const language = detectTextLanguage(text);
  return language !== null && language !== readerLocale;
}

/**
 * Whether a translation may be shown for its original: it keeps every span the original keeps (each as often), and
 * brings no URL, e-mail or handle the original did not have (a translation never carries a link its writer did not
 * write). A translation that fails this is dropped, and the original shown.
 */
export function translationKeepsSpans(original: string, translation: string): boolean {
  const spans = (text: string) =>
    segmentForTranslation(text)
      .filter((segment) => segment.kind !== "text" && segment.kind !== "amount")
      .map((segment) => `${segment.kind}:${segment.value}`)
      .sort();
  const amounts = (text: string) =>
    segmentForTranslation(text)
      .filter((segment) => segment.kind === "amount")
      .map((segment) => segment.value.replace(/\D/g, ""))
      .sort();
  const [a, b] = [spans(original), spans(translation)];
  const [x, y] = [amounts(original), amounts(translation)];
  return a.length === b.length && a.every((span, i) => span === b[i]) && x.every((digits) => y.includes(digits));
}
