/**
 * The browser's resumable multipart upload (issue 60, decision 096): one file, of up to 5 GB, sent in parts through
 * the door in worker/api/uploads.ts. Framework-free (no React, no messages), so it is tested in Node against a door of
 * the test's own (multipart-upload.test.ts beside it) and the benchmark drives it as the page does. Its pure rules
 * (retries, speed, the bytes of finished parts) are multipart-upload-rules.ts; how a file is cut into parts and which
 * are missing, the door's own plan (worker/media/domain/multipart-plan.ts).
 *
 * How it reads and sends, and why its memory does not grow with the file:
 * - The SHA-256 of the whole file is computed as the file is read, in order, a slice at a time (`file.slice(a, b)`,
 *   at most HASH_SLICE_BYTES held), by hash-wasm's incremental `createSHA256()`; each slice's buffer is dropped as soon
 *   as it is hashed. A resumed upload re-reads (hashes) the parts the server already has and sends none of them.
 * - Each missing part is sent as its own Blob slice of the File (XMLHttpRequest, for upload progress), up to
 *   CONCURRENT_PARTS at once. A File's slice is a reference to the bytes on disk, which the browser streams to the
 *   network: no part's bytes are copied into the page's heap, so the tab holds at most one hash slice whatever the
 *   file's size. A slice is released when its PUT ends (nothing here keeps it).
 * - A part that fails on the network or with a 5xx (408 and 429 too) is tried again after a backoff with jitter, with
 *   a freshly signed URL; a 4xx is final and its code shown. When the connection stays down the upload pauses itself
 *   with the code `network` and resumes when the browser says it is online again.
 * - Pause aborts the parts in flight and keeps the finished ones (on the server); Resume sends what is missing;
 *   Cancel aborts and deletes the upload (DELETE), leaving nothing.
 * - Across a reload or a closed tab: the server keeps the upload and its finished parts for the uploader; picking the
 *   same file again (name, size, lastModified) makes POST /api/uploads answer that upload with its `doneParts`.
 */
import { createSHA256, type IHasher } from "hash-wasm";
import { partRange, partsNotIn } from "#worker/media/domain/multipart-plan";
import type { UploadState } from "#worker/media/services/multipart-upload-rows";
import type { PartTarget as PartSlot } from "#worker/media/services/multipart-parts";
import type { CompletedUpload } from "#worker/media/services/multipart-uploads";
import {
  bytesOfParts,
  failureCode,
  isRetryable,
  isRetryableFailure,
  MAX_PART_ATTEMPTS,
  retryDelay,
  SpeedMeter,
} from "./multipart-upload-rules";

// ---------------------------------------------------------------------------------------------------------------
// The door's contract (worker/api/uploads.ts).

export interface UploadTarget {
  domain: string;
  id: string;
  field: string;
}

/**
 * The door's answers, typed by the server's own declarations (type-only: no server code reaches the page): an
 * unfinished upload, where one part goes (PUT its exact bytes to `url`; when `report`, report the ETag back), and the
 * stored file once completed (`url` is what a record attaches).
 */
export type { UploadState } from "#worker/media/services/multipart-upload-rows";
export type { PartTarget as PartSlot } from "#worker/media/services/multipart-parts";
export type { CompletedUpload } from "#worker/media/services/multipart-uploads";
const UPLOADS_PATH = "/api/uploads";

// ---------------------------------------------------------------------------------------------------------------
// How much at once (the pure rules, which parts, when to try again and how fast, are multipart-upload-rules.ts).

/** Parts sent at once: enough to fill a connection's pipe without starving the page's own requests. */
export const CONCURRENT_PARTS = 4;
/** The most bytes the hash reads (and so holds) at once. */
export const HASH_SLICE_BYTES = 8 * 1024 * 1024;
/** The snapshot a listener sees is refreshed at most this often while bytes flow (status changes go at once). */
const PROGRESS_EVERY_MS = 200;

// ---------------------------------------------------------------------------------------------------------------
// The network, behind a seam: the page's is multipart-transport.ts (fetch and XMLHttpRequest), a test's its own, so
// this file needs no DOM.

/** One part's PUT: status 0 for a network failure; `aborted` when its signal fired. */
export interface PutResult {
  status: number;
  etag: string | null;
  aborted: boolean;
  body: string;
}

