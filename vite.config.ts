import { cloudflare } from "@cloudflare/vite-plugin";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { paraglideOptions } from "./paraglide.options.mjs";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Tests and benchmarks run against their own throwaway state; dev keeps .wrangler/state.
      persistState: process.env.COMET_STATE_DIR ? { path: process.env.COMET_STATE_DIR } : true,
    }),
    tailwindcss(),
    reactRouter(),
  ],
});
