/**
 * The uploads of deliverables each order's page is sending (issue 60, decision 096), kept in this module for the
 * page's life rather than in a component: the order's tabs unmount their panels (a switch to Details, a revalidation
 * that changes the order's state), and a 2 GB upload must not end because the creator read the brief meanwhile. The
 * panel (deliverable-upload.tsx) subscribes while it is shown and queues the files it has checked; here each is sent
 * in parts by the resumable engine (multipart-upload.ts, loaded with the first file), attached to the order
 * (deliverable/create) and the page revalidated. A polite announcement says when a file starts, finishes, fails,
 * pauses or is cancelled.
 */
import { uploadErrorMessage } from "#app/components/media/upload-client";
import { browserTabId, browserTransport } from "#app/components/media/multipart-transport";
import type { MultipartUpload, UploadSnapshot, UploadStatus } from "#app/components/media/multipart-upload";
import { m } from "#app/paraglide/messages.js";

/** Where the order's deliverables go: open to the client, or held until the order completes. */
export const DOMAIN = "commission-order";
export const OPEN_FIELD = "deliverables";
export const HELD_FIELD = "deliverable_sources";

/** The engine (and hash-wasm with it) loads with the first file sent; the network's module with the panel. */
const loadEngine = () => import("#app/components/media/multipart-upload");

// ---------------------------------------------------------------------------------------------------------------
// The uploads of each order, kept for the page's life.

type RowStatus = "queued" | UploadStatus | "attaching";

export interface Row {
  id: string;
  name: string;
  size: number;
  lastModified: number;
  held: boolean;
  status: RowStatus;
  sentBytes: number;
  resumedBytes: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** `network` while paused for a dropped connection. */
  error: string | null;
  uploadId: string | null;
}

export interface OrderUploads {
  rows: Row[];
  announcement: string;
  error: string | null;
}

export const EMPTY: OrderUploads = { rows: [], announcement: "", error: null };
const store = new Map<string, OrderUploads>();
const listeners = new Set<() => void>();
const engines = new Map<string, MultipartUpload>();
const files = new Map<string, { file: File; kind: string; field: string }>();
const draining = new Set<string>();
/** Files paused while their engine was still loading (a large first import on a slow device): paused once it starts. */
const pausedBeforeStart = new Set<string>();
/** Uploads this page took up (new or resumed): shown as their rows, or finished, and so never again as unfinished. */
const takenUploads = new Set<string>();
/** The router's revalidation, as the last panel shown handed it (any panel's will do: it is the router's). */
let revalidate: (() => void) | null = null;

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(orderId: string, next: (current: OrderUploads) => OrderUploads) {
  store.set(orderId, next(store.get(orderId) ?? EMPTY));
  for (const listener of listeners) listener();
}

function patchRow(orderId: string, id: string, patch: Partial<Row>) {
  change(orderId, (current) => ({
    ...current,
    rows: current.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)),
  }));
}

function removeRow(orderId: string, id: string, said: Partial<Pick<OrderUploads, "announcement" | "error">> = {}) {
  files.delete(id);
  engines.delete(id);
  change(orderId, (current) => ({ ...current, ...said, rows: current.rows.filter((row) => row.id !== id) }));
}

export function announce(orderId: string, announcement: string) {
  change(orderId, (current) => ({ ...current, announcement }));
}

/** The order's uploads as the panel shows them (useSyncExternalStore's snapshot: the same object until a change). */
export function uploadsOf(orderId: string): OrderUploads {
  return store.get(orderId) ?? EMPTY;
}

/** A new pick clears the last failure's message. */
export function clearError(orderId: string) {
  change(orderId, (current) => ({ ...current, error: null }));
}

/** Did this page take the upload up (a row of its own, or finished)? Then it is not listed as unfinished. */
export function wasTaken(uploadId: string): boolean {
  return takenUploads.has(uploadId);
}

/** The router's revalidation, handed by the panel shown (run once a file is attached). */
export function setRevalidate(next: () => void) {
  revalidate = next;
}

/** Queues checked files (each with the kind its bytes were sniffed as) and sends them, one after another. */
export function enqueue(orderId: string, picked: { file: File; kind: string; field: string }[]) {
  const rows: Row[] = picked.map(({ file, kind, field }) => {
    const rowId = crypto.randomUUID();
    files.set(rowId, { file, kind, field });
    return {
      id: rowId,
      name: file.name,
      size: file.size,
      lastModified: file.lastModified,
      held: field === HELD_FIELD,
      status: "queued",
      sentBytes: 0,
      resumedBytes: 0,
      bytesPerSecond: null,
      secondsLeft: null,
      error: null,
      uploadId: null,
    };
  });
  change(orderId, (state) => ({ ...state, rows: [...state.rows, ...rows] }));
  void drain(orderId);
}

/**
 * The reader's words for a failure's code: the panel's own (the engine's codes, and a clearer word for the tab
 * lease), the multipart door's (messages/multipart: MULTIPART_ERROR_CODES, listed so the bundle carries only these),
 * then the upload client's (media_error_*, failed).
 */
