/**
 * The JSON columns that read queries build with correlated subqueries (one round trip instead of N+1 reads), and
 * how they are read back: a column is a JSON array, or nothing. The texts of an owner come as compact rows and are
 * read by `pickText` (worker/domain/localized-text.ts).
 */
import { pickText, type TextRow } from "../domain/localized-text";

/** A JSON array column as an array; NULL, empty or not an array reads as []. */
export function parseJson<T>(value: unknown): T[] {
  if (typeof value !== "string" || !value) return [];
  const parsed = JSON.parse(value) as T[] | null;
  return Array.isArray(parsed) ? parsed : [];
}

/** `pickText` of a JSON column of text rows. */
export const pickTextColumn = (column: unknown, locale: string, field?: string) =>
  pickText(parseJson<TextRow>(column), locale, field);

/** SQL: a JSON array of {f,l,o,t} for one owner's texts (one field of them, when given). */
export const textsOf = (entityType: string, idExpr: string, field?: string) =>
  `json((SELECT json_group_array(json_object('f', t.field, 'l', t.language_code, 'o', t.is_original, 't', t.text))
     FROM localized_texts t WHERE t.entity_type = '${entityType}' AND t.entity_id = ${idExpr}${field ? ` AND t.field = '${field}'` : ""}))`;
