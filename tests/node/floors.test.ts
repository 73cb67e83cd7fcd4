// The floors (decision 083): a floor imports only the floors below it. `npm run validate` runs the same check over the
// repository (scripts/floors.mjs); these prove it refuses what it must, and that no source escapes it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FLOORS, floorOf, floorViolations, repositorySources } from "#scripts/floors.mjs";

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
    ]);
    expect(fine).toEqual([]);
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
