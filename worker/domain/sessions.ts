import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS, SESSION_TOUCH_INTERVAL_MS } from "./sign-in-rules";

/** A session's times in ms. `lastSeenAt` null: no request recorded since sign-in. */
export interface SessionTimes {
  createdAt: number;
  lastSeenAt: number | null;
  expiresAt: number;
}

/** The absolute end of a session started at `createdAt`: fixed at sign-in, never extended by use. */
export function sessionExpiresAt(createdAt: number): number {
  return createdAt + SESSION_ABSOLUTE_TTL_MS;
}

/** Sessions whose last known activity is before this instant have ended by idleness. */
export function sessionIdleCutoff(now: number): number {
  return now - SESSION_IDLE_TTL_MS;
}

const lastActivity = (session: SessionTimes) => session.lastSeenAt ?? session.createdAt;

/** Live until the absolute end and until SESSION_IDLE_TTL_MS without a recorded request. */
export function isSessionLive(session: SessionTimes, now: number): boolean {
  return now < session.expiresAt && lastActivity(session) > sessionIdleCutoff(now);
}

/**
 * Whether this request should record itself in `last_seen_at`. At most once per SESSION_TOUCH_INTERVAL_MS, so a
 * busy user costs one write an hour instead of one per request; the idle timeout is therefore exact to an hour.
 */
export function shouldTouchSession(session: SessionTimes, now: number): boolean {
  return now - lastActivity(session) >= SESSION_TOUCH_INTERVAL_MS;
}
