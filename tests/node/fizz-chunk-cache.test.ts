// The build-time patch of React's server renderer (scripts/fizz-chunk-cache.mjs, docs/decisions/036) must not change a
// byte of what it writes: the installed react-dom edge build, patched and not, renders the same pages to the same
// HTML, on a cold and a warm cache, past the cache's bound, with texts long enough to skip it and chunks large enough
// to go to the stream whole.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { CACHE_ENTRIES, CACHED_MAX_LENGTH, cacheEncodedChunks } from "#scripts/fizz-chunk-cache.mjs";

const require = createRequire(import.meta.url);
const fizzPath = join(dirname(require.resolve("react-dom")), "cjs", "react-dom-server.edge.production.js");
const fizzSource = readFileSync(fizzPath, "utf8");

type Fizz = { renderToReadableStream: (children: ReactNode) => Promise<ReadableStream<Uint8Array>> };

/** A fresh instance of the edge build from source (its own module state, so its own cache). */
function loadFizz(source: string): Fizz {
  const module = { exports: {} as Fizz };
  new Function("require", "module", "exports", source)(createRequire(fizzPath), module, module.exports);
  return module.exports;
}

async function html(fizz: Fizz, page: ReactNode) {
  return new Response(await fizz.renderToReadableStream(page)).text();
}

/** A card list like explore's: the same class lists and labels on every card, and some texts of each card's own. */
function cards(count: number, prefix = "") {
  const items = Array.from({ length: count }, (_, i) =>
    createElement(
      "li",
      { key: i, className: "creator-card rounded-xl border p-4" },
      createElement(
        "a",
        { href: `/${prefix}creator${i}`, "aria-label": `Open ${prefix}${i}` },
        `クリエイター ${prefix}${i}`,
      ),
      createElement("span", { className: "open-badge", "data-open": "true" }, "Open for commissions"),
      createElement("p", { title: `"quoted" & <b> ${i}` }, `Bio ${i}: 夜明けの港 & more`),
    ),
  );
  return createElement("ul", { className: "grid gap-5" }, items);
}

describe("React's server renderer with encoded chunks cached", () => {
  const original = loadFizz(fizzSource);
  const patched = loadFizz(cacheEncodedChunks(fizzSource, fizzPath));

  it("writes the same HTML as the unpatched renderer, render after render", async () => {
    for (let round = 0; round < 3; round++) {
      expect(await html(patched, cards(12))).toBe(await html(original, cards(12)));
    }
  });

  it("writes the same HTML for texts too long to cache and for chunks the stream gets whole", async () => {
    const longText = "港".repeat(CACHED_MAX_LENGTH * 2);
    const hugeText = "a".repeat(5000);
    const page = createElement(
      "main",
      { "data-long": longText },
      longText,
      createElement("p", null, hugeText),
      cards(3),
    );
    for (let round = 0; round < 2; round++) expect(await html(patched, page)).toBe(await html(original, page));
  });

  it("writes the same HTML once the cache has started over, more than its bound of distinct strings later", async () => {
    await html(patched, cards(CACHE_ENTRIES, "fill"));
    expect(await html(patched, cards(12))).toBe(await html(original, cards(12)));
  });

  it("refuses a react-dom whose stringToChunk is no longer the one it patches", () => {
    expect(() =>
      cacheEncodedChunks("function stringToChunk(content) { return encode(content); }", "react-dom-next"),
    ).toThrow(/React upgrade/);
  });
});
