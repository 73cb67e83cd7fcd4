// How many POSTs refused before their body is read come back whole from a running dev server (issue 59). The Worker
// answered such a request with its body unread; workerd then closed the connection while Vite's proxy (undici) was
// still sending, and 10-17% of the answers were lost as a 500 "fetch failed". The app now drains an unread body before
// answering (worker/http/body-limit.ts `drainUnreadBody`, at most 1 MiB). Each kind sends COUNT POSTs of BYTES
// (100 KB unless said), one at a time:
// - cross-site: a JSON POST with Sec-Fetch-Site: cross-site (403 before any door);
// - too-large: a signed-out JSON POST whose Content-Length is over the JSON door's 64 KB (413, unread);
// - upload-signed-out: a multipart upload without a session (401 before the form is read);
// - chunked: a JSON POST streamed without a Content-Length (413 once 64 KB are counted; the rest unread).
// Prints one line per kind: the statuses, the share of answers that were not the refusal, and the load average.
// Nothing is enforced: the figure depends on the machine's load.
//
//   npm run dev   (or PORT=5231 npm run dev), then
//   node scripts/bench-refused-posts.mjs [http://localhost:5173] [--count 200] [--bytes 102400] [--kinds cross-site,chunked]
import { loadavg } from "node:os";

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const BASE = args.find((a) => a.startsWith("http")) ?? "http://localhost:5173";
const COUNT = Number(option("--count", "200"));
const BYTES = Number(option("--bytes", String(100 * 1024)));
const KINDS = option("--kinds", "cross-site,too-large,upload-signed-out,chunked").split(",");
const PAYLOAD = "x".repeat(BYTES);
const JSON_TYPE = { "content-type": "application/json" };

/** The path and request of one POST of `kind`. */
function requestOf(/** @type {string} */ kind) {
  if (kind === "cross-site")
    return {
      path: "/api/features/bookmark/create",
      init: { method: "POST", headers: { ...JSON_TYPE, "sec-fetch-site": "cross-site" }, body: PAYLOAD },
    };
  if (kind === "too-large")
    return {
      path: "/api/features/commission/order/dispute/open",
      init: { method: "POST", headers: JSON_TYPE, body: PAYLOAD },
    };
  if (kind === "upload-signed-out") {
    const form = new FormData();
    form.append("files", new Blob([PAYLOAD], { type: "image/png" }), "a.png");
    return { path: "/api/google/storage/upload", init: { method: "POST", body: form } };
  }
  if (kind !== "chunked") throw new Error(`unknown kind ${kind}`);
  const bytes = new TextEncoder().encode(PAYLOAD);
  let sent = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (sent >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(sent, sent + 10 * 1024));
      sent += 10 * 1024;
    },
  });
  // A streamed body needs `duplex`, which the DOM's RequestInit does not type.
  const init = /** @type {RequestInit} */ ({ method: "POST", headers: JSON_TYPE, body, duplex: "half" });
  return { path: "/api/features/commission/order/dispute/open", init };
}

for (const kind of KINDS) {
  /** @type {Record<string, number>} */
  const statuses = {};
  const started = Date.now();
  for (let i = 0; i < COUNT; i++) {
    const { path, init } = requestOf(kind);
    let key;
    try {
      const response = await fetch(`${BASE}${path}`, init);
      const text = await response.text();
      key =
        response.status >= 500
          ? `${response.status} ${/fetch failed/.test(text) ? "fetch failed" : text.slice(0, 40)}`
          : String(response.status);
    } catch (error) {
      key = `client error ${/** @type {{ cause?: { code?: string } }} */ (error).cause?.code ?? String(error)}`;
    }
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const lost = Object.entries(statuses)
    .filter(([status]) => !/^4\d\d$/.test(status))
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    JSON.stringify({
      kind,
      count: COUNT,
      bytes: BYTES,
      statuses,
      lost: `${lost} (${((100 * lost) / COUNT).toFixed(1)}%)`,
      ms: Date.now() - started,
      load: loadavg()[0].toFixed(1),
    }),
  );
}
