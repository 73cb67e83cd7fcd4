// Issue 31, "a fuzzer in CI": generated bad input, at every door the app has, never breaks anything.
//
// The doors are discovered, not listed: every route of the Hono app (`createApp().routes`, GET ones included, with
// junk queries and path parameters) and every page action of the route table (app/routes.ts, as in
// page-actions-bad-body.test.ts). A new route is fuzzed the day it is added. The field names the junk is put under
// are discovered too, from the schemas and form reads in the sources, so junk reaches each field's own check.
//
// Each door gets requests from the two owners of fuzz-fixtures.ts (a seller and a buyer with an approved order,
// forms, a service, works, a stored file, a bookmark, a saved card and a notice), signed in, and from a
// signed-out stranger; an admin's doors (/api/admin, /admin and an order's admin-cancel: the admin console's, the
// dispute desk's among them) also from the fixture's admin, so the junk reaches past their guard. API requests are
// same-origin, cross-site or without fetch metadata. The input is what no page sends: wrong JSON types in every field,
// `toString` and `__proto__` keys, empty and huge strings, odd Unicode, deep nesting, JSON that is not JSON, JSON sent
// as text or multipart, an empty body, junk forms.
// After every request:
// - the answer is not a 5xx;
// - its body holds no stack trace, source location, error class name or SQL;
// - nothing stored changed (every D1 table but the bookkeeping ones, and every R2 key), unless the request was
//   accepted (2xx or 3xx) from a signed-in owner. A refusal changes nothing, and a signed-out caller changes nothing
//   whatever the answer. Acceptance is allowed because a few doors legitimately take any form: "mark all read" and
//   "become a creator" post no fields, and a new form's title is optional. The junk never holds the owners' ids in
//   a body, so an accepted request can change only the caller's own things.
//
// The seed is fixed: SEED below, offset per door by its name (each door's failure prints its own seed and shrunk
// counterexample). Replay another seed by changing SEED.
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#worker/app";
import { SESSION_COOKIE } from "#worker/domain/cookie-names";
import { createSession } from "#worker/services/sessions";
import { createDevMailbox } from "#worker/mail/mailer";
import { EMAIL_SWEEP_DELAY_MS, sendPendingNotificationEmails } from "#worker/services/notification-emails";
import { freshIp } from "../support/auth-helpers";
import { ownersWithThings, type Owner } from "../support/fuzz-fixtures";
import { pageActionRoutes, type Action } from "../support/page-action-routes";
import { BASE, db } from "../support/helpers";
import { pageContext, type Member } from "../support/visibility-fixtures";

const SEED = 310_031;
/** Generated requests per door: 72 doors today, so about 2,200 requests a run, each followed by a snapshot of everything stored. */
const RUNS_PER_DOOR = 30;

/**
 * Doors known to fail, skipped until fixed: "METHOD path" → why. Remove an entry with its fix.
 */
const KNOWN_FAILURES = new Map<string, string>([]);

// ---------------------------------------------------------------------------------------------------------------
// Discovery

interface Door {
  name: string;
  kind: "api" | "page";
  method: string;
  /** The route's path with its parameters (`:id`, `*`) still in it. */
  path: string;
  action?: () => Promise<Action>;
}

/** Middleware is listed with method ALL; the two catch-alls answer every other path and are not doors of their own. */
const apiDoors: Door[] = [
  ...new Map(
    createApp()
      .routes.filter(({ method, path }) => method !== "ALL" && path !== "*" && path !== "/api/*")
      .map(({ method, path }): [string, Door] => [
        `${method} ${path}`,
        { name: `${method} ${path}`, kind: "api", method, path },
      ]),
  ).values(),
];

const pageDoors: Door[] = pageActionRoutes().map(
  ({ path, action }): Door => ({ name: `action ${path}`, kind: "page", method: "POST", path, action }),
);

const doors = [...apiDoors, ...pageDoors];

/**
 * Field names the code reads: keys of valibot objects, names read from forms, queries and params, and the
 * FIELDS lists of the settings pages. Junk sent under these names reaches each field's own check.
 */
