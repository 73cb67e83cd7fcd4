/**
 * Which creators' closed months and years are due a statement (decision 102), and their totals: one query per kind of
 * period finds up to a batch of (creator, period) pairs with activity and no statement yet, and adds up each pair's
 * sales, refunds, fees and payouts by currency. A period is closed once the current one (Japan time) began, so what a
 * statement counts no longer moves by the time it is issued.
 *
 * What counts, by when it happened: a sale when its charge was paid; a refund when it was given back (the charge's
 * last write); Comet's fee when the charge it was taken on was paid, while Comet keeps it (the charge is not wholly
 * refunded, as the fee invoices read it); a payout when it was transferred, in the currency it was sent in.
 */
import type { DocumentDraft } from "../domain/document-draft";
import { periodStatementDraft, type PeriodAmount } from "../domain/issue-statements";
import { periodBounds, periodOf, TOKYO_OFFSET_SQL_MS, type PeriodKind } from "../domain/tokyo-periods";
import { partyFrom, partyJson, REFUNDED_AMOUNT_SQL } from "./issue-document-facts";

const CHARGES = `FROM payment_transactions t JOIN commission_orders o ON o.id = t.order_id
  JOIN commission_accounts sa ON sa.id = o.seller_id JOIN currencies cu ON cu.id = t.currency_id`;

/** Every amount of every creator's activity: (user_id, at, kind, currency, amount), amounts above 0. */
const ACTIVITY = `
  SELECT sa.user_account_id AS user_id, t.paid_at AS at, 'sales' AS kind, cu.code AS currency, t.amount AS amount ${CHARGES}
    WHERE t.transaction_status IN ('COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED') AND t.paid_at IS NOT NULL AND t.amount > 0
  UNION ALL
  SELECT sa.user_account_id, t.updated_at, 'refunds', cu.code, ${REFUNDED_AMOUNT_SQL} ${CHARGES}
    WHERE t.transaction_status IN ('REFUNDED', 'PARTIALLY_REFUNDED') AND ${REFUNDED_AMOUNT_SQL} > 0
  UNION ALL
  SELECT sa.user_account_id, t.paid_at, 'fees', cu.code, f.amount ${CHARGES} JOIN payment_transaction_fees f ON f.transaction_id = t.id
    WHERE t.transaction_status IN ('COMPLETED', 'PARTIALLY_REFUNDED') AND t.paid_at IS NOT NULL AND f.amount > 0
  UNION ALL
  SELECT p.seller_user_account_id, coalesce(p.transferred_at, p.updated_at), 'payouts', upper(p.transfer_currency), p.transfer_amount
    FROM creator_payouts p
    WHERE p.payout_status = 'TRANSFERRED' AND p.transfer_currency IS NOT NULL AND p.transfer_amount > 0`;

/** SQL: the Japanese month or year of `at`, as tokyo-periods.ts names it. */
const periodSql = (kind: PeriodKind) =>
  `strftime('${kind === "month" ? "%Y-%m" : "%Y"}', (at + ${TOKYO_OFFSET_SQL_MS}) / 1000, 'unixepoch')`;

async function dueOf(d1: D1Database, kind: PeriodKind, now: number, batch: number): Promise<DocumentDraft[]> {
  const currentStart = periodBounds(periodOf(kind, now)).from;
  const { results } = await d1
    .prepare(
      `WITH activity AS (SELECT user_id, ${periodSql(kind)} AS period, kind, currency, amount FROM (${ACTIVITY}) WHERE at < ?1),
       due AS (SELECT DISTINCT user_id, period FROM activity a
         WHERE NOT EXISTS (SELECT 1 FROM issued_documents d WHERE d.source_key = '${kind}:' || a.user_id || ':' || a.period)
         ORDER BY period, user_id LIMIT ?2)
       SELECT due.user_id, due.period, ${partyJson("due.user_id")} AS creator,
         json((SELECT json_group_array(json_object('kind', kind, 'currency', currency, 'amount', total))
           FROM (SELECT a.kind, a.currency, sum(a.amount) AS total FROM activity a
                 WHERE a.user_id = due.user_id AND a.period = due.period GROUP BY a.kind, a.currency))) AS amounts
       FROM due ORDER BY due.period, due.user_id`,
    )
    .bind(currentStart, batch)
    .all<{ user_id: string; period: string; creator: string; amounts: string }>();
  return results.flatMap((row) => {
    const draft = periodStatementDraft(
      kind,
      row.period,
      partyFrom(row.creator),
      JSON.parse(row.amounts) as PeriodAmount[],
    );
    return draft ? [draft] : [];
  });
}

/** Up to `batch` monthly and `batch` yearly statements due at `now`. */
export async function dueStatementDrafts(d1: D1Database, now: number, batch: number) {
  return { monthly: await dueOf(d1, "month", now, batch), yearly: await dueOf(d1, "year", now, batch) };
}
