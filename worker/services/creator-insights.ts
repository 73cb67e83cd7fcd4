/**
 * A creator's own numbers (issue 66, decision 111): the facts of their visits, orders and money read here, computed by
 * worker/domain/creator-insights.ts, kept as one `creator_insights` row per creator by the timed jobs, and read by the
 * insights page in one indexed statement. A creator the jobs have not reached yet has theirs computed on their first
 * view and kept, as decision 106's signals are.
 */
import {
  type CreatorInsights,
  type MoneyFact,
  type OrderFact,
  type VisitFact,
  creatorInsights,
  periodsEndingAt,
} from "../domain/creator-insights";
import { sellerTransferAmount } from "../domain/money";
import { creatorRoleSql } from "../domain/roles";
import { feeNumeratorsFrom, feeNumeratorsOf } from "../orders/services/order-views";

/** The job's places (`job_cursors`): the time up to which each source's changes were read (Comet's clock). */
const CURSORS = {
  orders: "creator_insights:orders",
  visits: "creator_insights:visits",
  payouts: "creator_insights:payouts",
} as const;
/** Changed rows one round reads of a source. */
const ROWS_PER_ROUND = 500;
/** Read again from this long before a cursor: a write stamped before the last run but landed after it is not missed. */
const OVERLAP_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;
const time = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const ORDERS_SQL = `SELECT o.order_progress_status AS progress, o.order_payment_status AS payment, o.submitted_at,
    o.approved_at, o.paid_at, o.completed_at, o.service_id, o.form_id
  FROM commission_orders o JOIN commission_accounts sa ON sa.id = o.seller_id WHERE sa.user_account_id = ?1`;
// Visits to the creator's forms and works since the window's start, a day's count a row.
const VISITS_SQL = `SELECT 'service' AS kind, v.visited_at / ${DAY_MS} AS day, count(*) AS n
    FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
    JOIN page_visits v ON v.model_name = 'commission_form' AND v.model_id = f.id
    WHERE ca.user_account_id = ?1 AND v.visited_at >= ?2 GROUP BY day
  UNION ALL
  SELECT 'work' AS kind, v.visited_at / ${DAY_MS} AS day, count(*) AS n
    FROM user_profiles p JOIN portfolio_works w ON w.profile_id = p.id
    JOIN page_visits v ON v.model_name = 'portfolio_work' AND v.model_id = w.id
    WHERE p.account_id = ?1 AND v.visited_at >= ?2 GROUP BY day`;
// Paid out: what was transferred, in the currency it settled in (decision 050). Pending: payouts not transferred yet,
// in the order's currency, and shares still clearing (decision 092) by the payout's own rule, as the wallet reads them.
const PAID_OUT_SQL = `SELECT transfer_amount AS amount, transfer_currency AS code, transferred_at AS at FROM creator_payouts
  WHERE seller_user_account_id = ?1 AND payout_status = 'TRANSFERRED' AND transfer_amount IS NOT NULL AND transferred_at >= ?2`;
const HELD_SQL = `SELECT p.amount, c.code, p.created_at AS at FROM creator_payouts p JOIN currencies c ON c.id = p.currency_id
  WHERE p.seller_user_account_id = ?1 AND p.payout_status = 'HELD'`;
const CLEARING_SQL = `SELECT t.amount, c.code, o.completed_at AS at, ${feeNumeratorsOf("t.id")} AS fee_numerators
  FROM commission_orders o JOIN commission_accounts sa ON sa.id = o.seller_id
  JOIN payment_transactions t ON t.order_id = o.id AND t.transaction_status = 'COMPLETED'
  JOIN currencies c ON c.id = t.currency_id
  WHERE sa.user_account_id = ?1 AND o.order_progress_status = 'COMPLETED' AND o.payout_held_until IS NOT NULL`;
// Only a creator's numbers are kept: a client's visited work makes no row.
const ACCOUNT_SQL = `SELECT 1 FROM user_accounts ua WHERE ua.id = ?1 AND ua.deleted_at IS NULL AND ${creatorRoleSql("ua.id")}`;

/** The first moment any series of the figures at `now` covers: the first of the twelve months. */
function windowStart(now: number): number {
  return Date.parse(`${periodsEndingAt(now, "month")[0]}-01T00:00:00Z`);
}

