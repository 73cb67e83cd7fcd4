/**
 * Moving the dev clock (docs/decisions/080): /dev/clock's work, development and test builds only. A move adds to the
 * offset in the one `dev_clock` row every reader of Comet's time reads (services/clock.ts), then runs the cron's timed
 * work at the new time, as the cron would when it next ran: reminders now due go out, and every order whose deadline
 * has now passed is woken through its object, which acts on it by its own reading of the same clock. A reset goes back
 * to the real time; what already happened stays as it is.
 */
import { eq, sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { devClock } from "../db/schema";
import { DEV_CLOCK_ROW, devClockOffset, hasDevClock, type ClockEnv } from "../services/clock";
import { runTimedJobs, type TimedJobsOutcome } from "../services/timed-jobs";
import { deadlineSweep } from "../orders/fire-deadlines";

const DAY_MS = 24 * 3_600_000;
/** The longest single move: a year. */
export const DEV_CLOCK_MAX_MOVE_MS = 366 * DAY_MS;
/** The farthest ahead the clock runs: every date stays in the window the order keeps (2000–2099, `isSaneTimestamp`). */
export const DEV_CLOCK_MAX_OFFSET_MS = 10 * 366 * DAY_MS;

export interface DevClockReading {
  /** Comet's time now. */
  now: number;
  /** How far it runs ahead of the real time. */
  offsetMs: number;
}

export type DevClockMove = DevClockReading & TimedJobsOutcome;

/** Comet's time and the dev clock's offset; null without a dev clock. */
export async function readDevClock(env: ClockEnv): Promise<DevClockReading | null> {
  if (!hasDevClock(env)) return null;
  const offsetMs = await devClockOffset(env);
  return { now: Date.now() + offsetMs, offsetMs };
}

/** Whether `byMs` is a move forward the clock takes: a whole number of milliseconds, more than none, at most a year. */
function isDevClockMove(byMs: number): boolean {
  return Number.isSafeInteger(byMs) && byMs > 0 && byMs <= DEV_CLOCK_MAX_MOVE_MS;
}

/**
 * Moves Comet's time forward by `byMs` and runs the timed work at the new time. Null, with nothing changed, without a
 * dev clock, for a move `isDevClockMove` refuses, or one that would take the clock past DEV_CLOCK_MAX_OFFSET_MS.
 */
export async function moveDevClock(env: Env, byMs: number): Promise<DevClockMove | null> {
  if (!hasDevClock(env) || !isDevClockMove(byMs)) return null;
  // One statement adds to the offset, so two moves at once add up; the bound is checked in the same step.
  const [row] = await createDb(env.DB)
    .insert(devClock)
    .values({ id: DEV_CLOCK_ROW, offsetMs: byMs, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: devClock.id,
      set: { offsetMs: sql`${devClock.offsetMs} + excluded.offset_ms`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${devClock.offsetMs} + excluded.offset_ms <= ${DEV_CLOCK_MAX_OFFSET_MS}`,
    })
    .returning({ offsetMs: devClock.offsetMs });
  if (!row) return null;
  const now = Date.now() + row.offsetMs;
  return { now, offsetMs: row.offsetMs, ...(await runTimedJobs(env, now, deadlineSweep(env), { untilDone: true })) };
}

/** Back to the real time (false without a dev clock). Deadlines that fired stay fired; alarms set early re-arm. */
export async function resetDevClock(env: ClockEnv): Promise<boolean> {
  if (!hasDevClock(env)) return false;
  await createDb(env.DB).delete(devClock).where(eq(devClock.id, DEV_CLOCK_ROW));
  return true;
}
