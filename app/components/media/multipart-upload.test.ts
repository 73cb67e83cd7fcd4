// The browser's multipart upload engine (app/components/media/multipart-upload.ts, issue 60, decision 096): its pure
// rules (which parts are left, the moving speed and time left, when to try again), then the engine itself against a
// door of the test's own: a resume sends only the missing parts and still hashes the whole file; a 5xx is tried again
// and a 4xx is final; Pause keeps what is done; Cancel leaves nothing. In plain Node (vitest's node project): the engine
// needs no DOM, its network being a seam (multipart-transport.ts is the page's).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  bytesOfParts,
  isRetryable,
  isRetryableFailure,
  MAX_PART_ATTEMPTS,
  MultipartUpload,
  missingParts,
  partRange,
  retryDelay,
  SpeedMeter,
  type PartSlot,
  type PutResult,
  type Transport,
  type UploadFile,
  type UploadSnapshot,
  type UploadState,
} from "./multipart-upload";

describe("part planning", () => {
  it("cuts the file into part-size ranges, the last one shorter", () => {
    expect(partRange(1, 5, 12)).toEqual({ start: 0, end: 5 });
    expect(partRange(2, 5, 12)).toEqual({ start: 5, end: 10 });
    expect(partRange(3, 5, 12)).toEqual({ start: 10, end: 12 });
  });

  it("leaves only the parts the server does not have, in order", () => {
    expect(missingParts(5, [])).toEqual([1, 2, 3, 4, 5]);
    expect(missingParts(5, [2, 1, 4])).toEqual([3, 5]);
    expect(missingParts(3, [1, 2, 3])).toEqual([]);
    // A number the server should never send (out of range, repeated) changes nothing.
    expect(missingParts(3, [0, 4, 2, 2])).toEqual([1, 3]);
  });

  it("counts the bytes of finished parts, the short last one by its own size", () => {
    expect(bytesOfParts([1, 3], 5, 12, 3)).toBe(7);
    expect(bytesOfParts([1, 1, 9, 0], 5, 12, 3)).toBe(5);
    expect(bytesOfParts([], 5, 12, 3)).toBe(0);
  });
});

describe("speed and time left", () => {
  it("says nothing until it has a span to measure", () => {
    const meter = new SpeedMeter();
    expect(meter.speed(0)).toBeNull();
    meter.record(0, 0);
    meter.record(100, 1000);
    expect(meter.speed(100)).toBeNull();
    expect(meter.secondsLeft(10_000, 100)).toBeNull();
  });

  it("measures bytes a second over the last five seconds and follows a change of pace", () => {
    const meter = new SpeedMeter(5000);
    for (let t = 0; t <= 10_000; t += 500) meter.record(t, t * 1000); // 1 MB/s
    expect(meter.speed(10_000)).toBeCloseTo(1_000_000, -3);
    for (let t = 10_500; t <= 20_000; t += 500) meter.record(t, 10_000_000 + (t - 10_000) * 250); // 250 kB/s
    expect(meter.speed(20_000)).toBeCloseTo(250_000, -3);
    expect(meter.secondsLeft(1_000_000, 20_000)).toBe(4);
    expect(meter.secondsLeft(0, 20_000)).toBe(0);
  });

  it("slows down when nothing arrives, and forgets a pause", () => {
    const meter = new SpeedMeter(5000);
    meter.record(0, 0);
    meter.record(1000, 1_000_000);
    expect(meter.speed(1000)).toBe(1_000_000);
    // Two seconds with no new bytes: the same bytes over three seconds.
    expect(meter.speed(3000)).toBeCloseTo(333_333, -1);
    meter.reset();
    expect(meter.speed(3000)).toBeNull();
  });
});

describe("retry policy", () => {
  it("tries again after the network, a timeout, a rate limit or a 5xx; a 4xx is final", () => {
    for (const status of [0, 408, 429, 500, 502, 503]) expect(isRetryable(status), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 422]) expect(isRetryable(status), String(status)).toBe(false);
  });

  it("tries again a part that arrived short or whose signed link expired, though the door answered 4xx", () => {
    expect(isRetryableFailure(400, "upload_error_part_incomplete")).toBe(true);
    expect(isRetryableFailure(403, "upload_error_token")).toBe(true);
    expect(isRetryableFailure(400, "upload_error_part_too_large")).toBe(false);
    expect(isRetryableFailure(409, "upload_in_another_tab")).toBe(false);
    expect(isRetryableFailure(503, null)).toBe(true);
  });

  it("backs off exponentially from a second, with jitter, capped at 30 s", () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1000);
    expect(retryDelay(3, () => 0)).toBe(4000);
    expect(retryDelay(3, () => 1)).toBe(8000);
    expect(retryDelay(10, () => 1)).toBe(30_000);
    expect(retryDelay(10, () => 0)).toBe(15_000);
  });
});

