// `npm run bench:chat`: the order chat's fan-out (issue 11: p50 ≤ 10 ms and p99 ≤ 40 ms at 100 sockets locally) and
// the messages per second one room sustains.
//
// 1. Production build (no dev tools) served in workerd by `vite preview`, as the other benches serve it, on a fresh
//    local state with the demo data (.wrangler/bench-state-chat).
// 2. Into that state, before the server starts: sessions for the demo creator and the demo client, and one APPROVED
//    order between them with an OPENED chat room (UNLIMITED_REPLY).
// 3. For 2, 10 and 100 sockets in that room (half the creator's, half the client's, all from this process): messages
//    one at a time (the next once every socket has the last), the two parties in turn, paced within each sender's
//    send limit (SEND_LIMIT), WARMUP first, then MESSAGES measured. Fan-out latency is, for each message and each
//    socket, the time from the send to that socket's frame (the sender's own copy included: it is its
//    acknowledgement). Then the burst: the most a room takes at once (each party's whole allowance, from four sockets),
//    timed until the last of 10 sockets has every one of them. Before decision 066 the burst was 1000 messages.
// 4. Translation (issue 46): the creator reads Japanese and the client English (their interface language, and their
//    pages' `accept-language`), each writes in their own, so every message is translated for the other after its
//    fan-out, by the translator stand-in (started here, as scripts/dev.mjs does). The fan-out rows are measured with
//    that going on, and a baseline row at the largest socket count has each party write in the other's language (same
//    room, sockets and pace; nothing to translate), so the two p50s show what translation adds to delivery. Each row
//    also prints when the translation arrived: send → the first socket's `translation` frame.
// Prints a table and writes .bench/chat.json. Goals are reported, not enforced: timings on a shared 2-core machine are
// not a test, and this process (the 100 clients) shares the cores with workerd.
//
// BENCH_SERVER=wrangler serves the build with `wrangler dev` (no Node proxy in front of workerd); BENCH_PROFILE=1 also
// profiles each row's measured messages (scripts/bench-profiler.mjs).
//
//   BENCH_MESSAGES=100 BENCH_WARMUP=10 BENCH_SOCKETS=2,10,100 BENCH_SKIP_BUILD=1 npm run bench:chat
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { median, quantile, writeBenchResults } from "./bench-tools.mjs";
import { startBenchServer } from "./bench-profiler.mjs";
import { build, freePort, log, prepareState, root, run, setBuildVar, startServer } from "./serve-test-build.mjs";
import { startTranslatorStandInProcess } from "./translator-standin.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
/** worker/chat/domain/chat.ts's CHAT_SEND_LIMIT (a script cannot import the TypeScript): a sender's messages per window. */
const SEND_LIMIT = { messages: 10, windowMs: 10_000 };
/** Two senders in turn, each at most SEND_LIMIT's pace: a message this often at most. */
const PACE_MS = SEND_LIMIT.windowMs / SEND_LIMIT.messages / 2 + 10;
const BURST = SEND_LIMIT.messages * 2;
const SOCKET_COUNTS = (process.env.BENCH_SOCKETS ?? "2,10,100").split(",").map(Number);
const P50_GOAL_MS = 10;
const P99_GOAL_MS = 40;
const STATE_DIR = join(root, ".wrangler", "bench-state-chat");
const CREATOR_EMAIL = "creator@demo.comet.local";
const CLIENT_EMAIL = "client@demo.comet.local";
const DAY = 86_400_000;

const quote = (value) => `'${String(value).replaceAll("'", "''")}'`;
const accountOf = (email) =>
  `(SELECT c.id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ${quote(email)})`;

