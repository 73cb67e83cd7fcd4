import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS, SESSION_TOUCH_INTERVAL_MS } from "./sign-in-rules";
import { isSessionLive, sessionExpiresAt, shouldTouchSession } from "./sessions";

const DAY = 24 * 60 * 60 * 1000;
const start = 1_700_000_000_000;
const fresh = { createdAt: start, lastSeenAt: null, expiresAt: sessionExpiresAt(start) };

describe("session lifetime", () => {
  it("uses 14 days idle and 60 days absolute", () => {
    expect(SESSION_IDLE_TTL_MS).toBe(14 * DAY);
    expect(SESSION_ABSOLUTE_TTL_MS).toBe(60 * DAY);
  });
  it("ends a session never used again 14 days after sign-in", () => {
    expect(isSessionLive(fresh, start + 14 * DAY - 1)).toBe(true);
    expect(isSessionLive(fresh, start + 14 * DAY)).toBe(false);
  });
  it("counts idleness from the last recorded request", () => {
    const used = { ...fresh, lastSeenAt: start + 10 * DAY };
    expect(isSessionLive(used, start + 23 * DAY)).toBe(true);
    expect(isSessionLive(used, start + 24 * DAY)).toBe(false);
  });
  it("ends a session at its absolute end however recently it was used", () => {
    const busy = { ...fresh, lastSeenAt: start + 60 * DAY - 1000 };
    expect(isSessionLive(busy, start + 60 * DAY - 1)).toBe(true);
    expect(isSessionLive(busy, start + 60 * DAY)).toBe(false);
  });
  it("records a request at most once per touch interval", () => {
    expect(shouldTouchSession(fresh, start + SESSION_TOUCH_INTERVAL_MS - 1)).toBe(false);
    expect(shouldTouchSession(fresh, start + SESSION_TOUCH_INTERVAL_MS)).toBe(true);
    const touched = { ...fresh, lastSeenAt: start + DAY };
    expect(shouldTouchSession(touched, start + DAY + 60_000)).toBe(false);
    expect(shouldTouchSession(touched, start + DAY + SESSION_TOUCH_INTERVAL_MS)).toBe(true);
  });
});
