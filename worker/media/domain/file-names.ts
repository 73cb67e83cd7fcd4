/**
 * The name a file is shown by (issue 59): the uploader's own name for it, kept beside the stored key, which is always
 * ours (a random id named after the sniffed type). Every place that takes a file's name (a work's, a service's or a
 * form's media, a request's answer, a chat message, a deliverable, a stage's preview, a dispute's evidence) keeps it
 * through `fileNameOf`, one rule.
 *
 * A name is cleaned, not refused. It comes from the sender's device, not from a field they typed in: what it carries
 * that no field stores (the text rules of text.ts: control characters, lone surrogates) or that only disguises it
 * (bidirectional controls: "photo\u202Egnp.exe" shows as "photoexe.png") is invisible to the person, who could not
 * tell what to fix, and the name is a label only (no file system or header ever reads it). So those characters are
 * dropped, every run of whitespace (line breaks and tabs included) is one space, the name is stored in NFC and cut at
 * 255 characters; a name left blank is the stored file's.
 */
import { MEDIA_FILE_NAME_MAX } from "./media-limits";
import { hasUnstorableCharacters, isBlankText, normalizeText } from "../../domain/text";

/**
 * Bidirectional formatting characters: the embeddings and overrides (U+202A to U+202E), the isolates (U+2066 to
 * U+2069), and the marks (U+200E, U+200F, U+061C). A file name needs none of them; an override turns its end around.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The name as stored: the rules above; `fallback` (the stored file's name, or null) when nothing shows. */
export function fileNameOf<F extends string | null>(given: string | null | undefined, fallback: F): string | F {
  if (!given) return fallback;
  // Code point by code point, so a lone surrogate is one character to drop and a pair stays whole.
  const storable = Array.from(given)
    .filter((character) => !hasUnstorableCharacters(character))
    .join("")
    .replace(BIDI_CONTROLS, "");
  const name = normalizeText(storable.replace(/\s+/g, " "));
  return isBlankText(name) ? fallback : Array.from(name).slice(0, MEDIA_FILE_NAME_MAX).join("").trim();
}
