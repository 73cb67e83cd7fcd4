import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countRoundTrips } from "#worker/db/round-trips";
import {
  delayRoundTrips,
  envWithSimulatedLatency,
  simulatedRoundTripDelayMs,
  withSimulatedLatency,
} from "#worker/db/simulated-latency";

/** A binding whose every wait is recorded and resolves at once (no clock in these tests). */
function recordedDelay(ms = 25) {
  const waits: number[] = [];
  const d1 = delayRoundTrips(env.DB, ms, async (waited) => {
    waits.push(waited);
  });
  return { d1, waits };
}

describe("delayRoundTrips", () => {
  it("waits once before each statement execution, whichever executor runs it", async () => {
    const { d1, waits } = recordedDelay();
    const statement = d1.prepare("SELECT ? AS n");
    expect(await statement.bind(1).first("n")).toBe(1);
    expect((await statement.bind(2).all()).results).toEqual([{ n: 2 }]);
    await statement.bind(3).run();
    expect(await statement.bind(4).raw()).toEqual([[4]]);
    expect(waits).toEqual([25, 25, 25, 25]);
  });

  it("waits once for a batch, however many statements it carries, and once for an exec", async () => {
    const { d1, waits } = recordedDelay(100);
    const results = await d1.batch([d1.prepare("SELECT 1 AS n"), d1.prepare("SELECT 2 AS n"), d1.prepare("SELECT 3")]);
    expect(results).toHaveLength(3);
    expect(waits).toEqual([100]);
    await d1.exec("SELECT 1");
    expect(waits).toEqual([100, 100]);
  });

  it("sends the round trip only once the wait is over", async () => {
    let release = () => {};
    const d1 = delayRoundTrips(env.DB, 25, () => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const query = d1
      .prepare("SELECT 1 AS n")
      .first("n")
      .then((n) => {
        answered = true;
        return n;
      });
    // Many turns of the event loop: a query not held back would have answered by now.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(false);
    release();
    expect(await query).toBe(1);
  });

  it("delays the round trips of a session opened on the binding", async () => {
    const { d1, waits } = recordedDelay();
    const session = d1.withSession("first-unconstrained");
    await session.prepare("SELECT 1").first();
    await session.batch([session.prepare("SELECT 1"), session.prepare("SELECT 2")]);
    expect(waits).toEqual([25, 25]);
  });

  it("is counted as the same round trips by the counter wrapped around it", async () => {
    const { d1, waits } = recordedDelay();
    const counter = { count: 0 };
    const counted = countRoundTrips(d1, counter);
    await counted.batch([counted.prepare("SELECT 1"), counted.prepare("SELECT 2")]);
    await counted.prepare("SELECT 1").first();
    expect(counter.count).toBe(2);
    expect(waits).toHaveLength(2);
  });
});

describe("withSimulatedLatency", () => {
  it("leaves the binding itself when the variable is absent, zero, negative or not a number", () => {
    for (const value of [undefined, "", "0", "-5", "soon"]) {
      const settings = { APP_ENV: "development", D1_ROUND_TRIP_DELAY_MS: value };
      expect(simulatedRoundTripDelayMs(settings)).toBe(0);
      expect(withSimulatedLatency(env.DB, settings)).toBe(env.DB);
    }
  });

  it("never delays in production, whatever the variable says", () => {
    const production = { APP_ENV: "production", DB: env.DB, D1_ROUND_TRIP_DELAY_MS: "100" };
    expect(simulatedRoundTripDelayMs(production)).toBe(0);
    expect(withSimulatedLatency(env.DB, production)).toBe(env.DB);
    expect(envWithSimulatedLatency(production)).toBe(production);
  });

  it("wraps the binding once per delay outside production, so what is built on it stays shared", () => {
    const settings = { APP_ENV: "development", DB: env.DB, D1_ROUND_TRIP_DELAY_MS: "25" };
    expect(simulatedRoundTripDelayMs(settings)).toBe(25);
    const delayed = withSimulatedLatency(env.DB, settings);
    expect(delayed).not.toBe(env.DB);
    expect(withSimulatedLatency(env.DB, settings)).toBe(delayed);
    expect(envWithSimulatedLatency(settings).DB).toBe(delayed);
  });
});
