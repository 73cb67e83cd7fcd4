// `npm run bench`: how much server rendering costs per page, how many D1 round trips it takes, and how much
// JavaScript it ships. Pages: BENCH_PAGES (default "/"); demo data size: BENCH_CREATORS (default: the 25 demo
// creators). `npm run bench:catalog` measures /, /explore/creators (default, and searched and sorted by name),
// /democreator and a published form (/cf/*: the first one the demo creator links to) with 10,000 creators.
//
// 1. Production build (no dev tools), fresh local state with the demo data, served in workerd by `vite preview`
//    (BENCH_SERVER=wrangler: by `wrangler dev` on build/server/wrangler.json instead).
// 2. Load on loopback only, bounded: WARMUP, then REQUESTS requests at CONCURRENCY in flight (keep-alive, in
//    alternating rounds), for GET / and for GET /api/bench/static?bytes=<size of />, a fixed HTML string of the
//    same size from the same Worker (worker/dev/bench.ts). Their requests/s ratio is the SSR cost over the
//    Worker's floor (goal ≤ 3), with the spread of that ratio over the rounds. Also the server's CPU time per
//    request (Node + workerd, from /proc), whose ratio moves much less than requests/s when other programs load the
//    machine. A page that reads D1 is also set against /api/bench/d1?bytes=<size>, the same static response after
//    one round trip of `SELECT 1`: the part of the ratio that is the runtime's, not the page's (decision 043).
// 3. The client JS that each page loads (module scripts, modulepreloads, inline imports and their static imports),
//    gzipped with zlib: the floor that React and React Router set, and the route's own share above it (a guard, not a goal:
//    `npm run bench:js -- --check` holds each route to its committed baseline; docs/performance.md).
// Prints a table and writes .bench/results.json. Goals are reported, not enforced: timings on a shared 2-core
// machine are not a test. Exit code is non-zero only when the bench itself could not run.
//
//   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=8 BENCH_WARMUP=300 BENCH_SKIP_BUILD=1 BENCH_SERVER=vite|wrangler
//   BENCH_PAGES=/,/explore/creators BENCH_CREATORS=10000 npm run bench
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { quantile, serverCpuMs, timedRequest as get, writeBenchResults } from "./bench-tools.mjs";
import { floorFiles, readManifest } from "./route-js.mjs";
import { build, dropLocalTraces, freePort, log, prepareState, root, run, startPreview } from "./serve-test-build.mjs";

// Hidden source maps, so the floor of React and React Router is found as scripts/route-js.mjs finds it.
process.env.COMET_SOURCEMAP = "1";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const ROUNDS = 4;
const SERVER = process.env.BENCH_SERVER === "wrangler" ? "wrangler" : "vite";
const RATIO_GOAL = 3;
/** The Worker's own CPU per request: the page's minus that of a static response of the same size (issue 8). */
const OWN_CPU_GOAL_MS = 10;
const PAGES = (process.env.BENCH_PAGES ?? "/")
  .split(",")
  .map((page) => page.trim())
  .filter(Boolean);
const CREATORS = process.env.BENCH_CREATORS ? Number(process.env.BENCH_CREATORS) : undefined;
// The loaded state is kept between runs in .wrangler/bench-state-<creators> and reused while its key (the seed's
// sources and the migrations) is unchanged; BENCH_STATE_DIR names another state to reuse as it is (pending
// migrations applied). BENCH_FRESH_STATE=1 reloads.
const REUSED_STATE = process.env.BENCH_STATE_DIR;
const STATE_DIR = REUSED_STATE ?? join(root, ".wrangler", `bench-state-${CREATORS ?? "demo"}`);

/** The client JS floor's files (scripts/route-js.mjs), or null when build/ cannot tell them (no source maps). */
function clientJsFloor() {
  try {
    return floorFiles(readManifest());
  } catch (error) {
    log("bench", error instanceof Error ? error.message : String(error));
    return null;
  }
}

