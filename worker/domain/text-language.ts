/**
 * What a text is written in, and what of it a translator must never touch (issues 46 and 62, decision 078). Pure: the
 * translation service asks it which texts to send, and checks what comes back against it.
 *
 * Comet translates between its five languages (issue 65): English, Japanese, Simplified and Traditional Chinese, and
 * Korean. It also recognises the Latin-script languages its readers are likeliest to write (FOREIGN_LANGUAGES), so a
 * text in one of them is labelled, not mistranslated. The script tells most of it: kana only occur in Japanese, Hangul
 * in Korean. Ideographs alone are Japanese unless they are Chinese-only forms or Chinese grammar, and Chinese is
 * Simplified or Traditional by its forms; Latin letters are English unless another language's own words carry the
 * text. A Japanese text with English names or product words in it is still Japanese, and an English one quoting a
 * kanji name is English.
 */
import { AMOUNT_PATTERN, amountKey } from "./amounts";
import { isLocale, type Locale } from "./locales";

/**
 * Languages Comet recognises but does not translate (issue 62): their texts are shown as written, labelled with the
 * language (BCP 47 codes, which `Intl.DisplayNames` names in the reader's language). Chinese in either script and Korean
 * were here until issue 65 made them Comet's own (LOCALES): their texts are translated like English and Japanese.
 */
export const FOREIGN_LANGUAGES = ["es", "fr", "de", "pt", "it"] as const;
export type ForeignLanguage = (typeof FOREIGN_LANGUAGES)[number];
/** What a text is written in: one of Comet's five languages, or one it recognises and does not translate. */
export type WrittenLanguage = Locale | ForeignLanguage;

export const isForeignLanguage = (language: WrittenLanguage): language is ForeignLanguage =>
  (FOREIGN_LANGUAGES as readonly string[]).includes(language);

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
  // It starts where a run of its characters starts: tried inside a long run of letters with no @ (a Japanese paragraph
  // is one), each start would read to the run's end, quadratic in the run.
  ["email", /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu],
  // A handle is 4-16 letters and digits (spec section 5); the @ must not follow a letter (an e-mail's is taken above).
  ["handle", /(?<![\p{L}\p{N}])@[A-Za-z0-9]{4,16}\b/gu],
  // An order's code: 8 of its alphabet (order-request.ts), at least one a digit, so an all-capitals word stays text.
  ["order-code", /\b(?=[A-Z]*[2-9])[2-9A-HJ-NP-Z]{8}\b/g],
  // An amount: a currency sign or code and a number, either way round, in 万/千 and full-width digits too (amounts.ts).
  ["amount", AMOUNT_PATTERN],
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
const HANGUL = /\p{Script=Hangul}/u;
const IDEOGRAPH = /\p{Script=Han}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * An East Asian character carries about as much as three Latin letters (a Japanese or Chinese word is 1-3 characters,
 * a Korean one 2-4 syllables, against 4-6 letters of English), so a text is East Asian when those characters, tripled,
 * at least equal its Latin letters.
 */
const EAST_ASIAN_CHARACTER_WEIGHT = 3;

/**
 * Chinese-only ideographs, in the two scripts. Japanese writes the same words with its own forms (shinjitai: 説 for
 * 说/說, 対 for 对/對, 気 for 气/氣…), so a kana-less text with one of these is Chinese, and a Japanese note written all
 * in kanji ("線画修正依頼", "来週納品") is not. Left out on purpose: the simplified forms Japanese shares (来 会 国 画
 * 点 写 当 体 学 恋 万 条 没) and the traditional ones it kept (時 個 為 過 還 謝 請 給 買 長 東 見 話 語 問 題 間 後…).
 */
const SIMPLIFIED_ONLY = new Set(
  "们这说时个为过还么对吗谢请张图绘钱价发关读气传变应实广觉样问题间给让买卖钟长东车见现进边话语认识谁该订单预帮欢风头颜开门线业从约费节网经动态设计质满岁级总结细亲爱处确",
);
const TRADITIONAL_ONLY = new Set(
  "們這說來對會國沒麼學體畫圖廣實發戀關點寫讀氣傳變應當價錢樣覺歡顏從單幫邊與舊聽讓賣繪嗎裡經滿歲總處黑兒圓萬",
);
/** Chinese words in either script that Japanese does not write: you, she, the sentence particles, how, to receive. */
const CHINESE_WORDS = new Set("你您她呢吧啊呀哦嗯咱很哪怎收");
/** Once a text is known to be Chinese, the forms it shares with Japanese also tell its script. */
const SIMPLIFIED_SHARED = new Set("来会国画点写当体学恋万条没");
const TRADITIONAL_SHARED = new Set(
  "時個為過還謝請給買長東見現話語問題間後開風線業進認識誰該訂預門頭車約費節網動態設計質級結細親愛確張",
);
/**
 * Chinese grammar in ideographs both languages have: the particles 的, 了 and 是. Japanese uses them only inside the
 * compounds below (and as the suffix 的 of 具体的, once in a short note), so two of them outside those compounds, with
 * no kana anywhere, are a Chinese sentence.
 */
