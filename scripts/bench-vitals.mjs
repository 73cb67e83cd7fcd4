// `npm run bench:vitals`: what a visitor on a phone feels (issue 35, docs/decisions/072). Opens /, /explore/creators, a
// profile (/democreator), one of its works and an order page (the demo client's DEMO-PAID, signed in) in Debian's
// Chromium on the production build (vite preview, workerd, behind a proxy that speaks HTTP/2 and gzips like the edge),
// each in a fresh browser context (a first visit: nothing cached), with a mid-range phone's CPU (4× slowdown) and
// Chrome DevTools' own "Slow 4G" preset, in a phone's viewport, and reads LCP, INP and CLS with the web-vitals package
// (its attribution build, reportAllChanges).
// INP comes from a click on every page (the header's language menu, opened then closed with Escape) and, on explore,
// a typed search (five characters into the search box). The values are flushed by making the page hidden the way
// web-vitals' own tests do (a `visibilitychange` to "hidden"), then read.
//
// Goals (issue 35): LCP ≤ 1.5 s, INP ≤ 100 ms, CLS ≤ 0.05 on every page. Each page is loaded RUNS times (default 3)
// and judged on the median of each metric, which a single slow load on a shared machine cannot move. With --check
// (scripts/test.mjs, one test) a page is loaded until one load passes, at most CHECK_LOADS times, and judged on each
// metric's best load: other programs on the machine only add time, a regression is in every load. INP and CLS are
// held to the goals; LCP is held to the committed baseline (bench/vitals-baseline.json) as the time from the first
// byte to the largest paint, within LCP_TOLERANCE_MS (docs/decisions/074: on this machine the goal sits within noise
// of what two of the pages can do, and the server's time is noise here, measured by bench:latency and bench:load).
// Exit 1 then. Prints a table and the machine's cores and load; writes .bench/vitals.json.
//
//   node scripts/bench-vitals.mjs [--check | --update-baseline] [--skip-build] [--state DIR] [--runs N]
// --update-baseline loads each page RUNS times (default 5 then) and writes each page's best first-byte-to-paint as
// its new baseline: a deliberate step, on a quiet machine, when a page's LCP changes on purpose.
// --skip-build (or VITALS_SKIP_BUILD=1) measures build/ as it is: it must be a production build. --state DIR serves a
// local state already migrated and seeded with the demo data instead of preparing .wrangler/vitals-state (about 30 s
// on a busy machine). scripts/test.mjs runs this right after `npm run preview -- --check`, on its build and its state.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { request as httpRequest } from "node:http";
import { createSecureServer } from "node:http2";
import { connect } from "node:net";
import { createGzip } from "node:zlib";
import { chromium, devices } from "@playwright/test";
import { median, writeBenchResults } from "./bench-tools.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { build, freePort, log, prepareState, root, startPreview } from "./serve-test-build.mjs";

export const GOALS = { lcp: 1500, inp: 100, cls: 0.05 };

/**
 * Chrome DevTools' "Slow 4G" preset, as DevTools sends it to Network.emulateNetworkConditions
 * (devtools-frontend front_end/core/sdk/NetworkManager.ts, Slow4GConditions: ~1.6 Mbps down, ~0.75 Mbps up, each
 * ×0.9, and a 150 ms target RTT ×3.75): 180,000 B/s down, 84,375 B/s up, 562.5 ms of latency per request.
 */
export const SLOW_4G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
  connectionType: "cellular4g",
};
/** A mid-range phone's CPU: DevTools' and Lighthouse's mobile slowdown. */
export const CPU_SLOWDOWN = 4;
const PHONE = devices["Pixel 7"];

const args = process.argv.slice(2);
const check = args.includes("--check");
const updateBaseline = args.includes("--update-baseline");
const skipBuild = args.includes("--skip-build") || process.env.VITALS_SKIP_BUILD === "1";
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 3) : updateBaseline ? 5 : 3;
const stateArg = args.indexOf("--state");
const STATE_DIR = stateArg >= 0 ? resolve(root, args[stateArg + 1]) : join(root, ".wrangler", "vitals-state");
/** The demo seed's buyer and one of their orders (scripts/seed/orders.mjs): paid, awaiting delivery. */
const BUYER = "client@demo.comet.local";
const ORDER_PAGE = "/dashboard/commission/client/requests?order=DEMO-PAID";
// The attribution build as a classic script (window.webVitals); the package exports only its modules, so found beside them.
const WEB_VITALS = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("web-vitals")), "web-vitals.attribution.iife.js"),
  "utf8",
);

