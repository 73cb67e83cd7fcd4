// `npm run bench:upload`: what sending a deliverable through Comet costs (issue 60, decision 096).
//
// 1. Production build served in workerd by `vite preview` (as the other benches serve it), on a fresh local state with
//    the demo data (.wrangler/bench-state-upload), a session for the demo creator and one DRAFT order of theirs.
// 2. A ZIP of BENCH_UPLOAD_BYTES (1 GiB unless said) written once to a temporary directory: one stored entry of random
//    bytes, a real central directory, so the completion's inspection reads it as a creator's package.
// 3. The plain copy: the same bytes read and written to the same disk (a stream copy, then fsync), the floor.
// 4. The upload through the local stack by the multipart door (POST /api/uploads, the parts signed in batches, four
//    PUTs in flight as the browser sends them, the completion with the SHA-256 computed while reading): its time and
//    the ratio to the copy, and the server's CPU per part (Node's proxy and workerd with its local R2, from /proc). In
//    production no part passes the Worker (each is a presigned PUT to R2): the Worker's CPU per part there is the
//    signing call's, measured here too (POST /parts for one part).
// 5. The tab: Chromium signs in as the creator, opens the order's Delivery tab and sends the same file through the
//    page's own uploader; the renderer's JavaScript heap (CDP) and the renderer processes' resident memory (/proc) are
//    sampled every 250 ms, for a file a quarter the size and for the whole one: the peak must not grow with the file.
// Prints a table and writes .bench/upload.json. Nothing is enforced: timings on a shared 2-core machine are not a test.
//
//   BENCH_UPLOAD_BYTES=1073741824 BENCH_SKIP_BUILD=1 BENCH_SKIP_BROWSER=1 npm run bench:upload
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  fsyncSync,
  mkdtempSync,
  openSync,
  readSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import { chromium } from "@playwright/test";
import {
  DEMO_CREATOR_EMAIL,
  draftOrderFixture,
  serverCpuMs,
  sessionFixture,
  writeBenchResults,
} from "./bench-tools.mjs";
import { startBenchServer } from "./bench-profiler.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { build, log, prepareState, root, run } from "./serve-test-build.mjs";

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const IN_FLIGHT = 4;
const STATE_DIR = join(root, ".wrangler", "bench-state-upload");
const MiB = 1024 * 1024;
const PREFIX = "bench-upload";

/** A ZIP of one stored entry of `size` random bytes in all (headers included), written in 16 MiB blocks. */
function writeZip(path, size) {
  const name = Buffer.from("model/package.bin");
  const overhead = 30 + name.length + 46 + name.length + 22;
  const dataSize = size - overhead;
  const fd = openSync(path, "w");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt32LE(dataSize, 18);
  local.writeUInt32LE(dataSize, 22);
  local.writeUInt16LE(name.length, 26);
  writeSync(fd, local);
  writeSync(fd, name);
  let crc = 0;
  for (let written = 0; written < dataSize; ) {
    const block = randomBytes(Math.min(16 * MiB, dataSize - written));
    crc = crc32(block, crc);
    writeSync(fd, block);
    written += block.length;
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(dataSize, 20);
  central.writeUInt32LE(dataSize, 24);
  central.writeUInt16LE(name.length, 28);
  writeSync(fd, central);
  writeSync(fd, name);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + dataSize, 16);
  writeSync(fd, end);
  // The local header's CRC, now known.
  const crcBytes = Buffer.alloc(4);
  crcBytes.writeUInt32LE(crc, 0);
  writeSync(fd, crcBytes, 0, 4, 14);
  closeSync(fd);
}

/** The floor: the file read and written to the same disk, then flushed. */
async function plainCopy(from, to) {
  const started = performance.now();
  await pipeline(createReadStream(from, { highWaterMark: 8 * MiB }), createWriteStream(to));
  const fd = openSync(to, "r");
  fsyncSync(fd);
  closeSync(fd);
  return performance.now() - started;
}

