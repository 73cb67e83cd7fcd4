// `npm run bench:cache-flood`: the edge cache's flood from issue 45, against a production build. A script asked
// 3,000 × `GET /explore/creators.data?z=N` (a new query string each time, no sign-in), and the creator's next save,
// which purges the catalog, waited on one cache delete per stored key: 61.8 s instead of 0.3-0.6 s, and a signed-out
// page asked for during it failed. Decision 075 keys a page by the parameters it reads and caps the keys per tag.
//
// 1. Production build served in workerd by `vite preview` on a fresh demo state (.wrangler/bench-state-cache-flood),
//    with a session for the demo creator.
// 2. SAVES saves of the creator's profile step (POST /api/account/profile-step, which purges their pages and the
//    catalog), one at a time: the save before any flood.
// 3. The flood: FLOOD × `GET /explore/creators.data?z=N`, then SEARCHES × `GET /explore/creators?q=floodN` (a
//    parameter the page reads: each a page of its own, up to the cap), CONCURRENCY at a time.
// 4. The keys noted per tag (page_cache_keys, read beside the running server), which the next purge deletes.
// 5. SAVES saves again, each with a signed-out `GET /explore/creators` sent at the same moment.
// Prints the figures and writes .bench/cache-flood.json. Nothing is enforced: timings on a shared machine are no test.
//
//   BENCH_FLOOD=3000 BENCH_SEARCHES=1000 BENCH_SKIP_BUILD=1 npm run bench:cache-flood
import { writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_CREATOR_EMAIL, median, sessionFixture, timedRequest, writeBenchResults } from "./bench-tools.mjs";
import { build, freePort, log, prepareState, root, run, startPreview } from "./serve-test-build.mjs";

const FLOOD = Number(process.env.BENCH_FLOOD ?? 3000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1000);
const SAVES = Number(process.env.BENCH_SAVES ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 25);
/** Long enough to see a stalled save end (the probe's took 61.8 s), not only that it passed 30 s. */
const SAVE_TIMEOUT_MS = 180_000;
const STATE_DIR = join(root, ".wrangler", "bench-state-cache-flood");
const PREFIX = "bench-cache-flood";

/** `count` GETs of `pathOf(n)`, `CONCURRENCY` at a time; the statuses seen and the time it took. */
async function flood(agent, baseUrl, count, pathOf) {
  const statuses = new Map();
  const started = Date.now();
  for (let start = 0; start < count; start += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - start) }, (_, i) =>
      timedRequest(agent, `${baseUrl}${pathOf(start + i)}`),
    );
    for (const response of await Promise.all(batch))
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return { statuses: Object.fromEntries(statuses), seconds: (Date.now() - started) / 1000 };
}

/** SAVES saves of the creator's profile step, one at a time; with `visitor`, a signed-out page asked at each save. */
async function saves(agent, baseUrl, cookie, visitor) {
  const results = [];
  for (let n = 0; n < SAVES; n++) {
    const [save, page] = await Promise.all([
      timedRequest(agent, `${baseUrl}/api/account/profile-step`, {
        cookie,
        json: { name: `Demo ${n}` },
        timeoutMs: SAVE_TIMEOUT_MS,
      }),
      visitor
        ? timedRequest(agent, `${baseUrl}/explore/creators`, { timeoutMs: SAVE_TIMEOUT_MS }).catch((error) => ({
            status: error.message,
            ms: Number.NaN,
          }))
        : null,
    ]);
    if (save.status !== 200) throw new Error(`the save answered ${save.status} ${save.body}`);
    results.push({ saveMs: save.ms, pageStatus: page?.status ?? null, pageMs: page?.ms ?? null });
  }
  return results;
}

function keysPerTag() {
  const result = run(
    "wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      STATE_DIR,
      "--json",
      "--command",
      "SELECT CASE WHEN tag = 'catalog' THEN 'catalog' ELSE 'account:*' END AS tag, count(*) AS keys, sum(instr(cache_key, '?') > 0) AS queried FROM page_cache_keys GROUP BY 1",
    ],
    { env: { CI: "true" }, quiet: true },
  );
  return JSON.parse(result.stdout)[0].results;
}

let server;
let exitCode = 0;
try {
  if (process.env.BENCH_SKIP_BUILD === "1") log(PREFIX, "BENCH_SKIP_BUILD=1: using build/ as it is");
  else log(PREFIX, `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  prepareState(STATE_DIR, PREFIX, { media: false });
  const session = sessionFixture(DEMO_CREATOR_EMAIL, Date.now());
  const sqlFile = join(tmpdir(), `comet-${PREFIX}-${process.pid}.sql`);
  writeFileSync(sqlFile, session.sql);
  run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", sqlFile], {
    env: { CI: "true" },
    quiet: true,
  });
  server = await startPreview({ stateDir: STATE_DIR, port: await freePort(), prefix: PREFIX });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 1 });
  const [load1] = loadavg();

  // The first save warms the Worker; the catalog is then stored as visitors would store it.
  await saves(agent, server.url, session.cookie, false);
  await flood(agent, server.url, 4, (n) => ["/", "/explore/creators", "/_root.data", "/explore/creators.data"][n]);
  const before = await saves(agent, server.url, session.cookie, false);
  const junk = await flood(agent, server.url, FLOOD, (n) => `/explore/creators.data?z=${n}`);
  const searches = await flood(agent, server.url, SEARCHES, (n) => `/explore/creators?q=flood${n}`);
  const keys = keysPerTag();
  const after = await saves(agent, server.url, session.cookie, true);
  agent.destroy();

  const ms = (values) => `${median(values).toFixed(1)} ms (max ${Math.max(...values).toFixed(1)})`;
  console.log(
    `\nComet edge cache flood: production build in workerd (vite preview), loopback, ${CONCURRENCY} at a time; load average ${load1.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${cpus().length} cores\n`,
  );
  console.log(`the creator's save before the flood:  median ${ms(before.map((r) => r.saveMs))}`);
  console.log(
    `flood: ${FLOOD} × /explore/creators.data?z=N in ${junk.seconds.toFixed(1)} s ${JSON.stringify(junk.statuses)}; ${SEARCHES} × /explore/creators?q=floodN in ${searches.seconds.toFixed(1)} s ${JSON.stringify(searches.statuses)}`,
  );
  console.log(`the creator's save after the flood:   median ${ms(after.map((r) => r.saveMs))}`);
  console.log(
    `a signed-out /explore/creators during each save: ${after.map((r) => `${r.pageStatus} in ${r.pageMs.toFixed(1)} ms`).join(", ")}`,
  );
  console.log(
    `keys noted after the flood, which the first save purged: ${keys.map((k) => `${k.tag} ${k.keys} (${k.queried} with a query)`).join(", ") || "none"}`,
  );
  if (after.some((r) => r.pageStatus !== 200)) exitCode = 1;
  writeBenchResults("cache-flood.json", {
    at: new Date().toISOString(),
    flood: FLOOD,
    searches: SEARCHES,
    before,
    junk,
    searchesRun: searches,
    after,
    keys,
  });
  log(PREFIX, "wrote .bench/cache-flood.json");
} catch (error) {
  console.error(`[${PREFIX}] ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await server?.stop();
}
process.exit(exitCode);
