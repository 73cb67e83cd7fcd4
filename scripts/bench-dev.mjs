// `npm run bench:dev`: how fast `npm run dev` gets a page to work (issue 47, docs/decisions/079). Starts `npm run dev`
// on a free port (its migrations, demo data, emulators and Vite + workerd, as a developer starts it), then opens `/`
// and a profile (`/democreator`) in Debian's Chromium, on a desktop viewport with no throttling, and for each load
// counts the requests the page makes until the network is idle and the time until it is interactive.
//
// Interactive: the first moment a click on the header's language menu button opens it. From the document's start an
// init script clicks that button every 20 ms (a plain `<button type="button">`, which does nothing before React
// listens) and stops once `aria-expanded` reads "true", noting `performance.now()` (milliseconds since the navigation
// began, the server's render included). A click React cannot handle yet is lost, as a developer's is; once React has
// called hydrateRoot a click hydrates the button at once and takes effect, as a developer's does.
//
// Loads, each in a fresh browser context (nothing cached) unless said:
// - "first": the first page after the server starts (`/`): the server transforms every module on the way;
// - "again": RUNS more loads of each page (default 3) on the warmed server, reported by their median;
// - "reload": a reload in the context of the last "again" load (the browser revalidates what it has cached).
// Requests: every request the page made (the document, scripts, styles, pictures, data), the click's lazy menu
// panel included, until 500 ms without one (Playwright's "networkidle"); "JS modules" are the script requests among
// them. The load average (1 min) beside each figure: the machine has 2 cores, and any other program running lengthens
// every time here. Writes .bench/dev.json, with each load's requests grouped by path prefix.
//
//   node scripts/bench-dev.mjs [--runs N] [--pages /,/democreator]
// Ports: the dev server's own is free; the emulators' are `npm run dev`'s fixed 12111 and 12112 (wrangler.toml), so
// a `npm run dev` already running on this machine has to stop first.
import { loadavg, cpus } from "node:os";
import { createConnection } from "node:net";
import { chromium } from "@playwright/test";
import { median, writeBenchResults } from "./bench-tools.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { freePort, log, startServer } from "./serve-test-build.mjs";

const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const RUNS = Number(argValue("--runs", "3"));
const PAGES = argValue("--pages", "/,/democreator").split(",");
/** The control whose click shows the page is interactive: the header's language menu, on every signed-out page. */
const CONTROL = 'button[aria-haspopup="menu"][aria-label^="Language"]';
const EMULATOR_PORTS = [12111, 12112];

/** Runs in the page from the document's start: clicks CONTROL until it opens, and notes when. */
function clickUntilInteractive(/** @type {string} */ selector) {
  const page = /** @type {any} */ (globalThis);
  page.performance.setResourceTimingBufferSize(100_000);
  const tick = () => {
    const button = page.document.querySelector(selector);
    if (button) {
      if (button.getAttribute("aria-expanded") !== "true") button.click();
      if (button.getAttribute("aria-expanded") === "true") {
        page.__benchInteractive = page.performance.now();
        return;
      }
    }
    setTimeout(tick, 20);
  };
  tick();
}

/** Whether something listens on 127.0.0.1:`port`. */
function listening(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** The request's path, cut to a prefix that names where it comes from (a folder, Vite's deps, a page's data). */
function prefixOf(/** @type {string} */ url) {
  const { pathname } = new URL(url);
  if (pathname.startsWith("/node_modules/.vite/deps/")) return "/node_modules/.vite/deps/";
  if (pathname.startsWith("/node_modules/")) return pathname.split("/").slice(0, 4).join("/");
  if (pathname.startsWith("/@")) return pathname.split("/").slice(0, 2).join("/");
  const parts = pathname.split("/");
  return parts.length > 3 ? `${parts.slice(0, 4).join("/")}/` : pathname.replace(/[^/]*$/, "");
}

/**
 * One load of `path` in `context` (a new tab, or `reloadOf`'s tab reloaded): requests until idle, time to interactive,
 * the navigation's own marks.
 */
async function measureLoad(context, base, path, label, reloadOf) {
  const tab = reloadOf ?? (await context.newPage());
  /** @type {import("@playwright/test").Request[]} */
  const requests = [];
  const onRequest = (/** @type {import("@playwright/test").Request} */ request) => requests.push(request);
  tab.on("request", onRequest);
  const loadBefore = loadavg()[0];
  try {
    const response = reloadOf
      ? await tab.reload({ waitUntil: "load", timeout: 120_000 })
      : await tab.goto(`${base}${path}`, { waitUntil: "load", timeout: 120_000 });
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    const interactive = await tab
      .waitForFunction(() => /** @type {any} */ (globalThis).__benchInteractive, undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue())
      .catch(() => Number.NaN);
    await tab.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {});
    const marks = await tab.evaluate(() => {
      const page = /** @type {any} */ (globalThis);
      const navigation = page.performance.getEntriesByType("navigation")[0];
      return {
        firstByte: navigation.responseStart,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        loadEvent: navigation.loadEventEnd,
      };
    });
    const scripts = requests.filter((request) => request.resourceType() === "script").length;
    /** @type {Record<string, number>} */
    const byPrefix = {};
    for (const request of requests) byPrefix[prefixOf(request.url())] = (byPrefix[prefixOf(request.url())] ?? 0) + 1;
    return {
      page: path,
      load: label,
      requests: requests.length,
      scripts,
      interactive,
      ...marks,
      // Vite reloads a page when its first visit finds a dependency it had not optimized yet.
      reloadedByVite:
        requests.filter((request) => request.isNavigationRequest() && request.frame() === tab.mainFrame()).length > 1,
      loadBefore,
      loadAfter: loadavg()[0],
      byPrefix: Object.fromEntries(Object.entries(byPrefix).sort((a, b) => b[1] - a[1])),
      tab,
    };
  } finally {
    tab.off("request", onRequest);
  }
}

