import type { Database } from "../db/client";
import {
  PAGE_VISIT_INTERVAL_MS,
  VISITORS_PER_CLIENT_PER_ITEM,
  cookielessVisitKey,
  visitBudgetKey,
  visitorKeyOf,
  type PageVisitModel,
  type Visitor,
} from "../domain/page-visits";
import { reachableWorkSql } from "../domain/public-items";

export type PageVisitResult = { ok: true; counted: boolean; timestamp: number } | { ok: false; reason: "not_found" };

/** The item a visit is about, if anyone may open it: a published form, a work reachable by its link. */
const ITEM_EXISTS: Record<PageVisitModel, string> = {
  commission_form: "SELECT 1 FROM commission_forms WHERE id = ? AND form_status = 'PUBLISHED'",
  portfolio_work: `SELECT 1 FROM portfolio_works w WHERE w.id = ? AND ${reachableWorkSql("w")}`,
};

/**
 * Count a visit to one item at most once per 24 hours per visitor (docs/decisions/012):
 * - a visitor is an account, or an a.sid cookie the request sent;
 * - a request without a valid cookie is counted once per 24 h per client (`clientKey`: IP, IPv6 by /64), whatever
 *   a.sid its answer mints, so dropping the cookie does not count again; the visit is still recorded under the new
 *   a.sid, so the same browser coming back with it is not counted again either;
 * - one client adds at most VISITORS_PER_CLIENT_PER_ITEM visitors to the item per window, so rotating made-up
 *   cookies or accounts from one address stops there.
 * Both budgets are rate_limits rows with consumeRateLimit's fixed windows (rate-limit.ts), charged only for a visit
 * that counts. It is one D1 batch, which runs as one transaction: the conditional INSERT decides, the budget rows are
 * charged only when its row exists, so two tabs (or a burst of requests) racing cannot count past either rule.
 */
export async function countPageVisit(
  db: Database,
  input: { model: PageVisitModel; modelId: string; visitor: Visitor; clientKey: string },
  now = Date.now(),
): Promise<PageVisitResult> {
  const d1 = db.$client;
  const since = now - PAGE_VISIT_INTERVAL_MS;
  const id = crypto.randomUUID();
  const { model, modelId } = input;
  const visitorKey = visitorKeyOf(input.visitor);
  const budgetKey = visitBudgetKey(model, modelId, input.clientKey);
  const cookielessKey = cookielessVisitKey(model, modelId, input.clientKey);
  const cookieless = input.visitor.kind === "new";
  const counted = "EXISTS (SELECT 1 FROM page_visits WHERE id = ?)";

  const insert = d1
    .prepare(
      `INSERT INTO page_visits (id, model_name, model_id, visitor_key, visited_at)
       SELECT ?, ?, ?, ?, ? WHERE EXISTS (${ITEM_EXISTS[model]})
         AND NOT EXISTS (SELECT 1 FROM page_visits WHERE model_name = ? AND model_id = ? AND visitor_key = ? AND visited_at > ?)
         AND NOT EXISTS (SELECT 1 FROM rate_limits WHERE key = ? AND window_start > ? AND count >= ?)
         AND NOT (? AND EXISTS (SELECT 1 FROM rate_limits WHERE key = ? AND window_start > ?))`,
    )
    .bind(
      id,
      model,
      modelId,
      visitorKey,
      now,
      modelId,
      model,
      modelId,
      visitorKey,
      since,
      budgetKey,
      since,
      VISITORS_PER_CLIENT_PER_ITEM,
      cookieless ? 1 : 0,
      cookielessKey,
      since,
    );
  // The client's budget, charged only when the row above was inserted; same window rule as consumeRateLimit.
  const chargeBudget = d1
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) SELECT ?, ?, 1 WHERE ${counted}
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start <= ? THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ? THEN ? ELSE window_start END`,
    )
    .bind(budgetKey, now, id, since, since, now);
  // The client's cookie-less visit of the day. The insert required no window of the last 24 h, so a row still there
  // is an old one: start over.
  const markCookieless = d1
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) SELECT ?, ?, 1 WHERE ${counted} ON CONFLICT (key) DO UPDATE SET count = 1, window_start = ?`,
    )
    .bind(cookielessKey, now, id, now);
  // The answer: the item exists, whether this visit counted, else when the visit that stands was counted.
  const answer = d1
    .prepare(
      `SELECT EXISTS (${ITEM_EXISTS[model]}) AS item, ${counted} AS counted,
         (SELECT max(visited_at) FROM page_visits WHERE model_name = ? AND model_id = ? AND visitor_key = ? AND visited_at > ?) AS last,
         (SELECT window_start FROM rate_limits WHERE key = ? AND window_start > ?) AS cookieless`,
    )
    .bind(modelId, id, model, modelId, visitorKey, since, cookielessKey, since);

  const results = await d1.batch(
    cookieless ? [insert, chargeBudget, markCookieless, answer] : [insert, chargeBudget, answer],
  );
  const row = results[results.length - 1].results[0] as
    | { item: number; counted: number; last: number | null; cookieless: number | null }
    | undefined;
  if (!row?.item) return { ok: false, reason: "not_found" };
  if (row.counted) return { ok: true, counted: true, timestamp: now };
  // A visitor past the client's budget was not counted at all: "now" keeps its browser from asking again today.
  return { ok: true, counted: false, timestamp: row.last ?? (cookieless ? row.cookieless : null) ?? now };
}
