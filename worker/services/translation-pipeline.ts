// The road every stored translation takes (issue 62, decision 098), apart from where it is stored and who pays: a text
// of any length cut into pieces a model takes in one call (paragraphs, then sentences), each piece translated whole
// when the answer keeps its links, handles, codes and amounts, or else part by part between them, and the pieces joined
// as the original was laid out. The translator port tries its fallback model for any answer this refuses.
// `npm run translation:eval` runs this same function over its corpus.
import type { Locale } from "../domain/locales";
import { hasUnstorableCharacters, normalizeText } from "../domain/text";
import { cutForTranslation, piecePadding } from "../domain/text-cuts";
import { detectTextLanguage, segmentForTranslation, translationKeepsSpans } from "../domain/text-language";
import { CHARACTERS_PER_CALL, type TranslationFailure, type Translator } from "../translation/translator";

export type NoTranslation = TranslationFailure | "over_budget" | "not_configured" | "unsafe" | "too_long";

/** What a translation costs, taken before the first call and given back when no translation comes of it. */
export interface TranslationSpend {
  take(characters: number): Promise<boolean>;
  giveBack(characters: number): Promise<void>;
}

/** A spend that counts nothing (the quality check's). */
export const FREE_SPEND: TranslationSpend = { take: async () => true, giveBack: async () => {} };

export type PipelineResult =
  | { ok: true; text: string; provider: string; model: string; calls: number }
  | { ok: false; reason: NoTranslation };

export interface PipelineRequest {
  text: string;
  from: Locale;
  to: Locale;
}

/**
 * `request.text` translated, paid for out of `spend` (the whole text's characters, once; all given back when any piece
 * fails, since nothing is stored then and a retry pays again).
 */
export async function translateText(
  translator: Translator,
  request: PipelineRequest,
  spend: TranslationSpend,
): Promise<PipelineResult> {
  const characters = [...request.text].length;
  if (!(await spend.take(characters))) return { ok: false, reason: "over_budget" };
  const made = await translatePieces(translator, request);
  if (!made.ok) await spend.giveBack(characters);
  return made;
}

async function translatePieces(translator: Translator, { text, from, to }: PipelineRequest): Promise<PipelineResult> {
  let joined = "";
  let calls = 0;
  let made: { provider: string; model: string } | null = null;
  for (const piece of cutForTranslation(text, CHARACTERS_PER_CALL)) {
    // A piece's own spacing around its words is kept as written (the models trim).
    const { before: lead, words: core, after: trail } = piecePadding(piece);
    if (detectTextLanguage(core) !== from) {
      joined += piece;
      continue;
    }
    const result = await translatePiece(translator, { text: core, from, to });
    if (!result.ok) return result;
    calls += result.calls;
    made ??= result;
    joined += `${lead}${result.text}${trail}`;
  }
  if (!made) return { ok: false, reason: "unsafe" };
  if (!translationKeepsSpans(text, joined)) return { ok: false, reason: "unsafe" };
  return { ok: true, text: joined, provider: made.provider, model: made.model, calls };
}

/** An answer fit to store for `original`: plain text, not empty, of a sensible length. */
function sane(original: string, answer: string): boolean {
  const text = normalizeText(answer);
  return text !== "" && !hasUnstorableCharacters(text) && [...text].length <= 4 * [...original].length + 200;
}

/**
 * One piece: whole, when an answer keeps every span; when no model's answer does, the parts between the spans one by
 * one, with the spans kept as written.
 */
async function translatePiece(translator: Translator, request: PipelineRequest): Promise<PipelineResult> {
  const ask = (text: string, accept: (answer: string) => boolean) =>
    translator.translate({ text, source: request.from, target: request.to }, accept);
  const whole = await ask(
    request.text,
    (answer) => sane(request.text, answer) && translationKeepsSpans(request.text, normalizeText(answer)),
  );
  if (whole.ok) return { ...whole, text: normalizeText(whole.text) };
  if (whole.reason !== "refused") return whole;

  let joined = "";
  let calls = 0;
  let made: { provider: string; model: string } | null = null;
  for (const segment of segmentForTranslation(request.text)) {
    const { before: lead, words: core, after: trail } = piecePadding(segment.value);
    if (segment.kind !== "text" || detectTextLanguage(core) === null) {
      joined += segment.value;
      continue;
    }
    const part = await ask(core, (answer) => sane(core, answer));
    if (!part.ok) return part;
    calls += part.calls;
    made ??= part;
    joined += `${lead}${normalizeText(part.text)}${trail}`;
  }
  if (!made || !translationKeepsSpans(request.text, joined)) return { ok: false, reason: "unsafe" };
  return { ok: true, text: joined, provider: made.provider, model: made.model, calls };
}
