/**
 * Signals a stranger can read (issue 66, decision 106): the facts of an account's orders read here, computed by
 * worker/domain/trust-signals.ts, kept as one `account_signals` row per account by the timed jobs, and read by the
 * pages in one indexed statement. Identity verified is the creator's Connect status alone (payouts enabled, kept by
 * the `account.updated` webhook): nothing of Stripe's data is read or stored.
 */
import type { BatchPart } from "../db/batch-parts";
import type { Database } from "../db/client";
import { notBannedSql } from "../domain/roles";
import {
  type ClientSignals,
  type CreatorSignals,
  clientSignals,
  creatorSignals,
  earliestAnswer,
  type OrderFacts,
} from "../domain/trust-signals";
import { purgeAccountOwnPages } from "./public-pages";
import { SYSTEM_NOTICE_FIELD } from "../chat/services/chat-rooms";
import { type CreatorRef, creatorAccountSql } from "./creator-ref";

/**
 * The job's places (`job_cursors`). The orders': the time of the last run that read every change (Comet's clock, which
 * stamps the orders' `updated_at`), or, past a run that could not, the last row read. The Connect rows': the last
 * `updated_at` read (the webhook stamps them).
 */
const ORDERS_CURSOR = "account_signals:orders";
const CONNECT_CURSOR = "account_signals:connect";
/** Changed rows one round takes; a run takes rounds until one comes back short, at most `MAX_ROUNDS`. */
const ROWS_PER_ROUND = 200;
const MAX_ROUNDS = 10;
/**
 * A run reads the orders from this long before its cursor: a write stamped before the last run but landed after its
 * read, and writes after the dev clock went back (decision 080), are read again rather than missed. What did not
 * change is written by no one, so the overlap costs reads only.
 */
const OVERLAP_MS = 15 * 60_000;
/** Accounts one purge takes (its statements bind three variables an account). */
const PURGE_ACCOUNTS = 25;

// A seller's chat message that is no system announcement (those are filed under the seller, marked by their notice).
const FIRST_CHAT_SQL = `(SELECT min(m.created_at) FROM chat_rooms r JOIN chat_messages m ON m.room_id = r.id
    WHERE r.order_id = o.id AND m.sender_user_account_id = sa.user_account_id
      AND NOT EXISTS (SELECT 1 FROM localized_texts t WHERE t.entity_type = 'chat_message' AND t.entity_id = m.id
                      AND t.field = '${SYSTEM_NOTICE_FIELD}'))`;
// The creator's decline: their cancel of the request, logged as the order's event.
const DECLINE_SQL = `(SELECT min(e.created_at) FROM commission_order_events e
    WHERE e.order_id = o.id AND e.actor = 'seller' AND e.event_type = 'CANCELED')`;

const ACCOUNT_SQL = `SELECT ua.created_at, coalesce(sc.payouts_enabled, 0) AS verified FROM user_accounts ua
  LEFT JOIN stripe_connected_accounts sc ON sc.user_account_id = ua.id WHERE ua.id = ? AND ua.deleted_at IS NULL`;
const AS_SELLER_SQL = `SELECT o.buyer_id AS other, o.submitted_at, o.approved_at, o.delivered_at, o.delivery_deadline,
    o.completed_at, o.canceled_at, ${DECLINE_SQL} AS declined_at, ${FIRST_CHAT_SQL} AS first_chat_at
  FROM commission_orders o JOIN commission_accounts sa ON sa.id = o.seller_id WHERE sa.user_account_id = ?`;
const AS_BUYER_SQL = `SELECT o.seller_id AS other, o.submitted_at, o.delivered_at, o.delivery_deadline, o.completed_at,
    o.canceled_at FROM commission_orders o JOIN commission_accounts ba ON ba.id = o.buyer_id WHERE ba.user_account_id = ?`;

type Row = Record<string, unknown>;
const time = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function factsOf(row: Row, firstAnswerAt: number | null): OrderFacts {
  return {
    otherPartyId: String(row.other),
    submittedAt: Number(row.submitted_at),
    firstAnswerAt,
    deliveredAt: time(row.delivered_at),
    deliveryDeadline: time(row.delivery_deadline),
    completedAt: time(row.completed_at),
    canceledAt: time(row.canceled_at),
  };
}

