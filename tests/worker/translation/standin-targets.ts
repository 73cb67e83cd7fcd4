import { LOCALES, type Locale } from "#worker/domain/locales";
import type { StandInCall } from "#tests/worker/support/translator-standin";

// Since issue 65 a text written in one interface language is translated in the background into each of the other four
// (translateForOtherReaders, translateSavedEntities), and the stand-in answers every one of them. A test that checks
// the reading it asserts (the client's English, the creator's Japanese) counts the calls to that language alone, and a
// test that says "once" checks that no translation was asked for twice, whatever its language.

/** The calls that asked for a translation into `target`. */
export const callsTo = (calls: readonly StandInCall[], target: Locale): StandInCall[] =>
  calls.filter((call) => call.target_lang === target);

/** The languages a text written in `from` is translated into, in the order the background sends them (LOCALES). */
export const otherLocales = (from: Locale): Locale[] => LOCALES.filter((locale) => locale !== from);

/** Each text with each language it is translated into, text by text: what a sequential background sends, in order. */
export const intoEachOther = (texts: readonly string[], from: Locale): [string, Locale][] =>
  texts.flatMap((text) => otherLocales(from).map((target): [string, Locale] => [text, target]));

/** The calls that repeat an earlier one (same model, text and target): a translation made twice, in any language. */
export function repeatedCalls(calls: readonly StandInCall[]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const call of calls) {
    const key = `${call.model} ${call.target_lang} ${call.text}`;
    if (seen.has(key)) repeated.push(key);
    seen.add(key);
  }
  return repeated;
}
