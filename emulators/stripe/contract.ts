// The contract check: does what the emulator answered look like what Stripe answers? Each exchange (a request, its
// answer, the events it caused) is held against Stripe's own description (openapi.ts): every parameter known, every
// answer and event body shaped like its object's schema (no field Stripe does not describe, every required field
// present, the right types, null only where Stripe allows it, an `expand`ed id as its object). The pinned API
// version's differences (pinned-api-differences.ts) count as described.
import type Stripe from "stripe";
import { objectSchema, operationForPath, resolve, type Schema } from "./openapi.ts";
import { FIELDS_ADDED, FIELDS_WITHDRAWN } from "./pinned-api-differences.ts";
import { paramProblems } from "./strict-params.ts";
import type { Params } from "./util.ts";

/** One request the emulator answered, as the contract check sees it. */
export interface ContractExchange {
  method: string;
  /** The URL path asked for (`/v1/payment_intents/pi_…`). */
  path: string;
  /** The decoded query and form parameters. */
  params: Params;
  status: number;
  /** The parsed JSON answer (null when the answer was not JSON: an emulator page). */
  body: unknown;
  /** Events made since the previous exchange (by this request, or by work that ran in between). */
  events: Stripe.Event[];
}

export interface ContractViolation {
  /** `POST /v1/payment_intents/{intent}/confirm → 200`, or `event payment_intent.succeeded`. */
  where: string;
  /** `payment_intent.next_action.redirect_to_url.url`, or the parameter for a request problem. */
  path: string;
  problem: string;
}

type Found = { path: string; problem: string }[];

function schemaName(schema: Schema): string | undefined {
  return schema.$ref?.replace("#/components/schemas/", "");
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
}

function checkObject(value: object, schema: Schema, name: string | undefined, path: string, found: Found): void {
  const record = value as Record<string, unknown>;
  const added = (name && FIELDS_ADDED[name]) || {};
  const withdrawn = (name && FIELDS_WITHDRAWN[name]) || {};
  const mapValues = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
  // As for parameters: a schema listing its properties is closed unless it says otherwise (Stripe's response schemas
  // never say `additionalProperties: false`); one listing none (an event's `data.object`) is open.
  const open = schema.additionalProperties === true || (schema.properties === undefined && !mapValues);
  for (const [key, item] of Object.entries(record)) {
    const field = schema.properties?.[key] ?? added[key]?.schema ?? mapValues;
    if (field) checkJson(item, field, `${path}.${key}`, found);
    else if (!open)
      found.push({
        path: `${path}.${key}`,
        problem: `a field Stripe's description of ${name ?? "this object"} does not have`,
      });
  }
  for (const key of schema.required ?? []) {
    if (record[key] === undefined && !(key in withdrawn))
      found.push({ path: `${path}.${key}`, problem: `a field ${name ?? "this object"} requires is missing` });
  }
}

function checkScalar(value: unknown, schema: Schema, path: string, found: Found): void {
  const kind = kindOf(value);
  const expected: (string | undefined)[] = schema.type === "number" ? ["integer", "number"] : [schema.type];
  if (!expected.includes(kind)) {
    found.push({
      path,
      problem: `is ${kind === "null" ? "null, which Stripe does not allow here" : `a ${kind}, not a ${schema.type}`}`,
    });
  } else if (schema.enum && !schema["x-stripeBypassValidation"] && !schema.enum.includes(value)) {
    found.push({
      path,
      problem: `is ${JSON.stringify(value)}, not one of ${schema.enum.map((item) => JSON.stringify(item)).join(", ")}`,
    });
  }
}

/** Whether `value` fits `given`; what does not is added to `found`, named from `path`. */
function checkJson(value: unknown, given: Schema, path: string, found: Found): void {
  if (value === null && given.nullable) return;
  const schema = resolve(given);
  if (value === null && schema.nullable) return;
  if (schema.anyOf) {
    checkAnyOf(value, schema.anyOf, path, found);
  } else if (schema.type === "object" || (!schema.type && schema.properties)) {
    if (kindOf(value) !== "object")
      found.push({
        path,
        problem: `is ${kindOf(value) === "null" ? "null, which Stripe does not allow here" : `a ${kindOf(value)}, not an object`}`,
      });
    else checkObject(value as object, schema, schemaName(given), path, found);
  } else if (schema.type === "array") {
    if (!Array.isArray(value)) found.push({ path, problem: `is a ${kindOf(value)}, not an array` });
    else value.forEach((item, index) => schema.items && checkJson(item, schema.items, `${path}[${index}]`, found));
  } else if (schema.type) {
    checkScalar(value, schema, path, found);
  }
}

/** Fits when one branch fits (an id or its expanded object); otherwise the closest branch's problems. */
function checkAnyOf(value: unknown, branches: Schema[], path: string, found: Found): void {
  let best: { found: Found; score: number } | undefined;
  for (const branch of branches) {
    if (value === null && branch.nullable) return;
    const attempt: Found = [];
    checkJson(value, branch, path, attempt);
    if (attempt.length === 0) return;
    // A branch of another kind altogether (a string for an object) explains the least.
    const score = (attempt.some((entry) => entry.path === path) ? 1000 : 0) + attempt.length;
    if (!best || score < best.score) best = { found: attempt, score };
  }
  found.push(...(best?.found ?? []));
}

/** How `value` departs from Stripe's schema of it, each problem named by a path starting at `root`. */
export function schemaProblems(value: unknown, schema: Schema, root: string): Found {
  const found: Found = [];
  checkJson(value, schema, root, found);
  return found;
}

/** An event as Stripe sends it, and its `data.object` as the object its `object` field names. */
function eventViolations(event: Stripe.Event): ContractViolation[] {
  const where = `event ${event.type}`;
  const found = schemaProblems(event, { $ref: "#/components/schemas/event" }, "event");
  const inner = event.data?.object as { object?: string } | undefined;
  const innerSchema = inner?.object ? objectSchema(inner.object) : undefined;
  if (inner?.object && !innerSchema)
    found.push({
      path: "event.data.object.object",
      problem: `names ${inner.object}, an object Stripe's description does not have`,
    });
  if (innerSchema)
    found.push(...schemaProblems(inner, { $ref: `#/components/schemas/${inner!.object}` }, `event.data.object`));
  return found.map((entry) => ({ where, ...entry }));
}

/** Everything in one exchange that Stripe's description does not allow. */
export function exchangeViolations(exchange: ContractExchange): ContractViolation[] {
  const violations = exchange.events.flatMap(eventViolations);
  const operation = operationForPath(exchange.method, exchange.path);
  // Emulator-only routes (`/_emulator/*`, pages) have no operation: only the events they caused are checked.
  if (!operation) return violations;
  const where = `${operation.name} → ${exchange.status}`;
  for (const problem of paramProblems(operation, exchange.params))
    violations.push({ where, path: problem.param, problem: `request: ${problem.message}` });
  const schema = exchange.status === 200 ? operation.response : { $ref: "#/components/schemas/error" };
  if (schema && exchange.body !== null) {
    const root = exchange.status === 200 ? (schemaName(schema) ?? "response") : "error";
    for (const entry of schemaProblems(exchange.body, schema, root)) violations.push({ where, ...entry });
  }
  return violations;
}