/** An account's signals, both sides, from its orders now; null for no such account. */
async function computeAccountSignals(
  d1: D1Database,
  userAccountId: string,
): Promise<{ creator: CreatorSignals; client: ClientSignals } | null> {
  const [account, asSeller, asBuyer] = await d1.batch<Row>([
    d1.prepare(ACCOUNT_SQL).bind(userAccountId),
    d1.prepare(AS_SELLER_SQL).bind(userAccountId),
    d1.prepare(AS_BUYER_SQL).bind(userAccountId),
  ]);
  const row = account.results[0];
  if (!row) return null;
  const accountCreatedAt = Number(row.created_at);
  const sold = asSeller.results.map((o) =>
    factsOf(o, earliestAnswer(time(o.approved_at), time(o.declined_at), time(o.first_chat_at))),
  );
  return {
    creator: creatorSignals({ orders: sold, identityVerified: Boolean(row.verified), accountCreatedAt }),
    client: clientSignals({ orders: asBuyer.results.map((o) => factsOf(o, null)), accountCreatedAt }),
  };
}

/** The figures a profile shows: a change of one of them purges the account's public pages. */
const SHOWN = [
  "identity_verified",
  "orders_completed",
  "on_time_percent",
  "typical_response_hours",
  "repeat_clients",
  "member_since",
];
/** What only creators read, on a request: no public page shows it, so its change purges nothing. */
const CLIENT_SIDE = ["client_orders_completed", "repeat_creators"];

/**
 * Writes an account's row as its orders say now; true when a figure its public pages show changed (or the row is
 * new). Idempotent and safe to race: the write happens only where a column differs, in the same transaction as the
 * read of the row before it, so of two runs writing the same figures only the first reports a change.
 */
export async function refreshAccountSignals(d1: D1Database, userAccountId: string, now: number): Promise<boolean> {
  const signals = await computeAccountSignals(d1, userAccountId);
  return signals ? writeAccountSignals(d1, userAccountId, signals, now) : false;
}

/** Writes the row where a column differs; true when a shown figure changed or the row is new (refreshAccountSignals). */
async function writeAccountSignals(
  d1: D1Database,
  userAccountId: string,
  { creator, client }: { creator: CreatorSignals; client: ClientSignals },
  now: number,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    identity_verified: creator.identityVerified ? 1 : 0,
    orders_completed: creator.ordersCompleted,
    on_time_percent: creator.onTimePercent,
    typical_response_hours: creator.typicalResponseHours,
    repeat_clients: creator.repeatClients,
    client_orders_completed: client.ordersCompleted,
    repeat_creators: client.repeatCreators,
    member_since: creator.memberSince,
  };
  const columns = [...SHOWN, ...CLIENT_SIDE];
  const [before, written] = await d1.batch<Row>([
    d1.prepare(`SELECT ${SHOWN.join(", ")} FROM account_signals WHERE user_account_id = ?`).bind(userAccountId),
    d1
      .prepare(
        `INSERT INTO account_signals (user_account_id, ${columns.join(", ")}, updated_at)
         VALUES (?, ${columns.map(() => "?").join(", ")}, ?)
         ON CONFLICT (user_account_id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(", ")},
           updated_at = excluded.updated_at
         WHERE ${columns.map((c) => `account_signals.${c} IS NOT excluded.${c}`).join(" OR ")}
         RETURNING user_account_id`,
      )
      .bind(userAccountId, ...columns.map((c) => values[c]), now),
  ]);
  if (written.results.length === 0) return false;
  const old = before.results[0];
  return !old || SHOWN.some((c) => (old[c] ?? null) !== values[c]);
}

async function cursorOf(d1: D1Database, name: string): Promise<number | null> {
  const row = await d1.prepare("SELECT value FROM job_cursors WHERE name = ?").bind(name).first<{ value: string }>();
  return row ? Number(row.value) : null;
}

