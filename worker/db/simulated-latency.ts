import { beforeEachRoundTrip } from "./round-trips";

/**
 * A D1 farther away, for benches (`npm run bench:latency`): outside production, with `D1_ROUND_TRIP_DELAY_MS` set
 * above 0 (build/server/.dev.vars), every D1 round trip waits that long before it leaves, as if the database were
 * that many milliseconds of round trip away. Production never waits, whatever the variable says.
 */
export interface SimulatedLatencyEnv {
  APP_ENV: string;
  D1_ROUND_TRIP_DELAY_MS?: string;
}

/** The added milliseconds per round trip: 0 in production, or when the variable is absent, not a number or ≤ 0. */
export function simulatedRoundTripDelayMs(env: SimulatedLatencyEnv): number {
  if (env.APP_ENV === "production") return 0;
  const ms = Number(env.D1_ROUND_TRIP_DELAY_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `d1`, each of whose round trips first awaits `wait(ms)` (a batch is one round trip). */
export function delayRoundTrips(d1: D1Database, ms: number, wait: (ms: number) => Promise<void> = sleep): D1Database {
  return beforeEachRoundTrip(d1, () => wait(ms));
}

/**
 * One delayed wrapper per binding, so what is built on it once (the counting wrapper, the Drizzle instance) is
 * shared by requests as it is without the delay.
 */
const delayedBindings = new WeakMap<D1Database, { ms: number; delayed: D1Database }>();

/** `d1` with the simulated delay of `env`, or `d1` itself when there is none (always in production). */
export function withSimulatedLatency(d1: D1Database, env: SimulatedLatencyEnv): D1Database {
  const ms = simulatedRoundTripDelayMs(env);
  if (ms === 0) return d1;
  const known = delayedBindings.get(d1);
  if (known?.ms === ms) return known.delayed;
  const delayed = delayRoundTrips(d1, ms);
  delayedBindings.set(d1, { ms, delayed });
  return delayed;
}

/** The env a Durable Object keeps, its `DB` delayed as `withSimulatedLatency` says: its D1 writes are as far away. */
export function envWithSimulatedLatency<E extends SimulatedLatencyEnv & { DB: D1Database }>(env: E): E {
  const DB = withSimulatedLatency(env.DB, env);
  return DB === env.DB ? env : { ...env, DB };
}
