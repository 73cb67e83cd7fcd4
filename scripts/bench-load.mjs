// `npm run bench:load`: how the production build holds up under many visitors at once (issue 35), each page and
// action set beside a static response served by the same Worker in the same run.
//
// 1. Production build (no dev tools) served in workerd by `vite preview`, as the other benches serve it, on a fresh
//    local state with the demo data (.wrangler/bench-state-load).
// 2. Into that state, before the server starts (scripts/bench-load-fixtures.mjs): BENCH_ACCOUNTS client accounts,
//    each with a session, a saved card and a sign-in code, and for the first BENCH_CHAT_ROOMS of them an approved
//    order with the demo creator and its open chat room.
// 3. With autocannon, for each of BENCH_CONNECTIONS (50 and 500; 50, 200 and 500 with BENCH_FULL=1), BENCH_DURATION
//    seconds a cell:
//    - static: GET /api/bench/static?bytes=<size of a page>, for each page's size, before and after the other targets:
//      each page is held to the same bytes served static (the mean of its size's two cells); actions to the mean of
//      all. The static door is warmed up first, as each page is by its warm-up request;
//    - anonymous (served from the edge cache, decision 069): the BENCH_PAGES of /, /explore/creators, /democreator,
//      one of its work pages and its first form /cf/{code}, after one warm-up request each (the cache's MISS); the
//      count of each X-Cache value seen is printed;
//    - the same pages with a session cookie ("uncached": a signed-in page is never cached);
//    - sign-in: the code step (GET /api/auth/callback/email), one seeded code per request, one client address each;
//    - order request: POST /api/features/commission/service/submit, a new (client, service) pair each request;
//    - chat send: POST /api/features/chat/message/submit, round-robin over the rooms (woken beforehand), so that no
//      sender nears CHAT_SEND_LIMIT (10 a 10 s) while the rooms outnumber the sends a second (a room wakes slowly
//      locally, about 10 a second on a loaded machine, hence 200 by default).
// Prints answers, requests/s, p50/p95/p99, 5xx, refusals (503/429), errors and timeouts per target and connections,
// the ratio of throughput to the static response's, and each row's verdict (verdict() says what a row must meet),
// then where the 5xx came from, read off the server's whole log (.bench/load-server.log). Writes .bench/load.json.
// Goals are reported, not enforced: timings on a shared 2-core machine are not a test (and autocannon shares the
// cores with workerd). Exit code is non-zero only when the bench itself could not run.
//
// BENCH_SERVER=wrangler serves the build with `wrangler dev` instead of `vite preview`: no Node proxy in front of
// workerd, so the 500-connection rows show whether that proxy or the Worker is the limit (issue 48). BENCH_PROFILE=1
// also profiles each cell (scripts/bench-profiler.mjs; its timings are then not comparable with a plain run's).
//
//   BENCH_FULL=1 BENCH_DURATION=6 BENCH_CONNECTIONS=50,200,500 BENCH_PAGES=/,explore,explore-filters,profile,work,form
//   BENCH_ACCOUNTS=4000 BENCH_CHAT_ROOMS=200 BENCH_SKIP_BUILD=1
//   BENCH_TARGETS=static,anonymous,signed-in,sign-in,order,chat npm run bench:load
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadFixtures, openServices } from "./bench-load-fixtures.mjs";
import { quantile, serverCpuMs, writeBenchResults } from "./bench-tools.mjs";
import { startBenchServer } from "./bench-profiler.mjs";
import { build, log, prepareState, root, run } from "./serve-test-build.mjs";

