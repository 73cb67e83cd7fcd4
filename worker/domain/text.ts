/**
 * The text rules every field follows (issue 31, docs/decisions/048), in one place:
 * - Text is stored in Unicode NFC, so the same words typed on two keyboards are the same string.
 * - Length is counted in code points ("😀" is one, not two UTF-16 units). A grapheme count would also fold combining
 *   marks and emoji sequences into one, but it varies with the Unicode version and costs more to compute. Code points
 *   are what D1 and the spec's limits can both count, and a limit never cuts a character in half.
 * - A text that is only whitespace and invisible characters (zero-width spaces, joiners, BOM, soft hyphen) is empty.
 * - Control characters (other than tab and line breaks) and lone surrogates are refused: they make no sense in a
 *   name, a title or a message, break HTML and JSON consumers, and a lone surrogate cannot be stored as UTF-8.
 */
import * as v from "valibot";

/** Characters that draw nothing: zero-width space, non-joiner and joiner, word joiner, BOM, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/g;
/** C0 and C1 controls and DEL, except tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How many characters (code points) a text has. */
export const textLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** True when nothing would show: only whitespace and invisible characters. */
export const isBlankText = (text: string): boolean => text.replace(INVISIBLE, "").trim() === "";

/** True when a text has characters no field stores: control characters (but tab and line breaks), lone surrogates. */
export const hasUnstorableCharacters = (text: string): boolean => LONE_SURROGATE.test(text) || CONTROL.test(text);

/**
 * The characters that change the direction the text after them is drawn in: the embeddings and overrides
 * (U+202A–U+202E: "right-to-left override" among them) and the isolates (U+2066–U+2069). In a text that must read as it
 * was written (an admin's reason in the audit log) they can make it read otherwise ("gpj.exe" shown as "exe.jpg").
 * The marks (U+200E, U+200F) draw nothing and turn nothing around: they are not among them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** True when a text has characters that turn the direction of what follows (see DIRECTION_CONTROL). */
export const hasDirectionControls = (text: string): boolean => DIRECTION_CONTROL.test(text);

/** The message key of a text with characters that cannot be stored (control characters, lone surrogates). */
const UNSTORABLE_TEXT = "text_invalid_characters";

/** The form a text is stored in: NFC, line breaks as \n, trimmed at both ends. */
export const normalizeText = (text: string): string => text.normalize("NFC").replace(/\r\n?/g, "\n").trim();

/**
 * A text field's schema: a string that can be stored, normalized, not blank when required, and within `max` code
 * points (and `min`, when given). Messages are the field's own keys; the storage refusals have their own.
 */
export function textField(
  limits: { max: number; min?: number; required?: boolean },
  keys: { max: string; min?: string; required?: string },
) {
  const min = limits.min ?? 0;
  return v.pipe(
    v.string(),
    v.check((text) => !hasUnstorableCharacters(text), UNSTORABLE_TEXT),
    v.transform(normalizeText),
    v.check((text) => !limits.required || !isBlankText(text), keys.required ?? keys.min ?? "validation_required"),
    v.check((text) => isBlankText(text) || textLength(text) >= min, keys.min ?? keys.max),
    v.check((text) => textLength(text) <= limits.max, keys.max),
    // Blank but not required: stored as empty, not as a row of zero-width spaces.
    v.transform((text) => (isBlankText(text) ? "" : text)),
  );
}
