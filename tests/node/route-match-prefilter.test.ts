// The build-time patch of React Router's matcher (scripts/route-match-prefilter.mjs, docs/decisions/037) must only
// skip branches that would fail anyway: the installed matcher, patched and not, gives the same matches for the app's
// real route tree (app/routes.ts, as the production build has it), for every route's path and for the odd shapes a
// request can take: other letter case, trailing and doubled slashes, encoded characters, unknown and partial paths.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prefilterRouteBranches } from "../../scripts/route-match-prefilter.mjs";

const require = createRequire(import.meta.url);
const utilsPath = join(dirname(require.resolve("react-router/package.json")), "dist", "production", "lib", "router", "utils.js");

type RouteObject = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteObject[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type MatchRoutesImpl = (routes: RouteObject[], location: string, basename: string, allowPartial: boolean) => Match[] | null;

/** The installed utils.js, patched or not, imported from a copy whose relative and bare imports point at the originals. */
async function loadMatcher(source: string, dir: string, name: string): Promise<MatchRoutesImpl> {
  const absolute = source
    .replace(/from "\.\/([\w-]+\.js)"/g, (_, file: string) => `from ${JSON.stringify(pathToFileURL(join(dirname(utilsPath), file)).href)}`)
    .replace(/from "react"/, `from ${JSON.stringify(pathToFileURL(require.resolve("react")).href)}`);
  const file = join(dir, name);
  writeFileSync(file, absolute);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { matchRoutesImpl: MatchRoutesImpl };
  return module.matchRoutesImpl;
}

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigEntry[] };
function toRoutes(entries: ConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    index: entry.index,
    caseSensitive: entry.caseSensitive,
    children: entry.children ? toRoutes(entry.children) : undefined,
  }));
}

function pathsOf(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}` : parent;
    return [...(route.path || route.index ? [path || "/"] : []), ...pathsOf(route.children ?? [], path)];
  });
}

/** Every route's path with its parameters filled, and the shapes a request can take beside it. */
function requestPaths(routes: RouteObject[]): string[] {
  const filled = pathsOf(routes).map((path) => path.replace(/:\w+/g, "x1").replace(/\*$/, "a/b"));
  const variants = filled.flatMap((path) => [
    path,
    path.toUpperCase(),
    `${path}/`,
    `${path}//`,
    `/${path}`,
    path.replace(/\//g, "//"),
    `${path}/extra`,
    path.split("/").slice(0, -1).join("/") || "/",
    `${path}x`,
  ]);
  return [...new Set([...variants, "/", "", "/%E3%81%82", "/a%2Fb", "/a%2Fb/works/1", "/dashboard", "/Dashboard/Billing", "/dashboardx", "/ex plore"])];
}

const summary = (matches: Match[] | null) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ?? null;

describe("the route-branch prefilter patched into React Router's matcher", () => {
  let dir: string;
  let original: MatchRoutesImpl;
  let patched: MatchRoutesImpl;
  let routes: RouteObject[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "route-match-prefilter-"));
    const source = readFileSync(utilsPath, "utf8");
    original = await loadMatcher(source, dir, "original.mjs");
    patched = await loadMatcher(prefilterRouteBranches(source), dir, "patched.mjs");
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    routes = toRoutes((await import("../../app/routes")).default as ConfigEntry[]);
    process.env.NODE_ENV = previous;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("matches every path of the app's route tree as React Router does", () => {
    const paths = requestPaths(routes);
    expect(paths.length).toBeGreaterThan(250);
    for (const path of paths) {
      for (const allowPartial of [false, true]) {
        expect(summary(patched(routes, path, "/", allowPartial)), `${path} (partial: ${allowPartial})`).toEqual(
          summary(original(routes, path, "/", allowPartial)),
        );
      }
    }
  });

  it("still finds the routes behind dynamic first segments and the catch-all", () => {
    expect(summary(patched(routes, "/SomeHandle/works/w1", "/", false))?.at(-1)).toMatchObject({ id: "routes/work.tsx", params: { handle: "SomeHandle", workId: "w1" } });
    expect(summary(patched(routes, "/DASHBOARD/billing/", "/", false))?.at(-1)?.id).toBe("routes/dashboard/billing.tsx");
    expect(summary(patched(routes, "/no/such/page", "/", false))?.at(-1)?.id).toBe("routes/not-found.tsx");
  });

  it("refuses a React Router whose matcher no longer has the loop it replaces", () => {
    expect(() => prefilterRouteBranches("function matchRoutesImpl() {}")).toThrow(/React Router upgrade/);
  });
});
