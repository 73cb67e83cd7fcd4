/**
 * Comet's time: what the Worker, the cron and both Durable Objects read wherever a deadline is set, checked or shown
 * (docs/decisions/080). In production it is the real time and nothing is read. In `npm run dev` and the tests it is the
 * real time plus the dev clock's offset, one D1 row (`dev_clock`) that /dev/clock moves forward: D1 is the one store
 * every isolate (the Worker's, each object's) reads alike and that survives a reload. The domain still takes the time
 * as an argument; this is where the edge and the objects get the argument they pass.
 *
 * Not on this clock: what guards access (sessions, sign-in codes, signed URLs, rate limits, the chat's send pace is on
 * it only as the message times it counts), which keeps the real time so that moving the clock never signs anyone out.
 */
import { eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { devClock } from "../db/schema";

export type ClockEnv = Pick<Env, "APP_ENV" | "MAILER" | "DB">;

/** The dev clock's one row. */
export const DEV_CLOCK_ROW = 1;

/**
 * Whether this Worker has a dev clock: a dev or test build (a production build compiles it out, `__DEV_CLOCK__`), not
 * a production deployment, and mail going to the dev mailbox, the same gate as the browser tests' fixtures.
 */
export function hasDevClock(env: Pick<Env, "APP_ENV" | "MAILER">): boolean {
  return __DEV_CLOCK__ && env.APP_ENV !== "production" && env.MAILER === "dev-mailbox";
}

/**
 * How far Comet's time runs ahead of the real one, in milliseconds (0 or more): always 0 without a dev clock, and then
 * nothing is read. Read from the binding as given, outside any request's D1 session: the row is written on the primary.
 */
export async function devClockOffset(env: ClockEnv): Promise<number> {
  if (!hasDevClock(env)) return 0;
  const row = await createDb(env.DB)
    .select({ offsetMs: devClock.offsetMs })
    .from(devClock)
    .where(eq(devClock.id, DEV_CLOCK_ROW))
    .get();
  return row?.offsetMs ?? 0;
}

/** Comet's time at the real time `realNow` (now, or a cron's scheduled time): `realNow` itself in production. */
export async function cometNow(env: ClockEnv, realNow = Date.now()): Promise<number> {
  return realNow + (await devClockOffset(env));
}
