// The order page's queue of deliverables (deliverable-uploads.ts) while the upload engine is still loading (its first
// import, with hash-wasm, can take seconds on a slow device): Pause pressed then holds the file once the engine starts,
// Resume takes it up, and Cancel sends nothing at all. A pause that did nothing in that window was a real defect
// (CI's Japanese walk pressed Pause and the row stayed "Preparing…").
import { beforeEach, describe, expect, it, vi } from "vitest";

const loaded = vi.hoisted(() => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release, calls: [] as string[], engines: 0 };
});

vi.mock("#app/components/media/multipart-upload", async () => {
  await loaded.gate;
  class MultipartUpload {
    constructor() {
      loaded.engines++;
    }
    start() {
      loaded.calls.push("start");
      return new Promise(() => {});
    }
    pause() {
      loaded.calls.push("pause");
    }
    resume() {
      loaded.calls.push("resume");
    }
    async cancel() {
      loaded.calls.push("cancel");
    }
  }
  return { MultipartUpload };
});
vi.mock("#app/components/media/multipart-transport", () => ({ browserTabId: () => "tab-test", browserTransport: {} }));

const { cancelRow, enqueue, pauseRow, resumeRow, uploadsOf } = await import("./deliverable-uploads");

const rowOf = (orderId: string) => uploadsOf(orderId).rows[0];
const file = (name: string) => ({ file: new File([new Uint8Array(8)], name), kind: "image", field: "deliverables" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("deliverable uploads before the engine has loaded", () => {
  beforeEach(() => {
    loaded.calls.length = 0;
  });

  it("a pause holds the file: shown paused at once, the engine paused as it starts, and Resume takes it up", async () => {
    enqueue("order-pause", [file("master.png")]);
    await settle();
    expect(rowOf("order-pause").status).toBe("starting");

    pauseRow("order-pause", rowOf("order-pause"));
    expect(rowOf("order-pause").status).toBe("paused");

    loaded.release();
    await vi.waitFor(() => expect(loaded.calls).toEqual(["start", "pause"]));
    resumeRow("order-pause", rowOf("order-pause"));
    expect(loaded.calls).toEqual(["start", "pause", "resume"]);
  });

  it("a cancel before the engine is there removes the file and sends nothing", async () => {
    // Cancelled in the same turn it was queued: its engine's import (loaded already, yet still awaited) has not answered.
    loaded.release();
    await settle();
    const before = loaded.engines;
    enqueue("order-cancel", [file("source.psd")]);
    cancelRow("order-cancel", rowOf("order-cancel"));
    expect(uploadsOf("order-cancel").rows).toEqual([]);
    await settle();
    expect(loaded.engines).toBe(before);
    expect(loaded.calls).toEqual([]);
  });
});
