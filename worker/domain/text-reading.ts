/**
 * How a text one party wrote is read by the other (issue 46, decision 078), as loaders, the chat and the translation
 * door hand it to the page. The original is always beside it: this says only what to show in its place, if anything.
 * - `original`: read as written (the reader's own language, or nothing to translate);
 * - `translated`: a machine translation from `from`;
 * - `pending`: it needs one and none is stored yet; the page shows the original and asks for it (or waits for it);
 * - `unavailable`: the translator could not make one just now; the original is shown, with a retry when one can succeed;
 * - `foreign`: written in a language Comet does not translate yet (issue 62): the original, labelled with its language.
 *
 * `ticket` (issue 62, decision 098): the loader's signed word that this reader was shown this text, which the translation
 * door asks for before it translates anything that is not the caller's own preview. Without one the page cannot ask.
 */
import type { Locale } from "./locales";
import type { ForeignLanguage } from "./text-language";

export type TextReading =
  | { kind: "original" }
  | { kind: "translated"; text: string; from: Locale }
  | { kind: "pending"; from: Locale; ticket?: string }
  | { kind: "unavailable"; from: Locale; ticket?: string }
  | { kind: "foreign"; language: ForeignLanguage };

export const READ_AS_WRITTEN: TextReading = { kind: "original" };