// The default run takes a few minutes: 50 and 500 connections, three pages, 5 s cells. BENCH_FULL=1: the whole
// matrix (50, 200 and 500 connections, five pages, 6 s cells); each BENCH_* variable still overrides it.
const FULL = process.env.BENCH_FULL === "1";
const DURATION = Number(process.env.BENCH_DURATION ?? (FULL ? 6 : 5));
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? (FULL ? "50,200,500" : "50,500")).split(",").map(Number);
const PAGES = (process.env.BENCH_PAGES ?? (FULL ? "/,explore,profile,work,form" : "/,profile,form")).split(",");
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 4000);
const CHAT_ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 200);
const KINDS = new Set((process.env.BENCH_TARGETS ?? "static,anonymous,signed-in,sign-in,order,chat").split(","));
const STATE_DIR = join(root, ".wrangler", "bench-state-load");
const GOALS = { cached: 1.3, uncached: 3 };
const PREFIX = "bench-load";
const IDLE_WINDOW_MS = 500;
const IDLE_CPU_SHARE = 0.15;
const DRAIN_MAX_S = 120;
/** The server's whole output: what a 500 was is in the Worker's "request <id> failed" line. */
const SERVER_LOG = join(root, ".bench", "load-server.log");

/**
 * Runs one autocannon cell; `request` is autocannon's request object (path, method, headers, body, setupRequest).
 * @param {string} serverUrl
 * @param {number} connections
 * @param {any} request
 * @param {{ onHeaders?: (headers: Record<string, unknown>) => void; onLatency?: (ms: number) => void; stopWhen?: () => boolean }} [hooks]
 */
