// The two models the stand-in answers for (contract.ts has their documented shapes): how it reads a call's text and
// languages out of each model's input, and how it words each model's output. The translation itself is the phrase
// book's (translate.ts) for both; what differs is the contract around it.
//
// m2m100 takes ISO 639-1 codes, as its documented schema says ("The language code … (e.g., 'en' for English)"; the
// model page's code sample passes "english", which the schema does not describe and the stand-in refuses). It has one
// Chinese, "zh": the stand-in answers it in Simplified, as the real model mostly does, and reads either script from it.
//
// The instruct model is asked in words (worker/translation/instruct-prompt.ts writes them): the stand-in reads the
// languages from the system message's "from English to Traditional Chinese (Taiwan)" and the text from between the user
// message's
// <text> and </text> lines. A call worded otherwise is refused as bad input, so a change to the Worker's prompt that
// the stand-in can no longer read fails a test instead of translating silently from the wrong language.
import {
  INSTRUCT_DEFAULT_MAX_TOKENS,
  INSTRUCT_INPUT_SCHEMA,
  INSTRUCT_MODEL,
  type JsonSchema,
  M2M100_INPUT_SCHEMA,
  M2M100_MODEL,
} from "./contract.ts";
import { type StandInLanguage, standInTranslate, standInTranslateChinese } from "./translate.ts";

/**
 * What a call asks, whichever model it went to: Comet's codes, or m2m100's "zh" for Chinese, which it reads in either
 * script and writes in Simplified.
 */
export interface ModelCall {
  text: string;
  source: StandInLanguage | "zh";
  target: StandInLanguage | "zh";
  /** The instruct model's `max_tokens` (its documented default when the call gives none). */
  maxTokens?: number;
  /** The instruct model's messages, counted for `usage.prompt_tokens`. */
  promptCharacters?: string;
}

export type CallReading = { ok: true; call: ModelCall } | { ok: false; problem: string };

export interface StandInModel {
  id: string;
  inputSchema: JsonSchema;
  /** The call in an input that already meets `inputSchema`, or why the stand-in cannot answer it. */
  read(input: unknown): CallReading;
  /** The model's output for the call: its translation, or (`truncated`) an answer cut in the middle. */
  answer(call: ModelCall, truncated: boolean): Record<string, unknown>;
}

/** m2m100's codes for the stand-in's languages: ISO 639-1, one Chinese ("zh") for both scripts. */
const M2M100_LANGUAGES: Record<string, StandInLanguage | "zh"> = { en: "en", ja: "ja", zh: "zh", ko: "ko" };

/**
 * The call's translation. m2m100's "zh": from it, Chinese of either script, read as the book knows it best; into it,
 * Simplified, as the real model writes (or nearly: a Traditional character here and there) whichever script was wanted.
 */
function translationOf(call: ModelCall): string {
  const target = call.target === "zh" ? "zh-Hans" : call.target;
  return call.source === "zh"
    ? standInTranslateChinese(call.text, target)
    : standInTranslate(call.text, call.source, target);
}

/** The first half of a text, by characters: what an answer cut in the middle keeps. */
function firstHalf(text: string): string {
  const characters = [...text];
  return characters.slice(0, Math.ceil(characters.length / 2)).join("");
}

const m2m100: StandInModel = {
  id: M2M100_MODEL,
  inputSchema: M2M100_INPUT_SCHEMA,
  read(input) {
    const {
      text,
      source_lang: source = "en",
      target_lang: target,
    } = input as {
      text: string;
      source_lang?: string;
      target_lang: string;
    };
    const from = Object.hasOwn(M2M100_LANGUAGES, source) ? M2M100_LANGUAGES[source] : undefined;
    const to = Object.hasOwn(M2M100_LANGUAGES, target) ? M2M100_LANGUAGES[target] : undefined;
    if (!from || !to) {
      const [field, code] = from ? ["target_lang", target] : ["source_lang", source];
      return {
        ok: false,
        problem: `${field} '${code}' is not a language the stand-in translates (${Object.keys(M2M100_LANGUAGES).join(", ")}: ISO 639-1 codes, as m2m100 takes)`,
      };
    }
    return { ok: true, call: { text, source: from, target: to } };
  },
  answer(call, truncated) {
    const translated = translationOf(call);
    return { translated_text: truncated ? firstHalf(translated) : translated };
  },
};