/** The SQL that gives the bench its two sessions and its room. */
function fixtures() {
  const now = Date.now();
  const session = (email) => {
    const token = randomBytes(32).toString("base64url");
    const sql = `INSERT INTO sessions (id_hash, user_account_id, expires_at, last_seen_at, created_at)
      SELECT ${quote(createHash("sha256").update(token).digest("hex"))}, id, ${now + 30 * DAY}, ${now}, ${now} FROM user_accounts WHERE email = ${quote(email)};`;
    return { cookie: `comet_session=${token}`, sql };
  };
  const seller = session(CREATOR_EMAIL);
  const buyer = session(CLIENT_EMAIL);
  // The creator reads Japanese, the client English: each one's messages are translated for the other (issue 46).
  const languages = `UPDATE user_accounts SET display_language_code = 'ja' WHERE email = ${quote(CREATOR_EMAIL)};
    UPDATE user_accounts SET display_language_code = 'en' WHERE email = ${quote(CLIENT_EMAIL)};`;
  const orderId = randomUUID();
  const roomId = randomUUID();
  const order = `INSERT INTO commission_orders (id, code, seller_id, buyer_id, order_submit_status, order_progress_status, order_chat_status, price_amount, price_currency_id,
      submitted_at, approved_at, approval_deadline, payment_deadline, created_at, updated_at)
    VALUES (${quote(orderId)}, ${quote(`c${orderId.slice(0, 7)}`)}, ${accountOf(CREATOR_EMAIL)}, ${accountOf(CLIENT_EMAIL)}, 'SERVICE_SUBMITTED', 'APPROVED', 'OPENED', 10000,
      (SELECT id FROM currencies WHERE code = 'JPY'), ${now}, ${now}, ${now + 7 * DAY}, ${now + 7 * DAY}, ${now}, ${now});
    INSERT INTO chat_rooms (id, order_id, room_status) VALUES (${quote(roomId)}, ${quote(orderId)}, 'OPENED');`;
  return {
    roomId,
    cookies: [seller.cookie, buyer.cookie],
    languages: ["ja", "en"],
    sql: [seller.sql, buyer.sql, languages, order].join("\n"),
  };
}

/** A socket into the room, as a page of ours opens it (our Origin, the session cookie); resolves on its hello. */
function connect(serverUrl, roomId, cookie, language, onFrame) {
  return new Promise((resolve, reject) => {
    const url = `${serverUrl.replace(/^http/, "ws")}/ws/chat/${roomId}`;
    // The page's language is the socket's locale: a reading language of its party, as a browser's would be.
    const ws = new WebSocket(url, { headers: { cookie, origin: serverUrl, "accept-language": language } });
    const timer = setTimeout(() => reject(new Error("no hello within 10 s")), 10_000);
    ws.addEventListener("message", (event) => {
      const data = String(event.data);
      if (data.startsWith('{"type":"hello"')) {
        clearTimeout(timer);
        resolve(ws);
      } else onFrame(data);
    });
    ws.addEventListener("error", () => reject(new Error(`socket error on ${url}`)));
  });
}

const sendFrame = (ws, id, text) =>
  ws.send(
    JSON.stringify({ type: "send", clientMessageId: id, messageText: { text, languageCode: "en" }, messageMedias: [] }),
  );

/**
 * `count` sockets in the room; `expect(id)` waits until every socket has the message with that clientMessageId, and
 * `translated` holds, by seq, when the first socket got its `translation` frame and whether it brought one.
 */
async function openRoom(serverUrl, data, count) {
  const pending = new Map();
  /** @type {Map<number, { at: number; ok: boolean }>} */
  const translated = new Map();
  /** @type {Map<string, number>} */
  const seqOf = new Map();
  // The message's clientMessageId is read off the frame's text, not parsed: 100 sockets in one Node process would
  // otherwise measure this process's JSON.parse as much as the room's fan-out.
  const onFrame = (data) => {
    const now = performance.now();
    if (data.startsWith('{"type":"refused"')) throw new Error(`refused: ${data}`);
    if (data.startsWith('{"type":"translation"')) {
      const seq = Number(data.slice(data.indexOf('"seq":') + 6, data.indexOf(",", data.indexOf('"seq":'))));
      if (!translated.has(seq)) translated.set(seq, { at: now, ok: data.includes('"untranslated":[]') });
      return;
    }
    const at = data.indexOf('"clientMessageId":"');
    if (!data.startsWith('{"type":"message"') || at < 0) return;
    const start = at + '"clientMessageId":"'.length;
    const id = data.slice(start, data.indexOf('"', start));
    const entry = pending.get(id);
    if (!entry) return;
    if (!seqOf.has(id)) {
      const seqAt = data.indexOf('"seq":') + 6;
      seqOf.set(id, Number(data.slice(seqAt, data.indexOf(",", seqAt))));
    }
    entry.times.push(now);
    if (entry.times.length === count) entry.resolve(entry.times);
  };
  const sockets = [];
  for (let i = 0; i < count; i++)
    sockets.push(await connect(serverUrl, data.roomId, data.cookies[i % 2], data.languages[i % 2], onFrame));
  // A message that never reaches every socket is a failure of the room, not a slow row: 10 s and the bench stops.
  const expect = (id) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`message ${id} reached ${pending.get(id)?.times.length ?? 0} of ${count} sockets in 10 s`)),
        10_000,
      );
      pending.set(id, {
        times: [],
        resolve: (times) => {
          clearTimeout(timer);
          resolve(times);
        },
      });
    });
  return { sockets, expect, translated, seqOf, close: () => sockets.forEach((ws) => ws.close(1000)) };
}

