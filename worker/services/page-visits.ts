import type { Database } from "../db/client";
import type { PageVisitModel } from "../domain/page-visits";
import { PAGE_VISIT_INTERVAL_MS } from "../domain/page-visits";

export type PageVisitResult = { ok: true; counted: boolean; timestamp: number } | { ok: false; reason: "not_found" };

/** The published item a visit is about; unpublished or missing items are not counted. */
const ITEM_EXISTS: Record<PageVisitModel, string> = {
  commission_form: "SELECT 1 FROM commission_forms WHERE id = ? AND form_status = 'PUBLISHED'",
  portfolio_work: "SELECT 1 FROM portfolio_works WHERE id = ? AND work_status = 'PUBLISHED'",
};

/**
 * Count a visit of one visitor (user account id or the a.sid cookie) to one item, at most once per 24 hours.
 * The conditional INSERT decides in one statement, so two tabs racing cannot both count.
 */
export async function countPageVisit(
  db: Database,
  input: { model: PageVisitModel; modelId: string; visitorKey: string },
  now = Date.now(),
): Promise<PageVisitResult> {
  const d1 = db.$client;
  const since = now - PAGE_VISIT_INTERVAL_MS;
  const inserted = await d1
    .prepare(
      `INSERT INTO page_visits (id, model_name, model_id, visitor_key, visited_at)
       SELECT ?, ?, ?, ?, ? WHERE EXISTS (${ITEM_EXISTS[input.model]})
         AND NOT EXISTS (SELECT 1 FROM page_visits WHERE model_name = ? AND model_id = ? AND visitor_key = ? AND visited_at > ?)`,
    )
    .bind(crypto.randomUUID(), input.model, input.modelId, input.visitorKey, now, input.modelId, input.model, input.modelId, input.visitorKey, since)
    .run();
  if (inserted.meta.changes === 1) return { ok: true, counted: true, timestamp: now };

  const row = await d1
    .prepare(
      `SELECT EXISTS (${ITEM_EXISTS[input.model]}) AS item,
        (SELECT max(visited_at) FROM page_visits WHERE model_name = ? AND model_id = ? AND visitor_key = ?) AS last`,
    )
    .bind(input.modelId, input.model, input.modelId, input.visitorKey)
    .first<{ item: number; last: number | null }>();
  if (!row?.item) return { ok: false, reason: "not_found" };
  return { ok: true, counted: false, timestamp: row.last ?? now };
}

export async function countVisits(db: Database, model: PageVisitModel, modelId: string): Promise<number> {
  const row = await db.$client
    .prepare("SELECT count(*) AS n FROM page_visits WHERE model_name = ? AND model_id = ?")
    .bind(model, modelId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