function saveCursor(d1: D1Database, name: string, value: number, now: number): D1PreparedStatement {
  return d1
    .prepare(
      "INSERT INTO job_cursors (name, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (name) DO UPDATE SET value = ?2, updated_at = ?3",
    )
    .bind(name, String(value), now);
}

const CHANGED_ORDERS_SQL = `SELECT o.updated_at AS at, sa.user_account_id AS a, ba.user_account_id AS b FROM commission_orders o
  JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = o.buyer_id
  WHERE o.updated_at > ? ORDER BY o.updated_at LIMIT ?`;
const CHANGED_CONNECT_SQL = `SELECT updated_at AS at, user_account_id AS a, NULL AS b FROM stripe_connected_accounts
  WHERE updated_at > ? ORDER BY updated_at LIMIT ?`;

/**
 * One round's rows changed after `from`, their accounts, and where the next round starts: null when this one came
 * back short; else just before its last row's time, so rows sharing that time are read again rather than skipped.
 */
interface ChangedRound {
  accounts: string[];
  last: number | null;
  next: number | null;
}

async function changedAfter(d1: D1Database, sql: string, from: number): Promise<ChangedRound> {
  const { results } = await d1
    .prepare(sql)
    .bind(from, ROWS_PER_ROUND)
    .all<{ at: number; a: string; b: string | null }>();
  const last = results.length > 0 ? Number(results.at(-1)!.at) : null;
  const next = results.length < ROWS_PER_ROUND || last === null ? null : Math.max(last - 1, from + 1);
  return { accounts: results.flatMap((r) => (r.b ? [r.a, r.b] : [r.a])), last, next };
}

/**
 * The timed job (services/timed-jobs.ts): the signals of every account whose orders or Connect status changed since
 * the last run, written anew; the public pages of those whose shown figures changed purged, once. Returns how many
 * accounts it read and how many it purged.
 */
export async function runAccountSignalsJob(db: Database, now: number): Promise<{ accounts: number; purged: number }> {
  const d1 = db.$client;
  const [ordersCursor, connectCursor] = await Promise.all([cursorOf(d1, ORDERS_CURSOR), cursorOf(d1, CONNECT_CURSOR)]);
  let ordersFrom: number | null = ordersCursor === null ? -1 : Math.min(ordersCursor, now) - OVERLAP_MS;
  let connectFrom: number | null = connectCursor ?? -1;
  let connectSeen = connectCursor ?? -1;
  let accounts = 0;
  let purged = 0;
  for (let round = 0; round < MAX_ROUNDS && (ordersFrom !== null || connectFrom !== null); round++) {
    const empty: ChangedRound = { accounts: [], last: null, next: null };
    const [orders, connect]: [ChangedRound, ChangedRound] = await Promise.all([
      ordersFrom === null ? empty : changedAfter(d1, CHANGED_ORDERS_SQL, ordersFrom),
      connectFrom === null ? empty : changedAfter(d1, CHANGED_CONNECT_SQL, connectFrom),
    ]);
    const changed = [...new Set([...orders.accounts, ...connect.accounts])];
    const shownChanged: string[] = [];
    for (const account of changed) if (await refreshAccountSignals(d1, account, now)) shownChanged.push(account);
    // A few accounts a purge: each takes bound variables, and D1 allows 100 a statement.
    for (let i = 0; i < shownChanged.length; i += PURGE_ACCOUNTS)
      await purgeAccountOwnPages(db, ...shownChanged.slice(i, i + PURGE_ACCOUNTS));
    accounts += changed.length;
    purged += shownChanged.length;
    ordersFrom = orders.next;
    connectFrom = connect.next;
    connectSeen = Math.max(connectSeen, connect.last ?? -1);
  }
  // Every change read: the orders' cursor is this run's time; else where the reading stopped.
  await d1.batch([
    saveCursor(d1, ORDERS_CURSOR, ordersFrom ?? now, now),
    saveCursor(d1, CONNECT_CURSOR, connectFrom ?? connectSeen, now),
  ]);
  return { accounts, purged };
}