/** Each party's text: in their own language (translated for the other), or in the other's (nothing to translate). */
function textOf(party, translate, label) {
  const japanese = (party === 0) === translate;
  return japanese ? `${label} の確認をお願いします` : `Please check ${label}`;
}

/** How long after each send its translation frame came (to the first socket), once the stragglers have had time. */
async function translationTimes(room, sends) {
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline && sends.some((send) => !room.translated.has(room.seqOf.get(send.id) ?? -1)))
    await new Promise((resolve) => setTimeout(resolve, 100));
  const times = [];
  let failed = 0;
  for (const send of sends) {
    const frame = room.translated.get(room.seqOf.get(send.id) ?? -1);
    if (!frame) continue;
    if (frame.ok) times.push(frame.at - send.at);
    else failed++;
  }
  times.sort((a, b) => a - b);
  return { arrived: times.length, failed, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/**
 * Fan-out latency with `count` sockets: sequential messages from the first two sockets (one per party) in turn, each
 * party writing in their own language (`translate`: every message translated for the other) or the other's.
 */
async function fanOut(serverUrl, data, count, translate, profiler) {
  const room = await openRoom(serverUrl, data, count);
  const latencies = [];
  /** @type {{ id: string; at: number }[]} */
  const sends = [];
  // The first and the last socket to get each message: how much of the spread is the fan-out itself.
  const firsts = [];
  const lasts = [];
  for (let i = 0; i < WARMUP + MESSAGES; i++) {
    if (i === WARMUP) await profiler?.start();
    const id = randomUUID();
    const arrived = room.expect(id);
    const sentAt = performance.now();
    sendFrame(room.sockets[i % 2], id, textOf(i % 2, translate, `fan-out ${count} ${translate ? "t" : "b"}${i}`));
    const times = await arrived;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - (performance.now() - sentAt))));
    if (i < WARMUP) continue;
    sends.push({ id, at: sentAt });
    for (const at of times) latencies.push(at - sentAt);
    firsts.push(times[0] - sentAt);
    lasts.push(times.at(-1) - sentAt);
  }
  const translation = translate ? await translationTimes(room, sends) : null;
  await profiler?.stop(`chat ${count} sockets${translate ? " translated" : ""}`, MESSAGES, "message");
  room.close();
  latencies.sort((a, b) => a - b);
  return {
    sockets: count,
    translate,
    translation,
    messages: MESSAGES,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: /** @type {number} */ (latencies.at(-1)),
    firstP50: median(firsts),
    lastP50: median(lasts),
  };
}

/**
 * The same fan-out against scripts/chat-floor-server.mjs, a Node WebSocket server that only broadcasts each frame: the
 * time the bench's own clients, the loopback and the machine take, with no room, storage or proxy in between.
 */
async function transportFloor(data, count) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, "scripts", "chat-floor-server.mjs"), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once("data", resolve);
      child.once("exit", (code) => reject(new Error(`the floor server exited with ${code}`)));
    });
    return await fanOut(`http://127.0.0.1:${port}`, data, count, false, null);
  } finally {
    child.kill();
  }
}

/**
 * The same fan-out against scripts/chat-floor-worker/, one Durable Object room in workerd that only broadcasts each
 * frame (`store`: after writing it to its SQLite storage), served by `wrangler dev` with no proxy in front: what the
 * runtime itself costs a message, and a stored one, before anything Comet's room does.
 */