async function api(base, cookie, path, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { cookie, "content-type": "application/json", origin: base, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The whole file through the multipart door, as the browser sends it; returns the times and the CPU per part. */
async function uploadThroughDoor(base, cookie, pgid, orderId, path) {
  const tabId = randomUUID();
  const started = performance.now();
  const { upload } = await api(base, cookie, "/api/uploads", {
    method: "POST",
    body: JSON.stringify({
      domain: "commission-order",
      id: orderId,
      field: "deliverables",
      name: "Live2D package.zip",
      size: SIZE,
      kind: "zip",
      lastModified: Date.now(),
      tabId,
    }),
  });
  const numbers = Array.from({ length: upload.partCount }, (_, i) => i + 1);
  // One signing call measured alone: what the Worker does per part in production (no bytes pass it there).
  const signCpuBefore = serverCpuMs(pgid);
  const signStarted = performance.now();
  await api(base, cookie, `/api/uploads/${upload.id}/parts`, {
    method: "POST",
    body: JSON.stringify({ partNumbers: [1], tabId }),
  });
  const signMs = performance.now() - signStarted;
  const signCpuMs = serverCpuMs(pgid) - signCpuBefore;
  const urls = new Map();
  for (let at = 0; at < numbers.length; at += 100) {
    const { parts } = await api(base, cookie, `/api/uploads/${upload.id}/parts`, {
      method: "POST",
      body: JSON.stringify({ partNumbers: numbers.slice(at, at + 100), tabId }),
    });
    for (const part of parts) urls.set(part.partNumber, part);
  }
  const hash = createHash("sha256");
  const fd = openSync(path, "r");
  const cpuBefore = serverCpuMs(pgid);
  const partsStarted = performance.now();
  let next = 1;
  const inFlight = new Set();
  // Parts are read (and hashed) in order, and sent IN_FLIGHT at a time.
  while (next <= upload.partCount || inFlight.size > 0) {
    while (next <= upload.partCount && inFlight.size < IN_FLIGHT) {
      const n = next++;
      const offset = (n - 1) * upload.partSize;
      const length = Math.min(upload.partSize, SIZE - offset);
      const bytes = Buffer.alloc(length);
      readSync(fd, bytes, 0, length, offset);
      hash.update(bytes);
      const part = urls.get(n);
      const url = part.url.startsWith("http") ? part.url : `${base}${part.url}`;
      const sent = fetch(url, { method: "PUT", headers: part.headers, body: bytes }).then(async (response) => {
        if (!response.ok) throw new Error(`part ${n}: ${response.status} ${await response.text()}`);
        inFlight.delete(sent);
      });
      inFlight.add(sent);
    }
    if (inFlight.size > 0) await Promise.race(inFlight);
  }
  closeSync(fd);
  const partsMs = performance.now() - partsStarted;
  const cpuMs = serverCpuMs(pgid) - cpuBefore;
  const completeStarted = performance.now();
  const completed = await api(base, cookie, `/api/uploads/${upload.id}/complete`, {
    method: "POST",
    body: JSON.stringify({ sha256: hash.digest("hex"), tabId }),
  });
  return {
    parts: upload.partCount,
    partSize: upload.partSize,
    totalMs: performance.now() - started,
    partsMs,
    completeMs: performance.now() - completeStarted,
    cpuMsPerPart: cpuMs / upload.partCount,
    signMs,
    signCpuMs,
    key: completed.key,
  };
}

/** Resident memory (KiB) of the browser's renderer processes, from /proc. */
function rendererRssKiB() {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmdline.includes("chromium") || !cmdline.includes("--type=renderer")) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      if (rss) total += Number(rss[1]);
    } catch {
      // The process ended between readdir and read.
    }
  }
  return total;
}

