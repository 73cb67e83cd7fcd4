import { Hono } from "hono";
import type { AppEnv } from "../http/context";

/** Largest body the route will make: a home page is tens of kilobytes; this is a guard, not a target. */
const MAX_BYTES = 1_048_576;
const OPEN = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body><p>';
const CLOSE = "</p></body></html>";
const bodies = new Map<number, string>();

/** A fixed ASCII HTML document of exactly `bytes` bytes, made once per size. */
function htmlOfSize(bytes: number): string {
  let body = bodies.get(bytes);
  if (body === undefined) {
    const padding = bytes - OPEN.length - CLOSE.length;
    body = padding >= 0 ? OPEN + "x".repeat(padding) + CLOSE : "x".repeat(bytes);
    if (bodies.size < 32) bodies.set(bytes, body);
  }
  return body;
}

/**
 * The benchmark's baseline (scripts/bench.mjs): a static HTML response of a given size, served by the same
 * Worker and middleware as the pages, so that the SSR cost of `/` can be read as a ratio to it.
 * Refused in production.
 */
export const benchRoutes = new Hono<AppEnv>();

benchRoutes.get("/static", (c) => {
  if (c.env.APP_ENV === "production") return c.json({ error: "not_found" }, 404);
  const bytes = Number(c.req.query("bytes") ?? "0");
  if (!Number.isInteger(bytes) || bytes < 0 || bytes > MAX_BYTES) return c.json({ error: "invalid_bytes" }, 400);
  return c.html(htmlOfSize(bytes));
});