/**
 * Runs in the page before its own scripts: every metric's latest value (and what caused it) on window.__vitals.
 * `wv` is the IIFE's `webVitals`, passed in: Playwright runs an init script in a scope of its own, not on window.
 */
function collectVitals(/** @type {any} */ wv) {
  const vitals = /** @type {Record<string, unknown>} */ ({});
  Object.assign(globalThis, { __vitals: vitals });
  const keep = (/** @type {any} */ metric) => {
    const a = metric.attribution ?? {};
    vitals[metric.name] = {
      value: metric.value,
      // LCP: the element and where its time went; CLS: what shifted most; INP: the slowest interaction's parts.
      target: a.target ?? a.largestShiftTarget ?? a.interactionTarget ?? null,
      url: a.url ?? null,
      parts:
        metric.name === "LCP"
          ? [a.timeToFirstByte, a.resourceLoadDelay, a.resourceLoadDuration, a.elementRenderDelay]
          : metric.name === "INP"
            ? [a.inputDelay, a.processingDuration, a.presentationDelay, a.interactionType]
            : null,
    };
  };
  const options = { reportAllChanges: true };
  wv.onLCP(keep, options);
  wv.onCLS(keep, options);
  // 16 ms, the Event Timing API's floor: every interaction that takes a frame or more counts, not only those over 40.
  wv.onINP(keep, { ...options, durationThreshold: 16 });
}

/** Signs the demo buyer in through the API the sign-in dialog calls; the code is read from the local dev mailbox. */
async function signInBuyer(browser, base) {
  // Playwright's API requests do not go through the browser's network stack, so not its certificate flag.
  const context = await browser.newContext({ baseURL: base, ignoreHTTPSErrors: true });
  const send = await context.request.post("/api/auth/email/send", { data: { email: BUYER } });
  if (send.status() !== 200) throw new Error(`sending a code to ${BUYER} answered ${send.status()}`);
  const token = latestCode(BUYER);
  const verify = await context.request.get("/api/auth/callback/email", {
    params: { email: BUYER, token },
    headers: { "sec-fetch-site": "same-origin" },
  });
  if (verify.status() !== 200) throw new Error(`verifying ${BUYER}'s code answered ${verify.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * The production build has no /dev/mailbox page, but its local Worker still mails into D1's dev_mails (MAILER =
 * "dev-mailbox" in wrangler.toml's default environment): read the newest code straight from the local database file.
 */
function latestCode(email) {
  const dir = join(STATE_DIR, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no local D1 database in ${dir}`);
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    const row = /** @type {{ text: string } | undefined} */ (
      db.prepare('SELECT text FROM dev_mails WHERE "to" = ? ORDER BY rowid DESC LIMIT 1').get(email)
    );
    const code = row?.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
    if (!code) throw new Error(`no sign-in code for ${email} in the local dev_mails`);
    return code;
  } finally {
    db.close();
  }
}

/** One load of `path` in a fresh context on the emulated phone; the interactions; the flushed metrics. */
async function measureOnce(browser, base, page, storageState) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, storageState });
  await context.addInitScript({ content: `${WEB_VITALS}\n(${collectVitals})(webVitals);` });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  try {
    const response = await tab.goto(page.path, { waitUntil: "load", timeout: 60_000 });
    if (response?.status() !== 200) throw new Error(`${page.path} answered ${response?.status()}`);
    // The edge's protocol, or the figures measure HTTP/1.1's 6-connection queue instead (startEdgeProxy).
    const protocol = await tab.evaluate(
      () => /** @type {any} */ (globalThis).performance.getEntriesByType("navigation")[0]?.nextHopProtocol,
    );
    if (protocol !== "h2") throw new Error(`${page.path} was served over ${protocol}, not HTTP/2`);
    // Hydrated and quiet: the interactions below are a visitor's, not clicks on a page still booting.
    await tab.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
    const language = tab.getByRole("button", { name: /^Language:/ });
    await language.click();
    await tab.getByRole("menu").waitFor({ timeout: 15_000 });
    await tab.keyboard.press("Escape");
    if (page.search) await tab.getByRole("searchbox").pressSequentially(page.search, { delay: 120 });
    // web-vitals reads interactions in an idle callback (at most 1 s later), then the page is hidden to flush them.
    await tab.waitForTimeout(1_200);
    return await tab.evaluate(async () => {
      // The page's own globals (no DOM types in the scripts' tsconfig).
      const page = /** @type {any} */ (globalThis);
      Object.defineProperty(page.document, "visibilityState", { value: "hidden", configurable: true });
      page.document.dispatchEvent(new page.Event("visibilitychange"));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return structuredClone(page.__vitals);
    });
  } finally {
    await context.close();
  }
}

