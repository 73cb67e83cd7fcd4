import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { paraglideOptions } from "./paraglide.options.mjs";
import { fizzChunkCache } from "./scripts/fizz-chunk-cache.mjs";
import { pageLocaleMessages } from "./scripts/page-locale-messages.mjs";
import { pageLocaleRuntime } from "./scripts/page-locale-runtime.mjs";
import { previewKeepAlive } from "./scripts/preview-keep-alive.mjs";

export default defineConfig(({ command, isPreview }) => ({
  // The local card form (docs/decisions/018) is compiled into dev and test builds only, like the dev mailbox
  // (app/routes.ts): `react-router build` without COMET_DEV_TOOLS=1 drops it as dead code.
  // The dev clock (worker/services/clock.ts, docs/decisions/080) the same way: a production build reads no clock but the real one.
  define: {
    __LOCAL_CARD_FORM__: JSON.stringify(command === "serve" || process.env.COMET_DEV_TOOLS === "1"),
    __DEV_CLOCK__: JSON.stringify(command === "serve" || process.env.COMET_DEV_TOOLS === "1"),
    // The bench's baselines (worker/dev/bench.ts): dev and test builds, and the benchmarks' builds of the production
    // code (scripts/serve-test-build.mjs sets COMET_BENCH=1); `npm run build` and the deploy leave them out.
    __BENCH_DOORS__: JSON.stringify(
      command === "serve" || process.env.COMET_DEV_TOOLS === "1" || process.env.COMET_BENCH === "1",
    ),
  },
  // scripts/route-js.mjs (`npm run bench:js`) reads the source maps to tell the stack's chunks from the app's;
  // "hidden" leaves the shipped files byte for byte as without maps.
  build: { sourcemap: process.env.COMET_SOURCEMAP === "1" ? "hidden" : false },
  // The plugins of our own (docs/performance.md says what each buys): the browser's messages take the page's language
  // and carry only English and Japanese, a page in another loading its texts by area (decision 105); React's server
  // renderer keeps the bytes of the short strings it writes. Another only keeps `vite preview`'s idle connections open
  // for the browser tests (scripts/preview-keep-alive.mjs).
  plugins: [
    // The dev server gets one module per language instead of one per message (1,254 of them, each a request of the
    // page): `/` makes 63 requests instead of 1,315 and a click works 3-5× sooner (docs/decisions/079, `npm run
    // bench:dev`). Builds keep one module per message, which the bundler tree-shakes to what each route uses.
    paraglideVitePlugin({
      ...paraglideOptions,
      outputStructure: command === "serve" && !isPreview ? "locale-modules" : "message-modules",
    }),
    pageLocaleRuntime(),
    // The browser build's messages carry English and Japanese; a page in another language loads its texts by area.
    pageLocaleMessages(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Tests and benchmarks run against their own throwaway state; dev keeps .wrangler/state.
      persistState: process.env.COMET_STATE_DIR ? { path: process.env.COMET_STATE_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
    fizzChunkCache(),
    previewKeepAlive(),
  ],
}));