const codeSources = import.meta.glob<string>(
  [
    "../../../worker/api/*.ts",
    "../../../worker/domain/**/*.ts",
    "../../../worker/*/domain/**/*.ts",
    "../../../worker/orders/*.ts",
    "../../../worker/orders/commands/*.ts",
    "../../../worker/http/*.ts",
    "../../../app/routes/**/*.{ts,tsx}",
    "../../../app/lib/**/*.ts",
    "!**/*.test.ts",
  ],
  { query: "?raw", import: "default", eager: true },
);
const NAME = /^[A-Za-z_][\w-]{0,40}$/;
const READ_BY_NAME = /\b(?:get|getAll|has|query|param)\(\s*["']([A-Za-z_][\w-]{0,40})["']\s*\)/g;
const SCHEMA_OBJECT = /\bv\.(?:object|strictObject|looseObject)\(\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g;
const OBJECT_KEY = /(?:^|[,{])\s*(\w+)\s*:/g;
const FIELD_LIST = /\bFIELDS\s*=\s*\[([^\]]*)\]/g;
/** A body read by hand: `body?.notificationId`. */
const BODY_PROPERTY = /\bbody\??\.(\w+)/g;
const QUOTED = /["']([^"']+)["']/g;
const fieldNames = [
  ...new Set(
    Object.values(codeSources).flatMap((source) => [
      ...[...source.matchAll(READ_BY_NAME)].map((match) => match[1]),
      ...[...source.matchAll(SCHEMA_OBJECT)].flatMap((match) =>
        [...match[1].matchAll(OBJECT_KEY)].map((key) => key[1]),
      ),
      ...[...source.matchAll(FIELD_LIST)].flatMap((match) => [...match[1].matchAll(QUOTED)].map((name) => name[1])),
      ...[...source.matchAll(BODY_PROPERTY)].map((match) => match[1]),
    ]),
  ),
]
  .filter((name) => NAME.test(name))
  .sort();

// ---------------------------------------------------------------------------------------------------------------
// Generators: input no page sends

/** Characters that break naive text handling: lone surrogates, NUL and controls, invisibles, bidi marks, emoji. */
const ODD_CHARACTERS = [
  "\uD800",
  "\uDFFF",
  "\u0000",
  "\u0007",
  "\u001B",
  "\u007F",
  "\u0085",
  "\u200B",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u202E",
  "\u200F",
  "\u061C",
  "😀",
  "👩‍👩‍👧",
  "🏳️‍🌈",
  "e\u0301",
  "𝕏",
  "ﷺ",
  "ア",
  "\n",
  "\r\n",
  "\t",
  " ",
  "a",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "<",
  "&",
  "/",
  "=",
  "+",
  ".",
];
const oddText = fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS), maxLength: 24 });
const anyText = fc.string({ unit: "binary", maxLength: 24 });
const shortText = fc.oneof(fc.constant(""), oddText, anyText);
/** What a URL or form can carry of a text: a lone surrogate becomes U+FFFD, as a browser encodes it. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** The bytes one character takes at most once encoded (JSON-escaped or percent-encoded). */
const encodedBytes = (char: string) =>
  Math.max(new TextEncoder().encode(JSON.stringify(char)).length - 2, encodeURIComponent(char).length);
/** 1 KB to 100 KB (encoded) of one character: far over any field's limit, well under the 200 KB a body may take here. */
const hugeText = fc
  .tuple(fc.constantFrom("a", "é", "😀", "\u200B", " ", "\u0000"), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([char, bytes]) => char.repeat(Math.floor(bytes / encodedBytes(char))));

const JUNK_NAMES = [
  "",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "a[]",
  "a.b",
  "😀",
  "\u0000",
];
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...fieldNames) },
  { weight: 1, arbitrary: fc.constantFrom(...JUNK_NAMES) },
  { weight: 1, arbitrary: shortText },
);

/** JSON text of a scalar of any type: numbers at and past the edges, booleans, null, strings. */
const scalarJson = fc.oneof(
  fc.integer().map(String),
  fc.double().map((n) => JSON.stringify(n)),
  fc.constantFrom("-0", "1e400", "-1e400", "9007199254740993", "1e-400", "0.1", "-1", "0", "2147483648"),
  fc.constantFrom("true", "false", "null"),
  shortText.map((text) => JSON.stringify(text)),
);
const PROTOTYPE_TRAPS = [
  '{"toString":1}',
  '{"__proto__":{}}',
  '{"__proto__":{"isAdmin":true,"roles":["admin"]}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"valueOf":null,"toJSON":1}',
];
const objectJson = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;

