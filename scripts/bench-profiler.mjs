// V8's sampling profiler on the Worker's isolate while a bench runs, shared by `npm run bench:profile` (pages) and the
// benches of the objects (`BENCH_PROFILE=1 npm run bench:chat`, `… bench:orders`). The Order and ChatRoom objects are
// classes of the Worker's own script, so workerd runs them in the Worker's isolate: one profile shows the Worker and
// the objects together.
//
// The inspector is wrangler's proxy, which accepts a DevTools connection only with an Origin header; a direct
// connection to workerd's own inspector answers Runtime.enable but never Profiler.enable (decision 040). So a profiled
// bench serves the build with `wrangler dev` instead of `vite preview` (no Node proxy in front of workerd).
// Sampling costs CPU of its own: compare the functions with each other, not a profiled run's timings with a plain one.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NOT_SAMPLED, summarizeProfile } from "./cpu-profile.mjs";
import { freePort, root, startPreview } from "./serve-test-build.mjs";

const TOP = Number(process.env.PROFILE_TOP ?? 25);

/** A DevTools protocol session over wrangler's inspector proxy. */
export async function openInspector(inspectorPort) {
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
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  return {
    /** Starts sampling; `stop` ends it. */
    start: () => send("Profiler.start"),
    /**
     * Ends sampling, writes `.bench/profile-<name>.cpuprofile` and prints the functions with the most CPU per `unit`
     * (`units` of them: requests, messages), by own time and including what they call.
     */
    async stop(name, units, unit) {
      const { profile } = await send("Profiler.stop");
      mkdirSync(join(root, ".bench"), { recursive: true });
      const file = join(
        root,
        ".bench",
        `profile-${name.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "") || "root"}.cpuprofile`,
      );
      writeFileSync(file, JSON.stringify(profile));
      printProfile(profile, units, unit, `${name} (${file.replace(`${root}/`, "")})`);
    },
    close: () => socket.close(),
  };
}

function printProfile(profile, units, unit, title) {
  const { self, total } = summarizeProfile(profile, units);
  const busy = total.find((row) => row.fn === "(root)")?.ms ?? 0;
  const idle = self.find((row) => row.fn === "(idle)")?.ms ?? 0;
  const notSampled = self.find((row) => row.fn === NOT_SAMPLED)?.ms ?? 0;
  console.log(
    `\n${title}: ${units} ${unit}s, ${(busy - idle).toFixed(2)} ms of the isolate's own JavaScript and runtime calls per ${unit} in samples`,
  );
  console.log(
    `  and ${notSampled.toFixed(2)} ms a ${unit} of wall time without a sample of this isolate (I/O waits, D1's objects, the runtime's own work)`,
  );
  console.log(`  ms/${unit}, own time:`);
  for (const row of self.filter((row) => row.fn !== "(idle)" && row.fn !== NOT_SAMPLED).slice(0, TOP))
    console.log(`  ${row.ms.toFixed(3).padStart(8)}  ${row.fn}`);
  console.log(`  ms/${unit}, including what it calls:`);
  for (const row of total.filter((row) => !["(root)", "(idle)"].includes(row.fn)).slice(0, TOP))
    console.log(`  ${row.ms.toFixed(3).padStart(8)}  ${row.fn}`);
}

/**
 * The bench's server: `vite preview` as the other benches serve the build, or `wrangler dev` serving it directly with
 * BENCH_SERVER=wrangler (no Node proxy in front of workerd: what that proxy costs) or BENCH_PROFILE=1 (which needs
 * wrangler's inspector). `profiler` is null unless profiling.
 */
/** @param {{ stateDir: string; prefix: string; logFile?: string }} options */
export async function startBenchServer({ stateDir, prefix, logFile }) {
  const profiling = process.env.BENCH_PROFILE === "1";
  const server = profiling || process.env.BENCH_SERVER === "wrangler" ? "wrangler" : "vite";
  const inspectorPort = profiling ? await freePort() : undefined;
  const started = await startPreview({ stateDir, port: await freePort(), prefix, server, inspectorPort, logFile });
  const profiler = inspectorPort ? await openInspector(inspectorPort) : null;
  return { ...started, kind: server, profiler };
}
