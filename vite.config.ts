import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { paraglideOptions } from "./paraglide.options.mjs";
import { compactMessages } from "./scripts/compact-messages.mjs";
import { fizzChunkCache } from "./scripts/fizz-chunk-cache.mjs";
import { pageLocaleRuntime } from "./scripts/page-locale-runtime.mjs";
import { routeMatchPrefilter } from "./scripts/route-match-prefilter.mjs";

// Every page renders under root.tsx and routes/site-layout.tsx (app/routes.ts), so the app modules those two import
// statically are fetched on every route. Left to automatic chunking they became a dozen small chunks that each
// gzip alone; one "shell" chunk compresses them together (not-found route 11.9 -> 10.2 KB, 9.5 with its messages). Only app code is
// captured (a node_modules import ends the walk), so the stack's floor chunks keep naming only the stack's packages
// (scripts/route-js.mjs). The messages barrel also ends it (it imports every message): instead, the messages the
// shell's modules call (`m.key(`) join the shell, so they gzip with it rather than as small chunks of their own
// that every page fetched (error_not_found, error_generic, layout_meta_page_title; decision 037).
const SHELL_ENTRIES = ["root.tsx", "routes/site-layout.tsx"].map(
  (file) => new URL(`./app/${file}`, import.meta.url).pathname + "?__react-router-build-client-route",
);
const MESSAGES_DIR = new URL("./app/paraglide/messages/", import.meta.url).pathname;
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };
const shellModules = new WeakMap<object, Set<string>>();
function shellChunkName(id: string, graph: ModuleGraph): string | null {
  let modules = shellModules.get(graph);
  if (!modules) {
    modules = new Set();
    const queue = SHELL_ENTRIES.filter((entry) => graph.getModuleInfo(entry));
    const messages = new Set<string>();
    for (const next of queue) {
      if (modules.has(next) || next.includes("/node_modules/") || next.endsWith("/paraglide/messages.js")) continue;
      modules.add(next);
      const info = graph.getModuleInfo(next);
      queue.push(...(info?.importedIds ?? []));
      for (const [, key] of info?.code?.matchAll(/\bm\.(\w+)\(/g) ?? []) messages.add(`${MESSAGES_DIR}${key}.js`);
    }
    for (const message of messages) if (graph.getModuleInfo(message)) modules.add(message);
    shellModules.set(graph, modules);
  }
  return modules.has(id) && !SHELL_ENTRIES.includes(id) ? "shell" : null;
}

export default defineConfig(({ command }) => ({
  // The local card form (docs/decisions/018) is compiled into dev and test builds only, like the dev mailbox
  // (app/routes.ts): `react-router build` without COMET_DEV_TOOLS=1 drops it as dead code.
  define: { __LOCAL_CARD_FORM__: JSON.stringify(command === "serve" || process.env.COMET_DEV_TOOLS === "1") },
  // scripts/route-js.mjs (`npm run bench:js`) reads the source maps to tell the stack's chunks from the app's;
  // "hidden" leaves the shipped files byte for byte as without maps.
  build: { sourcemap: process.env.COMET_SOURCEMAP === "1" ? "hidden" : false },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    pageLocaleRuntime(),
    compactMessages(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Tests and benchmarks run against their own throwaway state; dev keeps .wrangler/state.
      persistState: process.env.COMET_STATE_DIR ? { path: process.env.COMET_STATE_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
    fizzChunkCache(),
    routeMatchPrefilter(),
    {
      // The browser build only. It runs after React Router's client options: capturing app modules without their
      // stack imports needs entries that may gain exports, where React Router asks for "exports-only".
      name: "comet-shell-chunk",
      enforce: "post",
      configEnvironment(name, config) {
        const options = name === "client" ? (config.build?.rolldownOptions ?? config.build?.rollupOptions) : undefined;
        if (!options || Array.isArray(options.output)) return;
        options.preserveEntrySignatures = "allow-extension";
        options.output = {
          ...options.output,
          codeSplitting: { groups: [{ name: shellChunkName, debugName: "shell", includeDependenciesRecursively: false }] },
        };
      },
    },
  ],
}));