/** Exactly `total` requests with `concurrency` in flight; loopback only, bounded by count. */
async function load(url, total, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let issued = 0;
  let errors = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const lane = async () => {
    while (issued < total) {
      issued++;
      try {
        const response = await get(agent, url);
        latencies.push(response.ms);
        bytes = response.body.length;
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  agent.destroy();
  return { latencies, errors, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/**
 * The measured requests of each target, split into ROUNDS alternating rounds (A B A B …): a shared machine's
 * load changes over a minute, and alternating spreads that change over both targets instead of one.
 */
async function measure(targets, total, concurrency, pgid) {
  const runs = targets.map(() => ({ latencies: [], errors: 0, bytes: 0, seconds: 0, roundSeconds: [], cpuMs: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    const count = Math.floor(total / ROUNDS) + (round < total % ROUNDS ? 1 : 0);
    for (const [i, target] of targets.entries()) {
      const cpuBefore = serverCpuMs(pgid);
      const r = await load(target.url, count, concurrency);
      runs[i].cpuMs += serverCpuMs(pgid) - cpuBefore;
      runs[i].latencies.push(...r.latencies);
      runs[i].errors += r.errors;
      runs[i].bytes = r.bytes;
      runs[i].seconds += r.seconds;
      runs[i].roundSeconds.push(r.seconds);
    }
  }
  return runs.map(({ latencies, errors, bytes, seconds, roundSeconds, cpuMs }) => {
    latencies.sort((a, b) => a - b);
    return {
      requests: total,
      errors,
      bytes,
      rps: total / seconds,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      seconds,
      roundSeconds,
      cpuMsPerRequest: cpuMs / total,
    };
  });
}

/** Every JS file the page makes the browser load at start: entry scripts, modulepreloads, their static imports. */
async function clientScripts(baseUrl, html) {
  const found = new Set();
  const add = (src, from) => {
    const url = new URL(src, from);
    if (url.origin === new URL(baseUrl).origin && /\.m?js$/.test(url.pathname)) found.add(url.href);
  };
  for (const [, src] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) add(src, baseUrl);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel="modulepreload"/.test(tag)) add(tag.match(/\bhref="([^"]+)"/)?.[1] ?? "", baseUrl);
  }
  for (const [, inline] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, bare, from] of inline.matchAll(/\bimport\s*\(?\s*["']([^"']+)["']|\bfrom\s*["']([^"']+)["']/g))
      add(bare ?? from, baseUrl);
  }
  // Static imports inside the chunks load at start too (dynamic import() ones do not, and are not counted).
  const files = [];
  const seen = new Set();
  const queue = [...found];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body).length });
    const code = body.toString("utf8");
    for (const [, a, b] of code.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']|\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
    )) {
      const next = new URL(a ?? b, url);
      if (/\.m?js$/.test(next.pathname) && !seen.has(next.href)) queue.push(next.href);
    }
  }
  return files.sort((a, b) => b.gzip - a.gzip);
}

/** `/cf/*` in BENCH_PAGES: the demo creator's first public form, whatever its generated code. */
async function firstFormPath(agent, base) {
  const profile = await get(agent, `${base}/democreator`);
  const path = profile.body.toString("utf8").match(/href="(\/cf\/[A-Za-z0-9_-]+)"/)?.[1];
  if (!path) throw new Error("/democreator links to no /cf/ form");
  return path;
}

/** What the kept state was made from: the seed's sources, the migrations and the creator count. */
function stateKey() {
  const hash = createHash("sha256").update(String(CREATORS ?? "demo"));
  for (const dir of ["scripts/seed", "scripts/seed/data", "migrations"]) {
    for (const name of readdirSync(join(root, dir)).sort()) {
      if (/\.(mjs|sql)$/.test(name)) hash.update(name).update(readFileSync(join(root, dir, name)));
    }
  }
  hash.update(readFileSync(join(root, "scripts/seed-local.mjs")));
  return hash.digest("hex").slice(0, 16);
}

