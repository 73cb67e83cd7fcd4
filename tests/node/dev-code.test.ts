// Dev-only code lives in worker/dev/ (issue 61): the browser tests' fixtures, the dev mailbox, the dev clock and the
// bench's baselines. A production build leaves it out because only two kinds of module reach it, each behind a
// build-time switch: the dev pages (app/routes/dev-*), which app/routes.ts lists only in dev and test builds, and the
// entry (worker/app.ts), which loads the bench's module by a dynamic import inside `if (__BENCH_DOORS__)`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { repositorySources } from "#scripts/floors.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const DEV_IMPORT = /(?:from\s+|import\(\s*)["'](?:#worker\/dev\/|(?:\.\.?\/)+(?:worker\/)?dev\/)[^"']*["']/;

describe("dev-only code", () => {
  it("is imported by the dev pages and the entry, nothing else", () => {
    const importers = repositorySources(root)
      .filter(({ file, source }) => !file.startsWith("worker/dev/") && DEV_IMPORT.test(source))
      .map(({ file }) => file)
      .sort();
    expect(importers).toEqual([
      "app/routes/dev-clock.tsx",
      "app/routes/dev-fixtures.ts",
      "app/routes/dev-mailbox.tsx",
      "worker/app.ts",
    ]);
  });

  it("reaches the entry only by a dynamic import behind the build's switch", () => {
    const app = readFileSync(`${root}/worker/app.ts`, "utf8");
    expect(app).not.toMatch(/from\s+["']\.\/dev\//);
    const loads = [...app.matchAll(/import\(\s*["']\.\/dev\/[^"']+["']\s*\)/g)].map((match) => match.index);
    expect(loads.length).toBeGreaterThan(0);
    const guard = app.indexOf("if (__BENCH_DOORS__) {");
    const guardEnd = app.indexOf("\n  }\n", guard);
    for (const at of loads) expect(at > guard && at < guardEnd).toBe(true);
  });

  it("is listed only in dev and test builds' routes", () => {
    const routes = readFileSync(`${root}/app/routes.ts`, "utf8");
    for (const line of routes.split("\n").filter((text) => text.includes('"routes/dev-'))) {
      expect(line).toMatch(/^\s*\.\.\.\(devTools \?/);
    }
  });
});
