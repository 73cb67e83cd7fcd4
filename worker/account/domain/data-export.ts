/**
 * A user's download of their data (decision 104): when they may ask for one, what the settings section shows, where the
 * file lives, how long it lasts, and what a failed preparation becomes. Pure: the time is always an argument.
 */
import type { DataExportStatus } from "../../db/schema/enums";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A ready download is kept this long, then deleted from the bucket (decision 104: 7 days). */
export const EXPORT_VALID_MS = 7 * DAY_MS;
/** At most one new download a day: preparing one reads every table the user appears in. */
export const ASK_INTERVAL_MS = DAY_MS;
/** How long one run holds an export it prepares: another run takes it over only after this. */
export const CLAIM_MS = 10 * 60 * 1000;
/** A failed preparation waits this long before the next try (the next cron run after it). */
const RETRY_DELAY_MS = 10 * 60 * 1000;
/** A preparation still failing this long after the ask is given up: FAILED, and the user may ask again. */
export const GIVE_UP_AFTER_MS = 2 * HOUR_MS;
/** The download link's life: signed when the owner presses Download, followed at once. */
export const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;

/** The columns of an export the rules read. */
export interface ExportState {
  id: string;
  status: DataExportStatus;
  requestedAt: number;
  readyAt: number | null;
  expiresAt: number | null;
  byteSize: number | null;
}

/** Is this a download its owner can still take? */
export const isFreshReady = (state: ExportState, now: number) =>
  state.status === "READY" && state.expiresAt !== null && state.expiresAt > now;

export type AskDecision =
  | { kind: "new" }
  /** One is being prepared or is ready: that one is shown instead of a second. */
  | { kind: "existing"; export: ExportState }
  /** The last one that did not fail was asked less than a day ago. */
  | { kind: "too_soon"; nextAt: number };

/**
 * Whether a new export may be started, from the user's latest one. A failed preparation does not count against the
 * day's ask: the user got nothing from it.
 */
export function askDecision(latest: ExportState | null, now: number): AskDecision {
  if (!latest) return { kind: "new" };
  if (latest.status === "PENDING" || isFreshReady(latest, now)) return { kind: "existing", export: latest };
  if (latest.status !== "FAILED" && latest.requestedAt + ASK_INTERVAL_MS > now)
    return { kind: "too_soon", nextAt: latest.requestedAt + ASK_INTERVAL_MS };
  return { kind: "new" };
}

/** What the settings section shows. */
export type ExportView =
  | { state: "none"; nextAt: number | null }
  | { state: "preparing" }
  | { state: "ready"; id: string; byteSize: number; expiresAt: number }
  | { state: "failed" };

export function exportView(latest: ExportState | null, now: number): ExportView {
  if (!latest) return { state: "none", nextAt: null };
  if (latest.status === "PENDING") return { state: "preparing" };
  if (isFreshReady(latest, now))
    return { state: "ready", id: latest.id, byteSize: latest.byteSize ?? 0, expiresAt: latest.expiresAt! };
  if (latest.status === "FAILED") return { state: "failed" };
  const decision = askDecision(latest, now);
  return { state: "none", nextAt: decision.kind === "too_soon" ? decision.nextAt : null };
}

/**
 * The JSON's key in the private bucket. Outside the `v1/{domain}/…` media keys, so neither /media/ nor the signed
 * object route serves it (both read only media keys); the owner's download door is its one reader.
 */
export const exportObjectKey = (userAccountId: string, exportId: string) => `exports/${userAccountId}/${exportId}.json`;

/** The name the browser saves the download under. */
export const exportFileName = (handle: string | null, readyAt: number) =>
  `comet-data-${handle ?? "account"}-${new Date(readyAt).toISOString().slice(0, 10)}.json`;

/** What a failed preparation becomes: tried again after a pause, or given up once it has failed long enough. */
export function afterFailure(
  requestedAt: number,
  now: number,
): { status: "FAILED" } | { status: "PENDING"; retryAt: number } {
  return now - requestedAt >= GIVE_UP_AFTER_MS
    ? { status: "FAILED" }
    : { status: "PENDING", retryAt: now + RETRY_DELAY_MS };
}
