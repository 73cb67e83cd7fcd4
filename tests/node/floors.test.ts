// The floors (decision 083): a floor imports only the floors below it. `npm run validate` runs the same check over the
// repository (scripts/floors.mjs); these prove it refuses what it must, and that no source escapes it. Its three other
// checks (no import circle, only the order commands reach the Order object, no raw SQL in a route) are proved here on
// made-up files.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  FLOORS,
  floorOf,
  floorViolations,
  importCircles,
  orderReachViolations,
  rawSqlViolations,
  repositorySources,
} from "#scripts/floors.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const file = (path: string, ...imports: string[]) => ({
  file: path,
  source: imports.map((specifier, i) => `import { x${i} } from "${specifier}";`).join("\n"),
});

describe("the floors", () => {
  it("every source in the repository belongs to a floor", () => {
    const loose = repositorySources(root)
      .map(({ file }) => file)
      .filter((path) => floorOf(path) === null);
    expect(loose).toEqual([]);
  });

  it("every import in the repository goes down", () => {
    const climbs = floorViolations(repositorySources(root)).map(({ file, specifier }) => `${file} -> ${specifier}`);
    expect(climbs).toEqual([]);
  });

  it("refuses a climb written with a relative path or an alias, a type import as much as a value, a bare or dynamic import", () => {
    const climbs = floorViolations([
      file("worker/domain/order.ts", "../services/orders"),
      file("worker/domain/money.ts", "#app/paraglide/messages.js"),
      file("worker/payments/payouts.ts", "#worker/services/order-views"),
      { file: "worker/services/orders.ts", source: 'import type { Order } from "#durable-objects/order";' },
      file("worker/services/mail.ts", "../http/cookies"),
      file("app/routes/home.tsx", "#worker/api/orders"),
      file("emulators/stripe/server.ts", "#worker/domain/money"),
      { file: "worker/db/client.ts", source: 'import "../services/orders";' },
      { file: "worker/mail/mailer.ts", source: 'const orders = await import("#worker/services/orders");' },
    ]);
    expect(climbs.map(({ from, to }) => `${from} -> ${to}`)).toEqual([
      "domain -> services",
      "domain -> paraglide",
      "payments -> services",
      "services -> objects",
      "services -> http",
      "app -> api",
      "emulators -> domain",
      "db -> services",
      "mail -> services",
    ]);
  });

  it("lets browser code read the services' view types, but not their code", () => {
    const climbs = floorViolations([
      file("app/components/orders/order-page.tsx", "#worker/services/order-views"),
      {
        file: "app/components/orders/order-log.tsx",
        source: 'import type { OrderView } from "#worker/services/order-views";',
      },
      {
        file: "app/lib/orders.ts",
        source: 'import { type OrderView, type OrderLog } from "#worker/services/order-views";',
      },
      { file: "app/lib/orders.ts", source: 'import { type OrderView, orderLog } from "#worker/services/order-views";' },
      file("app/lib/session.server.ts", "#worker/services/sessions"),
      file("app/routes/work.tsx", "#worker/services/work-page"),
    ]);
    expect(climbs.map(({ file }) => file)).toEqual(["app/components/orders/order-page.tsx", "app/lib/orders.ts"]);
  });

  it("lets a floor import its own and every floor below it", () => {
    const fine = floorViolations([
      file("worker/api/orders.ts", "../http/json-body", "#worker/services/orders", "../domain/order", "./chat"),
      file("durable-objects/order.ts", "#worker/services/chat-rooms", "#worker/payments/stripe-client"),
      file("worker/domain/order.ts", "../db/schema/enums", "./money"),
      file("worker/index.ts", "#durable-objects/order", "#app/lib/request-context"),
      file("worker/api/orders.ts", "#worker/orders/cancel-order"),
      file("app/routes/dashboard/orders.server.ts", "#worker/orders/accept-order"),
      file("worker/orders/accept-order.ts", "#worker/services/order-views", "../http/context", "#worker/domain/order"),
      file("worker/scheduled.ts", "./orders/deadline-passed"),
    ]);
    expect(fine).toEqual([]);
  });

  it("puts the order commands under the doors and over the services", () => {
    const climbs = floorViolations([
      file("worker/services/order-requests.ts", "../orders/order-stub"),
      file("worker/http/context.ts", "#worker/orders/cancel-order"),
      file("worker/orders/cancel-order.ts", "#worker/api/orders"),
      file("worker/orders/cancel-order.ts", "#durable-objects/order"),
    ]);
    expect(climbs.map(({ from, to }) => `${from} -> ${to}`)).toEqual([
      "services -> orders",
      "http -> orders",
      "orders -> api",
      "orders -> objects",
    ]);
  });

  it("lists only floors that exist, and nothing may import the entry or the pages' code", () => {
    const names = Object.keys(FLOORS);
    for (const floor of Object.values(FLOORS))
      expect(floor.mayImport.filter((name) => !names.includes(name))).toEqual([]);
    const importers = Object.entries(FLOORS).filter(([, floor]) => floor.mayImport.some((n) => n === "entry"));
    expect(importers).toEqual([]);
    expect(
      Object.entries(FLOORS).filter(([name, floor]) => name !== "entry" && floor.mayImport.includes("app")),
    ).toEqual([]);
  });
});