const ERROR_MESSAGES: Record<string, () => string> = {
  upload_in_another_tab: m.work_files_upload_in_another_tab,
  file_unreadable: m.work_files_upload_file_unreadable,
  network: m.work_files_upload_network,
  upload_error_invalid_request: m.upload_error_invalid_request,
  upload_error_signed_out: m.upload_error_signed_out,
  upload_error_forbidden: m.upload_error_forbidden,
  upload_error_not_found: m.upload_error_not_found,
  upload_error_token: m.upload_error_token,
  upload_error_rate_limited: m.upload_error_rate_limited,
  upload_error_order_total: m.upload_error_order_total,
  upload_error_name_blank: m.upload_error_name_blank,
  upload_error_name_too_long: m.upload_error_name_too_long,
  upload_error_name_path: m.upload_error_name_path,
  upload_error_name_characters: m.upload_error_name_characters,
  upload_error_name_direction: m.upload_error_name_direction,
  upload_already_completed: m.upload_already_completed,
  upload_error_closed: m.upload_error_closed,
  upload_error_part_out_of_range: m.upload_error_part_out_of_range,
  upload_error_too_many_parts: m.upload_error_too_many_parts,
  upload_error_part_too_large: m.upload_error_part_too_large,
  upload_error_part_incomplete: m.upload_error_part_incomplete,
  upload_error_length_required: m.upload_error_length_required,
  upload_error_parts_missing: m.upload_error_parts_missing,
  upload_error_size_mismatch: m.upload_error_size_mismatch,
  upload_error_storage_unavailable: m.upload_error_storage_unavailable,
};

function workFileErrorMessage(code: string): string {
  return Object.hasOwn(ERROR_MESSAGES, code) ? ERROR_MESSAGES[code]() : uploadErrorMessage(code);
}

function fromSnapshot(snapshot: UploadSnapshot): Partial<Row> {
  return {
    status: snapshot.status,
    sentBytes: snapshot.sentBytes,
    resumedBytes: snapshot.resumedBytes,
    bytesPerSecond: snapshot.bytesPerSecond,
    secondsLeft: snapshot.secondsLeft,
    error: snapshot.error,
    uploadId: snapshot.uploadId,
  };
}

async function attach(orderId: string, url: string, name: string): Promise<boolean> {
  try {
    const response = await fetch("/api/features/commission/order/deliverable/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId, medias: [{ url, name }] }),
      credentials: "same-origin",
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Sends the order's waiting files one after another (each in parallel parts); a paused file holds the ones after it. */
async function drain(orderId: string) {
  if (draining.has(orderId)) return;
  draining.add(orderId);
  try {
    for (;;) {
      const row = store.get(orderId)?.rows.find((r) => r.status === "queued");
      if (!row) return;
      await send(orderId, row);
    }
  } finally {
    draining.delete(orderId);
  }
}

async function send(orderId: string, row: Row) {
  const picked = files.get(row.id);
  if (!picked) return removeRow(orderId, row.id);
  patchRow(orderId, row.id, { status: "starting" });
  let MultipartUpload: typeof import("#app/components/media/multipart-upload").MultipartUpload;
  try {
    ({ MultipartUpload } = await loadEngine());
  } catch {
    const text = m.work_files_upload_failed({ name: row.name, reason: uploadErrorMessage("failed") });
    return removeRow(orderId, row.id, { announcement: text, error: text });
  }
  // Cancelled while the engine loaded: nothing was sent, and nothing will be.
  if (!files.has(row.id)) return;
  const engine = new MultipartUpload({
    file: picked.file,
    target: { domain: DOMAIN, id: orderId, field: picked.field },
    kind: picked.kind,
    transport: browserTransport,
    tabId: browserTabId(),
    onChange: (snapshot) => {
      if (snapshot.uploadId) takenUploads.add(snapshot.uploadId);
      patchRow(orderId, row.id, fromSnapshot(snapshot));
    },
  });
  engines.set(row.id, engine);
  announce(orderId, m.work_files_upload_started({ name: row.name }));
  const started = engine.start();
  // The engine sets out synchronously, so a pause pressed while it loaded holds it before its first request's answer.
  if (pausedBeforeStart.delete(row.id)) engine.pause();
  const outcome = await started;
  engines.delete(row.id);
  if (!outcome.ok) {
    if (outcome.code === "cancelled")
      return removeRow(orderId, row.id, { announcement: m.work_files_upload_cancelled({ name: row.name }) });
    const reason = workFileErrorMessage(outcome.code);
    const text = m.work_files_upload_failed({ name: row.name, reason });
    return removeRow(orderId, row.id, { announcement: text, error: text });
  }
  patchRow(orderId, row.id, { status: "attaching" });
  const attached = await attach(orderId, outcome.completed.url, row.name);
  removeRow(
    orderId,
    row.id,
    attached
      ? { announcement: m.work_files_upload_done({ name: row.name }) }
      : { announcement: m.work_files_upload_attach_failed(), error: m.work_files_upload_attach_failed() },
  );
  revalidate?.();
}

export function pauseRow(orderId: string, row: Row) {
  const engine = engines.get(row.id);
  if (engine) engine.pause();
  else if (row.status === "starting") {
    pausedBeforeStart.add(row.id);
    patchRow(orderId, row.id, { status: "paused" });
  }
  announce(orderId, m.work_files_upload_paused_announcement({ name: row.name }));
}

export function resumeRow(orderId: string, row: Row) {
  const engine = engines.get(row.id);
  if (engine) engine.resume();
  else if (pausedBeforeStart.delete(row.id)) patchRow(orderId, row.id, { status: "starting" });
  announce(orderId, m.work_files_upload_resumed_announcement({ name: row.name }));
}

export function cancelRow(orderId: string, row: Row) {
  const engine = engines.get(row.id);
  // A file still waiting (or whose engine is still loading) has nothing on the server yet.
  pausedBeforeStart.delete(row.id);
  if (!engine) return removeRow(orderId, row.id, { announcement: m.work_files_upload_cancelled({ name: row.name }) });
  void engine.cancel();
}
