// How `npm run bench:profile` (scripts/cpu-profile.mjs) reads a V8 CPU profile: each sample's time goes to its
// function's own time and, once per sample, to every function on its stack; a sample counts for one sampling interval
// at most, and the rest of a longer gap (the isolate was not running) goes to no function.
import { describe, expect, it } from "vitest";
import { NOT_SAMPLED, summarizeProfile } from "#scripts/cpu-profile.mjs";

const frame = (functionName: string, url = "", lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
  scriptId: "0",
});

describe("profile summary", () => {
  // (root) > handler > render > render (recursion) ; (root) > handler > query ; (root) > (idle). Samples come every
  // 1000 µs (the median delta); `query` and `(idle)` are each the first sample after a longer gap.
  const profile = {
    nodes: [
      { id: 1, callFrame: frame("(root)"), children: [2, 6] },
      { id: 2, callFrame: frame("handler", "file:///build/server/index.js", 9), children: [3, 5] },
      { id: 3, callFrame: frame("render", "file:///build/server/assets/ssr.js", 41), children: [4] },
      { id: 4, callFrame: frame("render", "file:///build/server/assets/ssr.js", 41), children: [] },
      { id: 5, callFrame: frame("query", "cloudflare-internal:d1-api", 99), children: [] },
      { id: 6, callFrame: frame("(idle)"), children: [] },
    ],
    samples: [4, 4, 3, 5, 6, 2],
    timeDeltas: [1000, 1000, 1000, 2000, 5000, 1000],
  };
  const { self, total } = summarizeProfile(profile, 2);
  const ms = (rows: { fn: string; ms: number }[], fn: string) => rows.find((row) => row.fn === fn)?.ms;

  it("gives each function its own samples, per request, named by function, file and line", () => {
    expect(ms(self, "render ssr.js:42")).toBe(1.5);
    expect(ms(self, "handler index.js:10")).toBe(0.5);
    expect(self[0].fn).toBe(NOT_SAMPLED);
  });

  it("counts the first sample after a gap as one interval, and the rest of the gap in no function", () => {
    expect(ms(self, "query cloudflare-internal:d1-api:100")).toBe(0.5);
    expect(ms(self, "(idle)")).toBe(0.5);
    expect(ms(self, NOT_SAMPLED)).toBe(2.5);
    expect(ms(total, NOT_SAMPLED)).toBeUndefined();
  });

  it("counts a sample once for every function on its stack, recursion included once", () => {
    expect(ms(total, "render ssr.js:42")).toBe(1.5);
    expect(ms(total, "handler index.js:10")).toBe(2.5);
    expect(ms(total, "(root)")).toBe(3);
  });
});
