// `npm run bench:latency`: what one D1 round trip more or less costs a visitor (issue 35, "beyond one region").
//
// 1. Production build (no dev tools) served in workerd by `vite preview`, on a fresh local state with the demo data
//    (.wrangler/bench-state-latency), into which go sessions for the demo creator and client and DRAFT orders to act
//    on (as `npm run bench:orders` makes them).
// 2. For each delay of BENCH_DELAYS (default 0, 25 and 100 ms), the server is started with D1_ROUND_TRIP_DELAY_MS
//    set to it in build/server/.dev.vars: every D1 round trip, the Worker's and the Order and ChatRoom objects', then
//    waits that long first (worker/db/simulated-latency.ts), as if D1 were that far away. The variable is removed
//    again at the end.
// 3. Sequential requests over keep-alive on loopback, WARMUP unmeasured then REQUESTS in alternating rounds:
//    - signed-out pages: /, /explore/creators, /democreator, the demo creator's first work page and first /cf/ form;
//    - the floor: GET /api/bench/static (no D1);
//    - an order action: the seller's price change on an awake object, and the seller's approval of a new order,
//      whose object it wakes (the object reads the order from D1 first);
//    - a chat message: POST /api/features/chat/message/submit by either party of the demo's open rooms in turn,
//      paced under the send limit (10 per 10 s per sender and room).
//    Each answers 200. D1 round trips from X-D1-Round-Trips (the Worker's) and X-Order-D1-Round-Trips (the order
//    object's; the chat room sends none). The added latency divided by the added delay is how many round trips the
//    visitor actually waits for one after the other: the figure docs/performance.md's model multiplies by distance.
// Prints a table and writes .bench/latency.json. Goals are not enforced. Exit code is non-zero only when the bench
// itself could not run or a request failed.
//
//   BENCH_DELAYS=0,25,100 BENCH_REQUESTS=30 BENCH_WARMUP=5 BENCH_SKIP_BUILD=1 npm run bench:latency
import { randomUUID } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  commissionAccountOf,
  DEMO_CLIENT_EMAIL,
  DEMO_CREATOR_EMAIL,
  draftOrderFixture,
  median,
  quantile,
  sessionFixture,
  timedRequest,
  writeBenchResults,
} from "./bench-tools.mjs";
import { build, freePort, log, prepareState, root, run, setBuildVar, startPreview } from "./serve-test-build.mjs";

const DELAYS = (process.env.BENCH_DELAYS ?? "0,25,100").split(",").map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const ROUNDS = 2;
const DELAY_VAR = "D1_ROUND_TRIP_DELAY_MS";
const STATE_DIR = join(root, ".wrangler", "bench-state-latency");
const CREATOR_EMAIL = DEMO_CREATOR_EMAIL;
const CLIENT_EMAIL = DEMO_CLIENT_EMAIL;
/** The chat's send limit (worker/chat/domain/chat.ts CHAT_SEND_LIMIT), with a margin for the clocks. */
const SEND_LIMIT = { messages: 10, windowMs: 10_500 };
const PREFIX = "bench-latency";

function d1(sqlOrFile, { file = false } = {}) {
  const target = file ? ["--file", sqlOrFile] : ["--command", sqlOrFile];
  const { stdout } = run(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--json", ...target],
    {
      env: { CI: "true" },
      quiet: true,
    },
  );
  return JSON.parse(stdout)[0]?.results ?? [];
}

function fixtures() {
  const now = Date.now();
  const seller = sessionFixture(CREATOR_EMAIL, now);
  const buyer = sessionFixture(CLIENT_EMAIL, now);
  const priced = draftOrderFixture(now, "l");
  const approvals = DELAYS.map(() => Array.from({ length: WARMUP + REQUESTS }, () => draftOrderFixture(now, "l")));
  const sqlFile = join(tmpdir(), `comet-bench-latency-${process.pid}.sql`);
  writeFileSync(sqlFile, [seller.sql, buyer.sql, priced.sql, ...approvals.flat().map((o) => o.sql)].join("\n"));
  d1(sqlFile, { file: true });
  const rooms = d1(`SELECT r.id FROM chat_rooms r JOIN commission_orders o ON o.id = r.order_id
    WHERE r.room_status = 'OPENED' AND r.restriction_type = 'UNLIMITED_REPLY'
    AND o.seller_id = ${commissionAccountOf(CREATOR_EMAIL)} AND o.buyer_id = ${commissionAccountOf(CLIENT_EMAIL)} ORDER BY r.id`);
  if (rooms.length === 0) throw new Error("the demo data has no open chat room between the demo creator and client");
  // Every sender, by room and side: the send limit counts each one's messages in its room.
  const senders = rooms.flatMap(({ id }) => [seller, buyer].map(({ cookie }) => ({ roomId: id, cookie, sentAt: [] })));
  return {
    sellerCookie: seller.cookie,
    pricedOrderId: priced.id,
    approvalIds: approvals.map((orders) => orders.map((o) => o.id)),
    senders,
  };
}

