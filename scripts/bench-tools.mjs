// What the three benchmarks (bench.mjs, bench-orders.mjs, bench-chat.mjs) measure with, in one place: one HTTP call
// over a keep-alive agent with its elapsed time, the server's CPU time from /proc, quantiles, and where results go.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
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
 * @param {{ cookie?: string; json?: unknown; timeoutMs?: number }} [options]
 */
export function timedRequest(agent, url, { cookie, json, timeoutMs = 30_000 } = {}) {
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
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`timeout: ${url}`)));
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

// The SQL the order benches (bench-orders.mjs, bench-latency.mjs) seed the demo state with before the server starts.
export const DEMO_CREATOR_EMAIL = "creator@demo.comet.local";
export const DEMO_CLIENT_EMAIL = "client@demo.comet.local";
const DAY_MS = 86_400_000;

/** A SQL string literal. */
export const sqlQuote = (/** @type {unknown} */ value) => `'${String(value).replaceAll("'", "''")}'`;

export const commissionAccountOf = (/** @type {string} */ email) =>
  `(SELECT c.id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ${sqlQuote(email)})`;

/** A 30-day session row for the account of `email`, and the cookie that carries it. */
export function sessionFixture(/** @type {string} */ email, /** @type {number} */ now) {
  const token = randomBytes(32).toString("base64url");
  const sql = `INSERT INTO sessions (id_hash, user_account_id, expires_at, last_seen_at, created_at)
    SELECT ${sqlQuote(createHash("sha256").update(token).digest("hex"))}, id, ${now + 30 * DAY_MS}, ${now}, ${now} FROM user_accounts WHERE email = ${sqlQuote(email)};`;
  return { cookie: `comet_session=${token}`, sql };
}

/** A DRAFT order of ¥10,000 from the demo client to the demo creator; its code starts with `codePrefix`. */
export function draftOrderFixture(/** @type {number} */ now, /** @type {string} */ codePrefix) {
  const id = randomUUID();
  const values = [
    sqlQuote(id),
    sqlQuote(`${codePrefix}${id.slice(0, 7)}`),
    commissionAccountOf(DEMO_CREATOR_EMAIL),
    commissionAccountOf(DEMO_CLIENT_EMAIL),
    "'SERVICE_SUBMITTED'",
    10_000,
    "(SELECT id FROM currencies WHERE code = 'JPY')",
    now,
    now + 7 * DAY_MS,
    now,
    now,
  ];
  return {
    id,
    sql: `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, price_amount, price_currency_id, submitted_at, approval_deadline, created_at, updated_at) VALUES (${values.join(", ")});`,
  };
}
