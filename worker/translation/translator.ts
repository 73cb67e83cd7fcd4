/**
 * The translator port (issue 46, decision 078; issues 62 and 65): one call, a text from one of Comet's five languages
 * into another, and a result that is either the translation or why there is none. Production asks Workers AI through its
 * binding: first Google's gemma-3-12b-it, an instruct model told to translate only, with the commission's own words
 * (instruct-prompt.ts); when it fails, or answers something the caller's check refuses, Meta's m2m100, a model made for
 * translation and nothing else. Locally and in tests the same calls go, in the binding's own shape, to the project's
 * stand-in (`emulators/translator/`) over HTTP (rest-ai-binding.ts), as the `stripe` SDK goes to the Stripe emulator:
 * the code path is the production one, only the binding differs.
 */
import * as v from "valibot";
import type { Locale } from "../domain/locales";
import { maxTokensFor, translationMessages, withoutWrapping } from "./instruct-prompt";
import { type AiBinding, callModel, type ModelCallOptions, TRANSLATION_TIMEOUT_MS } from "./model-call";
import { restAiBinding } from "./rest-ai-binding";

/**
 * The models, as Workers AI names them. The primary: gemma-3-12b-it, documented on Workers AI, trained on over 140
 * languages, $0.345 per million input tokens and $0.556 per million output tokens
 * (https://developers.cloudflare.com/workers-ai/models/gemma-3-12b-it/). The fallback: m2m100-1.2b, $0.342 per
 * million tokens each way (https://developers.cloudflare.com/workers-ai/models/m2m100-1.2b/).
 */
export const TRANSLATION_MODELS = {
  primary: "@cf/google/gemma-3-12b-it",
  fallback: "@cf/meta/m2m100-1.2b",
} as const;

/**
 * The longest text one call is given; the caller cuts longer texts and joins the translations. m2m100 has positions for
 * 1,024 tokens (`max_position_embeddings` in its published config) and was trained on sentences, not pages: 1,000
 * characters is about 250 tokens of English and at most about 1,000 of Japanese in its vocabulary, so the margin is
 * in Japanese, and a shorter piece translates better. gemma's
 * context (80,000 tokens on Workers AI) is no limit; its answer is (maxTokensFor caps it at 4,096 tokens, and 1,000
 * characters asks for at most 3,064). Shorter calls are also quicker ones: each stays well inside the 8 s timeout.
 */
export const CHARACTERS_PER_CALL = 1_000;

const PROVIDER = "workers-ai";

export interface TranslationRequest {
  text: string;
  source: Locale;
  target: Locale;
}

/**
 * Why there is no translation: the provider is down (`unavailable`), asked too often (`rate_limited`), out of capacity
 * even after one more try (`capacity`), out of the account's daily allocation (`quota`), took too long (`timeout`),
 * will not take this text or answered something the caller's check refused (`refused`), or ran out of tokens
 * mid-answer (`truncated`).
 */
export type TranslationFailure =
  | "unavailable"
  | "rate_limited"
  | "refused"
  | "timeout"
  | "capacity"
  | "quota"
  | "truncated";

/** `calls`: the model calls made, failed and repeated ones too, for the caller's records. */
export type TranslationResult =
  | { ok: true; text: string; provider: string; model: string; calls: number }
  | { ok: false; reason: TranslationFailure; calls: number };

/** The caller's check of an answer (kept spans, length…): false refuses it. */
export type AnswerCheck = (text: string) => boolean;

export interface Translator {
  /**
   * `accept`: the caller's check of an answer; an answer it refuses counts as a failure of that model (`refused`),
   * and the next model, if any, is asked.
   */
  translate(request: TranslationRequest, accept?: AnswerCheck): Promise<TranslationResult>;
}

/** The translation settings of a Worker's environment (wrangler.toml). */
export interface TranslationEnv {
  APP_ENV?: string;
  /** Production: the Workers AI binding (`[env.production.ai]`). */
  AI?: AiBinding;
  /** Outside production: where the local stand-in listens (`emulators/translator/`). */
  TRANSLATOR_STANDIN_PORT?: string;
}

/** `answer` with the spaces and line breaks `original` began and ended with: models drop them, joined pieces need them. */
function inOriginalSpacing(original: string, answer: string): string {
  const lead = /^\s*/.exec(original)![0];
  const trail = /\s*$/.exec(original.slice(lead.length))![0];
  return `${lead}${answer.trim()}${trail}`;
}

/** An answer the model gave, as the port reports it: empty is no answer, and the caller's check has its say. */
function answered(
  text: string,
  original: string,
  model: string,
  calls: number,
  accept: AnswerCheck | undefined,
): TranslationResult {
  if (text.trim() === "") return { ok: false, reason: "unavailable", calls };
  const translation = inOriginalSpacing(original, text);
  if (accept && !accept(translation)) return { ok: false, reason: "refused", calls };
  return { ok: true, text: translation, provider: PROVIDER, model, calls };
}

