// `npm run bench:profile -- <path> [<path> …]`: where the Worker's CPU goes while it serves a page. A production
// build in workerd (`wrangler dev` on build/server/wrangler.json, its DevTools inspector open), the bench's kept
// state (`npm run bench:catalog` makes the 10,000-creator one), then for each path: warm-up, V8's sampling profiler
// over PROFILE_REQUESTS requests at concurrency 4, and the functions that took the most CPU per request, by their own
// time and including what they call. Each profile is also written to .bench/profile-<path>.cpuprofile, which Chrome
// DevTools (Performance, "Load profile") opens. PROFILE_SIGNED_IN=1 profiles the pages as the demo client sees them.
// scripts/bench-profiler.mjs has the inspector; the objects' benches profile with `BENCH_PROFILE=1`.
//
//   PROFILE_SIGNED_IN=1 PROFILE_STATE_DIR=.wrangler/bench-state-profile npm run bench:profile -- / /democreator
//   PROFILE_REQUESTS=300 PROFILE_SKIP_BUILD=1 PROFILE_STATE_DIR=.wrangler/bench-state-10000 npm run bench:profile -- /explore/creators
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import { join } from "node:path";
import { openInspector } from "./bench-profiler.mjs";
import { DEMO_CLIENT_EMAIL, sessionFixture } from "./bench-tools.mjs";
import { build, dropLocalTraces, freePort, log, prepareState, root, run, startPreview } from "./serve-test-build.mjs";

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const CONCURRENCY = 4;
const WARMUP = 100;

/** `total` GETs of `url`, `CONCURRENCY` in flight over keep-alive connections. */
async function load(url, total, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  /** @returns {Promise<void>} */
  const get = () =>
    new Promise((resolve, reject) =>
      http
        .get(url, { agent, headers }, (response) => {
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
// PROFILE_SIGNED_IN=1: every request carries a session of the demo client, as a signed-in page is served (never from
// the edge cache), so the profile shows the session read, the header's counts and menus, and the render.
const headers = {};
if (process.env.PROFILE_SIGNED_IN === "1") {
  const session = sessionFixture(DEMO_CLIENT_EMAIL, Date.now());
  const sqlFile = join(tmpdir(), `comet-profile-${process.pid}.sql`);
  writeFileSync(sqlFile, session.sql);
  run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", sqlFile], {
    env: { CI: "true" },
    quiet: true,
  });
  headers.cookie = session.cookie;
  log("profile", `signed in as ${DEMO_CLIENT_EMAIL}`);
}
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
  const devtools = await openInspector(inspectorPort);
  for (const path of paths) {
    const url = `${server.url}${path}`;
    await load(url, WARMUP, headers);
    await devtools.start();
    await load(url, REQUESTS, headers);
    await devtools.stop(`GET ${path}${headers.cookie ? " signed in" : ""}`, REQUESTS, "request");
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
