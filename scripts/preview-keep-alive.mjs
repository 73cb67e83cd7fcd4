// A Vite plugin for `vite preview` only (the browser tests and benchmarks serve the build with it; production is the
// Worker, which never runs this). Node's HTTP server closes a keep-alive connection after 5 s of silence, while
// Playwright's request context keeps its idle sockets and reuses them: a request sent just as the server closes one
// fails with "socket hang up (ECONNRESET)" before any handler ran (microsoft/playwright#42698; CI saw it on sign-in).
// With a minute and more of keep-alive, the server outlives the pauses between one test's requests.

/** How long an idle connection stays open, above any pause inside one browser walk's requests. */
const PREVIEW_KEEP_ALIVE_MS = 65_000;

/** @returns {import("vite").Plugin} */
export function previewKeepAlive() {
  return {
    name: "comet:preview-keep-alive",
    configurePreviewServer(server) {
      // `vite preview` serves plain HTTP/1.1 here (no `preview.https`): a node:http server.
      const http = /** @type {import("node:http").Server} */ (server.httpServer);
      http.keepAliveTimeout = PREVIEW_KEEP_ALIVE_MS;
      // Node requires the headers' timeout above the keep-alive's, or it closes a reused connection first.
      http.headersTimeout = PREVIEW_KEEP_ALIVE_MS + 1_000;
    },
  };
}
