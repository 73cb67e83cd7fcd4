import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "#worker/app";

// The bench's baselines (worker/dev/bench.ts, scripts/bench.mjs): a response of exactly the asked size, after one D1
// round trip or none, through the Worker's own middleware; refused in production.

const app = createApp();
const get = (path: string, appEnv: Env = env) =>
  app.fetch(new Request(`http://localhost${path}`), appEnv, createExecutionContext());

describe("/api/bench", () => {
  it("answers a static page of exactly the asked size without touching D1", async () => {
    const response = await get("/api/bench/static?bytes=5000");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect((await response.text()).length).toBe(5000);
    expect(response.headers.get("x-d1-round-trips")).toBe("0");
  });

  it("answers the same page after exactly one D1 round trip", async () => {
    const response = await get("/api/bench/d1?bytes=5000");
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBe(5000);
    expect(response.headers.get("x-d1-round-trips")).toBe("1");
  });

  it("refuses sizes that are not a whole number up to 1 MiB", async () => {
    for (const bytes of ["-1", "1.5", "abc", String(1_048_577)]) {
      expect((await get(`/api/bench/static?bytes=${bytes}`)).status).toBe(400);
      expect((await get(`/api/bench/d1?bytes=${bytes}`)).status).toBe(400);
    }
  });

  it("does not exist in production", async () => {
    const production = { ...env, APP_ENV: "production" } as Env;
    for (const path of ["/api/bench/static?bytes=100", "/api/bench/d1?bytes=100"]) {
      const response = await get(path, production);
      expect(response.status).toBe(404);
      expect(response.headers.get("x-d1-round-trips")).toBeNull();
    }
  });
});