/** The demo creator's first work page and first /cf/ form, read from its profile. */
async function profileLinks(agent, base) {
  const html = (await timedRequest(agent, `${base}/democreator`)).body.toString("utf8");
  const work = html.match(/href="(\/democreator\/works\/[A-Za-z0-9_-]+)"/)?.[1];
  const form = html.match(/href="(\/cf\/[A-Za-z0-9_-]+)"/)?.[1];
  if (!work || !form) throw new Error(`/democreator links to ${work ?? "no work page"} and ${form ?? "no /cf/ form"}`);
  return { work, form };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next sender in turn, once the send limit lets it send again (the wait is not measured). */
let nextSender = 0;
async function chatSender(senders) {
  const sender = senders[nextSender++ % senders.length];
  const limiting = sender.sentAt.at(-SEND_LIMIT.messages);
  if (sender.sentAt.length >= SEND_LIMIT.messages && Date.now() - limiting < SEND_LIMIT.windowMs)
    await sleep(SEND_LIMIT.windowMs - (Date.now() - limiting));
  sender.sentAt.push(Date.now());
  return sender;
}

function targets(agent, base, data, links, delayIndex) {
  const get = (path) => () => timedRequest(agent, `${base}${path}`);
  const orderCall = (path, json) =>
    timedRequest(agent, `${base}/api/features/commission/order/${path}`, { cookie: data.sellerCookie, json });
  const chatSend = async () => {
    const { roomId, cookie } = await chatSender(data.senders);
    return timedRequest(agent, `${base}/api/features/chat/message/submit`, {
      cookie,
      json: {
        chatRoomId: roomId,
        clientMessageId: randomUUID(),
        messageText: { text: "A bench message.", languageCode: "en" },
      },
    });
  };
  return [
    { name: "floor: GET static", requestAt: get("/api/bench/static?bytes=128") },
    { name: "/", requestAt: get("/") },
    { name: "/explore/creators", requestAt: get("/explore/creators") },
    { name: "/democreator", requestAt: get("/democreator") },
    { name: "work page", requestAt: get(links.work) },
    { name: "/cf/{code}", requestAt: get(links.form) },
    {
      name: "order: price change (awake)",
      requestAt: (i) =>
        orderCall("update", { orderId: data.pricedOrderId, priceAmount: i % 2 === 0 ? 12_000 : 10_000 }),
    },
    {
      name: "order: approve (wakes object)",
      requestAt: (i) => orderCall("approve", { orderId: data.approvalIds[delayIndex][i] }),
    },
    { name: "chat: send message", requestAt: chatSend },
  ];
}

/** WARMUP unmeasured requests per target, then REQUESTS measured in ROUNDS alternating rounds. */
async function measure(list) {
  const runs = list.map(() => ({ latencies: [], workerTrips: [], objectTrips: [], next: 0 }));
  const one = async (target, r) => {
    const response = await target.requestAt(r.next++);
    if (response.status !== 200)
      throw new Error(`${target.name}: request ${r.next} answered ${response.status} ${response.body}`);
    return response;
  };
  for (const [i, target] of list.entries()) for (let n = 0; n < WARMUP; n++) await one(target, runs[i]);
  for (let round = 0; round < ROUNDS; round++) {
    const perRound = Math.floor(REQUESTS / ROUNDS) + (round < REQUESTS % ROUNDS ? 1 : 0);
    for (const [i, target] of list.entries()) {
      const r = runs[i];
      for (let n = 0; n < perRound; n++) {
        const response = await one(target, r);
        r.latencies.push(response.ms);
        r.workerTrips.push(Number(response.headers["x-d1-round-trips"] ?? Number.NaN));
        r.objectTrips.push(Number(response.headers["x-order-d1-round-trips"] ?? 0));
      }
    }
  }
  return runs.map((r) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    return {
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      mean: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
      workerRoundTrips: median(r.workerTrips),
      objectRoundTrips: median(r.objectTrips),
    };
  });
}