/** JSON text of any value, under the app's field names, with every type wrong somewhere; nesting up to 3 deep. */
const junkJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3, withCrossShrink: true },
    scalarJson,
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc.array(fc.tuple(fieldName, tie("value")), { maxLength: 6 }).map(objectJson),
    fc.constantFrom(...PROTOTYPE_TRAPS),
  ),
})).value;
/** One of the app's fields holding a huge string. */
const hugeFieldJson = fc.tuple(fieldName, hugeText).map(([name, text]) => objectJson([[name, JSON.stringify(text)]]));
/** 100 to 20,000 levels of arrays or objects. */
const deepJson = fc
  .tuple(fc.constantFrom("[", '{"a":'), fc.integer({ min: 100, max: 20_000 }))
  .map(([open, depth]) =>
    open === "[" ? "[".repeat(depth) + "]".repeat(depth) : `${open.repeat(depth)}1${"}".repeat(depth)}`,
  );
const notJson = fc.oneof(
  fc.constantFrom(
    "{",
    '{"a":',
    "undefined",
    "NaN",
    "Infinity",
    "{'a':1}",
    "[1,]",
    "{}}",
    "tru",
    '{"a":1}garbage',
    "//",
    "<a/>",
    "%7B%7D",
    "\uFEFF{}",
  ),
  oddText,
);

const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "Application/JSON",
  "application/vnd.api+json",
  "application/json; charset=utf-16",
];
const OTHER_TYPES = [
  "text/plain",
  "text/plain;charset=UTF-8",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/xml",
  "application/octet-stream",
  "*/*",
];

/** A request body and its content type (null: no content-type header). */
type Payload =
  | { kind: "json"; type: string; text: string }
  | { kind: "mistyped json"; type: string | null; text: string }
  | { kind: "bytes"; type: string | null; bytes: Uint8Array }
  | { kind: "empty"; type: string | null }
  | { kind: "form"; encoding: "urlencoded" | "multipart"; fields: [string, string][]; files: [string, string][] };

const jsonPayload = fc.record({
  kind: fc.constant("json" as const),
  type: fc.constantFrom(...JSON_TYPES),
  text: fc.oneof({ weight: 6, arbitrary: junkJson }, hugeFieldJson, deepJson, notJson),
});
const mistypedJsonPayload = fc.record({
  kind: fc.constant("mistyped json" as const),
  type: fc.option(fc.constantFrom(...OTHER_TYPES)),
  text: fc.oneof(junkJson, fc.constantFrom(...PROTOTYPE_TRAPS)),
});
const bytesPayload = fc.record({
  kind: fc.constant("bytes" as const),
  type: fc.option(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES)),
  bytes: fc.uint8Array({ maxLength: 512 }),
});
const emptyPayload = fc.record({
  kind: fc.constant("empty" as const),
  type: fc.option(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES)),
});
const formValue = fc.oneof(
  { weight: 5, arbitrary: shortText },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: junkJson },
);
/** A form with junk under the app's field names (repeated names too), and junk files; under 150 KB encoded. */
const formPayload = fc
  .record({
    kind: fc.constant("form" as const),
    encoding: fc.constantFrom("urlencoded" as const, "multipart" as const),
    fields: fc.array(fc.tuple(fieldName, formValue), { maxLength: 6 }),
    files: fc.array(fc.tuple(fieldName, shortText), { maxLength: 2 }),
  })
  .filter(
    ({ fields }) =>
      fields.reduce((bytes, [, value]) => bytes + encodeURIComponent(wellFormed(value)).length, 0) < 150_000,
  );

const apiPayload: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 6, arbitrary: jsonPayload },
  { weight: 2, arbitrary: mistypedJsonPayload },
  bytesPayload,
  emptyPayload,
  { weight: 2, arbitrary: formPayload },
);
const pagePayload: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 6, arbitrary: formPayload },
  { weight: 2, arbitrary: jsonPayload },
  mistypedJsonPayload,
  bytesPayload,
  emptyPayload,
);

/** workerd cannot write a multipart name that ends with a backslash (browsers escape it): end it with another character. */
const multipartName = (name: string) => (name.endsWith("\\") ? `${name}_` : name);

