// The stand-in's "translation": deterministic, and visibly not a model's. A text is looked up in the phrase book
// (phrasebook.ts) whole, then line by line, then sentence by sentence; a sentence the book has is replaced by its side in
// the target language, any other sentence is kept as written behind a marker (STANDIN_MARKER), so a reader sees at once that a
// stand-in answered and what was sent. Nothing is ever lost or altered: URLs, e-mail addresses, @handles, order codes
// and amounts stay exactly as written, inside an unknown sentence or in a phrase's slot. Same input, same output.
import { PHRASE_BOOK } from "./phrasebook.ts";

/**
 * The languages the stand-in translates between: Comet's five (issue 65), by Comet's codes. How each model names them
 * is models.ts's business: m2m100 takes ISO 639-1 codes, with one "zh" for both scripts; the instruct model is asked in
 * words ("Traditional Chinese (Taiwan)").
 */
export const STANDIN_LANGUAGES = ["en", "ja", "zh-Hans", "zh-Hant", "ko"] as const;
export type StandInLanguage = (typeof STANDIN_LANGUAGES)[number];

/**
 * What a sentence outside the phrase book is shown behind, by target language: "〔仮訳〕", "〔暂译〕", "〔暫譯〕" and
 * "[임시 번역] " ("provisional translation") into Japanese, Chinese and Korean, "[stand-in] " into English, then the
 * sentence exactly as it was sent.
 */
export const STANDIN_MARKER: Record<StandInLanguage, string> = {
  en: "[stand-in] ",
  ja: "〔仮訳〕",
  "zh-Hans": "〔暂译〕",
  "zh-Hant": "〔暫譯〕",
  ko: "[임시 번역] ",
};

/** The languages that run their sentences on after 。！？ (no space between them); the others put a space there. */
const RUN_ON: ReadonlySet<StandInLanguage> = new Set(["ja", "zh-Hans", "zh-Hant"]);

const SLOT = /\{([a-z]+\d*)\}/g;
const HAS_SLOT = /\{[a-z]+\d*\}/;
const SENTENCE_END = /[.!?。！？]+$/u;
/** ASCII and full-width forms of the punctuation a phrase's literal text may be typed with. */
const LOOSE = new Map(
  [
    ["(", "（"],
    [")", "）"],
    [":", "："],
    ["!", "！"],
    ["?", "？"],
    [",", "，"],
  ].flatMap(([ascii, wide]) => {
    const both = `[${ascii}${wide}]`.replace(/[()?]/g, "\\$&");
    return [
      [ascii!, both],
      [wide!, both],
    ];
  }),
);

/** The spans never translated (the Worker keeps them too): each is masked while sentences are cut. */
const KEPT =
  /\bhttps?:\/\/[^\s<>"'　、。）」』]*[^\s<>"'　、。）」』.,!?;:)]|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}|(?<![\p{L}\p{N}])@[A-Za-z0-9_]+|\b(?=[A-Z]*[2-9])[2-9A-HJ-NP-Z]{8}\b|[¥￥$€£]\s?\d(?:[\d,.]*\d)?|\d[\d,.]*\s?(?:円|日元|엔|yen\b|dollars?\b)/gu;
const SOURCE_LETTERS: Record<StandInLanguage, RegExp> = {
  en: /\p{Script=Latin}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  "zh-Hans": /\p{Script=Han}/u,
  "zh-Hant": /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
};

interface Pattern {
  regex: RegExp;
  slots: string[];
  target: string;
}

interface Direction {
  exact: Map<string, string>;
  patterns: Pattern[];
}

/** The lookup key of a slotless phrase: widths, case, spacing and the closing punctuation do not matter. */
function key(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().replace(SENTENCE_END, "").trim();
}

function slotsOf(text: string): string[] {
  return [...text.matchAll(SLOT)].map((match) => match[1]!);
}

function escapeLiteral(literal: string): string {
  let out = "";
  for (const char of literal) {
    if (/\s/.test(char)) out += out.endsWith("\\s+") ? "" : "\\s+";
    else out += LOOSE.get(char) ?? char.replace(/[\^$\\.*+?()[\]{}|/]/, "\\$&");
  }
  return out;
}

function compile(source: string, target: string): Pattern {
  const body = source.trim().replace(SENTENCE_END, "");
  const parts = body.split(SLOT);
  // split() with a capture group alternates literal text and slot names.
  const pattern = parts.map((part, i) => (i % 2 === 0 ? escapeLiteral(part) : "(.+?)")).join("");
  return { regex: new RegExp(`^${pattern}[.!?。！？]*$`, "iu"), slots: slotsOf(body), target };
}

function buildDirection(from: StandInLanguage, to: StandInLanguage): Direction {
  const direction: Direction = { exact: new Map(), patterns: [] };
  for (const phrase of PHRASE_BOOK) {
    const source = phrase[from];
    const target = phrase[to];
    if (slotsOf(source).sort().join() !== slotsOf(target).sort().join())
      throw new Error(`phrase book: "${phrase.en}" has different slots in ${from} and ${to}`);
    if (HAS_SLOT.test(source)) direction.patterns.push(compile(source, target));
    else if (!direction.exact.has(key(source))) direction.exact.set(key(source), target);
  }
  return direction;
}

const directions = new Map<string, Direction>();

/** The book one way, compiled on first use. */
function directionOf(from: StandInLanguage, to: StandInLanguage): Direction {
  const name = `${from}>${to}`;
  let direction = directions.get(name);
  if (!direction) directions.set(name, (direction = buildDirection(from, to)));
  return direction;
}

/** `replacement` with the spaces `original` began and ended with. */
function inSameSpace(original: string, replacement: string): string {
  const [, lead = "", , trail = ""] = /^(\s*)(.*?)(\s*)$/su.exec(original) ?? [];
  return `${lead}${replacement}${trail}`;
}

function lookup(direction: Direction, text: string): string | undefined {
  const exact = direction.exact.get(key(text));
  if (exact !== undefined) return exact;
  for (const { regex, slots, target } of direction.patterns) {
    const match = regex.exec(text.trim());
    if (!match) continue;
    const values = new Map(slots.map((slot, i) => [slot, match[i + 1]!]));
    return target.replace(SLOT, (_, slot: string) => values.get(slot) ?? "");
  }
  return undefined;
}

const segmenters = new Map<StandInLanguage, Intl.Segmenter>();

function segmenterOf(language: StandInLanguage): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) segmenters.set(language, (segmenter = new Intl.Segmenter(language, { granularity: "sentence" })));
  return segmenter;
}

