// The JS budget's rule (scripts/route-js.mjs --check, docs/performance.md): a route fails when its own client JS grew
// more than the allowance over its committed baseline, or when it has no baseline; shrinking never fails.
import { describe, expect, it } from "vitest";
import { ROUTE_JS_ALLOWANCE_BYTES, overBudget } from "#scripts/route-js.mjs";

const route = (id: string, ownGzip: number) => ({ id, path: `/${id}`, ownGzip, files: [] });

describe("route JS budget", () => {
  const baseline = { a: 10_000, b: 10_000, c: 10_000 };

  it("allows growth up to the allowance and any shrinking", () => {
    expect(overBudget([route("a", 10_000 + ROUTE_JS_ALLOWANCE_BYTES), route("b", 2_000)], baseline)).toEqual([]);
  });

  it("fails a route over its baseline by more than the allowance, and a route with no baseline", () => {
    const over = overBudget(
      [route("a", 10_001 + ROUTE_JS_ALLOWANCE_BYTES), route("c", 10_000), route("new", 1)],
      baseline,
    );
    expect(over.map((r) => r.id)).toEqual(["a", "new"]);
  });
});