describe("the import circles", () => {
  it("finds a loop of two files held by a type-only import, and one of three through an alias, an index and a dynamic import", () => {
    const circles = importCircles([
      { file: "worker/domain/chat.ts", source: 'import type { ChatRefusal } from "./chat-protocol";' },
      { file: "worker/domain/chat-protocol.ts", source: 'import { type ChatMediaSubmit } from "./chat.ts";' },
      file("app/components/layout/dropdown.tsx", "./lazy-panels"),
      { file: "app/components/layout/lazy-panels.ts", source: 'const load = () => import("./menu-panels");' },
      file("app/components/layout/menu-panels/index.tsx", "#app/components/layout/dropdown.js"),
      file("app/components/layout/site-header.tsx", "./dropdown", "./lazy-panels"),
    ]);
    expect(circles).toEqual([
      [
        "app/components/layout/dropdown.tsx",
        "app/components/layout/lazy-panels.ts",
        "app/components/layout/menu-panels/index.tsx",
      ],
      ["worker/domain/chat-protocol.ts", "worker/domain/chat.ts"],
    ]);
  });

  it("finds a file that imports itself, and puts every file of a knot on a circle", () => {
    const circles = importCircles([
      file("emulators/translator/phrasebook.ts", "./phrasebook.ts"),
      file("worker/domain/order.ts", "./order-effects"),
      file("worker/domain/order-effects.ts", "./order", "./order-money"),
      file("worker/domain/order-money.ts", "./order"),
    ]);
    expect(circles).toEqual([
      ["emulators/translator/phrasebook.ts"],
      ["worker/domain/order-effects.ts", "worker/domain/order.ts"],
      ["worker/domain/order-money.ts", "worker/domain/order.ts", "worker/domain/order-effects.ts"],
    ]);
  });

  it("finds none in a tree, however its files are shared", () => {
    const circles = importCircles([
      file("worker/domain/chat.ts", "./chat-protocol", "./chat-refusal"),
      file("worker/domain/chat-protocol.ts", "./chat-refusal"),
      { file: "worker/domain/chat-send-schema.ts", source: 'import type { ChatRefusal } from "./chat-refusal";' },
      file("worker/domain/chat-refusal.ts"),
      file("app/components/layout/language-menu.tsx", "./dropdown", "./lazy-panels", "./language-name"),
      file("app/components/layout/dropdown.tsx", "./lazy-panels"),
      { file: "app/components/layout/lazy-panels.ts", source: 'const load = () => import("./menu-panels");' },
      file("app/components/layout/menu-panels.tsx", "./language-name", "valibot", "#worker/domain/chat"),
      file("app/components/layout/language-name.ts", "#app/paraglide/messages.js"),
    ]);
    expect(circles).toEqual([]);
  });
});

