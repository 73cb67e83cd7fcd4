// A Vite plugin for the browser build: the app modules every page of a layout fetches become one chunk per layout,
// and a few kits of small modules used together become one chunk each.
//
// Every page renders under root.tsx and routes/site-layout.tsx (app/routes.ts), and every dashboard page also under
// routes/dashboard/layout.tsx with a DashboardPage heading. Left to automatic chunking, the modules those import
// became a dozen small chunks that each gzip alone; one chunk per layout compresses them together (the not-found
// route 11.9 -> 10.2 KB with the site's shell; decisions 036-038).
// - Only app code is captured: a node_modules import ends the walk, so the stack's floor chunks keep naming only
//   the stack's packages (scripts/route-js.mjs).
// - The messages barrel also ends it (it imports every message). Instead, the messages the captured modules call
//   (`m.key(`) join their chunk, so they gzip with it rather than as small chunks of their own that every page
//   fetched.
// - A module belongs to the first shell that reaches it: the dashboard's shell never repeats the site's.
import { fileURLToPath } from "node:url";

const appFile = (file) => fileURLToPath(new URL(`../app/${file}`, import.meta.url));
const routeModule = (file) => `${appFile(file)}?__react-router-build-client-route`;
const MESSAGES_DIR = appFile("paraglide/messages/");

/** Each shell: its chunk's name, the layouts' route modules (entries, not captured) and other modules it roots. */
export const SHELLS = [
  { name: "shell", entries: [routeModule("root.tsx"), routeModule("routes/site-layout.tsx")], roots: [] },
  { name: "dashboard-shell", entries: [routeModule("routes/dashboard/layout.tsx")], roots: [appFile("components/dashboard/dashboard-page.tsx")] },
];

/**
 * Kits: small modules that the same routes import together, one chunk each, captured as they are (not what they
 * import). The form fields: every route with a labelled field uses two to four of them, and apart they were four
 * chunks that each gzipped alone (decision 040); with them the hook that keeps what was typed before hydration, which
 * they all import (decision 060). The error and status texts stay out: pages without fields use them.
 */
export const KITS = [
  { name: "fields", modules: ["field.tsx", "select-field.tsx", "text-field.tsx", "textarea-field.tsx", "typed-before-hydration.ts"].map((file) => appFile(`components/form/${file}`)) },
];

/**
 * @typedef {{ getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null }} ModuleGraph
 * @param {ModuleGraph} graph
 * @param {typeof SHELLS} shells
 * @param {typeof KITS} kits
 * @returns {Map<string, string>} module id -> shell or kit name
 */
export function shellMembers(graph, shells = SHELLS, kits = KITS) {
  const members = new Map();
  for (const shell of shells) {
    const queue = [...shell.entries, ...shell.roots].filter((id) => graph.getModuleInfo(id));
    const seen = new Set();
    const messages = new Set();
    for (const next of queue) {
      if (seen.has(next) || next.includes("/node_modules/") || next.endsWith("/paraglide/messages.js")) continue;
      seen.add(next);
      const info = graph.getModuleInfo(next);
      queue.push(...(info?.importedIds ?? []));
      for (const [, key] of info?.code?.matchAll(/\bm\.(\w+)\(/g) ?? []) messages.add(`${MESSAGES_DIR}${key}.js`);
    }
    for (const message of messages) if (graph.getModuleInfo(message)) seen.add(message);
    for (const id of seen) if (!shell.entries.includes(id) && !members.has(id)) members.set(id, shell.name);
  }
  for (const kit of kits) for (const id of kit.modules) if (graph.getModuleInfo(id) && !members.has(id)) members.set(id, kit.name);
  return members;
}

/** @returns {import("vite").Plugin} */
export function shellChunks() {
  const membersOf = new WeakMap();
  /** @param {string} id @param {ModuleGraph} graph */
  const chunkName = (id, graph) => {
    if (!membersOf.has(graph)) membersOf.set(graph, shellMembers(graph));
    return membersOf.get(graph).get(id) ?? null;
  };
  return {
    // It runs after React Router's client options: capturing app modules without their stack imports needs entries
    // that may gain exports, where React Router asks for "exports-only".
    name: "comet-shell-chunks",
    enforce: "post",
    configEnvironment(name, config) {
      const options = name === "client" ? (config.build?.rolldownOptions ?? config.build?.rollupOptions) : undefined;
      if (!options || Array.isArray(options.output)) return;
      options.preserveEntrySignatures = "allow-extension";
      options.output = {
        ...options.output,
        codeSplitting: { groups: [{ name: chunkName, includeDependenciesRecursively: false }] },
      };
    },
  };
}