/** A creator's figures from their rows now; null for an account that is gone or is no creator. */
async function computeCreatorInsights(
  d1: D1Database,
  userAccountId: string,
  now: number,
): Promise<CreatorInsights | null> {
  const since = windowStart(now);
  const [account, orders, visits, paidOut, held, clearing] = await d1.batch<Row>([
    d1.prepare(ACCOUNT_SQL).bind(userAccountId),
    d1.prepare(ORDERS_SQL).bind(userAccountId),
    d1.prepare(VISITS_SQL).bind(userAccountId, since),
    d1.prepare(PAID_OUT_SQL).bind(userAccountId, since),
    d1.prepare(HELD_SQL).bind(userAccountId),
    d1.prepare(CLEARING_SQL).bind(userAccountId),
  ]);
  if (account.results.length === 0) return null;
  const orderFacts: OrderFact[] = orders.results.map((o) => ({
    progress: String(o.progress) as OrderFact["progress"],
    paid: o.payment === "COMPLETED",
    submittedAt: Number(o.submitted_at),
    approvedAt: time(o.approved_at),
    paidAt: time(o.paid_at),
    completedAt: time(o.completed_at),
    serviceId: o.service_id === null ? null : String(o.service_id),
    formId: o.form_id === null ? null : String(o.form_id),
  }));
  const visitFacts: VisitFact[] = visits.results.map((v) => ({
    kind: v.kind === "work" ? "work" : "service",
    at: Number(v.day) * DAY_MS,
    count: Number(v.n),
  }));
  const money: MoneyFact[] = [
    ...paidOut.results.map((p) => ({
      status: "paid_out" as const,
      amount: Number(p.amount),
      currencyCode: String(p.code).toUpperCase(),
      at: Number(p.at),
    })),
    ...held.results.map((p) => ({
      status: "pending" as const,
      amount: Number(p.amount),
      currencyCode: String(p.code),
      at: Number(p.at),
    })),
    ...clearing.results.map((row) => ({
      status: "pending" as const,
      amount: sellerTransferAmount(Number(row.amount), feeNumeratorsFrom(String(row.fee_numerators))),
      currencyCode: String(row.code),
      at: Number(row.at),
    })),
  ];
  return creatorInsights({ now, visits: visitFacts, orders: orderFacts, money });
}

/**
 * Writes a creator's row as their rows say now; true when it changed. Idempotent: the row is written only where its
 * figures differ, so a second run over the same rows writes nothing and counts nothing twice.
 */
async function refreshCreatorInsights(d1: D1Database, userAccountId: string, now: number): Promise<boolean> {
  const figures = await computeCreatorInsights(d1, userAccountId, now);
  return figures ? writeCreatorInsights(d1, userAccountId, figures, now) : false;
}

async function writeCreatorInsights(
  d1: D1Database,
  userAccountId: string,
  figures: CreatorInsights,
  now: number,
): Promise<boolean> {
  const written = await d1
    .prepare(
      `INSERT INTO creator_insights (user_account_id, figures, computed_at) VALUES (?, ?, ?)
       ON CONFLICT (user_account_id) DO UPDATE SET figures = excluded.figures, computed_at = excluded.computed_at
       WHERE creator_insights.figures IS NOT excluded.figures
       RETURNING user_account_id`,
    )
    .bind(userAccountId, JSON.stringify(figures), now)
    .all();
  return written.results.length > 0;
}

// The creators whose rows changed after a time, each with its change's time. A visit is its form's or work's owner's.
const CHANGED_SQL: Record<keyof typeof CURSORS, string> = {
  orders: `SELECT o.updated_at AS at, sa.user_account_id AS a FROM commission_orders o
    JOIN commission_accounts sa ON sa.id = o.seller_id WHERE o.updated_at > ?1 ORDER BY o.updated_at LIMIT ?2`,
  visits: `SELECT v.visited_at AS at, coalesce(ca.user_account_id, p.account_id) AS a FROM page_visits v
    LEFT JOIN commission_forms f ON v.model_name = 'commission_form' AND f.id = v.model_id
    LEFT JOIN commission_accounts ca ON ca.id = f.commission_account_id
    LEFT JOIN portfolio_works w ON v.model_name = 'portfolio_work' AND w.id = v.model_id
    LEFT JOIN user_profiles p ON p.id = w.profile_id
    WHERE v.visited_at > ?1 ORDER BY v.visited_at LIMIT ?2`,
  payouts: `SELECT updated_at AS at, seller_user_account_id AS a FROM creator_payouts
    WHERE updated_at > ?1 ORDER BY updated_at LIMIT ?2`,
};