export interface Transport {
  /** A JSON call to this site's API. Status 0 for a network failure. */
  json(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** One part's bytes, with upload progress (bytes of this part so far). */
  put(slot: PartSlot, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<PutResult>;
  /** Calls back once when the connection comes back (the browser's `online`); returns the unsubscribe. */
  whenOnline?(callback: () => void): () => void;
}

/** This page load's id: the server lets one tab at a time send an upload (two tabs sending one file would clash). */
let tabId: string | null = null;
export function pageTabId(): string {
  tabId ??= crypto.randomUUID();
  return tabId;
}

/** Rather than a File, what the engine needs of one (a test's Blob with a name will do). */
export type UploadFile = Blob & { name: string; lastModified: number };

/** Aborts an upload: the server forgets it and its parts (a 404: it already has). */
async function abortUpload(id: string, transport: Transport): Promise<boolean> {
  const answer = await transport.json("DELETE", `${UPLOADS_PATH}/${encodeURIComponent(id)}`);
  return (answer.status >= 200 && answer.status < 300) || answer.status === 404;
}

// ---------------------------------------------------------------------------------------------------------------
// The engine.

export type UploadStatus = "starting" | "uploading" | "paused" | "completing" | "done" | "failed" | "cancelled";

export interface UploadSnapshot {
  status: UploadStatus;
  name: string;
  size: number;
  /** Bytes the server has or is receiving now (finished parts, and the parts in flight so far). */
  sentBytes: number;
  /** Bytes read into the hash. */
  hashedBytes: number;
  /** Bytes the server had when this page took the upload up (a resume), 0 for a new one. */
  resumedBytes: number;
  /** Bytes a second over the last few seconds, null while unknown or paused. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** Why it failed or paused itself (`network`), a door's or this engine's code; null otherwise. */
  error: string | null;
  uploadId: string | null;
}

export type UploadOutcome = { ok: true; completed: CompletedUpload } | { ok: false; code: string };

export interface MultipartUploadOptions {
  file: UploadFile;
  target: UploadTarget;
  /** The kind the bytes were sniffed as (the server checks again). */
  kind: string;
  transport: Transport;
  concurrency?: number;
  now?: () => number;
  /** Waits `ms` unless the signal fires first (tests make it instant). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  tabId?: string;
  createHasher?: () => Promise<Pick<IHasher, "init" | "update" | "digest">>;
  /** Called with every new snapshot (progress at most every PROGRESS_EVERY_MS). */
  onChange?: (snapshot: UploadSnapshot) => void;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** A part's failure that ends the run: `pause` for a network that stays down, `fail` for a refusal. */
type PartEnd = { ok: true } | { ok: false; aborted: true } | { ok: false; aborted: false; code: string };

export class MultipartUpload {
  private readonly file: UploadFile;
  private readonly target: UploadTarget;
  private readonly kind: string;
  private readonly transport: Transport;
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly tabId: string;
  private readonly createHasher: NonNullable<MultipartUploadOptions["createHasher"]>;
  private readonly onChange?: (snapshot: UploadSnapshot) => void;

  private state: UploadState | null = null;
  private status: UploadStatus = "starting";
  private error: string | null = null;
  private done = new Set<number>();
  /** Bytes of each part try in flight so far. */
  private inFlight = new Map<object, number>();
  private hashedBytes = 0;
  private resumedBytes = 0;
  private digest: Promise<string | null> | null = null;
  /** Bytes moved over the wire by this page (for the speed: only grows). */
  private transferred = 0;
  private readonly meter = new SpeedMeter();
  private run: AbortController | null = null;
  /** Aborted by Cancel: ends the hash too. */
  private readonly life = new AbortController();
  private settle: ((outcome: UploadOutcome) => void) | null = null;
  private readonly outcome: Promise<UploadOutcome>;
  private lastEmit = 0;
  private stopWaitingOnline: (() => void) | null = null;

  constructor(options: MultipartUploadOptions) {
    this.file = options.file;
    this.target = options.target;
    this.kind = options.kind;
    this.transport = options.transport;
    this.concurrency = Math.max(1, options.concurrency ?? CONCURRENT_PARTS);
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
    this.tabId = options.tabId ?? pageTabId();
    this.createHasher = options.createHasher ?? createSHA256;
    this.onChange = options.onChange;
    this.outcome = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  snapshot(): UploadSnapshot {
    const sentBytes = this.sentBytes();
    const now = this.now();
    const moving = this.status === "uploading";
    return {
      status: this.status,
      name: this.file.name,
      size: this.file.size,
      sentBytes,
      hashedBytes: this.hashedBytes,
      resumedBytes: this.resumedBytes,
      bytesPerSecond: moving ? this.meter.speed(now) : null,
      secondsLeft: moving ? this.meter.secondsLeft(this.file.size - sentBytes, now) : null,
      error: this.error,
      uploadId: this.state?.id ?? null,
    };
  }

  /**
   * Creates (or takes up again) the upload and sends it. Resolves once it is done, failed or cancelled; a pause keeps
   * it pending until Resume or Cancel.
   */
  start(): Promise<UploadOutcome> {
    void this.begin();
    return this.outcome;
  }

  pause(): void {
    if (this.status !== "uploading" && this.status !== "starting") return;
    this.stopRun();
    this.setStatus("paused");
  }

  resume(): void {
    if (this.status !== "paused") return;
    this.error = null;
    if (!this.state) {
      void this.begin();
      return;
    }
    void this.send();
  }

  /** Stops everything and deletes the upload on the server: nothing of it is left. */
  async cancel(): Promise<void> {
    if (this.status === "done" || this.status === "cancelled") return;
    this.stopRun();
    this.life.abort();
    this.finish({ ok: false, code: "cancelled" }, "cancelled");
    if (this.state) await abortUpload(this.state.id, this.transport);
  }

  private async begin(): Promise<void> {
    this.setStatus("starting");
    const created = await this.transport.json("POST", UPLOADS_PATH, {
      ...this.target,
      name: this.file.name,
      size: this.file.size,
      kind: this.kind,
      lastModified: this.file.lastModified,
      tabId: this.tabId,
    });
    const state = (created.body as { upload?: UploadState } | null)?.upload;
    // Cancelled while the door was answering: what it made (or took up) goes too.
    if (this.isOver()) {
      if (created.status === 200 && state?.id && this.status === "cancelled")
        await abortUpload(state.id, this.transport);
      return;
    }
    if (created.status !== 200) {
      if (created.status === 0) return this.pauseForNetwork();
      return this.fail(failureCode(created.status, created.body));
    }
    if (!state || !(state.partSize > 0) || !(state.partCount > 0)) return this.fail("failed");
    this.state = state;
    this.done = new Set(state.doneParts.filter((part) => part >= 1 && part <= state.partCount));
    this.resumedBytes = bytesOfParts(state, this.done);
    this.digest ??= this.hashFile();
    if (this.status === "paused") return this.emit(true);
    await this.send();
  }

  /** Reads the whole file in order into the hash, one slice at a time; null when the file cannot be read. */
  private async hashFile(): Promise<string | null> {
    let hasher: Awaited<ReturnType<typeof this.createHasher>>;
    try {
      hasher = await this.createHasher();
    } catch {
      // No hash here (WebAssembly refused, by the page's Content-Security-Policy or the browser): the door takes no
      // completion without one, so the upload stops before sending anything.
      if (!this.isOver()) this.fail("checksum_unavailable");
      return null;
    }
    try {
      hasher.init();
      const size = this.file.size;
      for (let start = 0; start < size; start += HASH_SLICE_BYTES) {
        if (this.life.signal.aborted) return null;
        const end = Math.min(size, start + HASH_SLICE_BYTES);
        // This slice's buffer is the only copy of file bytes the page holds; it is dropped as the loop moves on.
        hasher.update(new Uint8Array(await this.file.slice(start, end).arrayBuffer()));
        this.hashedBytes = end;
        this.emit(false);
      }
      return hasher.digest("hex");
    } catch {
      // The file was moved, changed or removed since it was picked (the browser refuses to read it then): no part sent
      // from here on could be trusted to match, so the upload stops now rather than at its completion.
      if (!this.isOver()) this.fail("file_unreadable");
      return null;
    }
  }

  private async send(): Promise<void> {
    const state = this.state!;
    const run = new AbortController();
    this.run = run;
    this.meter.reset();
    this.setStatus("uploading");
    const queue = partsNotIn(state.partCount, this.done);
    let ended = { ok: true } as PartEnd;
    const worker = async () => {
      while (queue.length > 0 && !run.signal.aborted) {
        const part = queue.shift()!;
        const result = await this.sendPart(part, run.signal);
        if (!result.ok) {
          if (!result.aborted && ended.ok) ended = result;
          run.abort();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, worker));
    if (this.run !== run || this.isOver()) return;
    this.run = null;
    if (!ended.ok) {
      if (ended.aborted) return;
      return ended.code === "network" ? this.pauseForNetwork() : this.fail(ended.code);
    }
    if (this.status !== "uploading") return;
    await this.complete();
  }

  /** One part: a signed slot, its PUT (with progress), the ETag's report when asked; tried again when it is worth it. */
  private async sendPart(part: number, signal: AbortSignal): Promise<PartEnd> {
    const state = this.state!;
    const { start, end } = partRange(state, part);
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) return { ok: false, aborted: true };
      const status = await this.tryPart(part, start, end, signal);
      if (status === "ok") return { ok: true };
      if (status === "aborted" || signal.aborted) return { ok: false, aborted: true };
      const code = failureCode(status.status, status.body);
      if (!isRetryableFailure(status.status, code)) return { ok: false, aborted: false, code };
      if (attempt + 1 >= MAX_PART_ATTEMPTS)
        return { ok: false, aborted: false, code: status.status === 0 ? "network" : code };
      await this.sleep(retryDelay(attempt, this.random), signal);
    }
  }

  private async tryPart(
    part: number,
    start: number,
    end: number,
    signal: AbortSignal,
  ): Promise<"ok" | "aborted" | { status: number; body: unknown }> {
    const id = encodeURIComponent(this.state!.id);
    const signed = await this.transport.json("POST", `${UPLOADS_PATH}/${id}/parts`, {
      partNumbers: [part],
      tabId: this.tabId,
    });
    if (signal.aborted) return "aborted";
    const slot = (signed.body as { parts?: PartSlot[] } | null)?.parts?.find((p) => p.partNumber === part);
    if (signed.status !== 200 || !slot)
      return { status: signed.status === 200 ? 500 : signed.status, body: signed.body };
    // Keyed by this try, not the part number: a try a pause aborted may end after Resume began the part again.
    const token = {};
    this.inFlight.set(token, 0);
    let loaded = 0;
    const put = await this.transport.put(
      slot,
      this.file.slice(start, end),
      (bytes) => {
        const delta = Math.max(0, Math.min(bytes, end - start) - loaded);
        loaded += delta;
        this.transferred += delta;
        if (this.inFlight.has(token)) this.inFlight.set(token, loaded);
        this.meter.record(this.now(), this.transferred);
        this.emit(false);
      },
      signal,
    );
    this.inFlight.delete(token);
    if (put.aborted) return "aborted";
    if (put.status < 200 || put.status >= 300) {
      let body: unknown = null;
      try {
        body = put.body ? JSON.parse(put.body) : null;
      } catch {
        body = null;
      }
      return { status: put.status, body };
    }
    // A body the progress events under-counted (or none at all): the whole part went.
    this.transferred += Math.max(0, end - start - loaded);
    if (slot.report) {
      // The store's CORS rule must expose ETag (decision 096); without it no try can succeed, so none is made.
      if (!put.etag) return { status: 400, body: { code: "failed" } };
      const reported = await this.transport.json("POST", `${UPLOADS_PATH}/${id}/parts/${part}/report`, {
        etag: put.etag,
        tabId: this.tabId,
      });
      if (reported.status < 200 || reported.status >= 300) return reported;
    }
    this.done.add(part);
    this.meter.record(this.now(), this.transferred);
    this.emit(true);
    return "ok";
  }

  private async complete(): Promise<void> {
    this.setStatus("completing");
    const sha256 = await this.digest;
    if (this.isOver()) return;
    if (!sha256) return this.fail("file_unreadable");
    const id = encodeURIComponent(this.state!.id);
    for (let attempt = 0; ; attempt++) {
      const answer = await this.transport.json("POST", `${UPLOADS_PATH}/${id}/complete`, { sha256, tabId: this.tabId });
      if (this.isOver()) return;
      if (answer.status === 200) {
        const completed = answer.body as CompletedUpload;
        this.finish({ ok: true, completed }, "done");
        return;
      }
      if (!isRetryable(answer.status) || attempt + 1 >= MAX_PART_ATTEMPTS) {
        if (answer.status === 0) return this.pauseForNetwork();
        return this.fail(failureCode(answer.status, answer.body));
      }
      await this.sleep(retryDelay(attempt, this.random), this.life.signal);
    }
  }

  private sentBytes(): number {
    const state = this.state;
    if (!state) return 0;
    let bytes = bytesOfParts(state, this.done);
    for (const loaded of this.inFlight.values()) bytes += loaded;
    return Math.min(bytes, state.size);
  }

  private isOver(): boolean {
    return this.status === "done" || this.status === "failed" || this.status === "cancelled";
  }

  private stopRun(): void {
    this.run?.abort();
    this.run = null;
    this.inFlight.clear();
    this.meter.reset();
  }

  private pauseForNetwork(): void {
    this.stopRun();
    this.error = "network";
    this.stopWaitingOnline?.();
    this.stopWaitingOnline =
      this.transport.whenOnline?.(() => {
        this.stopWaitingOnline = null;
        if (this.status === "paused" && this.error === "network") this.resume();
      }) ?? null;
    this.setStatus("paused");
  }

  private fail(code: string): void {
    this.stopRun();
    this.finish({ ok: false, code }, "failed", code);
  }

  private finish(outcome: UploadOutcome, status: UploadStatus, error: string | null = null): void {
    this.stopWaitingOnline?.();
    this.stopWaitingOnline = null;
    this.error = error;
    this.status = status;
    this.emit(true);
    this.settle?.(outcome);
    this.settle = null;
  }

  private setStatus(status: UploadStatus): void {
    if (this.isOver()) return;
    this.status = status;
    this.emit(true);
  }

  private emit(force: boolean): void {
    if (!this.onChange) return;
    const now = this.now();
    if (!force && now - this.lastEmit < PROGRESS_EVERY_MS) return;
    this.lastEmit = now;
    this.onChange(this.snapshot());
  }
}