const CHINESE_PARTICLE = /[的了是]/gu;
const JAPANESE_COMPOUNDS_OF_PARTICLES = /了解|了承|完了|終了|修了|是非|是正|目的|的確/gu;

function chineseScriptOf(ideographs: string): "zh-Hans" | "zh-Hant" | null {
  let simplified = 0;
  let traditional = 0;
  let chineseOnly = 0;
  for (const character of ideographs) {
    if (SIMPLIFIED_ONLY.has(character)) {
      simplified++;
      chineseOnly++;
    } else if (TRADITIONAL_ONLY.has(character)) {
      traditional++;
      chineseOnly++;
    } else if (CHINESE_WORDS.has(character)) chineseOnly++;
    else if (SIMPLIFIED_SHARED.has(character)) simplified++;
    else if (TRADITIONAL_SHARED.has(character)) traditional++;
  }
  const particles = ideographs.replace(JAPANESE_COMPOUNDS_OF_PARTICLES, "").match(CHINESE_PARTICLE)?.length ?? 0;
  if (chineseOnly === 0 && particles < 2) return null;
  // Undecidable (a text in characters both scripts share) reads as simplified, the more common.
  return traditional > simplified ? "zh-Hant" : "zh-Hans";
}

const wordSet = (words: string) => new Set(words.split(" "));

/**
 * The Latin-script languages Comet recognises, by the words that carry any sentence in them (articles, pronouns,
 * prepositions, greetings and thanks) and their own letters. Words common in English are left out of the others ("a",
 * "no", "do", "die", "come", "per"…), and English counts its own, so a borrowed word ("con", "café", "piñata") never
 * turns an English text foreign.
 */
const LATIN_EVIDENCE: readonly { language: WrittenLanguage; words: Set<string>; letters?: RegExp }[] = [
  {
    language: "en",
    words: wordSet(
      "the and you your to of for with my is are this that it can could would please thanks thank hi hello i me we our be have has will not but just if at from by what how when do in on so as a an ok okay yes sure here there",
    ),
  },
  {
    language: "es",
    words: wordSet(
      "el la los las del de que por para con una uno es está están estoy esta este pero muy gracias hola mi tu su sus como más y lo le se al yo puedes quiero favor también sí hay usted muchas muchos buenos buenas buen días necesito puedo puede pregunta cuánto cuesta perfecto retrato dibujo usarlo",
    ),
    letters: /[ñ¿¡]/u,
  },
  {
    language: "fr",
    words: wordSet(
      "le la les des du de et est un une je vous nous pour avec dans sur pas que qui mais très merci bonjour ce cette mon ma mes votre vos il elle au aux ne oui suis avez êtes peux veux ça été c'est j'ai n'est qu'il d'un d'une beaucoup bien aussi parfait peut bonne journée j'aime t'aime utiliser",
    ),
    letters: /[çœ]/u,
  },
  {
    language: "de",
    words: wordSet(
      "der das und ist ich nicht mit ein eine einen einem zu dem für auf sie es wir bitte danke dank sehr auch aber oder wie mein meine ihr ihre kann können hallo habe haben sind wäre würde gerne möchte nur noch schon vielen schön frage darf hier mir mich dich du bild",
    ),
    letters: /[ßäöü]/u,
  },
  {
    language: "pt",
    words: wordSet(
      "os uma que de da das dos não em para com por muito obrigado obrigada olá você vocês é está mas meu minha seu sua na nas nos isso esse essa este esta ao aos pelo pela também já sim oi tudo perfeito pergunta posso pode quero fazer tenho aqui usar retrato",
    ),
    letters: /[ãõç]/u,
  },
  {
    language: "it",
    words: wordSet(
      "il lo la gli le un uno una di del della delle dei degli che è con sono ho hai ha grazie ciao buongiorno mio mia tuo tua questo questa molto anche ma più perché sei nel nella al alla ti ci vorrei posso puoi mille perfetto domanda buona buon giorno bene voglio usarlo",
    ),
  },
];

/** A language other than English needs this much evidence (distinct words and letters): "Gracias" alone is not enough. */
const LEAST_FOREIGN_EVIDENCE = 2;

/**
 * A Latin-script text's language: English unless another one's words and letters clearly outnumber English's. Each
 * distinct word or letter counts once, so a refrain ("la la la") is one word.
 */