async function cell(serverUrl, connections, request, { onHeaders, onLatency, stopWhen } = {}) {
  let stopping = false;
  const { exhausted: _, ...spec } = request;
  const instance = autocannon({
    url: serverUrl,
    connections,
    duration: DURATION,
    timeout: 10,
    requests: [
      {
        ...spec,
        ...(onHeaders && { onResponse: (_status, _body, _context, headers) => onHeaders(headers) }),
        ...(spec.setupRequest && {
          setupRequest: (req) => {
            const next = spec.setupRequest(req);
            // A pool of one-time fixtures ran out: end the cell on what it measured so far.
            if (!stopping && stopWhen?.()) {
              stopping = true;
              setImmediate(() => instance.stop());
            }
            return next;
          },
        }),
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, ms) => onLatency?.(ms));
  return instance;
}

/**
 * Waits until the server is idle: a request whose client left at the end of a cell is still served (the preview's
 * proxy does not cancel it), and at 500 connections that backlog would otherwise be the next cell's queue. Idle:
 * under IDLE_CPU_SHARE of one core over IDLE_WINDOW_MS. Resolves with the seconds it waited (at most DRAIN_MAX_S).
 */
async function drain(pgid) {
  const started = Date.now();
  for (;;) {
    const before = serverCpuMs(pgid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
    const idle = serverCpuMs(pgid) - before < IDLE_WINDOW_MS * IDLE_CPU_SHARE;
    if (idle || Date.now() - started > DRAIN_MAX_S * 1000) return (Date.now() - started) / 1000;
  }
}

/** One target at one concurrency: autocannon's figures, the X-Cache values seen, and the server's CPU per request. */
async function measure(serverUrl, pgid, target, connections) {
  const xCache = {};
  const onHeaders = (headers) => {
    const key = Object.keys(headers).find((name) => name.toLowerCase() === "x-cache");
    const value = key ? String(headers[key]) : "none";
    xCache[value] = (xCache[value] ?? 0) + 1;
  };
  const request = target.request(connections);
  const cpuBefore = serverCpuMs(pgid);
  const latencies = [];
  const onLatency = (ms) => latencies.push(ms);
  const result = await cell(serverUrl, connections, request, { onHeaders, onLatency, stopWhen: request.exhausted });
  latencies.sort((a, b) => a - b);
  const cpuMs = serverCpuMs(pgid) - cpuBefore;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([s, v]) => [s, v.count]));
  const done = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const count = (test) => Object.entries(statuses).reduce((sum, [s, n]) => sum + (test(Number(s)) ? n : 0), 0);
  // A refusal under load (429, 503: the answer says to come back) is not a failure; any other 5xx is.
  const refused = count((s) => s === 429 || s === 503);
  const serverErrors = count((s) => s >= 500 && s !== 503);
  return {
    target: target.name,
    kind: target.kind,
    bytes: target.bytes ?? null,
    connections,
    seconds: result.duration,
    requests: done,
    rps: done / result.duration,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    serverErrors,
    refused,
    otherNon2xx: result.non2xx - refused - serverErrors,
    // autocannon's errors include its timeouts (no answer within 10 s) and dropped connections.
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statuses,
    xCache,
    cpuMsPerRequest: done ? cpuMs / done : NaN,
    poolExhausted: Boolean(request.exhausted?.()),
  };
}

/** The targets, in the order each concurrency runs them. */
function targets(fixtures, pages, staticSizes) {
  const list = [];
  const staticTargets = staticSizes.map((bytes) => ({
    name: `static (${bytes} B)`,
    kind: "static",
    bytes,
    request: () => staticRequest(bytes),
  }));
  if (KINDS.has("static")) list.push(...staticTargets);
  // The same bytes in React's 2,048-byte chunks: what a page's many chunks cost the stack, apart from its work.
  if (KINDS.has("streamed"))
    for (const bytes of staticSizes)
      list.push({
        name: `streamed (${bytes} B)`,
        kind: "streamed",
        bytes,
        request: () => ({ method: "GET", path: `/api/bench/static?bytes=${bytes}&chunk=2048` }),
      });
  if (KINDS.has("anonymous"))
    for (const page of pages)
      list.push({
        name: `${page.label} anon`,
        kind: "cached",
        bytes: page.bytes,
        request: () => ({ method: "GET", path: page.path }),
      });
  if (KINDS.has("signed-in"))
    for (const page of pages)
      list.push({
        name: `${page.label} signed in`,
        kind: "uncached",
        bytes: page.bytes,
        request: () => ({ method: "GET", path: page.path, headers: { cookie: fixtures.accounts[0].cookie } }),
      });
  if (KINDS.has("sign-in")) list.push(signInTarget(fixtures));
  if (KINDS.has("order")) list.push(orderTarget(fixtures));
  if (KINDS.has("chat")) list.push(chatTarget(fixtures));
  if (KINDS.has("static"))
    list.push(...staticTargets.map((t) => ({ ...t, name: `static again (${t.bytes} B)`, kind: "static-after" })));
  return list;
}

const staticRequest = (bytes) => ({ method: "GET", path: `/api/bench/static?bytes=${bytes}` });

/** The code step of a sign-in, one seeded code per request; each concurrency gets its own third of the accounts. */
function signInTarget(fixtures) {
  const slices = new Map();
  return {
    name: "sign-in (code step)",
    kind: "action",
    request: (connections) => {
      const index = CONNECTIONS.indexOf(connections);
      const size = Math.floor(fixtures.accounts.length / CONNECTIONS.length);
      const slice = fixtures.accounts.slice(index * size, (index + 1) * size);
      slices.set(connections, 0);
      const taken = () => slices.get(connections);
      return {
        method: "GET",
        path: "/api/auth/callback/email",
        exhausted: () => taken() >= slice.length,
        setupRequest: (req) => {
          const n = taken();
          slices.set(connections, n + 1);
          const account = slice[n % slice.length];
          // One client address per sign-in, as many visitors signing in at once come from many addresses: the
          // verify budget per address (decision 009) is not what this measures.
          req.path = `/api/auth/callback/email?email=${encodeURIComponent(account.email)}&token=${fixtures.code}`;
          req.headers = { "sec-fetch-site": "same-origin", "cf-connecting-ip": ipOf(index * size + n) };
          return req;
        },
      };
    },
  };
}

const ipOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A client's request for a creator's service, a new (client, service) pair each time: one pending request per pair. */
function orderTarget(fixtures) {
  let sent = 0;
  const pairs = fixtures.accounts.length * fixtures.services.length;
  return {
    name: "order request",
    kind: "action",
    request: () => ({
      method: "POST",
      path: "/api/features/commission/service/submit",
      exhausted: () => sent >= pairs,
      setupRequest: (req) => {
        const n = sent++;
        const account = fixtures.accounts[n % fixtures.accounts.length];
        const service = fixtures.services[Math.floor(n / fixtures.accounts.length) % fixtures.services.length];
        req.headers = { "content-type": "application/json", cookie: account.cookie };
        req.body = JSON.stringify(service.requestBody);
        return req;
      },
    }),
  };
}

/** A chat message over HTTP, round-robin over the rooms, each sent by its client. */
function chatTarget(fixtures) {
  let sent = 0;
  return {
    name: "chat send",
    kind: "action",
    request: () => ({
      method: "POST",
      path: "/api/features/chat/message/submit",
      setupRequest: (req) => {
        const n = sent++;
        const room = fixtures.rooms[n % fixtures.rooms.length];
        req.headers = { "content-type": "application/json", cookie: room.cookie };
        req.body = JSON.stringify({
          chatRoomId: room.roomId,
          clientMessageId: `load-${n}`,
          messageText: { text: `load test message ${n}`, languageCode: "en" },
          messageMedias: [],
        });
        return req;
      },
    }),
  };
}

/** The pages BENCH_PAGES names, with ids and codes read off the served demo creator's profile. */
async function discoverPages(serverUrl) {
  const html = await (await fetch(`${serverUrl}/democreator`)).text();
  const work = html.match(/href="(\/democreator\/works\/[^"?#]+)"/)?.[1];
  const form = html.match(/href="(\/cf\/[^"?#]+)"/)?.[1];
  if (!work || !form) throw new Error("/democreator links to no work page or no /cf/ form");
  const all = [
    { key: "/", label: "/", path: "/" },
    { key: "explore", label: "/explore/creators", path: "/explore/creators" },
    // Explore's filters (issue 66): open now, a price ceiling, a rating floor, the price sort.
    {
      key: "explore-filters",
      label: "explore, filtered",
      path: "/explore/creators?open=1&max=30000&rating=3&sort=price",
    },
    { key: "profile", label: "/democreator", path: "/democreator" },
    { key: "work", label: "work page", path: work },
    { key: "form", label: "/cf/{code}", path: form },
  ];
  return all.filter((page) => PAGES.includes(page.key));
}

const pad = (value, width) => String(value).padStart(width);
const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

/**
 * The goals a row is held to, with why it missed them; `met` null when none applies. Every row: each connection got
 * at least one answer (a cell that finished a handful of requests, or none, did not serve its visitors), no 5xx but
 * 503, no timeout or dropped connection, no unexpected 4xx. Pages: within their ratio of the static floor, when the
 * run measured it. 429 and 503 (refused under load, with Retry-After) are reported, not failed.
 */
function verdict(row, staticRps) {
  const ratio = staticRps > 0 && row.rps > 0 ? staticRps / row.rps : NaN;
  const goal = row.kind === "cached" ? GOALS.cached : row.kind === "uncached" ? GOALS.uncached : undefined;
  if (row.kind.startsWith("static")) return { ratio, met: null, missed: [] };
  const missed = [];
  if (row.requests < row.connections) missed.push(`${row.requests} answers for ${row.connections} connections`);
  if (row.serverErrors) missed.push(`${row.serverErrors} 5xx`);
  if (row.errors) missed.push(`${row.errors} errors (${row.timeouts} timeouts)`);
  if (row.otherNon2xx) missed.push(`${row.otherNon2xx} other non-2xx`);
  if (goal !== undefined && Number.isFinite(ratio) && ratio > goal) missed.push(`${ratio.toFixed(2)}x > ${goal}x`);
  return { ratio, met: missed.length === 0, missed };
}

/**
 * Why a row answered fewer connections than it had, when the reason is the machine's capacity and not a request lost
 * (issue 48): every connection's request at once needs `connections / rate` seconds at the rate the same target
 * sustained at the fewest connections, and the requests are served side by side, so none finishes early when that is
 * longer than the cell. Said only when nothing was dropped or timed out and the server went on answering after it.
 */
function capacityNote(row, rows) {
  if (row.requests >= row.connections || row.errors || row.serverErrors) return "";
  const fewest = rows.find((r) => r.target === row.target && r.connections === Math.min(...CONNECTIONS));
  if (!fewest || fewest === row || !(fewest.rps > 0)) return "";
  const seconds = row.connections / fewest.rps;
  if (seconds <= DURATION) return "";
  return ` (capacity: ${row.connections} requests at once need ${seconds.toFixed(1)} s at this target's ${fixed(fewest.rps)} req/s at ${fewest.connections} connections, more than the ${DURATION} s cell; none dropped, the rest answered in the ${fixed(row.drainSeconds, 1)} s after)`;
}

function printTable(rows) {
  const head = `${"target".padEnd(27)} ${pad("conns", 5)} ${pad("answers", 7)} ${pad("req/s", 6)} ${pad("p50 ms", 7)} ${pad("p95 ms", 7)} ${pad("p99 ms", 7)} ${pad("5xx", 4)} ${pad("503/429", 7)} ${pad("errors", 6)} ${pad("static/x", 8)} ${pad("CPU ms", 6)} ${pad("drain s", 7)}  X-Cache | verdict`;
  console.log(`\n${head}`);
  for (const connections of CONNECTIONS) {
    const ofCell = rows.filter((r) => r.connections === connections);
    const floors = ofCell.filter((r) => r.kind === "static" || r.kind === "static-after");
    const sameBytes = (row) => floors.filter((floor) => floor.bytes === row.bytes);
    for (const row of ofCell) {
      // The same bytes served static; an action (or a page without a floor of its size) against all the floors.
      const own = sameBytes(row).length > 0 ? sameBytes(row) : floors;
      const staticRps = own.reduce((sum, r) => sum + r.rps, 0) / (own.length || 1);
      const { ratio, met, missed } = verdict(row, staticRps);
      Object.assign(row, { staticRps, ratioToStatic: ratio, goalMet: met, missed });
      const cache = Object.entries(row.xCache)
        .map(([value, n]) => `${value} ${n}`)
        .join(", ");
      const mark = met === null ? "" : met ? "pass" : `FAIL: ${missed.join("; ")}${capacityNote(row, rows)}`;
      console.log(
        `${row.target.padEnd(27)} ${pad(connections, 5)} ${pad(row.requests, 7)} ${pad(fixed(row.rps), 6)} ${pad(fixed(row.p50), 7)} ${pad(fixed(row.p95), 7)} ${pad(fixed(row.p99), 7)} ${pad(row.serverErrors, 4)} ${pad(row.refused, 7)} ${pad(row.errors, 6)} ${pad(fixed(ratio, 2), 8)} ${pad(fixed(row.cpuMsPerRequest, 1), 6)} ${pad(fixed(row.drainSeconds, 1), 7)}  ${cache || "-"} | ${mark}${row.poolExhausted ? " (fixtures ran out)" : ""}`,
      );
    }
  }
  const judged = rows.filter((r) => r.goalMet !== null);
  console.log(`\nverdicts: ${judged.filter((r) => r.goalMet).length} of ${judged.length} rows pass`);
}

/**
 * Where the run's 5xx came from, read off the server's log: the Worker's own (its onError logs "request <id>
 * failed"), or the preview's Node proxy failing to reach workerd (it logs undici's "fetch failed" and answers 500).
 */
function serverErrorSources() {
  const text = readFileSync(SERVER_LOG, "utf8");
  const count = (pattern) => text.match(pattern)?.length ?? 0;
  return { worker: count(/^request \S+ failed:/gm), proxy: count(/^TypeError: fetch failed$/gm) };
}

let server;
let exitCode = 0;
try {
  if (process.env.BENCH_SKIP_BUILD === "1") log(PREFIX, "BENCH_SKIP_BUILD=1: using build/ as it is");
  else log(PREFIX, `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  prepareState(STATE_DIR, PREFIX, { media: false });
  const services = openServices(STATE_DIR);
  const fixtures = loadFixtures({ accounts: ACCOUNTS, chatRooms: CHAT_ROOMS, services });
  const sqlFile = join(tmpdir(), `comet-bench-load-${process.pid}.sql`);
  writeFileSync(sqlFile, fixtures.sql);
  const seeded = run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", sqlFile], {
    env: { CI: "true" },
    quiet: true,
  });
  log(
    PREFIX,
    `${fixtures.accounts.length} client accounts (session, card, sign-in code) and ${fixtures.rooms.length} open chat rooms inserted (${seeded.seconds.toFixed(1)} s); ${services.length} open services`,
  );
  mkdirSync(join(root, ".bench"), { recursive: true });
  server = await startBenchServer({ stateDir: STATE_DIR, prefix: PREFIX, logFile: SERVER_LOG });
  const pages = await discoverPages(server.url);
  const bytesOf = async (path) => Buffer.byteLength(await (await fetch(`${server.url}${path}`)).arrayBuffer());
  // One warm-up request a page (the cache's first MISS), then its size as a visitor gets it (the cache's copy).
  for (const page of pages) await bytesOf(page.path);
  for (const page of pages) page.bytes = await bytesOf(page.path);
  const staticSizes = pages.length > 0 ? [...new Set(pages.map((page) => page.bytes))] : [await bytesOf("/")];
  // The static door warmed up as the pages were: its first cell is not the isolate's first requests.
  for (const bytes of staticSizes)
    await autocannon({ url: server.url, connections: 10, amount: 500, requests: [staticRequest(bytes)] });
  // The chat rooms are woken by one message each.
  if (KINDS.has("chat")) {
    const warm = chatTarget(fixtures).request();
    const woke = await autocannon({
      url: server.url,
      connections: 20,
      amount: fixtures.rooms.length,
      requests: [warm],
    });
    log(PREFIX, `${fixtures.rooms.length} chat rooms woken (${woke.duration.toFixed(1)} s, ${woke.non2xx} non-2xx)`);
  }
  const [load1] = loadavg();
  const list = targets(fixtures, pages, staticSizes);
  await drain(server.pgid);
  const rows = [];
  for (const connections of CONNECTIONS) {
    for (const target of list) {
      // Profiled (BENCH_PROFILE=1), each cell's own profile: the Worker's own JavaScript per answered request, which
      // the CPU column (the whole local stack's) cannot separate (decision 085). The drain's answers are in the
      // profile but not in the count, so the figure is a little high: at most `connections` requests more were served.
      await server.profiler?.start();
      const row = await measure(server.url, server.pgid, target, connections);
      row.drainSeconds = await drain(server.pgid);
      await server.profiler?.stop(`load ${target.name} at ${connections}`, Math.max(1, row.requests), "request");
      rows.push(row);
      log(
        PREFIX,
        `${target.name} at ${connections}: ${fixed(row.rps)} req/s; the server served what was left for ${row.drainSeconds.toFixed(1)} s after`,
      );
    }
  }
  console.log(
    `\nComet load bench: production build in workerd (${server.kind === "vite" ? "vite preview" : "wrangler dev, no Node proxy"}), loopback, autocannon in this process, ${DURATION} s a cell; load average ${load1.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${cpus().length} cores`,
  );
  console.log(
    `answers: responses received in the cell. static/x: the requests/s of the same bytes served static (mean of the cells before and after) over the row's. 5xx: server errors but 503. 503/429: refused under load or by a rate limit. errors: timeouts and dropped connections. CPU ms: server CPU (Node + workerd) per request. drain s: how long the server went on serving requests whose client had left at the cell's end.`,
  );
  printTable(rows);
  const sources = serverErrorSources();
  console.log(
    `server log (${SERVER_LOG}): ${sources.worker} requests failed in the Worker; ${sources.proxy} times the preview's proxy could not reach workerd (answered 500 unless the client had left)`,
  );
  const file = writeBenchResults("load.json", {
    at: new Date().toISOString(),
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    cores: cpus().length,
    loadAverage: load1,
    staticSizes,
    pages,
    goals: GOALS,
    serverErrorSources: sources,
    rows,
  });
  log(PREFIX, `wrote ${file}`);
} catch (error) {
  console.error(`[${PREFIX}] ${error instanceof Error ? error.stack : error}`);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  server?.profiler?.close();
  await server?.stop();
}
process.exit(exitCode);
