// What a translation call costs on Workers AI: the price of each candidate model, and the tokens of one call, from the
// answer's `usage` where the model reports it (the instruct models do) or else estimated from the texts (m2m100
// reports none).

/**
 * Dollars per million tokens, in and out. Source: https://developers.cloudflare.com/workers-ai/platform/pricing/ (the
 * model table's per-token prices, as read for issue 62; Workers AI bills neurons, and the table gives each model's
 * neurons in dollars per million tokens).
 * @type {Readonly<Record<string, { input: number; output: number }>>}
 */
export const PRICE_PER_MILLION_TOKENS = {
  "@cf/meta/m2m100-1.2b": { input: 0.342, output: 0.342 },
  "@cf/google/gemma-3-12b-it": { input: 0.345, output: 0.556 },
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast": { input: 0.293, output: 2.253 },
  "@cf/mistralai/mistral-small-3.1-24b-instruct": { input: 0.351, output: 0.555 },
};

/**
 * @typedef {{ input: number; output: number; estimated: boolean }} Tokens
 */

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A tokenizer's count guessed from the text, for an answer without `usage`: about 4 characters a token in English
 * (OpenAI's rule of thumb for its tokenizers, close for Llama's and Gemma's), about one a token in Japanese (a kanji or
 * kana is one token or a little more in these vocabularies).
 * @param {string} text
 */
function estimateTokens(text) {
  let wide = 0;
  let narrow = 0;
  for (const character of text) {
    if (WIDE.test(character)) wide++;
    else narrow++;
  }
  return Math.ceil(wide + narrow / 4);
}

/**
 * The words a call sent: m2m100's `text`, or an instruct model's messages (or prompt).
 * @param {Record<string, unknown>} input
 */
function sentText(input) {
  if (typeof input.text === "string") return input.text;
  if (Array.isArray(input.messages))
    return input.messages
      .map((message) => String(/** @type {{ content?: unknown }} */ (message)?.content ?? ""))
      .join("\n");
  return typeof input.prompt === "string" ? input.prompt : JSON.stringify(input);
}

/**
 * The words a call answered: m2m100's `translated_text` or an instruct model's `response`.
 * @param {unknown} output
 */
function answeredText(output) {
  const answer = /** @type {{ translated_text?: unknown; response?: unknown } | null} */ (output);
  if (typeof answer?.translated_text === "string") return answer.translated_text;
  if (typeof answer?.response === "string") return answer.response;
  return "";
}

/**
 * The tokens of one call: the answer's own `usage` when it has both counts, else estimated from what was sent and
 * answered.
 * @param {Record<string, unknown>} input
 * @param {unknown} output
 * @returns {Tokens}
 */
export function tokensOfCall(input, output) {
  const usage = /** @type {{ usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } } | null} */ (output)
    ?.usage;
  if (typeof usage?.prompt_tokens === "number" && typeof usage.completion_tokens === "number")
    return { input: usage.prompt_tokens, output: usage.completion_tokens, estimated: false };
  return { input: estimateTokens(sentText(input)), output: estimateTokens(answeredText(output)), estimated: true };
}

/**
 * Dollars for `tokens` on `model`; null when the table has no price for it.
 * @param {string} model
 * @param {{ input: number; output: number }} tokens
 */
export function costOf(model, tokens) {
  const price = PRICE_PER_MILLION_TOKENS[model];
  if (!price) return null;
  return (tokens.input * price.input + tokens.output * price.output) / 1_000_000;
}