async function workerdFloor(data, count) {
  const port = await freePort();
  const floor = await startServer({
    label: "the workerd floor",
    command: "wrangler",
    args: [
      "dev",
      "-c",
      "scripts/chat-floor-worker/wrangler.json",
      "--local",
      "--ip",
      "localhost",
      "--port",
      String(port),
      "--inspector-port",
      String(await freePort()),
      "--persist-to",
      join(tmpdir(), `comet-chat-floor-${process.pid}`),
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    env: { CI: "true" },
    probeUrl: `http://localhost:${port}/`,
  });
  try {
    const url = `http://localhost:${port}`;
    return {
      echo: await fanOut(url, { ...data, roomId: "floor" }, count, false, null),
      stored: await fanOut(url, { ...data, roomId: "floor?store=1" }, count, false, null),
    };
  } finally {
    await floor.stop();
  }
}

/** The burst one room takes at once (each party's whole send allowance), from four sockets, 10 sockets in the room. */
async function throughput(serverUrl, data) {
  const count = 10;
  // A fresh window for both senders after the fan-out rows.
  await new Promise((resolve) => setTimeout(resolve, SEND_LIMIT.windowMs));
  const room = await openRoom(serverUrl, data, count);
  const ids = Array.from({ length: BURST }, () => randomUUID());
  const all = Promise.all(ids.map((id) => room.expect(id)));
  const started = performance.now();
  ids.forEach((id, i) => sendFrame(room.sockets[i % 4], id, `burst #${i}`));
  await all;
  const seconds = (performance.now() - started) / 1000;
  room.close();
  return { sockets: count, messages: BURST, seconds, perSecond: BURST / seconds };
}

let server;
let translator;
let exitCode = 0;
try {
  if (typeof WebSocket !== "function")
    throw new Error(
      "this Node has no global WebSocket (Node 22+ needed: run it through npm, which puts the project's Node first)",
    );
  if (process.env.BENCH_SKIP_BUILD === "1") log("bench-chat", "BENCH_SKIP_BUILD=1: using build/ as it is");
  else log("bench-chat", `production build in ${build({ devTools: false }).seconds.toFixed(1)} s`);
  translator = await startTranslatorStandInProcess({ port: await freePort(), prefix: "bench-chat" });
  // As useTranslatorStandInPort does (named like a React hook, which Biome will not have called at a module's top).
  setBuildVar("TRANSLATOR_STANDIN_PORT", String(translator.port));
  prepareState(STATE_DIR, "bench-chat", { media: false });
  const data = fixtures();
  const sqlFile = join(tmpdir(), `comet-bench-chat-${process.pid}.sql`);
  writeFileSync(sqlFile, data.sql);
  run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", sqlFile], {
    env: { CI: "true" },
    quiet: true,
  });
  log("bench-chat", `sessions for ${CREATOR_EMAIL} and ${CLIENT_EMAIL}, and an OPENED chat room between them`);
  server = await startBenchServer({ stateDir: STATE_DIR, prefix: "bench-chat" });
  const [load1] = loadavg();
  const fanOuts = [];
  for (const count of SOCKET_COUNTS) fanOuts.push(await fanOut(server.url, data, count, true, server.profiler));
  // The baseline: the largest room again with nothing to translate.
  fanOuts.push(await fanOut(server.url, data, Math.max(...SOCKET_COUNTS), false, server.profiler));
  const rate = await throughput(server.url, data);
  const floor = server.profiler ? null : await transportFloor(data, Math.max(...SOCKET_COUNTS));
  const runtimeFloor = server.profiler ? null : await workerdFloor(data, Math.max(...SOCKET_COUNTS));

  const pad = (value, width) => String(value).padStart(width);
  console.log(
    `\nComet chat bench: production build in workerd (${server.kind === "vite" ? "vite preview" : "wrangler dev"}${server.profiler ? ", profiled" : ""}), loopback, one room; ${MESSAGES} sequential messages per row after ${WARMUP} warm-up; load average ${load1.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ${cpus().length} cores`,
  );
  console.log(
    `\n${"fan-out".padEnd(12)} ${"translated".padEnd(10)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("max ms", 8)} ${pad("first p50", 10)} ${pad("last p50", 9)} ${pad("translation p50", 16)} ${pad("p99", 8)} ${pad("arrived", 8)}`,
  );
  for (const r of fanOuts) {
    const t = r.translation;
    console.log(
      `${`${r.sockets} sockets`.padEnd(12)} ${(r.translate ? "yes" : "no").padEnd(10)} ${pad(r.p50.toFixed(2), 8)} ${pad(r.p99.toFixed(2), 8)} ${pad(r.max.toFixed(2), 8)} ${pad(r.firstP50.toFixed(2), 10)} ${pad(r.lastP50.toFixed(2), 9)} ${pad(t ? t.p50.toFixed(2) : "-", 16)} ${pad(t ? t.p99.toFixed(2) : "-", 8)} ${pad(t ? `${t.arrived}/${r.messages}` : "-", 8)}`,
    );
  }
  console.log(
    "(first / last p50: the median time to the first and to the last socket of each message; translation p50 / p99: from the send to the first socket's translation frame, made by the stand-in after the fan-out; arrived: translations that came, of the messages measured)",
  );
  const largest = Math.max(...SOCKET_COUNTS);
  const withTranslation = fanOuts.find((r) => r.sockets === largest && r.translate);
  const without = fanOuts.find((r) => r.sockets === largest && !r.translate);
  if (withTranslation && without)
    console.log(
      `translation and delivery, ${largest} sockets: fan-out p50 ${withTranslation.p50.toFixed(2)} ms with every message translated, ${without.p50.toFixed(2)} ms with none; the translation arrived at p50 ${withTranslation.translation?.p50.toFixed(0)} ms after the send`,
    );
  if (floor)
    console.log(
      `transport floor, ${floor.sockets} sockets (a Node WebSocket server that only broadcasts, in its own process; scripts/chat-floor-server.mjs): p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)}, first p50 ${floor.firstP50.toFixed(2)}, last p50 ${floor.lastP50.toFixed(2)}: what this bench's clients and the machine take before any room`,
    );
  if (runtimeFloor)
    for (const { row, stored } of [
      { row: runtimeFloor.echo, stored: false },
      { row: runtimeFloor.stored, stored: true },
    ])
      console.log(
        `workerd floor${stored ? ", stored" : ""}, ${row.sockets} sockets (one Durable Object room that only broadcasts${stored ? ", after one SQLite write" : ""}, wrangler dev, no proxy; scripts/chat-floor-worker/): p50 ${row.p50.toFixed(2)} ms, p99 ${row.p99.toFixed(2)}, first p50 ${row.firstP50.toFixed(2)}, last p50 ${row.lastP50.toFixed(2)}: what the runtime itself takes before any of Comet's room`,
      );
  console.log(
    `\nburst: ${rate.messages} messages from 4 sockets (both parties' whole send allowance) at once, ${rate.sockets} sockets: ${rate.seconds.toFixed(2)} s, ${rate.perSecond.toFixed(0)} messages/s stored and fanned out`,
  );
  const hundred = /** @type {(typeof fanOuts)[number]} */ (
    fanOuts.find((r) => r.sockets === 100 && r.translate) ?? fanOuts.at(-1)
  );
  const met = hundred.p50 <= P50_GOAL_MS && hundred.p99 <= P99_GOAL_MS;
  console.log(
    `${hundred.sockets} sockets: p50 ${hundred.p50.toFixed(2)} ms (goal ≤ ${P50_GOAL_MS}), p99 ${hundred.p99.toFixed(2)} ms (goal ≤ ${P99_GOAL_MS}): ${met ? "met" : "NOT met"}`,
  );
  writeBenchResults("chat.json", {
    at: new Date().toISOString(),
    messages: MESSAGES,
    warmup: WARMUP,
    loadAverage: load1,
    fanOuts,
    transportFloor: floor,
    workerdFloor: runtimeFloor,
    throughput: rate,
  });
  log("bench-chat", "wrote .bench/chat.json");
} catch (error) {
  console.error(`[bench-chat] ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.output());
  exitCode = 1;
} finally {
  server?.profiler?.close();
  await server?.stop();
  await translator?.stop();
}
process.exit(exitCode);