/** Loads the state once (rows only: the bench fetches pages, not pictures) and reuses it while its key holds. */
function ensureBenchState() {
  const keyFile = join(STATE_DIR, "bench-state-key");
  const key = stateKey();
  if (process.env.BENCH_FRESH_STATE !== "1" && existsSync(keyFile) && readFileSync(keyFile, "utf8") === key) {
    log("bench", `reusing the state in ${STATE_DIR} (key ${key})`);
    return;
  }
  const started = Date.now();
  prepareState(STATE_DIR, "bench", { creators: CREATORS, media: false });
  writeFileSync(keyFile, key);
  log("bench", `state loaded in ${((Date.now() - started) / 1000).toFixed(1)} s and kept in ${STATE_DIR} (key ${key})`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (value, width) => String(value).padStart(width);

let server;
let exitCode = 0;
try {
  if (process.env.BENCH_SKIP_BUILD === "1") log("bench", "BENCH_SKIP_BUILD=1: using build/ as it is");
  else log("bench", `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  if (REUSED_STATE) {
    run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR], {
      env: { CI: "true" },
      quiet: true,
    });
    log("bench", `reusing the state in ${STATE_DIR} (pending migrations applied)`);
  } else {
    ensureBenchState();
    dropLocalTraces(STATE_DIR);
  }
  server = await startPreview({ stateDir: STATE_DIR, port: await freePort(), prefix: "bench", server: SERVER });
  const base = server.url;
  const probeAgent = new http.Agent({ keepAlive: false });
  const [load1Before] = loadavg();
  const report = {
    at: new Date().toISOString(),
    server: SERVER,
    creators: CREATORS ?? (REUSED_STATE ? `as in ${REUSED_STATE}` : "demo"),
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    warmup: WARMUP,
    /** @type {object[]} */
    pages: [],
  };

  console.log(
    `\nComet bench: production build in workerd (${SERVER === "vite" ? "vite preview" : "wrangler dev"}), loopback, ${REQUESTS} requests per target at concurrency ${CONCURRENCY} in ${ROUNDS} alternating rounds after ${WARMUP} warm-up; creators: ${report.creators}; load average ${load1Before.toFixed(1)} on ${cpus().length} cores`,
  );
  // The floor: the client entry and its imports (React, React DOM, React Router), as scripts/route-js.mjs counts it;
  // none on a build without source maps (BENCH_SKIP_BUILD=1 on another command's build).
  const floor = clientJsFloor();
  for (const listed of PAGES) {
    const path = listed === "/cf/*" ? await firstFormPath(probeAgent, base) : listed;
    const page = await get(probeAgent, `${base}${path}`);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
    const size = page.body.length;
    const staticUrl = `${base}/api/bench/static?bytes=${size}`;
    const probe = await get(probeAgent, staticUrl);
    if (probe.status !== 200 || probe.body.length !== size)
      throw new Error(`GET /api/bench/static answered ${probe.status} (${probe.body.length} bytes)`);
    const roundTrips = page.headers["x-d1-round-trips"] ?? "n/a";

    // A page that reads D1 is also measured against the static response after one round trip of the smallest query:
    // what this runtime's round trip costs before the page's SQL or rendering does anything (decision 043).
    const targets = [
      { name: `GET ${path}`, url: `${base}${path}` },
      { name: `static HTML (${size} B)`, url: staticUrl },
      ...(Number(roundTrips) > 0
        ? [{ name: "static after 1 D1 round trip", url: `${base}/api/bench/d1?bytes=${size}` }]
        : []),
    ];
    for (const target of targets) await load(target.url, WARMUP, CONCURRENCY);
    const [ssr, fixed, afterD1] = await measure(targets, REQUESTS, CONCURRENCY, server.pgid);
    const ratio = fixed.rps / ssr.rps;
    const roundRatios = ssr.roundSeconds.map((seconds, round) => seconds / fixed.roundSeconds[round]);
    const cpuRatio = ssr.cpuMsPerRequest / fixed.cpuMsPerRequest;
    const ownCpuMs = ssr.cpuMsPerRequest - fixed.cpuMsPerRequest;
    const scripts = await clientScripts(base, page.body.toString("utf8"));
    const js = {
      files: scripts.length,
      raw: scripts.reduce((sum, f) => sum + f.raw, 0),
      gzip: scripts.reduce((sum, f) => sum + f.gzip, 0),
      list: scripts,
    };
    const floorGzip = floor ? scripts.filter((f) => floor.has(f.url)).reduce((sum, f) => sum + f.gzip, 0) : null;
    const ownGzip = floor ? js.gzip - /** @type {number} */ (floorGzip) : null;

    console.log(
      `\n${"target".padEnd(30)} ${pad("bytes", 8)} ${pad("req/s", 9)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("CPU ms/req", 11)} ${pad("errors", 7)}`,
    );
    for (const [{ name }, r] of [[targets[0], ssr], [targets[1], fixed], ...(afterD1 ? [[targets[2], afterD1]] : [])]) {
      console.log(
        `${name.padEnd(30)} ${pad(r.bytes, 8)} ${pad(r.rps.toFixed(0), 9)} ${pad(r.p50.toFixed(2), 8)} ${pad(r.p99.toFixed(2), 8)} ${pad(r.cpuMsPerRequest.toFixed(2), 11)} ${pad(r.errors, 7)}`,
      );
    }
    console.log(
      `${path}: static ÷ SSR requests/s ${ratio.toFixed(2)} (goal ≤ ${RATIO_GOAL}: ${ratio <= RATIO_GOAL ? "met" : "NOT met"}; its ${ROUNDS} rounds ${Math.min(...roundRatios).toFixed(2)}–${Math.max(...roundRatios).toFixed(2)}); SSR ÷ static CPU per request ${cpuRatio.toFixed(2)}`,
    );
    if (afterD1)
      console.log(
        `${path}: static ÷ static after 1 D1 round trip, requests/s ${(fixed.rps / afterD1.rps).toFixed(2)} (the floor of a page that reads D1, before its SQL and rendering)`,
      );
    console.log(
      `${path}: the Worker's own CPU per request (page − static, mean over the run) ${ownCpuMs.toFixed(2)} ms (goal ≤ ${OWN_CPU_GOAL_MS}: ${ownCpuMs <= OWN_CPU_GOAL_MS ? "met" : "NOT met"})`,
    );
    console.log(
      `${path}: D1 round trips per request (signed out): ${roundTrips} (goal ≤ 2: ${Number(roundTrips) <= 2 ? "met" : "NOT met"})`,
    );
    if (floor)
      console.log(
        `${path}: client JS floor (React, React Router) ${kb(floorGzip)} gzip; this route's own ${kb(ownGzip)} gzip (guarded against its baseline by npm run bench:js)`,
      );
    else
      console.log(
        `${path}: client JS floor and this route's own share: not measured, build/ has no source maps (run without BENCH_SKIP_BUILD, or npm run bench:js)`,
      );
    console.log(`${path}: client JS in all (floor and own) ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip`);
    for (const file of scripts.slice(0, 6))
      console.log(`  ${pad(kb(file.gzip), 9)} gzip ${pad(kb(file.raw), 9)} raw  ${file.url}`);
    report.pages.push({
      path,
      ssr,
      static: fixed,
      staticAfterD1: afterD1 ?? null,
      ratio,
      roundRatios,
      cpuRatio,
      ownCpuMs,
      roundTrips,
      js: { ...js, floorGzip, ownGzip },
    });
    if (ssr.errors > 0 || fixed.errors > 0 || afterD1?.errors > 0) exitCode = 1;
  }

  writeBenchResults("results.json", report);
  log("bench", "wrote .bench/results.json");
  if (exitCode) log("bench", "some requests failed: the figures above are not trustworthy");
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await server?.stop();
}
process.exit(exitCode);