describe("who reaches the Order object", () => {
  const source = (path: string, code: string) => ({ file: path, source: code });

  it("refuses a stub or the binding in a door, and a stub in a service", () => {
    const reaches = orderReachViolations([
      source("worker/api/orders.ts", "const order = orderStub(env.ORDER, id);"),
      source("app/routes/dashboard/orders.server.ts", "await deps.orderStub(orders, id).act(action);"),
      source("app/routes/dev-fixtures.ts", "const bindings = { ORDER: context.cloudflare.env.ORDER };"),
      source("worker/api/stripe.ts", 'const { ORDER } = c.env;\nconst orders = c.env["ORDER"];'),
      source("worker/services/order-deadlines.ts", "await orderStub(orders, id).act({ type: 'deadlinePassed' });"),
    ]);
    expect(reaches.map(({ file, line, what }) => `${file}:${line} ${what}`)).toEqual([
      "worker/api/orders.ts:1 calls orderStub(",
      "worker/api/orders.ts:1 touches the ORDER binding (env.ORDER)",
      "app/routes/dashboard/orders.server.ts:1 calls orderStub(",
      "app/routes/dev-fixtures.ts:1 touches the ORDER binding (context.cloudflare.env.ORDER)",
      "worker/api/stripe.ts:1 touches the ORDER binding ({ ORDER })",
      'worker/api/stripe.ts:2 touches the ORDER binding (c.env["ORDER"])',
      "worker/services/order-deadlines.ts:1 calls orderStub(",
    ]);
  });

  it("lets the order commands, the objects and the entry hold a stub, and a service be handed the namespace", () => {
    const reaches = orderReachViolations([
      source("worker/orders/cancel-order.ts", "export const cancel = (env, id) => orderStub(env.ORDER, id).act(a);"),
      source("worker/orders/order-stub.ts", "export function orderStub(namespace, id) { return namespace.get(id); }"),
      source("durable-objects/order.ts", "const other = orderStub(this.env.ORDER, id);"),
      source("worker/scheduled.ts", "await enforceMissedDeadlines(env.DB, env.ORDER, now);"),
      source("worker/services/timed-jobs.ts", "await enforceMissedDeadlines(env.DB, env.ORDER, now);"),
      // Words and types are no reach: a comment, a string, an order's own field.
      source(
        "worker/api/orders.ts",
        '// never orderStub(env.ORDER, id) here\nconst note = "orderStub(";\ntype Sort = Env["ORDER"];\nconst o = { ORDERS: 1 }.ORDERS;',
      ),
    ]);
    expect(reaches).toEqual([]);
  });
});

describe("raw SQL in a route", () => {
  const source = (path: string, code: string) => ({ file: path, source: code });

  it("refuses .prepare(, a sql template and a statement in a string, in a page's module or the API", () => {
    const found = rawSqlViolations([
      source("app/routes/dashboard/orders.server.ts", 'await db.$client.prepare("SELECT 1").first();'),
      source("app/routes/work.tsx", `const rows = await db.all(sql\`SELECT * FROM works WHERE id = \${id}\`);`),
      source("worker/api/orders.ts", `const statement = \`UPDATE orders SET status = ? WHERE id = \${"?"}\`;`),
      source(
        "worker/api/chat.ts",
        "const q = 'DELETE FROM chat_messages WHERE id = ?';\nconst r = \"INSERT OR IGNORE INTO t VALUES (1)\";",
      ),
    ]);
    expect(found.map(({ file, line, what }) => `${file}:${line} ${what}`)).toEqual([
      "app/routes/dashboard/orders.server.ts:1 calls .prepare(",
      'app/routes/dashboard/orders.server.ts:1 holds SQL in a string ("SELECT…")',
      "app/routes/work.tsx:1 writes a sql`…` template",
      'worker/api/orders.ts:1 holds SQL in a string ("UPDATE orders SET…")',
      'worker/api/chat.ts:1 holds SQL in a string ("DELETE FROM…")',
      'worker/api/chat.ts:2 holds SQL in a string ("INSERT OR IGNORE INTO…")',
    ]);
  });

  it("lets a service hold its SQL, a route say words, and the dev-only bench its baseline query", () => {
    const found = rawSqlViolations([
      source(
        "worker/services/order-views.ts",
        'await db.prepare("SELECT id FROM orders WHERE id = ?").bind(id).first();',
      ),
      source("app/components/orders/order-list.tsx", 'const label = "SELECT a file";'),
      source(
        "app/routes/dashboard/orders.tsx",
        '// SELECT * FROM orders is the service\'s\nconst hint = "Select the orders to update, then delete from the list";',
      ),
    ]);
    expect(found).toEqual([]);
  });
});
