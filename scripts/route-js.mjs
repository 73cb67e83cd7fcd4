// `npm run bench:js`: the client JS each route loads at start above the floor React and React Router set, read from
// a production build's route manifest, no server needed. Builds first (production, no dev tools) unless
// ROUTE_JS_SKIP_BUILD=1 or --skip-build. Size is a guard, not a target (docs/performance.md, decision 064): the
// figures are compared with the committed baseline (bench/route-js-baseline.json), and --check fails when a route
// grows more than 5 KB gzip over it (scripts/test.mjs runs it in CI on the build `npm run preview -- --check` made).
//
// A route loads, at start, the client entry and its static imports, then for itself and each parent route (root,
// site layout, dashboard layout) its module and that module's static imports: React Router preloads exactly
// these. Chunks reached only by dynamic import() (menus, dialogs opened later) are not counted.
// The floor is the stack's code: the client entry and everything it imports (React, React DOM, React Router, the
// bundler's runtime) and chunks whose source maps (built "hidden", see vite.config.ts) name only those packages.
// Sizes are zlib gzip at the default level, like scripts/bench.mjs.
//
//   node scripts/route-js.mjs [--skip-build] [--files] [--check | --update-baseline]
// --files lists each route's own chunks; --check exits 1 when a route is over its baseline by more than the
// allowance, or has none; --update-baseline writes this build's figures as the new baseline (a deliberate step,
// committed with the change that moved them).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** How much a route's own JS may grow over its baseline before --check fails: above a build's noise, below a feature. */
export const ROUTE_JS_ALLOWANCE_BYTES = 5 * 1024;
const root = fileURLToPath(new URL("..", import.meta.url));
const clientDir = join(root, "build", "client");
export const BASELINE_FILE = join(root, "bench", "route-js-baseline.json");