function latinLanguageOf(text: string): WrittenLanguage {
  const lowered = text.toLowerCase();
  const words = new Set(lowered.match(/\p{L}+(?:['’]\p{L}+)*/gu)?.map((word) => word.replaceAll("’", "'")));
  const characters = new Set(lowered);
  let best: { language: WrittenLanguage; evidence: number } = { language: "en", evidence: 0 };
  let english = 0;
  for (const { language, words: known, letters: own } of LATIN_EVIDENCE) {
    let evidence = 0;
    for (const word of words) if (known.has(word)) evidence++;
    if (own) for (const character of characters) if (own.test(character)) evidence++;
    if (language === "en") english = evidence;
    else if (evidence > best.evidence) best = { language, evidence };
  }
  return best.evidence >= LEAST_FOREIGN_EVIDENCE && best.evidence > english ? best.language : "en";
}

/**
 * The language a text is written in, judged on what a translator would get (kept spans aside); null when it has no
 * letters of the scripts Comet reads (only numbers, emoji, links…), which no translation would change.
 * - East Asian scripts, when they carry the text (EAST_ASIAN_CHARACTER_WEIGHT): Hangul is Korean (unless kana outnumber
 *   it: a Japanese text quoting a Korean word), any kana is Japanese, and ideographs alone are Chinese only on Chinese
 *   evidence (chineseScriptOf), else Japanese.
 * - Latin letters: English, unless latinLanguageOf finds another language's words.
 */
export function detectWrittenLanguage(text: string): WrittenLanguage | null {
  let kana = 0;
  let hangul = 0;
  let latinLetters = 0;
  let ideographs = "";
  // The words between the kept spans, each part apart (a span never joins two words into one).
  let words = "";
  for (const segment of segmentForTranslation(text)) {
    if (segment.kind !== "text") continue;
    words += ` ${segment.value}`;
    for (const character of segment.value) {
      if (KANA.test(character)) kana++;
      else if (HANGUL.test(character)) hangul++;
      else if (IDEOGRAPH.test(character)) ideographs += character;
      else if (LATIN_LETTER.test(character)) latinLetters++;
    }
  }
  const eastAsian = kana + hangul + ideographs.length;
  if (eastAsian === 0 && latinLetters === 0) return null;
  if (eastAsian * EAST_ASIAN_CHARACTER_WEIGHT >= latinLetters) {
    if (hangul > kana) return "ko";
    if (kana > 0) return "ja";
    return chineseScriptOf(ideographs) ?? "ja";
  }
  return latinLanguageOf(words);
}

/**
 * The language of a text in Comet's terms, one of its five (en, ja, zh-Hans, zh-Hant, ko); null when there is nothing to
 * translate: no letters, or a language Comet does not translate (detectWrittenLanguage says which, for the label).
 */
export function detectTextLanguage(text: string): Locale | null {
  const language = detectWrittenLanguage(text);
  return isLocale(language) ? language : null;
}

/**
 * Whether a reader of `readerLocale` needs a translation of `text`: it is written in one of Comet's five languages, and
 * not the reader's. Simplified and Traditional Chinese are two languages here: a Taipei reader gets a Shanghai client's
 * Simplified text in Traditional characters and Taiwan's words, not as written.
 */
export function needsTranslation(text: string, readerLocale: Locale): boolean {
  const language = detectTextLanguage(text);
  return language !== null && language !== readerLocale;
}

/**
 * Whether a translation may be shown for its original: it keeps every URL, e-mail, handle and order code exactly (each
 * as often), brings none the original did not have (a translation never carries a link its writer did not write), and
 * has every amount of the original by currency and value, as often ("1万円" may become "10,000 yen" or "¥10,000", never
 * "$10,000"). It may have amounts the original did not: a writer's "三万円" in words is a translator's "¥30,000".
 * A translation that fails this is dropped, and the original shown.
 */
export function translationKeepsSpans(original: string, translation: string): boolean {
  const [written, translated] = [keptSpans(original), keptSpans(translation)];
  const sameExactly =
    written.exact.length === translated.exact.length && written.exact.every((span, i) => span === translated.exact[i]);
  return sameExactly && countsCover(translated.amounts, written.amounts);
}

/** A text's kept spans: the exact ones as `kind:value`, sorted; the amounts by their value (amountKey). */
function keptSpans(text: string): { exact: string[]; amounts: string[] } {
  const exact: string[] = [];
  const amounts: string[] = [];
  for (const segment of segmentForTranslation(text)) {
    if (segment.kind === "amount") amounts.push(amountKey(segment.value));
    else if (segment.kind !== "text") exact.push(`${segment.kind}:${segment.value}`);
  }
  return { exact: exact.sort(), amounts };
}

/** Whether `having` holds each of `needed` at least as often as `needed` does. */
function countsCover(having: string[], needed: string[]): boolean {
  const left = new Map<string, number>();
  for (const key of having) left.set(key, (left.get(key) ?? 0) + 1);
  return needed.every((key) => {
    const count = left.get(key) ?? 0;
    left.set(key, count - 1);
    return count > 0;
  });
}