// ------------------------------------------------------------------------------------------------------------------
// The engine against a door of the test's own.

const PART = 1024;

function fileOf(size: number, name = "model.zip"): UploadFile {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return Object.assign(new Blob([bytes]), { name, lastModified: 1_700_000_000_000 });
}

function sha256Of(file: Blob): Promise<string> {
  return file.arrayBuffer().then((buffer) => createHash("sha256").update(new Uint8Array(buffer)).digest("hex"));
}

interface DoorOptions {
  doneParts?: number[];
  /** What a PUT of a part answers, try by try (then 200). */
  putAnswers?: Record<number, number[]>;
  createStatus?: number;
  report?: boolean;
}

/** A door keeping one upload: what was asked of it, and the bytes each part received. */
function door(file: UploadFile, options: DoorOptions = {}) {
  const partCount = Math.ceil(file.size / PART);
  const received = new Map<number, Uint8Array>();
  for (const part of options.doneParts ?? []) received.set(part, new Uint8Array());
  const calls: string[] = [];
  const puts: number[] = [];
  const tries = new Map<number, number>();
  let completedWith: string | null = null;
  let pending: (() => void)[] = [];
  let holdPuts = false;
  const state = (): UploadState => ({
    id: "up1",
    key: "v1/commission-order/o1/deliverables/k.zip",
    name: file.name,
    size: file.size,
    kind: "zip",
    partSize: PART,
    partCount,
    doneParts: [...received.keys()],
    state: "open",
  });
  const transport: Transport = {
    async json(method, path, body) {
      calls.push(`${method} ${path}`);
      if (method === "POST" && path === "/api/uploads") {
        if (options.createStatus) return { status: options.createStatus, body: { code: "upload_in_another_tab" } };
        return { status: 200, body: { upload: state() } };
      }
      if (method === "DELETE") return { status: 200, body: {} };
      if (path.endsWith("/parts")) {
        const { partNumbers } = body as { partNumbers: number[] };
        const parts: PartSlot[] = partNumbers.map((partNumber) => ({
          partNumber,
          url: `/put/${partNumber}`,
          method: "PUT",
          headers: {},
          report: options.report ?? false,
        }));
        return { status: 200, body: { parts } };
      }
      if (path.endsWith("/report")) return { status: 200, body: {} };
      if (path.endsWith("/complete")) {
        if (missingParts(partCount, received.keys()).length > 0) return { status: 400, body: { code: "missing" } };
        completedWith = (body as { sha256: string }).sha256;
        return {
          status: 200,
          body: { url: "/media/k.zip", readUrl: "/r", key: "k", sha256: completedWith, size: file.size, details: null },
        };
      }
      return { status: 404, body: null };
    },
    async put(slot, blob, onProgress, signal): Promise<PutResult> {
      const part = slot.partNumber;
      puts.push(part);
      const attempt = (tries.get(part) ?? 0) + 1;
      tries.set(part, attempt);
      if (holdPuts)
        await new Promise<void>((resolve) => {
          pending.push(resolve);
          signal.addEventListener("abort", () => resolve(), { once: true });
        });
      if (signal.aborted) return { status: 0, etag: null, aborted: true, body: "" };
      const status = options.putAnswers?.[part]?.[attempt - 1] ?? 200;
      if (status !== 200)
        return { status, etag: null, aborted: false, body: JSON.stringify({ code: `http_${status}` }) };
      onProgress(blob.size / 2);
      received.set(part, new Uint8Array(await blob.arrayBuffer()));
      onProgress(blob.size);
      return { status: 200, etag: `"etag-${part}"`, aborted: false, body: "" };
    },
  };
  return {
    transport,
    calls,
    puts,
    received,
    completed: () => completedWith,
    hold: (on: boolean) => {
      holdPuts = on;
      if (!on) {
        for (const release of pending) release();
        pending = [];
      }
    },
  };
}

function engine(file: UploadFile, transport: Transport, snapshots: UploadSnapshot[] = []) {
  return new MultipartUpload({
    file,
    target: { domain: "commission-order", id: "o1", field: "deliverables" },
    kind: "zip",
    transport,
    concurrency: 3,
    sleep: async () => {},
    tabId: "tab-1",
    onChange: (snapshot) => snapshots.push(snapshot),
  });
}

