import type { Context } from "hono";
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

/** `text` as a stream of `size`-byte chunks, enqueued at once (a render that has finished before it is sent). */
function streamed(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.subarray(at, at + size));
      controller.close();
    },
  });
}

/** The `bytes` query parameter: a whole number up to MAX_BYTES, else null. */
function requestedBytes(value: string | undefined): number | null {
  const bytes = Number(value ?? "0");
  return Number.isInteger(bytes) && bytes >= 0 && bytes <= MAX_BYTES ? bytes : null;
}

/**
 * The benchmark's baselines (scripts/bench.mjs), served by the same Worker and middleware as the pages, at
 * `/api/bench/static` and `/api/bench/d1`:
 * - `static?bytes=N`: a static HTML response of N bytes, so that a page's server rendering reads as a ratio to it;
 * - `d1?bytes=N`: the same response after one D1 round trip of the smallest query, so that the bench can say what a
 *   page's one round trip costs on this runtime before its SQL does anything (decision 043).
 * - `&chunk=K` on either: the same bytes as a stream of K-byte chunks, as React's renderer writes a page (it enqueues
 *   what it has written in views of 2,048 bytes), so that the bench can say what a page's many chunks cost.
 * worker/app.ts loads this module only in builds with `__BENCH_DOORS__` (dev, tests, the benchmarks' builds); a
 * production build has no such door, and a production deployment of any build refuses it.
 */
export async function benchBaseline(c: Context<AppEnv>, baseline: "static" | "d1"): Promise<Response> {
  if (c.env.APP_ENV === "production") return c.json({ error: "not_found" }, 404);
  const bytes = requestedBytes(c.req.query("bytes"));
  if (bytes === null) return c.json({ error: "invalid_bytes" }, 400);
  const chunk = requestedBytes(c.req.query("chunk"));
  if (chunk === null) return c.json({ error: "invalid_chunk" }, 400);
  if (baseline === "d1") await c.get("request").db.$client.prepare("SELECT 1").first();
  const html = htmlOfSize(bytes);
  return chunk > 0 ? c.body(streamed(html, chunk), 200, { "Content-Type": "text/html; charset=UTF-8" }) : c.html(html);
}
