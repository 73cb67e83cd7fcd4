// `npm run bench:profile -- <path> [<path> …]`: where the Worker's CPU goes while it serves a page. A production
// build in workerd (`wrangler dev` on build/server/wrangler.json, its DevTools inspector open), the bench's kept
// state (`npm run bench:catalog` makes the 10,000-creator one), then for each path: warm-up, V8's sampling profiler
// over PROFILE_REQUESTS requests at concurrency 4, and the functions that took the most CPU per request, by their own
// time and including what they call. Each profile is also written to .bench/profile-<path>.cpuprofile, which Chrome
// DevTools (Performance, "Load profile") opens.
//
// The inspector is wrangler's proxy, which accepts a DevTools connection only with an Origin header; a direct
// connection to workerd's own inspector answers Runtime.enable but never Profiler.enable (decision 040).
// Sampling costs CPU of its own: compare the functions with each other, not the totals with `npm run bench`.
//
//   PROFILE_REQUESTS=300 PROFILE_SKIP_BUILD=1 PROFILE_STATE_DIR=.wrangler/bench-state-10000 npm run bench:profile -- /explore/creators
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { NOT_SAMPLED, summarizeProfile } from "./cpu-profile.mjs";
import { build, dropLocalTraces, freePort, log, prepareState, root, startPreview } from "./serve-test-build.mjs";

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const CONCURRENCY = 4;
const WARMUP = 100;
const TOP = Number(process.env.PROFILE_TOP ?? 25);

/** A DevTools protocol session over wrangler's inspector proxy. */
async function inspect(inspectorPort) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`, {
    headers: { Origin: `http://127.0.0.1:${inspectorPort}` },
  });
  const pending = new Map();
  let nextId = 0;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${waiter.method}: ${JSON.stringify(message.error)}`));
    else waiter.resolve(message.result ?? {});
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`no inspector at port ${inspectorPort}`)), { once: true });
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { method, resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** `total` GETs of `url`, `CONCURRENCY` in flight over keep-alive connections. */
async function load(url, total) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  /** @returns {Promise<void>} */
  const get = () =>
    new Promise((resolve, reject) =>
      http
        .get(url, { agent }, (response) => {
          response.resume();
          response.on("end", () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`)),
          );
        })
        .on("error", reject),
    );
  let issued = 0;
  const lane = async () => {
    while (issued < total) {
      issued++;
      await get();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  agent.destroy();
}

const paths = process.argv.slice(2);
if (paths.length === 0) paths.push("/explore/creators");
const stateDir = process.env.PROFILE_STATE_DIR ?? join(root, ".wrangler", "bench-state-10000");
if (process.env.PROFILE_SKIP_BUILD === "1") log("profile", "PROFILE_SKIP_BUILD=1: using build/ as it is");
else log("profile", `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
if (!existsSync(stateDir)) {
  log(
    "profile",
    `${stateDir} does not exist: profiling on the demo data (npm run bench:catalog keeps the 10,000-creator state)`,
  );
  prepareState(stateDir, "profile");
}
// The bench's kept state does not keep the traces of earlier runs (serve-test-build.mjs); a state named by
// PROFILE_STATE_DIR is used as it is.
if (!process.env.PROFILE_STATE_DIR) dropLocalTraces(stateDir);
const inspectorPort = await freePort();
const server = await startPreview({
  stateDir,
  port: await freePort(),
  prefix: "profile",
  server: "wrangler",
  inspectorPort,
});
let exitCode = 0;
try {
  const devtools = await inspect(inspectorPort);
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: 100 });
  mkdirSync(join(root, ".bench"), { recursive: true });
  for (const path of paths) {
    const url = `${server.url}${path}`;
    await load(url, WARMUP);
    await devtools.send("Profiler.start");
    await load(url, REQUESTS);
    const { profile } = await devtools.send("Profiler.stop");
    const file = join(
      root,
      ".bench",
      `profile-${path.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "") || "root"}.cpuprofile`,
    );
    writeFileSync(file, JSON.stringify(profile));
    const { self, total } = summarizeProfile(profile, REQUESTS);
    const busy = total.find((row) => row.fn === "(root)")?.ms ?? 0;
    const idle = self.find((row) => row.fn === "(idle)")?.ms ?? 0;
    const notSampled = self.find((row) => row.fn === NOT_SAMPLED)?.ms ?? 0;
    console.log(
      `\nGET ${path}: ${REQUESTS} requests, ${(busy - idle).toFixed(2)} ms of the Worker's own JavaScript and runtime calls per request in samples (${file.replace(`${root}/`, "")})`,
    );
    console.log(
      `  and ${notSampled.toFixed(2)} ms a request of wall time at concurrency ${CONCURRENCY} without a sample of this isolate (I/O waits, D1's objects, the runtime's own work)`,
    );
    console.log("  ms/request, own time:");
    for (const row of self.filter((row) => row.fn !== "(idle)" && row.fn !== NOT_SAMPLED).slice(0, TOP))
      console.log(`  ${row.ms.toFixed(3).padStart(8)}  ${row.fn}`);
    console.log("  ms/request, including what it calls:");
    for (const row of total.filter((row) => !["(root)", "(idle)"].includes(row.fn)).slice(0, TOP))
      console.log(`  ${row.ms.toFixed(3).padStart(8)}  ${row.fn}`);
  }
  devtools.close();
} catch (error) {
  console.error(`[profile] ${error instanceof Error ? error.message : error}`);
  console.error(server.output());
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
