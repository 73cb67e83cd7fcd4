/**
 * How a text one party wrote is read by the other (issue 46, decision 078), as loaders, the chat and the translation
 * door hand it to the page. The original is always beside it: this says only what to show in its place, if anything.
 * - `original`: read as written (the reader's own language, or nothing to translate);
 * - `translated`: a machine translation from `from`;
 * - `pending`: it needs one and none is stored yet; the page shows the original and asks for it (or waits for it);
 * - `unavailable`: the translator could not make one just now; the original is shown with a retry.
 */
import type { Locale } from "./locales";

export type TextReading =
  | { kind: "original" }
  | { kind: "translated"; text: string; from: Locale }
  | { kind: "pending"; from: Locale }
  | { kind: "unavailable"; from: Locale };

export const READ_AS_WRITTEN: TextReading = { kind: "original" };
