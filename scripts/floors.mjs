// The floors of the house (docs/ARCHITECTURE.md, decision 083): which folder's code may import which. A floor imports
// only the floors below it, never one above and never sideways to a floor not listed, so that every request, object
// call and cron run reads one way down: entry -> doors (pages, API) -> edge helpers -> objects -> services -> adapters
// (payments, translation, mail) -> data (db) -> domain. `npm run validate` runs this (`floors` step); a test in
// tests/node/floors.test.ts proves it refuses a forbidden import.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The data floors every use case may read: the schema's client, the pure domain and its value sets. */
const DATA = ["db", "domain", "enums"];
/** What a use case talks to: the providers' adapters and the wording of the domain's keys. */
const ADAPTERS = ["payments", "translation", "mail", "messages", "paraglide"];

/**
 * Each floor: its folders (ending in `/`) or its files (without extension; the most specific match wins), and the
 * floors it may import. Everything a floor may import is listed; its own floor is always allowed.
 * @type {Record<string, { paths: string[]; mayImport: string[] }>}
 */
export const FLOORS = {
  domain: { paths: ["worker/domain/"], mayImport: ["enums"] },
  // The value sets both the schema and the domain read: a leaf with no imports.
  enums: { paths: ["worker/db/schema/enums"], mayImport: [] },
  db: { paths: ["worker/db/"], mayImport: ["domain", "enums"] },
  // Paraglide's generated messages and runtime (app/paraglide, built from messages/*.json).
  paraglide: { paths: ["app/paraglide/"], mayImport: [] },
  // The wording of the domain's keys in the reader's language: pages, doors, mails and objects all word with it.
  messages: { paths: ["worker/messages/"], mayImport: ["domain", "enums", "paraglide"] },
  mail: { paths: ["worker/mail/"], mayImport: DATA },
  translation: { paths: ["worker/translation/"], mayImport: ["domain"] },
  payments: { paths: ["worker/payments/"], mayImport: DATA },
  services: { paths: ["worker/services/"], mayImport: [...ADAPTERS, ...DATA] },
  // The objects call down into services; nobody imports them but the entry (callers hold a stub and a contract type).
  objects: { paths: ["durable-objects/"], mayImport: ["services", ...ADAPTERS, ...DATA] },
  http: { paths: ["worker/http/"], mayImport: ["services", "payments", "messages", "paraglide", ...DATA] },
  api: { paths: ["worker/api/"], mayImport: ["http", "services", ...ADAPTERS, ...DATA] },
  // Pages send no mail themselves.
  app: {
    paths: ["app/"],
    // Of the pages, only the dev pages (app/routes/dev-*) import dev (tests/node/dev-code.test.ts).
    mayImport: ["dev", "http", "services", ...ADAPTERS.filter((floor) => floor !== "mail"), ...DATA],
  },
  // Dev-only code (fixtures, mailbox, dev clock, the bench's baselines), which a production build leaves out: only the
  // entry and the dev pages import it.
  dev: { paths: ["worker/dev/"], mayImport: ["http", "services", ...ADAPTERS, ...DATA] },
  entry: {
    paths: ["worker/index", "worker/app", "worker/scheduled"],
    mayImport: ["app", "api", "dev", "http", "objects", "services", ...ADAPTERS, ...DATA],
  },
  // Node tools for dev and tests: they stand in for providers and never reach into the Worker's code.
  emulators: { paths: ["emulators/"], mayImport: ["scripts"] },
  scripts: { paths: ["scripts/"], mayImport: ["emulators"] },
};

/**
 * Browser code (components and the pages' helpers, not their `.server` modules) may read these floors' view types, but
 * never their code: a value import would carry the server's code (and its secrets' names) into the page's bundle.
 */
const TYPES_ONLY_IN_BROWSER_CODE = {
  paths: ["app/components/", "app/lib/"],
  serverModule: /\.server\.tsx?$/,
  floors: ["services", "payments", "db"],
};

