import { describe, expect, it } from "vitest";

/**
 * worker/domain is pure (ARCHITECTURE-GUIDE, docs/decisions/013): data in, data or a message key out. It imports no
 * framework, no runtime and nothing generated (messages are looked up at the edge, in worker/http or app/), and it
 * takes the time as an argument. Read as source through Vite, so a new file is checked without being listed.
 */
const sources = import.meta.glob<string>(
  [
    "../../../worker/domain/*.ts",
    "../../../worker/*/domain/*.ts",
    "!../../../worker/domain/*.test.ts",
    "!../../../worker/*/domain/*.test.ts",
  ],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

const FORBIDDEN_IMPORTS = [
  /^react/,
  /^react-router/,
  /^hono/,
  /^drizzle-orm/,
  /^cloudflare:/,
  /paraglide/,
  /\/app\//,
  /^\.\.\/\.\.\/app/,
  /\.\.\/services\//,
  /\.\.\/api\//,
  /\.\.\/http\//,
  // The aliases reach the same floors (scripts/floors.mjs checks every floor; this is the domain's own guard).
  /^#app\//,
  /^#durable-objects\//,
  /^#(emulators|scripts|tests)\//,
  /^#worker\/(?!(?:[a-z-]+\/)?domain\/|db\/schema\/enums$)/,
];

function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );
}

describe("worker/domain is pure", () => {
  const files = Object.entries(sources);

  it("finds the domain's files", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("its patterns catch a climb written with an alias as with a relative path, and let the domain's own through", () => {
    const forbidden = (specifier: string) => FORBIDDEN_IMPORTS.some((pattern) => pattern.test(specifier));
    for (const specifier of [
      "#worker/services/orders",
      "#app/paraglide/messages.js",
      "#durable-objects/order",
      "../services/x",
    ]) {
      expect(forbidden(specifier), specifier).toBe(true);
    }
    for (const specifier of ["#worker/domain/money", "#worker/db/schema/enums", "./money", "valibot"]) {
      expect(forbidden(specifier), specifier).toBe(false);
    }
  });

  it.each(files)("%s imports no framework, runtime or generated code", (_path, source) => {
    const bad = importsOf(source).filter((specifier) => FORBIDDEN_IMPORTS.some((pattern) => pattern.test(specifier)));
    expect(bad).toEqual([]);
  });

  it.each(files)("%s reads no clock (the time is an argument)", (_path, source) => {
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(code.match(/Date\.now\(\)|new Date\(\s*\)|performance\.now\(\)/g) ?? []).toEqual([]);
  });
});