const misses = (/** @type {{ lcp: number; inp: number; cls: number }} */ m) =>
  m.lcp > GOALS.lcp || m.inp > GOALS.inp || m.cls > GOALS.cls;

/**
 * Where the check draws its LCP line: the page's baseline first-byte-to-paint plus LCP_TOLERANCE_MS, about half the
 * emulated round trip (562.5 ms). A regression that costs a round trip (a render-blocking file, a picture found late)
 * crosses it; what a busy machine added to the best of six loads did not (docs/decisions/074 has both).
 */
export const LCP_TOLERANCE_MS = 300;
const BASELINE_FILE = join(root, "bench", "vitals-baseline.json");
/** @type {Record<string, number>} page name -> its best first-byte-to-paint on a quiet machine, ms */
const baseline = existsSync(BASELINE_FILE) ? JSON.parse(readFileSync(BASELINE_FILE, "utf8")).lcpAfterFirstByte : {};

/**
 * The time from the response's first byte to the largest paint: what the page's bytes, round trips and rendering
 * cost the phone. The first byte itself is the server's time, which here is a local workerd sharing two cores with the
 * browser (60 ms quiet, up to 1 s busy) and in production the edge; bench:latency and bench:load measure it.
 */
const afterFirstByte = (/** @type {any} */ load) =>
  (load.LCP?.value ?? Number.POSITIVE_INFINITY) - (load.LCP?.parts?.[0] ?? 0);

/** What --check holds a page to: INP and CLS within the goals, LCP's part after the first byte within its baseline. */
const checkMisses = (/** @type {{ name: string; lcpAfterFirstByte: number; inp: number; cls: number }} */ m) =>
  !(m.name in baseline) ||
  m.lcpAfterFirstByte > baseline[m.name] + LCP_TOLERANCE_MS ||
  m.inp > GOALS.inp ||
  m.cls > GOALS.cls;

/** Loads a check may take for one page before it calls a miss a regression. */
const CHECK_LOADS = 6;

/**
 * The loads of one page and what they are judged on. The bench reports the median of RUNS loads (what a visitor
 * typically gets); --update-baseline the best of RUNS. The check (--check) stops at the first load that passes
 * (`checkMisses`) and otherwise takes up to CHECK_LOADS, judged on each metric's best load: on a shared machine, other
 * programs only ever add time to a load (the network emulation is exact; the CPU is what they take), while a
 * regression (a render-blocking file, a heavier handler, a box that moves) is in every load.
 */
async function measurePage(browser, base, page, storageState) {
  const loads = [];
  const best = check || updateBaseline;
  const judged = best ? (/** @type {number[]} */ values) => Math.min(...values) : median;
  const summary = () => ({
    name: page.name,
    lcp: judged(loads.map((l) => l.LCP?.value ?? Number.POSITIVE_INFINITY)),
    lcpAfterFirstByte: judged(loads.map(afterFirstByte)),
    // No INP after a click means no interaction took a frame (first-input is always reported): 0.
    inp: judged(loads.map((l) => l.INP?.value ?? 0)),
    cls: judged(loads.map((l) => l.CLS?.value ?? 0)),
  });
  const wanted = check ? 1 : RUNS;
  while (loads.length < wanted || (check && loads.length < CHECK_LOADS && checkMisses(summary()))) {
    loads.push(await measureOnce(browser, base, page, storageState));
  }
  return { ...page, loads, ...summary() };
}

/**
 * What Cloudflare's edge does and `vite preview` does not (docs/decisions/072, "Emulation").
 * (1) Speak HTTP/2 over TLS: HTTP/2 is on by default for visitors
 * (https://developers.cloudflare.com/support/network/understanding-cloudflare-http2-and-http3-support/), so the
 * stylesheet, the LCP image and the ~20 module preloads share one connection; over HTTP/1.1 Chromium opens at most 6
 * and queues the rest, a round trip of 562.5 ms each that production never pays. The certificate is self-signed, made
 * here by openssl, and Chromium trusts it by its key only (--ignore-certificate-errors-spki-list). HTTP/1.1 clients
 * (WebSocket upgrades: the order page's chat) are still served (allowHTTP1).
 * (2) Compress text responses for a browser that accepts it
 * (https://developers.cloudflare.com/speed/optimization/content/compression/: HTML, CSS, JavaScript, JSON and SVG,
 * among others, in Gzip, Brotli or Zstandard). Without it every page would ship three times its bytes over the
 * emulated 180 kB/s (the home page's HTML, CSS and JS: 497 KB raw, 146 KB gzip). Gzip at zlib's default level: the
 * least the edge does. Everything else passes through as is.
 */
