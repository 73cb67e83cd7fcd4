// The browser's multipart upload engine (app/components/media/multipart-upload.ts, issue 60, decision 096) against a
// door of the test's own: a resume sends only the missing parts and still hashes the whole file; a 5xx is tried again
// and a 4xx is final; Pause keeps what is done; Cancel leaves nothing. In plain Node (vitest's node project): the engine
// needs no DOM, its network being a seam (multipart-transport.ts is the page's). Its pure rules are tested in
// multipart-upload-rules.test.ts.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { partRange, partsNotIn } from "#worker/media/domain/multipart-plan";
import {
  MultipartUpload,
  type PartSlot,
  type PutResult,
  type Transport,
  type UploadFile,
  type UploadSnapshot,
  type UploadState,
} from "./multipart-upload";
import { MAX_PART_ATTEMPTS } from "./multipart-upload-rules";

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
    state: "uploading",
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
        if (partsNotIn(partCount, received.keys()).length > 0) return { status: 400, body: { code: "missing" } };
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
      const { start, end } = partRange({ size: file.size, partSize: PART, partCount: 5 }, part);
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