/** The language names the Worker's prompt uses, by the stand-in's codes. */
const LANGUAGE_NAMES: Record<string, StandInLanguage> = {
  English: "en",
  Japanese: "ja",
  "Simplified Chinese": "zh-Hans",
  "Traditional Chinese (Taiwan)": "zh-Hant",
  Korean: "ko",
};
/** A known name (the longest first, so "Traditional Chinese (Taiwan)" is never read as a shorter one), or any word. */
const LANGUAGE_NAME = [
  ...Object.keys(LANGUAGE_NAMES)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[()]/g, "\\$&")),
  "[A-Z][a-z]+",
].join("|");
const DIRECTION = new RegExp(`\\bfrom (${LANGUAGE_NAME}) to (${LANGUAGE_NAME})(?![\\w(])`);
const TEXT_OPEN = "<text>\n";
const TEXT_CLOSE = "\n</text>";

/**
 * Tokens, roughly: a UTF-8 byte count over four (about right for English; Japanese comes out near one token a
 * character, as with the real tokenizers). The stand-in needs only a count that grows with the text.
 */
function estimatedTokens(text: string): number {
  return Math.max(1, Math.ceil(new TextEncoder().encode(text).length / 4));
}

const instruct: StandInModel = {
  id: INSTRUCT_MODEL,
  inputSchema: INSTRUCT_INPUT_SCHEMA,
  read(input) {
    const { messages, max_tokens: maxTokens = INSTRUCT_DEFAULT_MAX_TOKENS } = input as {
      messages: { role: string; content: string }[];
      max_tokens?: number;
    };
    const system = messages.find((message) => message.role === "system")?.content ?? "";
    const direction = DIRECTION.exec(system);
    if (!direction)
      return { ok: false, problem: `the stand-in reads "from <language> to <language>" in the system message` };
    const [, sourceName = "", targetName = ""] = direction;
    const source = Object.hasOwn(LANGUAGE_NAMES, sourceName) ? LANGUAGE_NAMES[sourceName] : undefined;
    const target = Object.hasOwn(LANGUAGE_NAMES, targetName) ? LANGUAGE_NAMES[targetName] : undefined;
    if (!source || !target)
      return {
        ok: false,
        problem: `'${source ? targetName : sourceName}' is not a language the stand-in translates (${Object.keys(LANGUAGE_NAMES).join(", ")})`,
      };
    const user = messages.findLast((message) => message.role === "user")?.content ?? "";
    const start = user.indexOf(TEXT_OPEN);
    const end = user.lastIndexOf(TEXT_CLOSE);
    if (start === -1 || end < start + TEXT_OPEN.length)
      return { ok: false, problem: "the stand-in reads the text between <text> and </text> lines in the user message" };
    const text = user.slice(start + TEXT_OPEN.length, end);
    if (text === "") return { ok: false, problem: "the stand-in found an empty text between <text> and </text>" };
    const promptCharacters = messages.map((message) => message.content).join("\n");
    return { ok: true, call: { text, source, target, maxTokens, promptCharacters } };
  },
  answer(call, truncated) {
    const maxTokens = call.maxTokens ?? INSTRUCT_DEFAULT_MAX_TOKENS;
    const translated = translationOf(call);
    const needed = estimatedTokens(translated);
    // A model stops where its tokens run out: the answer is cut there, and says it used them all.
    const ranOut = truncated || needed > maxTokens;
    const characters = [...translated];
    const kept = truncated
      ? firstHalf(translated)
      : ranOut
        ? characters.slice(0, Math.floor((characters.length * maxTokens) / needed)).join("")
        : translated;
    const completionTokens = ranOut ? maxTokens : needed;
    const promptTokens = estimatedTokens(call.promptCharacters ?? call.text);
    return {
      response: kept,
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    };
  },
};

/** The models the stand-in serves, by the name Workers AI gives them. */
export const STANDIN_MODELS: ReadonlyMap<string, StandInModel> = new Map([
  [m2m100.id, m2m100],
  [instruct.id, instruct],
]);