const ALIASES = {
  "#app/": "app/",
  "#worker/": "worker/",
  "#durable-objects/": "durable-objects/",
  "#emulators/": "emulators/",
  "#scripts/": "scripts/",
  "#messages/": "messages/",
  "#tests/": "tests/",
};

const CHECKED_FOLDERS = ["app", "worker", "durable-objects", "emulators"];
const SKIPPED = new Set(["node_modules", "paraglide", ".react-router"]);

/** The floor a repository path belongs to, or null for files outside every floor (messages/*.json, tests). */
export function floorOf(path) {
  const module = path.replace(/\.(ts|tsx|js|mjs)$/, "");
  let best = null;
  for (const [name, floor] of Object.entries(FLOORS)) {
    for (const prefix of floor.paths) {
      const holds = prefix.endsWith("/") ? module.startsWith(prefix) : module === prefix;
      if (holds && (!best || prefix.length > best.prefix.length)) best = { name, prefix };
    }
  }
  return best?.name ?? null;
}

/** The repository paths a source file imports (relative and `#alias/` specifiers; packages are not floors). */
function importsOf(file, source) {
  const targets = [];
  // `import … from "x"`, `export … from "x"`, `import("x")` and a bare `import "x"` (run for its effect).
  const pattern =
    /((?:import|export)[^'"]*?)from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[2] ?? match[3] ?? match[4];
    const typesOnly = match[1] !== undefined && isTypesOnly(match[1]);
    if (specifier.startsWith(".")) {
      targets.push({ specifier, typesOnly, path: relative(".", join(dirname(file), specifier)) });
    }
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    if (alias) targets.push({ specifier, typesOnly, path: ALIASES[alias] + specifier.slice(alias.length) });
  }
  return targets;
}

/** `import type {…}` or `import { type a, type b }`: erased from the build. */
function isTypesOnly(clause) {
  if (/^(?:import|export)\s+type\b/.test(clause)) return true;
  const names = clause
    .match(/\{([^}]*)\}/)?.[1]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names !== undefined && names.length > 0 && names.every((name) => name.startsWith("type "));
}

/** Every import that leaves its floor for one it may not import: `{file, specifier, from, to}`. */
export function floorViolations(files) {
  const violations = [];
  for (const { file, source } of files) {
    const from = floorOf(file);
    if (!from) continue;
    const browserCode =
      TYPES_ONLY_IN_BROWSER_CODE.paths.some((prefix) => file.startsWith(prefix)) &&
      !TYPES_ONLY_IN_BROWSER_CODE.serverModule.test(file);
    for (const { specifier, path, typesOnly } of importsOf(file, source)) {
      const to = floorOf(path);
      if (!to || to === from) continue;
      if (!FLOORS[from].mayImport.includes(to)) violations.push({ file, specifier, from, to });
      else if (browserCode && !typesOnly && TYPES_ONLY_IN_BROWSER_CODE.floors.includes(to)) {
        violations.push({ file, specifier, from: `${from} (browser code)`, to: `${to} (only its types)` });
      }
    }
  }
  return violations;
}

/** The repository's own sources (tests and generated code left out), as `{file, source}` with repository paths. */
export function repositorySources(root) {
  const files = [];
  const walk = (folder) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = join(folder, name);
      if (SKIPPED.has(name) || name.startsWith(".")) continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        files.push({ file: path, source: readFileSync(join(root, path), "utf8") });
      }
    }
  };
  for (const folder of CHECKED_FOLDERS) walk(folder);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  process.chdir(root);
  const violations = floorViolations(repositorySources(root));
  for (const { file, specifier, from, to } of violations) {
    console.error(`${file}: imports ${specifier}, but ${from} may not import ${to}`);
  }
  console.log(
    violations.length === 0 ? "floors: every import goes down" : `floors: ${violations.length} imports climb`,
  );
  process.exit(violations.length === 0 ? 0 : 1);
}