/** The page's own uploader sends `path`; the tab's memory sampled every 250 ms until the file is on the order. */
async function uploadInTab(browser, base, cookie, orderCode, path, label) {
  const context = await browser.newContext({ baseURL: base });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(`/dashboard/commission/managements?order=${orderCode}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: "Delivery" }).click();
  const heap = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? NaN;
  };
  await cdp.send("HeapProfiler.collectGarbage");
  const before = { heap: await heap(), rss: rendererRssKiB() };
  const peak = { ...before };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak.heap = Math.max(peak.heap, await heap());
      peak.rss = Math.max(peak.rss, rendererRssKiB());
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const started = performance.now();
  await page.getByLabel("Upload files").setInputFiles(path);
  await page.getByRole("heading", { name: label }).waitFor({ timeout: 30 * 60_000 });
  const ms = performance.now() - started;
  sampling = false;
  await sampler;
  await context.close();
  return { ms, before, peak };
}

const mb = (bytes) => (bytes / MiB).toFixed(1);

let server;
let browser;
const work = mkdtempSync(join(tmpdir(), "comet-bench-upload-"));
try {
  if (process.env.BENCH_SKIP_BUILD === "1") log(PREFIX, "BENCH_SKIP_BUILD=1: using build/ as it is");
  else log(PREFIX, `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  prepareState(STATE_DIR, PREFIX, { media: false });
  const now = Date.now();
  const session = sessionFixture(DEMO_CREATOR_EMAIL, now);
  const orders = [draftOrderFixture(now, "u"), draftOrderFixture(now, "u"), draftOrderFixture(now, "u")];
  const sqlFile = join(work, "fixtures.sql");
  // Paid and in progress, as a creator delivers: the Delivery tab with its uploader shows from APPROVED on.
  const inProgress = `UPDATE commission_orders SET order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED',
    approved_at = ${now}, delivery_deadline = ${now + 10 * 86_400_000} WHERE id IN (${orders.map((o) => `'${o.id}'`).join(", ")});`;
  writeFileSync(sqlFile, [session.sql, ...orders.map((o) => o.sql), inProgress].join("\n"));
  run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", sqlFile], {
    env: { CI: "true" },
    quiet: true,
  });
  // draftOrderFixture's code is its prefix and the id's first seven characters.
  const codeOf = (order) => `u${order.id.slice(0, 7)}`;

  const file = join(work, "package.zip");
  const writeStarted = performance.now();
  writeZip(file, SIZE);
  log(PREFIX, `${mb(SIZE)} MiB ZIP written in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`);
  const copyMs = await plainCopy(file, join(work, "copy.zip"));
  rmSync(join(work, "copy.zip"));
  log(PREFIX, `plain copy: ${(copyMs / 1000).toFixed(2)} s (${(SIZE / MiB / (copyMs / 1000)).toFixed(0)} MiB/s)`);

  server = await startBenchServer({ stateDir: STATE_DIR, prefix: PREFIX });
  const door = await uploadThroughDoor(server.url, session.cookie, server.pgid, orders[0].id, file);
  const ratio = door.totalMs / copyMs;
  log(
    PREFIX,
    `upload: ${(door.totalMs / 1000).toFixed(2)} s (${(SIZE / MiB / (door.totalMs / 1000)).toFixed(0)} MiB/s) in ${door.parts} parts of ${mb(door.partSize)} MiB; ${ratio.toFixed(2)}× the copy`,
  );
  const results = {
    bytes: SIZE,
    machine: { cpus: cpus().length, loadavg: loadavg() },
    copyMs,
    upload: door,
    ratio,
    /** @type {null | Record<string, unknown>} */
    tab: null,
  };
  if (process.env.BENCH_SKIP_BROWSER !== "1") {
    browser = await chromium.launch({
      executablePath: ensureChromium({ log: (line) => log(PREFIX, line) }),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
    });
    // A quarter of the file, then the whole: the tab's peak must not grow with the file.
    const quarterPath = join(work, "quarter.zip");
    writeZip(quarterPath, Math.ceil(SIZE / 4));
    const quarter = await uploadInTab(
      browser,
      server.url,
      session.cookie,
      codeOf(orders[1]),
      quarterPath,
      "quarter.zip",
    );
    const whole = await uploadInTab(browser, server.url, session.cookie, codeOf(orders[2]), file, "package.zip");
    results.tab = { quarter: { bytes: Math.ceil(SIZE / 4), ...quarter }, whole: { bytes: SIZE, ...whole } };
    const say = (label, run) =>
      log(
        PREFIX,
        `tab, ${label} file: ${(run.ms / 1000).toFixed(1)} s; JS heap ${mb(run.before.heap)} → peak ${mb(run.peak.heap)} MiB; renderers' RSS ${(run.before.rss / 1024).toFixed(0)} → peak ${(run.peak.rss / 1024).toFixed(0)} MiB`,
      );
    say("quarter", quarter);
    say("whole", whole);
  }
  writeBenchResults("upload.json", results);
  console.log(JSON.stringify(results, null, 2));
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
