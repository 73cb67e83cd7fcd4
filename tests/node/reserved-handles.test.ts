// Reserved handles (issue 31): every first path segment the app routes is refused as a handle, read from the route
// table, the Worker's mounts and the static files, so a route added later without reserving its name fails here.
// Sign-up and rename refusing them, with their message in both languages: tests/worker/auth.test.ts, validation.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { RESERVED_HANDLES, isReservedHandle } from "../../worker/domain/reserved-handles";

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

const root = new URL("../../", import.meta.url);
const workerMounts = [...readFileSync(new URL("worker/app.ts", root), "utf8").matchAll(/app\.(?:route|get|post|all)\("\/([^/"*:]+)/g)].map((m) => m[1]);
const staticFiles = readdirSync(new URL("public/", root)).map((name) => name.replace(/\..*$/, ""));

describe("reserved handles", () => {
  it("every first path segment the app routes is reserved", () => {
    const segments = new Set([...firstSegments(routes as RouteEntry[]), ...workerMounts, "assets", ...staticFiles].map((s) => s.toLowerCase()));
    expect(segments.size).toBeGreaterThan(8);
    expect([...segments].filter((segment) => !RESERVED_HANDLES.has(segment))).toEqual([]);
  });

  it("are compared without case; a longer handle that starts with one is free", () => {
    for (const handle of ["dashboard", "Explore", "WEBHOOKS", " onboarding ", "admin"]) expect(isReservedHandle(handle), handle).toBe(true);
    for (const handle of ["explorer", "democreator", "mediamaker"]) expect(isReservedHandle(handle), handle).toBe(false);
  });
});