describe("the engine", () => {
  it("sends every part and completes with the SHA-256 of the whole file", async () => {
    const file = fileOf(PART * 4 + 100);
    const server = door(file, { report: true });
    const outcome = await engine(file, server.transport).start();
    expect(outcome).toMatchObject({ ok: true, completed: { url: "/media/k.zip" } });
    expect(server.completed()).toBe(await sha256Of(file));
    expect([...server.puts].sort()).toEqual([1, 2, 3, 4, 5]);
    // Each part got exactly its bytes.
    const all = new Uint8Array(await file.arrayBuffer());
    for (let part = 1; part <= 5; part++) {
      const { start, end } = partRange(part, PART, file.size);
      expect(server.received.get(part)).toEqual(all.slice(start, end));
    }
    expect(server.calls.filter((c) => c.endsWith("/report"))).toHaveLength(5);
  });

  it("resumes: sends only the parts the server lacks, and still hashes the whole file", async () => {
    const file = fileOf(PART * 6);
    const server = door(file, { doneParts: [1, 2, 4] });
    const snapshots: UploadSnapshot[] = [];
    const outcome = await engine(file, server.transport, snapshots).start();
    expect(outcome.ok).toBe(true);
    expect([...server.puts].sort()).toEqual([3, 5, 6]);
    expect(server.completed()).toBe(await sha256Of(file));
    expect(snapshots.at(-1)).toMatchObject({ status: "done", resumedBytes: PART * 3, sentBytes: file.size });
  });

  it("tries a part again after a 5xx, and fails at once on a 4xx with the door's code", async () => {
    const file = fileOf(PART * 3);
    const flaky = door(file, { putAnswers: { 2: [503, 500] } });
    expect((await engine(file, flaky.transport).start()).ok).toBe(true);
    expect(flaky.puts.filter((p) => p === 2)).toHaveLength(3);

    const refused = door(file, { putAnswers: { 2: [413] } });
    expect(await engine(file, refused.transport).start()).toEqual({ ok: false, code: "http_413" });
    expect(refused.puts.filter((p) => p === 2)).toHaveLength(1);
    expect(refused.completed()).toBeNull();
  });

  it("pauses itself when the network stays down, and goes on when resumed", async () => {
    const file = fileOf(PART * 2);
    const server = door(file, { putAnswers: { 1: Array(MAX_PART_ATTEMPTS).fill(0) } });
    const snapshots: UploadSnapshot[] = [];
    const upload = engine(file, server.transport, snapshots);
    const outcome = upload.start();
    await expect.poll(() => upload.snapshot().status).toBe("paused");
    expect(upload.snapshot().error).toBe("network");
    upload.resume();
    expect((await outcome).ok).toBe(true);
    expect(server.puts.filter((p) => p === 1)).toHaveLength(MAX_PART_ATTEMPTS + 1);
  });

  it("Pause aborts the parts in flight and keeps the finished ones; Resume sends the rest", async () => {
    const file = fileOf(PART * 5);
    const server = door(file);
    const upload = engine(file, server.transport);
    server.hold(true);
    const outcome = upload.start();
    await expect.poll(() => server.puts.length).toBe(3);
    upload.pause();
    expect(upload.snapshot()).toMatchObject({ status: "paused", sentBytes: 0 });
    server.hold(false);
    expect(server.received.size).toBe(0);
    upload.resume();
    expect((await outcome).ok).toBe(true);
    expect(server.received.size).toBe(5);
    expect(server.completed()).toBe(await sha256Of(file));
  });

  it("Cancel deletes the upload on the server and ends as cancelled", async () => {
    const file = fileOf(PART * 4);
    const server = door(file);
    server.hold(true);
    const upload = engine(file, server.transport);
    const outcome = upload.start();
    await expect.poll(() => server.puts.length).toBeGreaterThan(0);
    await upload.cancel();
    expect(await outcome).toEqual({ ok: false, code: "cancelled" });
    expect(server.calls).toContain("DELETE /api/uploads/up1");
    expect(server.completed()).toBeNull();
  });

  it("says so when another tab is sending the same file", async () => {
    const file = fileOf(PART);
    const server = door(file, { createStatus: 409 });
    expect(await engine(file, server.transport).start()).toEqual({ ok: false, code: "upload_in_another_tab" });
    expect(server.puts).toEqual([]);
  });
});