/**
 * A source's cursor: `done:{t}` when a run read every change up to its time t (the next reads from a little before t,
 * `OVERLAP_MS`, so a write stamped before t but landed after the read is not missed); `at:{t}` when a run stopped
 * after its rounds, at the last row it read (the next goes on from there). Null before the first run.
 */
type Cursor = { done: boolean; at: number } | null;

async function cursorOf(d1: D1Database, name: string): Promise<Cursor> {
  const row = await d1.prepare("SELECT value FROM job_cursors WHERE name = ?").bind(name).first<{ value: string }>();
  const match = row ? /^(done|at):(-?\d+)$/.exec(row.value) : null;
  return match ? { done: match[1] === "done", at: Number(match[2]) } : null;
}

/** Rounds of `ROWS_PER_ROUND` changed rows one run reads of a source at most. */
const MAX_ROUNDS = 10;

/** The creators whose rows of one source changed since its cursor, and the cursor to save. */
async function changedCreators(
  d1: D1Database,
  source: keyof typeof CURSORS,
  now: number,
): Promise<{ creators: string[]; cursor: string }> {
  const cursor = await cursorOf(d1, CURSORS[source]);
  let from = cursor === null ? -1 : cursor.done ? Math.min(cursor.at, now) - OVERLAP_MS : cursor.at;
  const creators = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { results } = await d1
      .prepare(CHANGED_SQL[source])
      .bind(from, ROWS_PER_ROUND)
      .all<{ at: number; a: string | null }>();
    for (const row of results) if (row.a) creators.add(row.a);
    if (results.length < ROWS_PER_ROUND) return { creators: [...creators], cursor: `done:${now}` };
    // A full round: the next starts just before its last row's time (rows sharing it are read again), and moves on.
    from = Math.max(Number(results.at(-1)!.at) - 1, from + 1);
  }
  return { creators: [...creators], cursor: `at:${from}` };
}

/**
 * The timed job (services/timed-jobs.ts): the figures of every creator whose orders, visits or payouts changed since
 * the last run, written anew. A row nothing touched keeps its periods; the page lays them on today's (`alignPeriods`).
 * Returns how many creators it read and how many rows changed.
 */
export async function runCreatorInsightsJob(
  d1: D1Database,
  now: number,
): Promise<{ creators: number; written: number }> {
  const sources = Object.keys(CURSORS) as (keyof typeof CURSORS)[];
  const changed = await Promise.all(sources.map((source) => changedCreators(d1, source, now)));
  const creators = new Set(changed.flatMap((c) => c.creators));
  let written = 0;
  for (const creator of creators) if (await refreshCreatorInsights(d1, creator, now)) written++;
  await d1.batch(
    sources.map((source, i) =>
      d1
        .prepare(
          "INSERT INTO job_cursors (name, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (name) DO UPDATE SET value = ?2, updated_at = ?3",
        )
        .bind(CURSORS[source], changed[i]!.cursor, now),
    ),
  );
  return { creators: creators.size, written };
}

/** The figures the insights page shows, and the time they were computed at. */
export interface CreatorInsightsRead {
  figures: CreatorInsights;
  computedAt: number;
}

/**
 * A creator's kept figures: one indexed read. A creator the timed jobs have not reached yet (new, or the demo before
 * the first run) has theirs computed from their rows now and kept, once.
 */
export async function creatorInsightsOf(
  d1: D1Database,
  userAccountId: string,
  now: number,
): Promise<CreatorInsightsRead | null> {
  const row = await d1
    .prepare("SELECT figures, computed_at FROM creator_insights WHERE user_account_id = ?")
    .bind(userAccountId)
    .first<{ figures: string; computed_at: number }>();
  if (row) return { figures: JSON.parse(row.figures) as CreatorInsights, computedAt: Number(row.computed_at) };
  const figures = await computeCreatorInsights(d1, userAccountId, now);
  if (!figures) return null;
  await writeCreatorInsights(d1, userAccountId, figures, now);
  return { figures, computedAt: now };
}
