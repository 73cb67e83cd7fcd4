/**
 * A user's download of their data (decision 104): asking for one, preparing it into the private bucket (the ask's
 * waitUntil, and the timed jobs for any left behind), the notice when it is ready, its download by its owner alone,
 * and its deletion when it expires. The rules are worker/account/domain/data-export.ts's; the file's sections are read
 * by data-export-reads.ts and shaped by the domain's data-export-sections.ts.
 */
import { sql } from "drizzle-orm";
import { createDb, type Database } from "../../db/client";
import { emailNewNotificationsSoon } from "../../services/notification-emails";
import { issueToken, verifyToken } from "../../services/signed-tokens";
import {
  ASK_INTERVAL_MS,
  CLAIM_MS,
  DOWNLOAD_URL_TTL_MS,
  EXPORT_VALID_MS,
  type ExportState,
  type ExportView,
  afterFailure,
  askDecision,
  exportFileName,
  exportObjectKey,
  exportView,
  isFreshReady,
} from "../domain/data-export";
import { writeExportDocument } from "./data-export-document";
import { openExportSink } from "./data-export-writer";

/** Exports one timed run prepares at most: each reads all of a user's tables, and the run has other work. */
const EXPORTS_PER_RUN = 2;
/** Expired exports one timed run deletes at most. */
const EXPIRED_PER_RUN = 100;
/** Where the notice sends the user: the settings page that holds the Download button. */
const EXPORT_SETTINGS_PATH = "/dashboard/setting/profile/account";
/** The owner's download door: `${EXPORT_DOWNLOAD_PATH}/{id}?token=…`. */
const EXPORT_DOWNLOAD_PATH = `${EXPORT_SETTINGS_PATH}/export`;

type Row = ExportState & { userAccountId: string; objectKey: string | null; claimedUntil: number | null };

const COLUMNS = sql`id, user_account_id AS userAccountId, status, object_key AS objectKey, byte_size AS byteSize,
  claimed_until AS claimedUntil, requested_at AS requestedAt, ready_at AS readyAt, expires_at AS expiresAt`;

async function latestExport(db: Database, userAccountId: string): Promise<Row | null> {
  const row = await db.get<Row>(sql`SELECT ${COLUMNS} FROM data_exports WHERE user_account_id = ${userAccountId}
    ORDER BY requested_at DESC, id DESC LIMIT 1`);
  return row ?? null;
}

/** What the settings section shows this user now. */
export async function dataExportViewOf(db: Database, userAccountId: string, now: number): Promise<ExportView> {
  return exportView(await latestExport(db, userAccountId), now);
}

export type AskOutcome = { kind: "started"; id: string } | { kind: "existing" } | { kind: "too_soon"; nextAt: number };

/**
 * The user asks for a download. One statement inserts the PENDING row only while the user has none pending, none
 * fresh and ready, and none but failed ones asked in the last day (askDecision's rule, held by D1 too), so two asks at
 * once start one.
 */
export async function askForExport(db: Database, userAccountId: string, now: number): Promise<AskOutcome> {
  const decision = askDecision(await latestExport(db, userAccountId), now);
  if (decision.kind === "existing") return { kind: "existing" };
  if (decision.kind === "too_soon") return decision;
  const id = crypto.randomUUID();
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO data_exports (id, user_account_id, status, requested_at)
    SELECT ${id}, ${userAccountId}, 'PENDING', ${now}
    WHERE NOT EXISTS (SELECT 1 FROM data_exports WHERE user_account_id = ${userAccountId} AND (status = 'PENDING'
      OR (status = 'READY' AND expires_at > ${now}) OR (status <> 'FAILED' AND requested_at > ${now - ASK_INTERVAL_MS})))
    RETURNING id`);
  return inserted.length === 1 ? { kind: "started", id } : { kind: "existing" };
}

export interface ExportEnv {
  env: Env;
  db: Database;
  /** Runs the new notice's e-mail after the answer (emailNewNotificationsSoon); the cron's sweep sends it otherwise. */
  afterReady?: () => void;
}

export type PrepareOutcome = "ready" | "retry" | "failed" | "not_claimed";

/**
 * Prepares one export, if this run can claim it (PENDING, and no other run holds it): writes the JSON, then marks it
 * READY and notifies its owner in one batch. A failure discards the upload and leaves it for a later run, or marks it
 * FAILED once it has failed long enough (afterFailure).
 */
export async function prepareExport(
  { env, db, afterReady }: ExportEnv,
  id: string,
  now: number,
): Promise<PrepareOutcome> {
  const claimUntil = now + CLAIM_MS;
  const claimed = await db.get<Row>(sql`
    UPDATE data_exports SET claimed_until = ${claimUntil}
    WHERE id = ${id} AND status = 'PENDING' AND (claimed_until IS NULL OR claimed_until <= ${now})
    RETURNING ${COLUMNS}`);
  if (!claimed) return "not_claimed";
  const key = exportObjectKey(claimed.userAccountId, claimed.id);
  const expiresAt = now + EXPORT_VALID_MS;
  let sink: Awaited<ReturnType<typeof openExportSink>> | null = null;
  try {
    sink = await openExportSink(env.MEDIA, key);
    await writeExportDocument(sink, { env, db }, claimed.userAccountId, now, expiresAt);
    const size = await sink.finish();
    sink = null;
    // One batch: the row turns READY only while this run still holds it, and its notice is written once it is.
    const [marked] = await db.$client.batch([
      db.$client
        .prepare(
          `UPDATE data_exports SET status = 'READY', object_key = ?, byte_size = ?, ready_at = ?, expires_at = ?,
            claimed_until = NULL WHERE id = ? AND status = 'PENDING' AND claimed_until = ?`,
        )
        .bind(key, size, now, expiresAt, id, claimUntil),
      db.$client
        .prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, dedupe_key, created_at)
            SELECT ?, user_account_id, 'DATA_EXPORT_READY', ?, ?, ? FROM data_exports WHERE id = ? AND status = 'READY'
            ON CONFLICT (dedupe_key) DO NOTHING`,
        )
        .bind(crypto.randomUUID(), EXPORT_SETTINGS_PATH, `data-export:${id}`, now, id),
    ]);
    if (marked.meta.changes !== 1) {
      // Another run took it over after this one's claim lapsed, and finished first: its file is the one kept.
      return "not_claimed";
    }
    afterReady?.();
    return "ready";
  } catch (error) {
    console.error(`data export ${id}: preparation failed`, error);
    await sink?.abort();
    const next = afterFailure(claimed.requestedAt, now);
    await db.run(sql`UPDATE data_exports SET status = ${next.status},
      claimed_until = ${next.status === "PENDING" ? next.retryAt : null}
      WHERE id = ${id} AND claimed_until = ${claimUntil}`);
    return next.status === "FAILED" ? "failed" : "retry";
  }
}

