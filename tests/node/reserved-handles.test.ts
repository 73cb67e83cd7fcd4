// Reserved handles (issue 31): every first path segment the app routes is refused as a handle, read from the route
// table, the Worker's mounts and the static files, so a route added later without reserving its name fails here.
// Sign-up and rename refusing them, with their message in both languages: tests/worker/accounts/auth.test.ts, validation.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "#app/routes";
import { LEGAL_PAGES } from "#worker/domain/legal-pages";
import { RESERVED_HANDLES, isReservedHandle } from "#worker/domain/reserved-handles";

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

/** The first segment of every route path, params and the catch-all aside. */
function firstSegments(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = path.split("/")[0];
    const mine = own && !own.startsWith(":") && own !== "*" ? [own] : [];
    return [...mine, ...firstSegments(entry.children ?? [], path)];
  });
}

/** Every route's whole path, without its leading slash. */
function fullPaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.path ? [path] : []), ...fullPaths(entry.children ?? [], path)];
  });
}

const root = new URL("../../", import.meta.url);
const workerMounts = [
  ...readFileSync(new URL("worker/app.ts", root), "utf8").matchAll(/app\.(?:route|get|post|all)\("\/([^/"*:]+)/g),
].map((m) => m[1]);
const staticFiles = readdirSync(new URL("public/", root)).map((name) => name.replace(/\..*$/, ""));

describe("reserved handles", () => {
  it("every first path segment the app routes is reserved", () => {
    const segments = new Set(
      [...firstSegments(routes as RouteEntry[]), ...workerMounts, "assets", ...staticFiles].map((s) => s.toLowerCase()),
    );
    expect(segments.size).toBeGreaterThan(8);
    expect([...segments].filter((segment) => !RESERVED_HANDLES.has(segment))).toEqual([]);
  });

  it("the footer's guideline and legal pages are routes, and no handle can take their paths (issue 33)", () => {
    const paths = new Set(fullPaths(routes as RouteEntry[]));
    for (const page of LEGAL_PAGES) {
      expect(paths.has(page.path), page.path).toBe(true);
      expect(isReservedHandle(page.path.split("/")[0]), page.path).toBe(true);
    }
    for (const handle of ["about", "Guidelines", "terms", "privacy", "LEGAL"])
      expect(isReservedHandle(handle), handle).toBe(true);
  });

  it("are compared without case; a longer handle that starts with one is free", () => {
    for (const handle of ["dashboard", "Explore", "WEBHOOKS", " onboarding ", "admin"])
      expect(isReservedHandle(handle), handle).toBe(true);
    for (const handle of ["explorer", "democreator", "mediamaker"])
      expect(isReservedHandle(handle), handle).toBe(false);
  });
});
