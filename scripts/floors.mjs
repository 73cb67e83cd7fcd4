// The floors of the house (docs/ARCHITECTURE.md, decision 083): which folder's code may import which. A floor imports
// only the floors below it, never one above and never sideways to a floor not listed, so that every request, object
// call and cron run reads one way down: entry -> doors (pages, API) -> order commands (one per order action) -> edge
// helpers -> objects -> services -> adapters (payments, translation, mail) -> data (db) -> domain.
// Three more checks read the same sources: no import circle anywhere (a type-only or dynamic import is an edge too);
// only the order commands, the objects and the entry reach the Order object (`orderStub(`, the `ORDER` binding), never a
// door, nor a service; and no raw SQL in a route (app/routes/, worker/api/): a door calls a service that owns it.
// `npm run validate` runs this (`floors` step); tests/node/floors.test.ts proves each check refuses what it must.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// TypeScript's parser reads the two checks' files (calls, strings and templates, not words in comments). Required, not
// imported: Node then skips scanning the CommonJS bundle's exports, a second of the run.
/** @type {typeof import("typescript")} */
const ts = createRequire(import.meta.url)("typescript");

/** The feature folders under worker/: each holds a `domain/` and a `services/` of its own. */
const FEATURES = ["orders", "chat", "admin", "media", "documents", "account"];

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
  // The features (the order, the chat, the admin console, stored files) keep their own domain and services beside
  // each other; each folder is on the floor its name says.
  domain: {
    paths: ["worker/domain/", ...FEATURES.map((feature) => `worker/${feature}/domain/`)],
    mayImport: ["enums"],
  },
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
  services: {
    paths: ["worker/services/", ...FEATURES.map((feature) => `worker/${feature}/services/`)],
    mayImport: [...ADAPTERS, ...DATA],
  },
  // The objects call down into services; nobody imports them but the entry (callers hold a stub and a contract type).
  objects: { paths: ["durable-objects/"], mayImport: ["services", ...ADAPTERS, ...DATA] },
  http: { paths: ["worker/http/"], mayImport: ["services", "payments", "messages", "paraglide", ...DATA] },
  // One command per order action: the only callers (with the objects and the entry) that hold an Order stub.
  orders: { paths: ["worker/orders/"], mayImport: ["http", "services", ...ADAPTERS, ...DATA] },
  api: { paths: ["worker/api/"], mayImport: ["orders", "http", "services", ...ADAPTERS, ...DATA] },
  // Pages send no mail themselves.
  app: {
    paths: ["app/"],
    // Of the pages, only the dev pages (app/routes/dev-*) import dev (tests/node/dev-code.test.ts).
    mayImport: ["dev", "orders", "http", "services", ...ADAPTERS.filter((floor) => floor !== "mail"), ...DATA],
  },
  // Dev-only code (fixtures, mailbox, dev clock, the bench's baselines), which a production build leaves out: only the
  // entry and the dev pages import it.
  dev: { paths: ["worker/dev/"], mayImport: ["orders", "http", "services", ...ADAPTERS, ...DATA] },
  entry: {
    paths: ["worker/index", "worker/app", "worker/scheduled"],
    mayImport: ["app", "api", "dev", "orders", "http", "objects", "services", ...ADAPTERS, ...DATA],
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

const CHECKED_FOLDERS = ["app", "worker", "durable-objects", "emulators", "scripts"];
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

/** The extensions a specifier may leave off, in the order a bundler tries them. */
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

/** The file among `known` a repository path names: as written, with an extension added, its `index`, or `.js` for `.ts`. */
function resolveImport(path, known) {
  const bare = path.replace(/\.(js|mjs)$/, "");
  const candidates = [path, ...[path, bare].flatMap((base) => EXTENSIONS.map((ext) => base + ext))];
  candidates.push(...EXTENSIONS.map((ext) => join(path, `index${ext}`)));
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/**
 * Every import circle among `files` (type-only, bare and dynamic imports count: each is an edge), as lists of
 * repository paths: `[a, b, c]` reads a -> b -> c -> a. Each knot of files that reach one another gives its shortest
 * circles until every file of the knot is on one, so a knot is reported whole but not as every loop it holds.
 */
export function importCircles(files) {
  const known = new Set(files.map(({ file }) => file));
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const { file, source } of files) {
    const targets = importsOf(file, source)
      .map(({ path }) => resolveImport(path, known))
      .filter((target) => target !== null);
    edges.set(file, [...new Set(targets)].sort());
  }
  const circles = [];
  for (const knot of stronglyConnected([...known].sort(), edges)) {
    const members = new Set(knot);
    const onACircle = new Set();
    for (const start of knot) {
      if (onACircle.has(start)) continue;
      const circle = shortestCircle(start, members, edges);
      if (!circle) continue;
      for (const path of circle) onACircle.add(path);
      circles.push(circle);
    }
  }
  return circles;
}

/** Tarjan's strongly connected components of more than one file, or of one file that imports itself. */
function stronglyConnected(nodes, edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const knots = [];
  let next = 0;
  const visit = (root) => {
    // Iterative, so that a long chain of imports does not overflow the call stack.
    const work = [{ node: root, child: 0 }];
    index.set(root, next), low.set(root, next++), stack.push(root), onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.child < targets.length) {
        const target = targets[frame.child++];
        if (!index.has(target)) {
          index.set(target, next), low.set(target, next++), stack.push(target), onStack.add(target);
          work.push({ node: target, child: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const knot = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        knot.push(member);
      } while (member !== frame.node);
      if (knot.length > 1 || targets.includes(frame.node)) knots.push(knot.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return knots.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The shortest way from `start` back to itself inside its knot (breadth first), as the files it passes. */
function shortestCircle(start, members, edges) {
  const cameFrom = new Map();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at];
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0]));
        return circle;
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return null;
}

/**
 * Who may reach the Order object, by floor: `stub` calls `orderStub(`, `binding` touches the `ORDER` binding
 * (`env.ORDER`, `.ORDER`, `{ ORDER }`). A floor not listed is not checked.
 */
export const ORDER_REACH = {
  // One command per order action, the objects themselves, and the entry (the cron, the Worker's exports): yes.
  orders: { stub: true, binding: true },
  objects: { stub: true, binding: true },
  entry: { stub: true, binding: true },
  // The doors (API, pages) call a command; they hold no stub and never touch the binding.
  api: { stub: false, binding: false },
  app: { stub: false, binding: false },
  // The services sit below the commands: they may be handed the namespace, but call no stub.
  services: { stub: false, binding: true },
};

/** Every place a file reaches the Order object where its floor may not (ORDER_REACH): `{file, line, what, floor}`. */
export function orderReachViolations(files) {
  const violations = [];
  for (const { file, source } of files) {
    const floor = floorOf(file);
    const rule = floor ? ORDER_REACH[floor] : undefined;
    if (!rule || (rule.stub && rule.binding) || !/orderStub|ORDER/.test(source)) continue;
    const found = (node, what) => violations.push({ file, line: lineOf(node), what, floor });
    walk(parse(file, source), (node) => {
      if (!rule.stub && ts.isCallExpression(node) && nameOf(node.expression) === "orderStub") {
        found(node, "calls orderStub(");
      }
      if (rule.binding) return;
      if (ts.isPropertyAccessExpression(node) && node.name.text === "ORDER") {
        found(node, `touches the ORDER binding (${node.getText()})`);
      } else if (ts.isElementAccessExpression(node) && literalText(node.argumentExpression) === "ORDER") {
        found(node, `touches the ORDER binding (${node.getText()})`);
      } else if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText() === "ORDER") {
        found(node, "touches the ORDER binding ({ ORDER })");
      }
    });
  }
  return violations;
}

/** Where a route may not hold SQL: its pages' modules and the API's, which call a service that owns the query. */
export const NO_SQL_IN_ROUTES = { paths: ["app/routes/", "worker/api/"] };

/** A SQL statement in a string: a query's keywords in capitals, as the house writes its SQL. */
const SQL_STATEMENT = /\bSELECT\s|\bINSERT\s+(?:OR\s+\w+\s+)?INTO\b|\bUPDATE\s+\S+\s+SET\b|\bDELETE\s+FROM\b/;

/** Every raw SQL in a route (NO_SQL_IN_ROUTES): `.prepare(`, a `sql` tagged template, a statement in a string. */
export function rawSqlViolations(files) {
  const violations = [];
  for (const { file, source } of files) {
    if (!NO_SQL_IN_ROUTES.paths.some((prefix) => file.startsWith(prefix))) continue;
    if (!/prepare|sql|SELECT|INSERT|UPDATE|DELETE/.test(source)) continue;
    const found = (node, what) => violations.push({ file, line: lineOf(node), what });
    walk(parse(file, source), (node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        if (node.expression.name.text === "prepare") found(node, "calls .prepare(");
      } else if (ts.isTaggedTemplateExpression(node) && /^sql$|\.sql$|^sql\./.test(node.tag.getText())) {
        found(node, `writes a ${node.tag.getText()}\`…\` template`);
        return "skip";
      } else if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)
      ) {
        const text = ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ? ")
          : node.text;
        const statement = text.match(SQL_STATEMENT);
        if (statement) found(node, `holds SQL in a string ("${statement[0].trim()}…")`);
      }
    });
  }
  return violations;
}