function bodyOf(payload: Payload): { body?: BodyInit; type: string | null } {
  switch (payload.kind) {
    case "json":
    case "mistyped json":
      return { body: payload.text, type: payload.type };
    case "bytes":
      return { body: new Uint8Array(payload.bytes), type: payload.type };
    case "empty":
      return { type: payload.type };
    case "form": {
      if (payload.encoding === "urlencoded")
        return {
          body: new URLSearchParams(payload.fields.map(([name, value]) => [wellFormed(name), wellFormed(value)])),
          type: null,
        };
      const form = new FormData();
      for (const [name, value] of payload.fields) form.append(multipartName(name), value);
      for (const [name, content] of payload.files)
        form.append(multipartName(name), new File([content], `${content.slice(0, 8)}.png`, { type: "image/png" }));
      return { body: form, type: null };
    }
  }
}

/** A payload as a counterexample prints it: long texts cut, so a 100 KB string does not flood the log. */
function preview(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => {
    if (typeof v === "string" && v.length > 120) return `${v.slice(0, 60)}…(${v.length} chars)…${v.slice(-20)}`;
    if (v instanceof Uint8Array) return `<${v.length} bytes>`;
    return v;
  });
}
const printable = <T extends object>(arbitrary: fc.Arbitrary<T>) =>
  arbitrary.map((value) => Object.assign(value, { [fc.toStringMethod]: () => preview(value) }));

const CALLERS = ["seller", "buyer", "signedOut"] as const;
type Caller = (typeof CALLERS)[number] | "admin";
/**
 * Who calls a door: an admin's door (/api/admin, /admin, an order's admin-cancel) is also called by an admin; the other
 * doors' draws stay as they were.
 */
const callersOf = (door: Door): readonly Caller[] =>
  /\/admin(?:[-/]|$)/.test(door.path) ? [...CALLERS, "admin"] : CALLERS;

/** How a browser labels where the request came from; "evil origin": no fetch metadata, another site's Origin. */
const SITES = ["same-origin", "cross-site", "same-site", "none", "no metadata", "evil origin"] as const;
const site = fc.oneof({ weight: 10, arbitrary: fc.constant(SITES[0]) }, fc.constantFrom(...SITES.slice(1)));

let ownedIds: string[] = [];
/** One of the owners' ids and codes (known once the fixture exists, so drawn when a request is generated). */
const ownedId = fc.constant(null).chain(() => fc.constantFrom(...ownedIds));
/** A path parameter: one of the owners' ids, or junk (percent-encoding that does not decode, dots, huge, odd). */
const pathSegment = fc.oneof(
  ownedId,
  oddText.map((text) => encodeURIComponent(wellFormed(text))),
  fc.constantFrom(
    "",
    "%",
    "%FF",
    "%00",
    "%E0%A4%A",
    "..",
    "%2e%2e",
    "%2F",
    "a%2Fb",
    "null",
    "undefined",
    "-1",
    "1e999",
    "9".repeat(40),
  ),
  fc.integer({ min: 500, max: 4_000 }).map((n) => "a".repeat(n)),
);
/** A junk query: the app's query names with junk, owners' ids or huge values, and malformed encodings. */
const queryString = fc
  .tuple(
    fc.array(
      fc.tuple(
        fieldName,
        fc.oneof(
          shortText,
          ownedId,
          fc.integer({ min: 500, max: 4_000 }).map((n) => "9".repeat(n)),
        ),
      ),
      { maxLength: 4 },
    ),
    fc.constantFrom("", "&%", "&%FF=%FE", "&a=%E0%A4%A", "&=&&=", "&a[]=1&a[]=2", "&page=1e20"),
  )
  .map(([pairs, raw]) => {
    const query =
      new URLSearchParams(pairs.map(([name, value]) => [wellFormed(name), wellFormed(value)])).toString() + raw;
    return query ? `?${query}` : "";
  });

const PARAM = /:(\w+)(?:\{[^}]*\})?|\*/g;
const paramNames = (path: string) => [...path.matchAll(PARAM)].map((match) => match[1] ?? "*");

interface ApiRequest {
  caller: Caller;
  site: (typeof SITES)[number];
  params: string[];
  query: string;
  payload: Payload | null;
}
interface PageRequest {
  caller: Caller;
  params: string[];
  query: string;
  payload: Payload;
}

function apiRequest(door: Door): fc.Arbitrary<ApiRequest> {
  return printable(
    fc.record<ApiRequest>({
      caller: fc.constantFrom(...callersOf(door)),
      site,
      params: fc.array(pathSegment, {
        minLength: paramNames(door.path).length,
        maxLength: paramNames(door.path).length,
      }),
      query: queryString,
      payload: door.method === "GET" || door.method === "HEAD" ? fc.constant(null) : apiPayload,
    }),
  );
}