async function startEdgeProxy(target) {
  const origin = new URL(target);
  const compressible = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;
  const tls = selfSignedCertificate();
  // Headers HTTP/2 forbids (RFC 9113 §8.2.2), and its pseudo-headers, which HTTP/1.1 upstream does not take.
  const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);
  const server = createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, (req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(":")));
    headers.host = String(req.headers[":authority"] ?? req.headers.host ?? origin.host);
    const upstream = httpRequest(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers },
      (answer) => {
        const answerHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name)),
        );
        const type = String(answer.headers["content-type"] ?? "");
        const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
        if (!gzip || !compressible.test(type) || answer.headers["content-encoding"]) {
          res.writeHead(answer.statusCode ?? 502, answerHeaders);
          return answer.pipe(res);
        }
        const { "content-length": _length, ...rest } = answerHeaders;
        res.writeHead(answer.statusCode ?? 502, { ...rest, "content-encoding": "gzip", vary: "accept-encoding" });
        answer.pipe(createGzip()).pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("upgrade", (req, socket, head) => {
    const upstream = connect(Number(origin.port), origin.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  const port = await freePort();
  await new Promise((listening) => server.listen(port, "localhost", () => listening(undefined)));
  return { url: `https://localhost:${port}`, spki: tls.spki, close: () => server.close() };
}

/**
 * A throwaway certificate for localhost (a P-256 key, valid a day), made with Debian's openssl (ensured with the
 * browser), and its key's SHA-256 as Chromium's --ignore-certificate-errors-spki-list takes it.
 */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "comet-vitals-tls-"));
  try {
    const [keyFile, certFile] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"]
        .concat(["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"])
        .concat(["-keyout", keyFile, "-out", certFile]),
      { stdio: "ignore" },
    );
    const cert = readFileSync(certFile, "utf8");
    const spkiDer = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
    return { key: readFileSync(keyFile, "utf8"), cert, spki: createHash("sha256").update(spkiDer).digest("base64") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A public work of the demo creator, from the profile's own links. */
async function demoWorkPath(base) {
  const html = await (await fetch(`${base}/democreator`)).text();
  const path = html.match(/href="(\/democreator\/works\/[^"?#]+)"/)?.[1];
  if (!path) throw new Error("no work link on /democreator");
  return path;
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "none");
const verdict = (ok) => (ok ? "pass" : "FAIL");

function printTable(results, machine) {
  console.log(
    `\nComet web vitals: production build in workerd (vite preview) behind an HTTP/2 + gzip proxy (the edge's protocol and compression), Chromium ${browserVersion}, ${PHONE.viewport.width}×${PHONE.viewport.height} phone (Pixel 7), CPU ${CPU_SLOWDOWN}× slower, Slow 4G (${SLOW_4G.downloadThroughput / 1000} kB/s down, ${SLOW_4G.uploadThroughput / 1000} kB/s up, ${SLOW_4G.latency} ms latency), cold cache`,
  );
  console.log(
    `machine: ${machine.cores} cores, load average ${machine.loadBefore.toFixed(2)} before, ${machine.loadAfter.toFixed(2)} after; ${check ? `up to ${CHECK_LOADS} loads a page, the best of each metric` : `${updateBaseline ? "best" : "median"} of ${RUNS} loads a page`}`,
  );
  console.log(
    `goals: LCP ≤ ${GOALS.lcp} ms, INP ≤ ${GOALS.inp} ms, CLS ≤ ${GOALS.cls}; --check holds LCP after the first byte to its baseline + ${LCP_TOLERANCE_MS} ms (${BASELINE_FILE.slice(root.length + 1)})\n`,
  );
  const rows = results.map((r) => [
    r.name,
    String(r.loads.length),
    `${ms(r.lcp)} ${verdict(r.lcp <= GOALS.lcp)}`,
    `${ms(r.lcpAfterFirstByte)} ${r.name in baseline ? `of ${ms(baseline[r.name] + LCP_TOLERANCE_MS)} ${verdict(r.lcpAfterFirstByte <= baseline[r.name] + LCP_TOLERANCE_MS)}` : "no baseline"}`,
    `${ms(r.inp)} ${verdict(r.inp <= GOALS.inp)}`,
    `${r.cls.toFixed(3)} ${verdict(r.cls <= GOALS.cls)}`,
    verdict(!(check ? checkMisses(r) : misses(r))),
  ]);
  const header = ["page", "loads", "LCP", "LCP after first byte", "INP", "CLS", check ? "check" : "all goals"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join("  "));
  for (const r of results) {
    const last = r.loads.at(-1) ?? {};
    console.log(
      `  ${r.name} (${r.path}): LCP element ${last.LCP?.target ?? "?"}${last.LCP?.url ? ` (${last.LCP.url})` : ""}; INP on ${last.INP?.target ?? "no slow interaction"}; CLS ${last.CLS?.target ? `largest shift ${last.CLS.target}` : "no shift"}`,
    );
  }
}

let browserVersion = "?";
let server;
let browser;
let edge;
let exitCode = 1;
try {
  const chromiumPath = ensureChromium({ log: (line) => log("vitals", line), also: ["openssl"] });
  if (skipBuild) {
    if (!existsSync(join(root, "build", "server", "wrangler.json"))) throw new Error("--skip-build: no build/ yet");
    log("vitals", "using build/ as it is");
  } else log("vitals", `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  if (stateArg >= 0) log("vitals", `using the state in ${STATE_DIR} as it is`);
  else prepareState(STATE_DIR, "vitals");
  server = await startPreview({ stateDir: STATE_DIR, port: await freePort(), prefix: "vitals" });
  edge = await startEdgeProxy(server.url);
  const base = edge.url;
  const pages = [
    { name: "home", path: "/" },
    { name: "explore", path: "/explore/creators", search: "illus" },
    { name: "profile", path: "/democreator" },
    { name: "work", path: await demoWorkPath(server.url) },
    { name: "order (buyer)", path: ORDER_PAGE, signedIn: true },
  ];
  // The proxy's throwaway certificate is trusted by its key, for this browser only.
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [`--ignore-certificate-errors-spki-list=${edge.spki}`],
  });
  browserVersion = browser.version();
  const buyer = await signInBuyer(browser, base);
  // The Worker's first render of each page loads its modules: paid once here, not by the first measured visitor.
  for (const page of pages) await fetch(`${server.url}${page.path}`).then((r) => r.arrayBuffer());

  const loadBefore = loadavg()[0];
  const results = [];
  for (const page of pages) results.push(await measurePage(browser, base, page, page.signedIn ? buyer : undefined));
  const machine = { cores: cpus().length, loadBefore, loadAfter: loadavg()[0] };
  printTable(results, machine);
  const file = writeBenchResults("vitals.json", {
    at: new Date().toISOString(),
    goals: GOALS,
    emulation: { network: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, device: "Pixel 7", viewport: PHONE.viewport },
    machine,
    check,
    pages: results,
  });
  const failing = results.filter(check ? checkMisses : misses);
  console.log(`\nwritten to ${file}`);
  if (check)
    console.log(
      `vitals check: ${failing.length ? `over a goal or its baseline: ${failing.map((r) => r.name).join(", ")}` : "every page within its goals and its LCP baseline"}`,
    );
  if (updateBaseline) {
    const lcpAfterFirstByte = Object.fromEntries(results.map((r) => [r.name, Math.round(r.lcpAfterFirstByte)]));
    const about = `npm run bench:vitals: each page's best LCP after the first byte of ${RUNS} loads, ms, on a quiet machine; --check allows ${LCP_TOLERANCE_MS} ms over it; update with npm run bench:vitals -- --update-baseline`;
    writeFileSync(BASELINE_FILE, `${JSON.stringify({ about, lcpAfterFirstByte }, null, 2)}\n`);
    console.log(`baseline written to ${BASELINE_FILE.slice(root.length + 1)}`);
  }
  exitCode = check && failing.length > 0 ? 1 : 0;
} catch (error) {
  console.error(`[vitals] ${error instanceof Error ? error.stack : error}`);
  exitCode = 1;
} finally {
  await browser?.close();
  edge?.close();
  await server?.stop();
}
process.exit(exitCode);