/** The route manifest React Router writes into the client build (the newest, should several be left over). */
export function readManifest(dir = clientDir) {
  const assets = join(dir, "assets");
  const [newest] = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, mtime: statSync(join(assets, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  if (!newest) throw new Error(`no route manifest in ${assets}: build first`);
  const text = readFileSync(join(assets, newest.name), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** Packages of the stack: their code is the floor, whichever chunk the bundler puts it in. */
const STACK_SOURCE = /node_modules\/(react|react-dom|react-router|@react-router\/[\w-]+|scheduler)\//;

/**
 * The floor's files: the client entry and its static imports (React, React DOM, React Router, bundler runtime),
 * and any other chunk whose source map names only the stack's packages (React Router's <Link>/<Form> code lands
 * in a chunk of its own, imported by the root route). A build without source maps cannot tell those chunks from a
 * route's own (a build of `react-router build` alone, not this script's or `npm run bench`'s): refused, rather than
 * counting React's chunks as the route's.
 */
export function floorFiles(manifest, dir = clientDir) {
  const floor = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const urls = [...new Set(Object.values(manifest.routes).flatMap((route) => [route.module, ...route.imports]))];
  const maps = urls.map((url) => ({ url, map: join(dir, `${url}.map`) })).filter(({ map }) => existsSync(map));
  if (maps.length === 0)
    throw new Error(
      `${dir} has no source maps: build with COMET_SOURCEMAP=1 to tell React's floor from a route's own code`,
    );
  for (const { url, map } of maps) {
    const { sources } = JSON.parse(readFileSync(map, "utf8"));
    if (sources.length > 0 && sources.every((source) => STACK_SOURCE.test(source))) floor.add(url);
  }
  return floor;
}

/** For each route: its URL pattern, the files it loads at start, and their gzip bytes above the floor. */
export function measureRoutes(dir = clientDir) {
  const manifest = readManifest(dir);
  const floor = floorFiles(manifest, dir);
  const sizes = new Map();
  const gzipOf = (url) => {
    if (!sizes.has(url)) {
      const body = readFileSync(join(dir, url));
      sizes.set(url, { raw: body.length, gzip: gzipSync(body).length });
    }
    return sizes.get(url);
  };
  const floorGzip = [...floor].reduce((sum, url) => sum + gzipOf(url).gzip, 0);
  const routes = Object.values(manifest.routes);
  const chain = (route) => (route.parentId ? [...chain(manifest.routes[route.parentId]), route] : [route]);
  const leaves = routes.filter((route) => !routes.some((other) => other.parentId === route.id));
  const measured = leaves.map((leaf) => {
    const lineage = chain(leaf);
    const path =
      "/" +
      lineage
        .map((route) => route.path ?? (route.index ? "" : ""))
        .filter(Boolean)
        .join("/");
    const own = new Set(lineage.flatMap((route) => [route.module, ...route.imports]).filter((url) => !floor.has(url)));
    const files = [...own].map((url) => ({ url, ...gzipOf(url) })).sort((a, b) => b.gzip - a.gzip);
    return { id: leaf.id, path, ownGzip: files.reduce((sum, f) => sum + f.gzip, 0), files };
  });
  return { floor: { files: [...floor], gzip: floorGzip }, routes: measured.sort((a, b) => b.ownGzip - a.ownGzip) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const signedKb = (bytes) => `${bytes >= 0 ? "+" : "−"}${kb(Math.abs(bytes))}`;

/**
 * The routes over their baseline by more than the allowance, and those with no baseline.
 * @template {{ id: string; ownGzip: number }} R
 * @param {R[]} routes
 * @param {Record<string, number>} baseline route id -> own gzip bytes
 * @returns {R[]}
 */
export function overBudget(routes, baseline, allowance = ROUTE_JS_ALLOWANCE_BYTES) {
  return routes.filter((route) => baseline[route.id] === undefined || route.ownGzip - baseline[route.id] > allowance);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (!args.includes("--skip-build") && process.env.ROUTE_JS_SKIP_BUILD !== "1") {
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, NODE_ENV: "production", COMET_SOURCEMAP: "1" };
    delete env.COMET_DEV_TOOLS;
    execFileSync("npx", ["react-router", "build"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  }
  const { floor, routes } = measureRoutes();
  /** @type {Record<string, number>} route id -> own gzip bytes */
  const baseline = existsSync(BASELINE_FILE) ? JSON.parse(readFileSync(BASELINE_FILE, "utf8")).routes : {};
  console.log(
    `floor (React, React DOM, React Router: ${floor.files.map((url) => url.replace(/^\/assets\/|-[\w-]{8}\.js$/g, "")).join(", ")}): ${kb(floor.gzip)} gzip`,
  );
  console.log(
    `each route's own JS at start, gzip, and the change since the baseline (${BASELINE_FILE.slice(root.length)}; --check allows ${signedKb(ROUTE_JS_ALLOWANCE_BYTES)}):`,
  );
  for (const route of routes) {
    const was = baseline[route.id];
    const change = was === undefined ? "no baseline" : signedKb(route.ownGzip - was);
    console.log(`  ${kb(route.ownGzip).padStart(8)}  ${change.padStart(11)}  ${route.path}  (${route.id})`);
    if (args.includes("--files"))
      for (const file of route.files) console.log(`  ${"".padStart(10)}${kb(file.gzip).padStart(8)}  ${file.url}`);
  }
  if (args.includes("--update-baseline")) {
    const figures = Object.fromEntries(
      [...routes].sort((a, b) => a.id.localeCompare(b.id)).map((route) => [route.id, route.ownGzip]),
    );
    writeFileSync(
      BASELINE_FILE,
      `${JSON.stringify({ about: "npm run bench:js: each route's own client JS at start, gzip bytes above the React floor; update with npm run bench:js -- --update-baseline", floorGzip: floor.gzip, routes: figures }, null, 2)}\n`,
    );
    console.log(`wrote ${routes.length} routes to ${BASELINE_FILE.slice(root.length)}`);
  } else if (args.includes("--check")) {
    const over = overBudget(routes, baseline);
    for (const route of over) {
      const was = baseline[route.id];
      console.log(
        `OVER BUDGET: ${route.path} (${route.id}) ${kb(route.ownGzip)}, ${was === undefined ? "no baseline" : `${signedKb(route.ownGzip - was)} over its baseline ${kb(was)}`}`,
      );
    }
    console.log(
      over.length === 0
        ? `all ${routes.length} routes within ${kb(ROUTE_JS_ALLOWANCE_BYTES)} of their baseline`
        : `${over.length} of ${routes.length} routes over budget: shrink them, or (a deliberate trade) npm run bench:js -- --update-baseline and commit the baseline`,
    );
    process.exit(over.length === 0 ? 0 : 1);
  }
}