function pageRequest(door: Door): fc.Arbitrary<PageRequest> {
  return printable(
    fc.record<PageRequest>({
      caller: fc.constantFrom(...callersOf(door)),
      params: fc.array(
        fc.oneof(
          ownedId,
          oddText.map((text) => wellFormed(text)),
        ),
        { minLength: paramNames(door.path).length, maxLength: paramNames(door.path).length },
      ),
      query: queryString,
      payload: pagePayload,
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Sending, and what an answer may not hold

let owners: Record<Exclude<Caller, "signedOut">, Owner>;

interface Answer {
  status: number;
  text: string;
}

function fill(path: string, params: readonly string[]): string {
  let i = 0;
  return path.replace(PARAM, () => params[i++]);
}

async function sendToApi(door: Door, request: ApiRequest): Promise<Answer> {
  const { body, type } = request.payload ? bodyOf(request.payload) : { type: null };
  const headers = new Headers({ "cf-connecting-ip": freshIp() });
  if (type !== null) headers.set("content-type", type);
  if (request.site === "evil origin") headers.set("origin", "https://evil.example");
  else if (request.site !== "no metadata") headers.set("sec-fetch-site", request.site);
  if (request.caller !== "signedOut")
    headers.set("cookie", `${SESSION_COOKIE}=${(await createSession(db(), owners[request.caller].accountId)).token}`);
  const response = await exports.default.fetch(
    new Request(`${BASE}${fill(door.path, request.params)}${request.query}`, { method: door.method, headers, body }),
  );
  return { status: response.status, text: await response.text() };
}

const isData = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** What React Router answers for an action's result or throw: a thrown Error is its 500. */
async function answerOf(outcome: { returned: unknown } | { thrown: unknown }): Promise<Answer> {
  const value = "returned" in outcome ? outcome.returned : outcome.thrown;
  if (value instanceof Response) return { status: value.status, text: await value.text() };
  if (isData(value))
    return { status: value.init?.status ?? ("thrown" in outcome ? 500 : 200), text: JSON.stringify(value.data) ?? "" };
  if ("thrown" in outcome)
    return { status: 500, text: value instanceof Error ? (value.stack ?? String(value)) : String(value) };
  return { status: 200, text: JSON.stringify(value) ?? "" };
}

async function sendToAction(door: Door, request: PageRequest): Promise<Answer> {
  const names = paramNames(door.path);
  const path =
    fill(
      door.path,
      request.params.map((value) => encodeURIComponent(value)),
    ) + request.query;
  const { body, type } = bodyOf(request.payload);
  const headers = type === null ? undefined : { "content-type": type };
  const signedIn = request.caller === "signedOut" ? null : ({ accountId: owners[request.caller].accountId } as Member);
  const args = {
    request: new Request(`${BASE}${path}`, { method: "POST", headers, body }),
    context: await pageContext(signedIn, path),
    params: Object.fromEntries(names.map((name, i) => [name, request.params[i]])),
  };
  const action = await door.action!();
  // Some actions throw before they await anything: run them inside a promise so a synchronous throw is caught too.
  const outcome = await new Promise((resolve) => resolve(action(args))).then(
    (returned) => ({ returned }),
    (thrown: unknown) => ({ thrown }),
  );
  return answerOf(outcome);
}

/** What no answer may show: how the code failed inside. */
const LEAKS: [string, RegExp][] = [
  ["a stack trace", /\n\s+at \S|\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)/],
  ["a source location", /\.(?:ts|tsx|js|mjs|cjs):\d+(?::\d+)?\b/],
  ["an error class", /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|D1_ERROR|SQLITE_[A-Z_]+)\b/],
  [
    "SQL",
    /\b(?:SELECT\s+[\w"`*.,\s()]+\s+FROM|INSERT\s+INTO|UPDATE\s+["`\w]+\s+SET|DELETE\s+FROM|no such (?:table|column)|constraint failed|syntax error)\b/,
  ],
];

// ---------------------------------------------------------------------------------------------------------------
// What is stored

/**
 * Written by refused requests too (sessions, codes and tries, rate limits, mail, visits, used tokens) or derived. A
 * machine translation, its budget count and the cache purge it makes land in the background for a text written earlier
 * (decision 078), whenever the translator answers: a cache keyed by content, never what anyone submitted.
 */
const BOOKKEEPING =
  /^(?:sessions|auth_codes|rate_limits|dev_mails|page_visits|signed_token_uses|processed_webhook_events|creator_search.*|machine_translations|translation_usage|page_cache_purges|d1_migrations|_cf_.*|sqlite_.*)$/;
/**
 * Mirrors of another system's state, compared on the columns that say what is whose: the Connect account's status
 * is refreshed from Stripe on every read of it (a refused dashboard link included), which rewrites its flags and time.
 */
const MIRRORED: Record<string, string[]> = {
  stripe_connected_accounts: ["id", "user_account_id", "stripe_account_id", "created_at"],
};
/**
 * Columns written in the background for rows other tests made: the sweep of their notices' mail
 * (`emailNewNotificationsSoon`) claims a notice whenever it runs. The notices themselves are compared.
 */
const SWEPT: Record<string, string[]> = { notifications: ["emailed_at"] };

/** One statement that reads every stored table: a column per table, holding its rows as a JSON array of lines. */
let everyRow: D1PreparedStatement;

async function prepareSnapshots(): Promise<void> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  ).all<{ name: string }>();
  const stored = tables.map(({ name }) => name).filter((name) => !BOOKKEEPING.test(name));
  const columns = await Promise.all(
    stored.map(async (table) => {
      const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info('${table}')`).all<{
        name: string;
      }>();
      const compared =
        MIRRORED[table] ?? results.map(({ name }) => name).filter((name) => !SWEPT[table]?.includes(name));
      const line = compared.map((column) => `quote("${column}")`).join(" || ',' || ");
      return `(SELECT json_group_array(line) FROM (SELECT ${line} AS line FROM "${table}")) AS "${table}"`;
    }),
  );
  everyRow = env.DB.prepare(`SELECT ${columns.join(", ")}`);
}

/** Every row of every table but the bookkeeping ones, and every R2 key, as sorted lines per table. */
async function stored(): Promise<Map<string, string[]>> {
  const row = (await everyRow.first<Record<string, string>>())!;
  const snapshot = new Map(
    Object.entries(row).map(([table, lines]): [string, string[]] => [table, (JSON.parse(lines) as string[]).sort()]),
  );
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.MEDIA.list({ cursor });
    keys.push(...listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  snapshot.set("R2 MEDIA", keys.sort());
  return snapshot;
}

/** The tables whose rows differ, with a few of the rows gone and come. */
function changesBetween(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].flatMap((table) => {
    const rows = before.get(table) ?? [];
    const now = after.get(table) ?? [];
    const was = new Set(rows);
    const is = new Set(now);
    const gone = rows.filter((row) => !is.has(row));
    const came = now.filter((row) => !was.has(row));
    if (!gone.length && !came.length) return [];
    const cut = (row: string) => (row.length > 300 ? `${row.slice(0, 300)}…` : row);
    return [
      `${table}: -${gone.length} +${came.length} ${[...gone.slice(0, 2).map((row) => `\n  - ${cut(row)}`), ...came.slice(0, 2).map((row) => `\n  + ${cut(row)}`)].join("")}`,
    ];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The property

/** A door's own seed: SEED offset by its name, so doors added later do not change the others' runs. */
const seedOf = (name: string) =>
  [...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0, SEED) | 0;

function firstLines(text: string) {
  return text.split("\n").slice(0, 5).join("\n").slice(0, 400);
}

describe("the fuzzer finds every door", () => {
  it("discovers the API routes, the page actions and the field names", () => {
    expect(apiDoors.map((door) => door.name)).toEqual(
      expect.arrayContaining([
        "POST /api/features/commission/order/approve",
        "POST /api/account/profile-step",
        "GET /api/features/chat/message/list",
        "POST /webhooks/stripe",
      ]),
    );
    expect(apiDoors.length).toBeGreaterThanOrEqual(45);
    expect(pageDoors.map((door) => door.path)).toEqual(
      expect.arrayContaining(["/dashboard/setting/profile", "/dashboard/portfolio/creator/:workId/edit", "/*"]),
    );
    expect(pageDoors.length).toBeGreaterThanOrEqual(20);
    expect(fieldNames).toEqual(
      expect.arrayContaining([
        "orderId",
        "intent",
        "payload",
        "chatRoomId",
        "notificationId",
        "languageCode",
        "workId",
        "formId",
        "handle",
        "email",
      ]),
    );
  });

  it("knows a leak when it sees one", () => {
    const leaks = (text: string) => LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
    expect(leaks(String(new TypeError("x is undefined").stack))).toEqual(
      expect.arrayContaining(["a stack trace", "an error class"]),
    );
    expect(leaks("D1_ERROR: no such column: handle at offset 7: SQLITE_ERROR")).toEqual(["an error class", "SQL"]);
    expect(leaks('Failed query: SELECT "id", "code" FROM "commission_orders" WHERE id = ?')).toEqual(["SQL"]);
    expect(leaks('{"error":"invalid_request"}')).toEqual([]);
  });
});

describe("bad input at every door: no 5xx, nothing leaked, nothing changed", () => {
  beforeAll(async () => {
    const fixture = await ownersWithThings();
    owners = { seller: fixture.seller, buyer: fixture.buyer, admin: fixture.admin };
    ownedIds = fixture.ids;
    // The fixture's transitions scheduled their notices' e-mail sweep (decision 085): it has run, and anything it left
    // is claimed now, so no sweep changes a row while a request is compared before and after.
    await new Promise((resolve) => setTimeout(resolve, 2 * EMAIL_SWEEP_DELAY_MS));
    await sendPendingNotificationEmails(db(), createDevMailbox(db()), env);
    await prepareSnapshots();
  }, 60_000);

  it("signs the owners in, and its snapshot sees a changed row and a new file", async () => {
    const session = await sendToApi(
      { name: "GET /api/auth/session", kind: "api", method: "GET", path: "/api/auth/session" },
      { caller: "seller", site: "same-origin", params: [], query: "", payload: null },
    );
    expect(JSON.parse(session.text).user).toMatchObject({ roles: expect.arrayContaining(["creator"]) });
    const adminSession = await sendToApi(
      { name: "GET /api/auth/session", kind: "api", method: "GET", path: "/api/auth/session" },
      { caller: "admin", site: "same-origin", params: [], query: "", payload: null },
    );
    expect(JSON.parse(adminSession.text).user).toMatchObject({ roles: expect.arrayContaining(["admin"]) });
    const before = await stored();
    await env.DB.prepare("UPDATE user_accounts SET updated_at = updated_at + 1 WHERE id = ?")
      .bind(owners.buyer.accountId)
      .run();
    // A new key each time: the test runs twice on the same storage (--repeats=1).
    await env.MEDIA.put(`v1/fuzz-canary-${crypto.randomUUID()}`, "x");
    expect(changesBetween(before, await stored())).toEqual([
      expect.stringMatching(/^user_accounts: -1 \+1/),
      expect.stringMatching(/^R2 MEDIA: -0 \+1/),
    ]);
  });

  for (const door of doors) {
    const known = KNOWN_FAILURES.get(door.name);
    (known ? it.skip : it)(
      `${door.name}${known ? ` (known failure: ${known})` : ""}`,
      async () => {
        let before = await stored();
        const requests: fc.Arbitrary<ApiRequest | PageRequest> =
          door.kind === "api" ? apiRequest(door) : pageRequest(door);
        const property = fc.asyncProperty(requests, async (request) => {
          const answer =
            door.kind === "api"
              ? await sendToApi(door, request as ApiRequest)
              : await sendToAction(door, request as PageRequest);
          const after = await stored();
          const changes = changesBetween(before, after);
          before = after;
          const label = `${door.name} as ${request.caller}: ${preview(request)}\n→ ${answer.status}\n${firstLines(answer.text)}\n(seed ${seedOf(door.name)})`;
          expect(answer.status, `a 5xx: ${label}`).toBeLessThan(500);
          for (const [what, pattern] of LEAKS)
            expect(pattern.test(answer.text), `${what} in the answer: ${label}`).toBe(false);
          // A refusal changes nothing, and a signed-out caller owns nothing to change; an owner's accepted request may.
          if (answer.status >= 400 || request.caller === "signedOut")
            expect(changes, `stored data changed: ${label}`).toEqual([]);
        });
        await fc.assert(property, { seed: seedOf(door.name), numRuns: RUNS_PER_DOOR });
      },
      60_000,
    );
  }
});
