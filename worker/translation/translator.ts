/**
 * The translator port (issue 46, decision 078): one call, a text from one of Comet's languages into the other, and a
 * result that is either the translation or why there is none. Production calls the Workers AI binding with Meta's
 * m2m100 (https://developers.cloudflare.com/workers-ai/models/m2m100-1.2b/); locally and in tests the same call goes,
 * in the binding's own shape, to the project's stand-in (`emulators/translator/`) over HTTP, as the `stripe` SDK goes to
 * the Stripe emulator: the code path is the production one, only the binding differs.
 */
import * as v from "valibot";
import type { Locale } from "../domain/locales";

/** The model, as Workers AI names it. */
const TRANSLATION_MODEL = "@cf/meta/m2m100-1.2b";
const PROVIDER = "workers-ai";
/** m2m100 takes ISO 639-1 codes, the same as Comet's locales. */
const MODEL_LANGUAGE: Record<Locale, string> = { en: "en", ja: "ja" };
/** A translation that has not come in this long is given up (the reader keeps the original, with a retry). */
const TRANSLATION_TIMEOUT_MS = 8_000;

export interface TranslationRequest {
  text: string;
  source: Locale;
  target: Locale;
}

export type TranslationFailure = "unavailable" | "rate_limited" | "refused" | "timeout";

export type TranslationResult =
  | { ok: true; text: string; provider: string; model: string }
  | { ok: false; reason: TranslationFailure };

export interface Translator {
  translate(request: TranslationRequest): Promise<TranslationResult>;
}

/** The part of the Workers AI binding (`Ai`) the translator uses: `run(model, input)`, answering the model's output. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

/** The translation settings of a Worker's environment (wrangler.toml). */
export interface TranslationEnv {
  APP_ENV?: string;
  /** Production: the Workers AI binding (`[env.production.ai]`). */
  AI?: AiBinding;
  /** Outside production: where the local stand-in listens (`emulators/translator/`). */
  TRANSLATOR_STANDIN_PORT?: string;
}

/** The model's documented output (`{ translated_text: string }`); anything else is no translation. */
const modelOutput = v.object({ translated_text: v.string() });

/** An error the binding (or the stand-in's REST answer) threw, sorted by what the reader is told. */
function failureOf(error: unknown): TranslationFailure {
  const status = (error as { status?: unknown })?.status;
  if (status === 429) return "rate_limited";
  if (status === 400) return "refused";
  return "unavailable";
}

/** The translator over a Workers AI binding (the real one, or the stand-in's). */
export function workersAiTranslator(ai: AiBinding, timeoutMs = TRANSLATION_TIMEOUT_MS): Translator {
  return {
    async translate({ text, source, target }) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), timeoutMs);
      });
      try {
        const input = { text, source_lang: MODEL_LANGUAGE[source], target_lang: MODEL_LANGUAGE[target] };
        const output = await Promise.race([ai.run(TRANSLATION_MODEL, input), timeout]);
        if (output === "timeout") return { ok: false, reason: "timeout" };
        const parsed = v.safeParse(modelOutput, output);
        if (!parsed.success) return { ok: false, reason: "unavailable" };
        return { ok: true, text: parsed.output.translated_text, provider: PROVIDER, model: TRANSLATION_MODEL };
      } catch (error) {
        return { ok: false, reason: failureOf(error) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

class StandInError extends Error {
  constructor(readonly status: number) {
    super(`translator stand-in answered ${status}`);
  }
}

/**
 * The binding's shape over the stand-in's HTTP door, which answers the Workers AI REST contract
 * (`POST /client/v4/accounts/{account}/ai/run/{model}` → `{ result, success, errors, messages }`): `run` answers the
 * `result`, as the binding does, and throws with the status on a refusal.
 */
export function standInAiBinding(port: string): AiBinding {
  return {
    async run(model, input) {
      const response = await fetch(`http://127.0.0.1:${port}/client/v4/accounts/local/ai/run/${model}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      if (!response.ok) throw new StandInError(response.status);
      return ((await response.json()) as { result?: unknown }).result;
    },
  };
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
