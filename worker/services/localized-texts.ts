/**
 * Loading translatable text with Drizzle, as the rows `pickText` (worker/domain/localized-text.ts) reads: the same
 * compact rows the read models' SQL builds as JSON (json-columns.ts `textsOf`).
 */
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../db/client";
import { localizedTexts } from "../db/schema";
import type { TextRow } from "../domain/localized-text";

/** The texts of many entities of one type (one field of them, when given), by entity id: `pickText(texts.get(id), …)`. */
export async function loadTexts(
  db: Database,
  entityType: string,
  ids: SQLWrapper | readonly string[],
  field?: string,
): Promise<Map<string, TextRow[]>> {
  const byEntity = new Map<string, TextRow[]>();
  if (Array.isArray(ids) && ids.length === 0) return byEntity;
  const rows = await db
    .select({
      entityId: localizedTexts.entityId,
      f: localizedTexts.field,
      l: localizedTexts.languageCode,
      o: localizedTexts.isOriginal,
      t: localizedTexts.text,
    })
    .from(localizedTexts)
    .where(
      and(
        eq(localizedTexts.entityType, entityType),
        inArray(localizedTexts.entityId, ids as SQLWrapper | string[]),
        field === undefined ? undefined : eq(localizedTexts.field, field),
      ),
    );
  for (const { entityId, ...text } of rows) {
    const texts = byEntity.get(entityId);
    if (texts) texts.push(text);
    else byEntity.set(entityId, [text]);
  }
  return byEntity;
}
