// The page actions of the route table, discovered rather than listed (issue 31): every route file that exports an
// `action`, with its full path. Shared by page-actions-bad-body.test.ts and fuzz-doors.test.ts.
import routeTable from "#app/routes";

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };
export type Action = (args: unknown) => unknown;

// Read as text to find the actions: importing every page would also import browser-only modules.
const routeSources = import.meta.glob<string>("../../../app/routes/**/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});
const routeModules = import.meta.glob<{ action: Action }>("../../../app/routes/**/*.{ts,tsx}");
const EXPORTS_ACTION = /^export\s+(?:async\s+)?(?:function|const|let)\s+action\b|^export\s*\{[^}]*\baction\b/m;

/** Every route of the table with its full path. */
function routesOf(
  entries: readonly RouteEntry[] = routeTable as RouteEntry[],
  parent = "",
): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ file: entry.file, path: path || "/" }, ...routesOf(entry.children ?? [], path)];
  });
}

/**
 * The routes whose file exports an action, each with a loader of that action (imported only when called). Not the dev
 * tools under /dev/ (the browser tests' JSON fixtures): no page posts to them, and a production build has none.
 */
export function pageActionRoutes(): { file: string; path: string; action: () => Promise<Action> }[] {
  return routesOf().flatMap(({ file, path }) => {
    if (path.startsWith("/dev/")) return [];
    const module = `../../../app/${file}`;
    if (!EXPORTS_ACTION.test(routeSources[module] ?? "")) return [];
    return [{ file, path, action: async () => (await routeModules[module]()).action }];
  });
}

/** Route files of the table that the glob did not find (a file moved out of app/routes, say): none, or discovery is blind. */
export const unreadRouteFiles = () =>
  routesOf()
    .filter(({ file }) => !(`../../../app/${file}` in routeSources))
    .map(({ file }) => file);
