// The data download's rules (decision 104), pure: when a new one may be asked for, what the settings section shows,
// and what a failed preparation becomes.
import { describe, expect, it } from "vitest";
import {
  ASK_INTERVAL_MS,
  EXPORT_VALID_MS,
  type ExportState,
  GIVE_UP_AFTER_MS,
  afterFailure,
  askDecision,
  exportObjectKey,
  exportView,
} from "#worker/account/domain/data-export";
import { parseMediaKey } from "#worker/media/domain/media-keys";

const NOW = Date.UTC(2026, 4, 1, 12);
const state = (overrides: Partial<ExportState>): ExportState => ({
  id: "e1",
  status: "PENDING",
  requestedAt: NOW - 1000,
  readyAt: null,
  expiresAt: null,
  byteSize: null,
  ...overrides,
});
const ready = (readyAt: number) =>
  state({
    status: "READY",
    requestedAt: readyAt - 1000,
    readyAt,
    expiresAt: readyAt + EXPORT_VALID_MS,
    byteSize: 1234,
  });

describe("asking for a download", () => {
  it("starts the first one", () => expect(askDecision(null, NOW)).toEqual({ kind: "new" }));

  it("shows the one being prepared, or the fresh ready one, instead of a new one", () => {
    expect(askDecision(state({}), NOW).kind).toBe("existing");
    expect(askDecision(ready(NOW - 2 * ASK_INTERVAL_MS), NOW).kind).toBe("existing");
  });

  it("allows one a day: an expired one asked under a day ago waits, a failed one does not count", () => {
    const expiredSoon = state({ status: "EXPIRED", requestedAt: NOW - ASK_INTERVAL_MS / 2 });
    expect(askDecision(expiredSoon, NOW)).toEqual({ kind: "too_soon", nextAt: NOW + ASK_INTERVAL_MS / 2 });
    expect(askDecision(state({ status: "EXPIRED", requestedAt: NOW - ASK_INTERVAL_MS }), NOW).kind).toBe("new");
    expect(askDecision(state({ status: "FAILED", requestedAt: NOW - 1000 }), NOW).kind).toBe("new");
    expect(askDecision(ready(NOW - EXPORT_VALID_MS - 1), NOW).kind).toBe("new");
  });
});

describe("the settings section", () => {
  it("shows each state", () => {
    expect(exportView(null, NOW)).toEqual({ state: "none", nextAt: null });
    expect(exportView(state({}), NOW)).toEqual({ state: "preparing" });
    expect(exportView(ready(NOW - 1000), NOW)).toEqual({
      state: "ready",
      id: "e1",
      byteSize: 1234,
      expiresAt: NOW - 1000 + EXPORT_VALID_MS,
    });
    expect(exportView(state({ status: "FAILED" }), NOW)).toEqual({ state: "failed" });
    // Past its expiry a ready one is gone, even before the timed jobs mark it.
    expect(exportView(ready(NOW - EXPORT_VALID_MS), NOW)).toEqual({ state: "none", nextAt: null });
  });
});

describe("a failed preparation", () => {
  it("is tried again after a pause, then given up", () => {
    expect(afterFailure(NOW - 1000, NOW)).toEqual({ status: "PENDING", retryAt: expect.any(Number) });
    expect(afterFailure(NOW - GIVE_UP_AFTER_MS, NOW)).toEqual({ status: "FAILED" });
  });
});

it("keeps the file under a key no media door serves", () => {
  expect(parseMediaKey(exportObjectKey("acc1", "e1"))).toBeNull();
  expect(parseMediaKey(`/media/${exportObjectKey("acc1", "e1")}`)).toBeNull();
});