/** The instruct models' documented output: `response`, with `usage` where the model reports it. */
const instructOutput = v.object({
  response: v.string(),
  usage: v.optional(v.object({ completion_tokens: v.optional(v.number()) })),
});

/**
 * A translator on any Workers AI instruct model that takes `{ messages, max_tokens, temperature }` and answers
 * `{ response, usage? }` (gemma, llama, mistral, qwen…). Temperature 0: the same text, the same translation.
 */
export function instructTranslator(ai: AiBinding, model: string, options: ModelCallOptions = {}): Translator {
  return {
    async translate({ text, source, target }, accept) {
      const maxTokens = maxTokensFor(text);
      const input = { messages: translationMessages(text, source, target), max_tokens: maxTokens, temperature: 0 };
      const call = await callModel(ai, model, input, options);
      if (!call.ok) return call;
      const output = v.safeParse(instructOutput, call.output);
      if (!output.success) return { ok: false, reason: "unavailable", calls: call.calls };
      // A model that used every token it was allowed stopped mid-sentence: half a translation is not one.
      const used = output.output.usage?.completion_tokens;
      if (used !== undefined && used >= maxTokens) return { ok: false, reason: "truncated", calls: call.calls };
      return answered(withoutWrapping(output.output.response, text), text, model, call.calls, accept);
    },
  };
}

/** m2m100's documented output (`{ translated_text: string }`); anything else is no translation. */
const m2m100Output = v.object({ translated_text: v.string() });

/**
 * The ISO 639-1 code m2m100 takes for each of Comet's locales. It has one Chinese, "zh", for both scripts: its training
 * data is mostly mainland text, so it writes Simplified (or Simplified-leaning, a Traditional character here and there)
 * whichever Comet asked for, and it reads either script as a source. The instruct model is asked for "Traditional Chinese
 * (Taiwan)" by name (instruct-prompt.ts), so it is the one that serves zh-Hant readers well; a zh-Hant translation
 * from this fallback is taken only when the first model failed, and only if the caller's check passes, like any answer.
 * Korean is "ko".
 */
const M2M100_CODES: Record<Locale, string> = { en: "en", ja: "ja", "zh-Hans": "zh", "zh-Hant": "zh", ko: "ko" };

/** A translator on Meta's m2m100, which takes ISO 639-1 codes (M2M100_CODES): Chinese is "zh" in either script. */
export function m2m100Translator(ai: AiBinding, options: ModelCallOptions = {}): Translator {
  const model = TRANSLATION_MODELS.fallback;
  return {
    async translate({ text, source, target }, accept) {
      const input = { text, source_lang: M2M100_CODES[source], target_lang: M2M100_CODES[target] };
      const call = await callModel(ai, model, input, options);
      if (!call.ok) return call;
      const output = v.safeParse(m2m100Output, call.output);
      if (!output.success) return { ok: false, reason: "unavailable", calls: call.calls };
      return answered(output.output.translated_text, text, model, call.calls, accept);
    },
  };
}

/**
 * The translators in turn, until one answers what `accept` takes. Every call made counts in `calls`; without an
 * answer, the failure is the last translator's.
 */
export function fallbackTranslator(...translators: Translator[]): Translator {
  return {
    async translate(request, accept) {
      let calls = 0;
      let last: TranslationResult = { ok: false, reason: "unavailable", calls: 0 };
      for (const [i, translator] of translators.entries()) {
        last = await translator.translate(request, accept);
        calls += last.calls;
        if (last.ok) return { ...last, calls };
        if (i < translators.length - 1)
          console.warn(`translation: translator ${i + 1} failed (${last.reason}); asking the next one`);
      }
      return { ...last, calls };
    },
  };
}

/** The translator over a Workers AI binding (the real one, or the stand-in's): the primary model, then the fallback. */
export function workersAiTranslator(ai: AiBinding, timeoutMs = TRANSLATION_TIMEOUT_MS): Translator {
  return fallbackTranslator(
    instructTranslator(ai, TRANSLATION_MODELS.primary, { timeoutMs }),
    m2m100Translator(ai, { timeoutMs }),
  );
}

/** The binding's shape over the stand-in's HTTP door, which answers the Workers AI REST contract. */
export function standInAiBinding(port: string): AiBinding {
  return restAiBinding({ baseUrl: `http://127.0.0.1:${port}`, accountId: "local" });
}

/**
 * The translator of this environment: the AI binding where there is one; outside production the stand-in; null when
 * there is neither (texts are shown as written). A production Worker never uses the stand-in.
 */
export function translatorFor(env: TranslationEnv): Translator | null {
  if (env.AI) return workersAiTranslator(env.AI);
  if (env.TRANSLATOR_STANDIN_PORT && env.APP_ENV !== "production")
    return workersAiTranslator(standInAiBinding(env.TRANSLATOR_STANDIN_PORT));
  return null;
}
