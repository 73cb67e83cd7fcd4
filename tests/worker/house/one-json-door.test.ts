import { describe, expect, it } from "vitest";

/**
 * One idiom at the JSON doors (issue 47): a route reads its body through `jsonBody(schema)` and its handler gets the
 * schema's output from `c.req.valid("json")`; a door with its own answer to a refused body says so with
 * `jsonBody(schema, { refuse })`. The second idiom this replaced, a door that took any JSON (`jsonInput()`, i.e.
 * `jsonBody(v.unknown())`) and parsed `c.req.valid("json")` by hand, is caught here, as is a handler reading the raw
 * body. Read as source through Vite, so a new file is checked without being listed.
 */
const sources = import.meta.glob<string>(["../../../worker/**/*.ts", "!../../../worker/**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The one door that must read raw bytes: a Stripe webhook's signature is over the exact body (decision 048). */
const RAW_BODY_DOORS = new Set(["../../../worker/api/stripe-webhooks.ts"]);

const SECOND_IDIOM: [string, RegExp][] = [
  ["jsonInput", /\bjsonInput\b/],
  ["a JSON door that takes any JSON", /jsonBody\(\s*v\.(?:unknown|any)\(/],
  [
    "the validated body parsed again by hand",
    /\b(?:safeParse|parse|parseFields|is|assert)\(\s*[\w.]+\s*,\s*c\.req\.valid\(\s*["']json["']\s*\)/,
  ],
  // A generic route's `as v.InferOutput<S>` names the schema's own output; a shape written by hand is a hand read.
  ["the validated body cast to a shape", /c\.req\.valid\(\s*["']json["']\s*\)\s+as\s+(?:\{|unknown\b|any\b|Record\b)/],
];
const RAW_BODY =
  /\bc\.req\.(?:json|text|arrayBuffer|blob|parseBody|formData)\(|\bc\.req\.raw\.(?:json|text|formData)\(/;

/** The idioms a source holds that are not `jsonBody(schema)`, comments aside. */
function secondIdioms(path: string, source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const found = SECOND_IDIOM.filter(([, pattern]) => pattern.test(code)).map(([name]) => name);
  if (!RAW_BODY_DOORS.has(path) && RAW_BODY.test(code)) found.push("the raw body read in a handler");
  return found;
}

describe("every JSON door reads its body through jsonBody(schema)", () => {
  const files = Object.entries(sources);

  it("finds the Worker's files, its JSON doors among them", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter(([, source]) => source.includes("jsonBody(")).length).toBeGreaterThan(10);
  });

  it("catches the second idiom when it is written", () => {
    const oldDoor = `
      chatApi.post("/room/read", jsonInput(), async (c) => {
        const parsed = v.safeParse(readBody, c.req.valid("json"));`;
    expect(secondIdioms("worker/api/x.ts", oldDoor)).toEqual(["jsonInput", "the validated body parsed again by hand"]);
    expect(
      secondIdioms("worker/api/x.ts", 'post("/", jsonBody(v.unknown()), (c) => parseFields(s, c.req.valid("json")))'),
    ).toEqual(["a JSON door that takes any JSON", "the validated body parsed again by hand"]);
    expect(secondIdioms("worker/api/x.ts", 'const body = c.req.valid("json") as { id?: unknown };')).toEqual([
      "the validated body cast to a shape",
    ]);
    expect(secondIdioms("worker/api/x.ts", "const body = await c.req.json();")).toEqual([
      "the raw body read in a handler",
    ]);
  });

  it.each(files)("%s", (path, source) => {
    expect(secondIdioms(path, source)).toEqual([]);
  });
});