function parse(file, source) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
}

/** Every node under `root`, depth first; a visitor answering "skip" leaves the node's children out. */
function walk(root, visit) {
  const go = (node) => {
    if (visit(node) !== "skip") ts.forEachChild(node, go);
  };
  go(root);
}

const lineOf = (node) => node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
/** `orderStub` of `orderStub(…)` and of `orders.orderStub(…)`. */
const nameOf = (expression) =>
  ts.isIdentifier(expression)
    ? expression.text
    : ts.isPropertyAccessExpression(expression)
      ? expression.name.text
      : null;
const literalText = (node) => (ts.isStringLiteralLike(node) ? node.text : null);

/** The repository's own sources (tests and generated code left out), as `{file, source}` with repository paths. */
export function repositorySources(root) {
  const files = [];
  const walk = (folder) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = join(folder, name);
      if (SKIPPED.has(name) || name.startsWith(".")) continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
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
  const sources = repositorySources(root);
  const failed = [];
  const report = (name, problems, print, passed, summary) => {
    for (const problem of problems) console.log(print(problem));
    console.log(problems.length === 0 ? `${name}: ${passed}` : `${name}: ${summary(problems.length)}`);
    if (problems.length > 0) failed.push(name);
  };
  report(
    "floors",
    floorViolations(sources),
    ({ file, specifier, from, to }) => `${file}: imports ${specifier}, but ${from} may not import ${to}`,
    "every import goes down",
    (count) => `${count} imports climb`,
  );
  report(
    "circles",
    importCircles(sources),
    (circle) => `circle: ${[...circle, circle[0]].join(" -> ")}`,
    "no import circle",
    (count) => `${count} import circles`,
  );
  report(
    "order reach",
    orderReachViolations(sources),
    ({ file, line, what, floor }) => `${file}:${line}: ${what}, but ${floor} may not reach the Order object`,
    "only the order commands, the objects and the entry reach the Order object",
    (count) => `${count} places reach the Order object from a door or a service`,
  );
  report(
    "raw SQL",
    rawSqlViolations(sources),
    ({ file, line, what }) => `${file}:${line}: ${what}, but a route calls a service for its SQL`,
    "no route holds SQL",
    (count) => `${count} places hold SQL in a route`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}