const ms = (/** @type {number} */ value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "—");

function printTable(rows, machine) {
  console.log(
    `\nComet dev server (npm run dev: Vite + workerd), Chromium ${browserVersion}, 1280×720, no throttling; ready ${(machine.readyMs / 1000).toFixed(1)} s after \`npm run dev\` (migrations and demo data included); ${machine.cores} cores`,
  );
  console.log(
    `interactive: the first click on the header's language menu that opens it, from the navigation's start; "again": median of ${RUNS} loads, each in a fresh context\n`,
  );
  const cells = rows.map((r) => [
    r.page,
    r.load,
    String(r.requests),
    String(r.scripts),
    ms(r.firstByte),
    ms(r.domContentLoaded),
    ms(r.interactive),
    `${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)}`,
    r.reloadedByVite ? "reloaded by Vite's optimizer" : "",
  ]);
  const header = [
    "page",
    "load",
    "requests",
    "JS modules",
    "first byte",
    "DOMContentLoaded",
    "interactive",
    "load avg",
    "",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  for (const row of [header, ...cells])
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    );
  const first = rows[0];
  if (first) {
    const top = Object.entries(first.byPrefix).slice(0, 6);
    console.log(`\nrequests of the first load by prefix: ${top.map(([prefix, n]) => `${prefix} ${n}`).join(", ")}`);
  }
}

let browserVersion = "?";
let server;
let browser;
let exitCode = 1;
try {
  const chromiumPath = ensureChromium({ log: (line) => log("bench-dev", line) });
  for (const port of EMULATOR_PORTS)
    if (await listening(port))
      throw new Error(`port ${port} is taken (another \`npm run dev\`?): npm run dev starts its emulators there`);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const started = Date.now();
  // Vite's own client module answers without a page render, so the first page below is the server's first render.
  server = await startServer({
    label: "npm run dev",
    command: "npm",
    args: ["run", "dev", "--", "--strictPort"],
    env: { PORT: String(port) },
    probeUrl: `${base}/@vite/client`,
    timeoutMs: 180_000,
  });
  const readyMs = Date.now() - started;
  log("bench-dev", `npm run dev serves at ${base} after ${(readyMs / 1000).toFixed(1)} s`);
  browser = await chromium.launch({ executablePath: chromiumPath });
  browserVersion = browser.version();

  const measured = [];
  const fresh = async (path, label) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript(clickUntilInteractive, CONTROL);
    const result = await measureLoad(context, base, path, label);
    return { context, result };
  };
  /** @type {any[]} */
  const rows = [];
  const first = await fresh(PAGES[0], "first");
  rows.push(first.result);
  measured.push(first.result);
  await first.context.close();
  for (const path of PAGES) {
    const again = [];
    let last;
    for (let run = 0; run < RUNS; run += 1) {
      if (last) await last.context.close();
      last = await fresh(path, "again");
      again.push(last.result);
      measured.push(last.result);
      log("bench-dev", `${path} again: ${last.result.requests} requests, interactive ${ms(last.result.interactive)}`);
    }
    const pick = (key) => median(again.map((r) => r[key]));
    rows.push({
      ...again[Math.floor(again.length / 2)],
      requests: pick("requests"),
      scripts: pick("scripts"),
      firstByte: pick("firstByte"),
      domContentLoaded: pick("domContentLoaded"),
      interactive: pick("interactive"),
      loadBefore: again[0].loadBefore,
      loadAfter: again.at(-1).loadAfter,
      reloadedByVite: again.some((r) => r.reloadedByVite),
    });
    if (last) {
      const reload = await measureLoad(last.context, base, path, "reload", last.result.tab);
      rows.push(reload);
      measured.push(reload);
      await last.context.close();
    }
  }
  const machine = { cores: cpus().length, readyMs };
  const file = writeBenchResults("dev.json", {
    at: new Date().toISOString(),
    machine,
    control: CONTROL,
    loads: measured.map(({ tab, ...load }) => load),
  });
  printTable(rows, machine);
  console.log(`\nwritten to ${file}`);
  exitCode = 0;
} catch (error) {
  console.error(error);
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
}
process.exit(exitCode);