// ───────────────────────── the pages' reads ─────────────────────────

/** A row as the pages read it, with the account's own facts for an account the job has not reached yet. */
const READ_COLUMNS = `ua.created_at, coalesce(sc.payouts_enabled, 0) AS verified, s.identity_verified, s.orders_completed,
  s.on_time_percent, s.typical_response_hours, s.repeat_clients, s.client_orders_completed, s.repeat_creators, s.member_since`;
const READ_JOINS = `JOIN user_accounts ua ON ua.id = %ACCOUNT% LEFT JOIN account_signals s ON s.user_account_id = ua.id
  LEFT JOIN stripe_connected_accounts sc ON sc.user_account_id = ua.id`;

/** A kept row's creator side. */
function creatorOfRow(row: Row): CreatorSignals {
  return {
    identityVerified: Boolean(row.identity_verified),
    ordersCompleted: Number(row.orders_completed),
    onTimePercent: time(row.on_time_percent),
    typicalResponseHours: time(row.typical_response_hours),
    repeatClients: Number(row.repeat_clients),
    memberSince: String(row.member_since),
  };
}

/** A creator's signals as a page reads them. */
export interface CreatorSignalsRead {
  signals: CreatorSignals;
  userAccountId: string;
}

/**
 * A creator's signals by their handle, for the profile, its service cards and modal, and their forms' pages: one
 * indexed read. Null where their profile shows to nobody but its owner and the admins (hidden, banned). A creator the
 * timed jobs have not reached yet (new, or the demo before the first run) has theirs computed from their orders now
 * and kept, once: the page shows what the row says, so nothing cached needs a purge.
 */
export async function creatorSignalsOfHandle(
  d1: D1Database,
  handle: string,
  now: number,
): Promise<CreatorSignalsRead | null> {
  const part = creatorSignalsPart(d1, { handle }, now);
  return part.read([await part.statements[0]!.all<Row>()]);
}

/**
 * `creatorSignalsOfHandle` as a part of a page's batch (db/batch-parts.ts): the kept row; a first view computes and
 * keeps it after the batch.
 */
export function creatorSignalsPart(
  d1: D1Database,
  creator: CreatorRef,
  now: number,
): BatchPart<CreatorSignalsRead | null> {
  const account = creatorAccountSql(creator);
  return {
    statements: [
      d1
        .prepare(
          `SELECT ua.id AS user_account_id, ${READ_COLUMNS} FROM user_profiles p ${READ_JOINS.replace("%ACCOUNT%", "p.account_id")}
       WHERE p.account_id = ${account.sql} AND p.hidden_at IS NULL AND ${notBannedSql("p.account_id")}`,
        )
        .bind(account.value),
    ],
    read: async ([found]) => {
      const row = found?.results[0] as Row | undefined;
      if (!row) return null;
      const userAccountId = String(row.user_account_id);
      if (row.member_since !== null && row.member_since !== undefined)
        return { signals: creatorOfRow(row), userAccountId };
      const computed = await computeAccountSignals(d1, userAccountId);
      if (!computed) return null;
      await writeAccountSignals(d1, userAccountId, computed, now);
      return { signals: computed.creator, userAccountId };
    },
  };
}

/** A client's signals by their commission account (the order's buyer), for the creator's view of a request. */
export async function clientSignalsOf(d1: D1Database, buyerId: string): Promise<ClientSignals | null> {
  const row = await d1
    .prepare(
      `SELECT ${READ_COLUMNS} FROM commission_accounts ca ${READ_JOINS.replace("%ACCOUNT%", "ca.user_account_id")}
       WHERE ca.id = ?`,
    )
    .bind(buyerId)
    .first<Row>();
  if (!row) return null;
  if (row.member_since === null || row.member_since === undefined)
    return clientSignals({ orders: [], accountCreatedAt: Number(row.created_at) });
  return {
    ordersCompleted: Number(row.client_orders_completed),
    repeatCreators: Number(row.repeat_creators),
    memberSince: String(row.member_since),
  };
}
