// What the three benchmarks (bench.mjs, bench-orders.mjs, bench-chat.mjs) measure with, in one place: one HTTP call
// over a keep-alive agent with its elapsed time, the server's CPU time from /proc, quantiles, and where results go.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { root } from "./serve-test-build.mjs";

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU milliseconds (user + system) used so far by every process of the server's process group (Node and
 * workerd). CPU time per request barely moves when other programs load the machine; requests/s does.
 */
export function serverCpuMs(pgid) {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between readdir and read.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * One request over a keep-alive agent (a GET, or a POST of `json`); resolves with status, headers, the body as a
 * Buffer and the elapsed milliseconds.
 */
/**
 * @param {import("node:http").Agent} agent
 * @param {string} url
 * @param {{ cookie?: string; json?: unknown }} [options]
 */
export function timedRequest(agent, url, { cookie, json } = {}) {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers = {
      ...(cookie ? { cookie } : {}),
      ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
    };
    const started = process.hrtime.bigint();
    const request = http.request(url, { method: body ? "POST" : "GET", agent, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** The value at quantile `q` of an ascending list. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
export const median = (values) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Writes .bench/<file> (JSON) and returns its path relative to the repository. */
export function writeBenchResults(file, data) {
  mkdirSync(join(root, ".bench"), { recursive: true });
  writeFileSync(join(root, ".bench", file), `${JSON.stringify(data, null, 2)}\n`);
  return `.bench/${file}`;
}