const pad = (value, width) => String(value).padStart(width);

let server;
let exitCode = 0;
try {
  if (process.env.BENCH_SKIP_BUILD === "1") log(PREFIX, "BENCH_SKIP_BUILD=1: using build/ as it is");
  else log(PREFIX, `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  prepareState(STATE_DIR, PREFIX, { media: false });
  const data = fixtures();
  log(PREFIX, `sessions, ${data.approvalIds.flat().length + 1} DRAFT orders, ${data.senders.length} chat senders`);
  const [load1] = loadavg();
  /** @type {any[]} */
  const results = [];
  let links;
  for (const [delayIndex, delay] of DELAYS.entries()) {
    setBuildVar(DELAY_VAR, String(delay));
    server = await startPreview({ stateDir: STATE_DIR, port: await freePort(), prefix: PREFIX });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    links ??= await profileLinks(agent, server.url);
    const list = targets(agent, server.url, data, links, delayIndex);
    // Each room's object woken first, so the chat's figures are those of an awake room, as a conversation's are.
    const chat = list.at(-1);
    for (let n = 0; chat && n < data.senders.length; n++) await chat.requestAt(n);
    const measured = await measure(list);
    for (const [i, target] of list.entries()) {
      results[i] ??= { name: target.name, byDelay: {} };
      results[i].byDelay[delay] = measured[i];
    }
    log(PREFIX, `delay ${delay} ms per round trip: measured`);
    agent.destroy();
    await server.stop();
    server = undefined;
  }

  const [base, ...added] = DELAYS;
  // Added latency per added millisecond of delay: the round trips a visitor waits for one after the other.
  for (const r of results) {
    r.serialRoundTrips = Object.fromEntries(
      added.map((delay) => [delay, (r.byDelay[delay].p50 - r.byDelay[base].p50) / (delay - base)]),
    );
  }
  console.log(
    `\nComet latency bench: production build in workerd (vite preview), loopback, ${REQUESTS} sequential requests per target and delay in ${ROUNDS} alternating rounds after ${WARMUP} warm-up; D1 delayed by ${DELAYS.join(", ")} ms per round trip; load average ${load1.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${cpus().length} cores`,
  );
  const delayHeads = DELAYS.map((delay) => pad(`p50 @${delay}`, 10)).join(" ");
  const slopeHeads = added.map((delay) => pad(`serial @${delay}`, 11)).join(" ");
  console.log(`\n${"target".padEnd(30)} ${pad("D1 Worker", 9)} ${pad("D1 object", 9)} ${delayHeads} ${slopeHeads}`);
  for (const r of results) {
    const first = r.byDelay[base];
    const p50s = DELAYS.map((delay) => pad(r.byDelay[delay].p50.toFixed(1), 10)).join(" ");
    const slopes = added.map((delay) => pad(r.serialRoundTrips[delay].toFixed(2), 11)).join(" ");
    console.log(
      `${r.name.padEnd(30)} ${pad(first.workerRoundTrips, 9)} ${pad(first.objectRoundTrips, 9)} ${p50s} ${slopes}`,
    );
  }
  console.log(
    "\np50 in ms; D1 Worker / object: round trips counted (X-D1-Round-Trips, X-Order-D1-Round-Trips; the chat room's own are not counted); serial @d: (p50 @d − p50 @0) / d, the round trips waited for one after the other.",
  );
  writeBenchResults("latency.json", {
    at: new Date().toISOString(),
    delays: DELAYS,
    requests: REQUESTS,
    warmup: WARMUP,
    loadAverage: load1,
    pages: links,
    results,
  });
  log(PREFIX, "wrote .bench/latency.json");
} catch (error) {
  console.error(`[${PREFIX}] ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  await server?.stop();
  // The build's vars as they were: no later preview of this build is delayed.
  if (existsSync(join(root, "build", "server"))) setBuildVar(DELAY_VAR, undefined);
}
process.exit(exitCode);