/** The timed jobs' share: the waiting exports no run holds (EXPORTS_PER_RUN at most), oldest first. */
export async function prepareWaitingExports(context: ExportEnv, now: number): Promise<number> {
  const waiting = await context.db.all<{ id: string }>(sql`
    SELECT id FROM data_exports WHERE status = 'PENDING' AND (claimed_until IS NULL OR claimed_until <= ${now})
    ORDER BY requested_at LIMIT ${EXPORTS_PER_RUN}`);
  let ready = 0;
  for (const { id } of waiting) if ((await prepareExport(context, id, now)) === "ready") ready++;
  return ready;
}

/** The timed jobs' share: ready exports past their expiry leave the bucket and are marked EXPIRED. */
export async function expireExports(bucket: R2Bucket, db: Database, now: number): Promise<number> {
  const due = await db.all<{ id: string; objectKey: string | null }>(sql`
    SELECT id, object_key AS objectKey FROM data_exports WHERE status = 'READY' AND expires_at <= ${now}
    ORDER BY expires_at LIMIT ${EXPIRED_PER_RUN}`);
  if (due.length === 0) return 0;
  const keys = due.flatMap((row) => (row.objectKey ? [row.objectKey] : []));
  if (keys.length) await bucket.delete(keys);
  await db.run(
    sql`UPDATE data_exports SET status = 'EXPIRED', object_key = NULL WHERE status = 'READY' AND id IN (${sql.join(
      due.map((row) => sql`${row.id}`),
      sql`, `,
    )})`,
  );
  return due.length;
}

/** The owner's fresh, ready export by id; null for anyone else's, an expired or an unknown one. */
async function ownReadyExport(db: Database, userAccountId: string, id: string, now: number) {
  const row = await db.get<Row & { handle: string | null }>(sql`
    SELECT ${COLUMNS}, (SELECT original_handle FROM user_profiles WHERE account_id = user_account_id) AS handle
    FROM data_exports WHERE id = ${id} AND user_account_id = ${userAccountId}`);
  return row?.objectKey && isFreshReady(row, now) ? { ...row, objectKey: row.objectKey } : null;
}

/**
 * A short-lived download URL of the user's own ready export (DOWNLOAD_URL_TTL_MS, signed on each press of Download);
 * null when it is not theirs or not ready.
 */
export async function signExportDownload(
  db: Database,
  env: Env,
  userAccountId: string,
  id: string,
  now: number,
): Promise<string | null> {
  const row = await ownReadyExport(db, userAccountId, id, now);
  if (!row) return null;
  const name = exportFileName(row.handle, row.readyAt ?? now);
  const { token } = await issueToken(env, "media-read", { key: row.objectKey, name }, DOWNLOAD_URL_TTL_MS, now);
  return `${EXPORT_DOWNLOAD_PATH}/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

/**
 * The download door's question: the object to serve, when the token is a valid read token for exactly this export's
 * file and the person opening it is its owner, signed in now (the token alone opens nothing).
 */
export async function openExportDownload(
  db: Database,
  env: Env,
  userAccountId: string | null,
  id: string,
  token: string,
  now: number,
): Promise<{ key: string; name: string } | null> {
  if (!userAccountId || !token) return null;
  const [verified, row] = await Promise.all([
    verifyToken(env, "media-read", token, now),
    ownReadyExport(db, userAccountId, id, now),
  ]);
  if (!verified || !row || verified.key !== row.objectKey) return null;
  return { key: row.objectKey, name: verified.name ?? exportFileName(row.handle, row.readyAt ?? now) };
}

/** The timed jobs' line: waiting exports prepared (their notices then mailed by the run's sweep), expired ones deleted. */
export async function runDataExportJobs(env: Env, db: Database, now: number): Promise<void> {
  await prepareWaitingExports({ env, db }, now);
  await expireExports(env.MEDIA, db, now);
}

/**
 * Prepares a just-asked export after the answer (the request's waitUntil), on the plain binding as work outside the
 * request does; its notice's e-mail follows the same way. Whatever this does not finish, the timed jobs pick up.
 */
export function prepareInBackground(env: Env, waitUntil: (work: Promise<unknown>) => void, id: string, now: number) {
  const context = { env, db: createDb(env.DB), afterReady: () => emailNewNotificationsSoon(env, waitUntil) };
  waitUntil(prepareExport(context, id, now).catch((error) => console.error(`data export ${id}`, error)));
}
