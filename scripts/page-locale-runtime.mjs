// A Vite plugin for the browser build and the dev client: modules importing Paraglide's runtime
// (app/paraglide/runtime.js: every message, and the components that ask for the language) get
// app/lib/page-locale-runtime.ts instead, which reads the language the server rendered the page in. The Worker keeps
// Paraglide's runtime (worker/messages/message-locale.ts opens its scope per request). In the browser Paraglide's own
// runtime would decide the language again (cookie, localStorage, navigator.languages), which can differ from the
// server's and mismatch the markup, and it writes a language cookie on a first visit (decision 038); it is also
// 1.3 KB gzip on every route (decision 064). A module importing anything else from the runtime in the browser fails
// the build with a missing export, so nothing is dropped silently.
import { fileURLToPath } from "node:url";

export const PARAGLIDE_RUNTIME = fileURLToPath(new URL("../app/paraglide/runtime.js", import.meta.url));
export const PAGE_LOCALE_RUNTIME = fileURLToPath(new URL("../app/lib/page-locale-runtime.ts", import.meta.url));

/** @returns {import("vite").Plugin} */
export function pageLocaleRuntime() {
  return {
    name: "comet-page-locale-runtime",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!source.includes("runtime") || importer === PAGE_LOCALE_RUNTIME) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === PARAGLIDE_RUNTIME ? PAGE_LOCALE_RUNTIME : null;
    },
  };
}
