/**
 * Translatable text (spec section 3; docs/decisions/002): an entity's text is a set of rows, one per language, one
 * of them the original. The one rule for which row a viewer sees.
 */
export interface LocalizedText {
  languageCode: string;
  isOriginal: boolean;
  text: string;
}

/** What a title or name reads when an entity has no text at all (spec section 3: 'Unknown' if text is missing). */
export const MISSING_TEXT = "Unknown";

/**
 * The viewer's language, else the original, else any: the owner always sees what they last wrote.
 * Null when there is no text; the caller says what that means (an empty editor field, 'Unknown', a handle).
 */
export function pickLocalizedText(texts: readonly LocalizedText[], locale: string): string | null {
  return (texts.find((t) => t.languageCode === locale) ?? texts.find((t) => t.isOriginal) ?? texts[0])?.text ?? null;
}

/**
 * One localized text as a query hands it over, compactly (the read models build it as JSON; `loadTexts` reads it
 * with Drizzle): field, language, is-original flag (SQLite's 0/1 or a boolean), text.
 */
export interface TextRow {
  f?: string;
  l: string;
  o: number | boolean;
  t: string;
}

/** The text in the viewer's language (of one field, when the rows hold several), else the original, else any. */
export function pickText(rows: readonly TextRow[] | null | undefined, locale: string, field?: string): string | null {
  const texts = (rows ?? []).filter((r) => field === undefined || r.f === field);
  return pickLocalizedText(
    texts.map((r) => ({ languageCode: r.l, isOriginal: Boolean(r.o), text: r.t })),
    locale,
  );
}

/**
 * Whether the writer typed this text in the reader's language themselves (decision 034): such a text is read as
 * written, and no machine translation may stand in for it (issue 46).
 */
export function typedIn(rows: readonly TextRow[] | null | undefined, locale: string, field?: string): boolean {
  return (rows ?? []).some((r) => r.l === locale && (field === undefined || r.f === field) && r.t !== "");
}