/** The sentences of one line, each with the space that followed it. Kept spans are masked so no cut falls in one. */
function sentences(line: string, language: StandInLanguage): { sentence: string; space: string }[] {
  const kept: string[] = [];
  const canMask = !/[\uE000-\uF8FF]/u.test(line);
  const masked = canMask ? line.replace(KEPT, (span) => String.fromCodePoint(0xe000 + kept.push(span) - 1)) : line;
  const restore = (text: string) =>
    canMask ? text.replace(/[\uE000-\uF8FF]/gu, (char) => kept[char.codePointAt(0)! - 0xe000] ?? char) : text;
  return [...segmenterOf(language).segment(masked)].map(({ segment }) => {
    const [, sentence = "", space = ""] = /^(.*?)(\s*)$/su.exec(segment) ?? [];
    return { sentence: restore(sentence), space };
  });
}

function translateSentence(sentence: string, from: StandInLanguage, to: StandInLanguage): string {
  // Nothing of the source language in it (a URL, an amount, an emoji, a name already in the other script): as it is.
  if (!SOURCE_LETTERS[from].test(sentence.replace(KEPT, ""))) return sentence;
  return lookup(directionOf(from, to), sentence) ?? `${STANDIN_MARKER[to]}${sentence}`;
}

function translateLine(line: string, from: StandInLanguage, to: StandInLanguage): string {
  const core = line.trim();
  if (core === "") return line;
  const whole = lookup(directionOf(from, to), core);
  if (whole !== undefined) return inSameSpace(line, whole);
  const parts = sentences(core, from);
  let out = "";
  parts.forEach(({ sentence, space }, i) => {
    const translated = translateSentence(sentence, from, to);
    out += translated;
    if (i === parts.length - 1) return;
    // Japanese and Chinese run their sentences on after 。！？; English and Korean put a space between them.
    if (RUN_ON.has(to) && /[。！？」』）]$/u.test(translated)) return;
    out += space === "" && !RUN_ON.has(to) ? " " : space;
  });
  return inSameSpace(line, out);
}

/** `text` from one language into another, as the stand-in answers it. The same language: the text as it is. */
export function standInTranslate(text: string, from: StandInLanguage, to: StandInLanguage): string {
  if (from === to) return text;
  const lines = text.split(/(\r?\n)/);
  if (lines.length > 1) {
    const whole = lookup(directionOf(from, to), text);
    if (whole !== undefined) return inSameSpace(text, whole);
  }
  // split() with a capture group alternates lines and their line breaks.
  return lines.map((line, i) => (i % 2 === 1 ? line : translateLine(line, from, to))).join("");
}

/**
 * `text` in Chinese of either script (m2m100's one "zh"): read as Simplified, or as Traditional when the book knows
 * more of it that way (fewer sentences left behind a marker). Deterministic, like the rest.
 */
export function standInTranslateChinese(text: string, to: StandInLanguage): string {
  const unread = (translation: string) => translation.split(STANDIN_MARKER[to]).length;
  const simplified = standInTranslate(text, "zh-Hans", to);
  const traditional = standInTranslate(text, "zh-Hant", to);
  return unread(traditional) < unread(simplified) ? traditional : simplified;
}

/**
 * Compiles the book every way and loads the sentence segmenters now (about a quarter of a second), so the first call
 * is as quick as the rest, and a phrase whose sides have different slots stops the start.
 */
export function warmUp(): void {
  const hello: Record<StandInLanguage, string> = {
    en: "Hello. Hello.",
    ja: "こんにちは。こんにちは。",
    "zh-Hans": "你好。你好。",
    "zh-Hant": "你好。你好。",
    ko: "안녕하세요. 안녕하세요.",
  };
  for (const from of STANDIN_LANGUAGES)
    for (const to of STANDIN_LANGUAGES) if (from !== to) standInTranslate(hello[from], from, to);
}
