// Wire-level helpers of the Stripe emulator: ids, Stripe's form encoding, the error envelope, list pages.
// No state here, so every other file can lean on these without cycles.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-looking id: `pi_3Q…` style, a prefix and 24 random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Parameters as the SDK encodes them (`card[number]=…`, `expand[0]=…`, `metadata[k]=v`), nested back into objects. */
export type Params = { [key: string]: Param };
export type Param = string | Params | Param[];

export function parseForm(body: string | URLSearchParams): Params {
  const search = typeof body === "string" ? new URLSearchParams(body) : body;
  const root: Params = {};
  for (const [key, value] of search) {
    const path = keyPath(key);
    let node: Params = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i] === "" ? String(Object.keys(node).length) : path[i]!;
      const next = node[segment];
      if (next === undefined || typeof next === "string") node[segment] = {};
      node = node[segment] as Params;
    }
    const last = path[path.length - 1]!;
    node[last === "" ? String(Object.keys(node).length) : last] = value;
  }
  return arraysFromIndexedObjects(root) as Params;
}

function keyPath(key: string): string[] {
  const open = key.indexOf("[");
  if (open < 0) return [key];
  const path = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(match[1]!);
  return path;
}

// `expand[0]=a&expand[1]=b` parses to {"0": "a", "1": "b"}; Stripe reads that as an array.
function arraysFromIndexedObjects(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

/** The shape of Stripe's `{"error": {...}}` body; the SDK picks its error class from the HTTP status. */
export interface StripeErrorBody {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
  advice_code?: string;
}

/** The page Stripe links an error code to, in an error body and in an intent's last_payment_error / last_setup_error. */
export const docUrlOf = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll("_", "-")}`;

export class ApiError extends Error {
  status: number;
  body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body.code ? { ...body, doc_url: body.doc_url ?? docUrlOf(body.code) } : body;
  }
}

export function invalidRequest(message: string, extra: Partial<StripeErrorBody> = {}): ApiError {
  return new ApiError(400, { type: "invalid_request_error", message, ...extra });
}

export function missingParam(param: string): ApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param });
}

export function noSuch(kind: string, id: string, param?: string): ApiError {
  const message = `No such ${kind}: '${id}'`;
  // An unknown id in the path is a 404; one named by a parameter is a 400 with that parameter.
  return param
    ? invalidRequest(message, { code: "resource_missing", param })
    : new ApiError(404, { type: "invalid_request_error", message, code: "resource_missing" });
}

/**
 * An API key as Stripe's errors show it: the `sk_test_` prefix and the last four characters, the rest starred
 * ("Invalid API Key provided: sk_test_****1234").
 */
export function redactedKey(key: string): string {
  return `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

// ---- reading parameters ------------------------------------------------------------------------------------

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string")
    throw invalidRequest(`Invalid string: ${key}`, { code: "parameter_invalid_string", param: key });
  return value;
}

export function requiredStr(params: Params, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === "") throw missingParam(key);
  return value;
}

export function int(params: Params, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, { code: "parameter_invalid_integer", param: key });
  return Number(value);
}

export function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined || value === "") return undefined;
  if (value !== "true" && value !== "false")
    throw invalidRequest(`Invalid boolean: ${value}`, { code: "parameter_invalid_boolean", param: key });
  return value === "true";
}

export function obj(params: Params, key: string): Params | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value === "string" || Array.isArray(value))
    throw invalidRequest(`Invalid hash: ${key}`, { code: "parameter_invalid_hash", param: key });
  return value;
}

export function strArray(params: Params, key: string): string[] | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value === "string") return [value];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
    throw invalidRequest(`Invalid array: ${key}`, { param: key });
  return value as string[];
}

/** `metadata[k]=v` merged into the old metadata; an empty value deletes the key, as Stripe does. */
export function mergeMetadata(old: Record<string, string>, params: Params): Record<string, string> {
  const update = params.metadata;
  if (update === undefined) return old;
  if (update === "") return {};
  if (typeof update === "string" || Array.isArray(update))
    throw invalidRequest("Invalid hash: metadata", { param: "metadata" });
  const merged = { ...old };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== "string")
      throw invalidRequest(`Invalid metadata value for ${key}`, { param: `metadata[${key}]` });
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

// ---- lists -------------------------------------------------------------------------------------------------

export interface ListPage<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

/** Newest first, `limit` (1–100, default 10), `starting_after` / `ending_before` cursors, as Stripe's list API. */
export function listPage<T extends { id: string; created: number }>(
  items: T[],
  params: Params,
  url: string,
): ListPage<T> {
  const limit = int(params, "limit") ?? 10;
  if (limit < 1 || limit > 100)
    throw invalidRequest(`This value must be between 1 and 100 (it currently is ${limit}).`, { param: "limit" });
  // Insertion order breaks ties inside one second: the newest-created object is last in the map.
  const ordered = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
    .map((entry) => entry.item);
  let start = 0;
  let end = ordered.length;
  const after = str(params, "starting_after");
  const before = str(params, "ending_before");
  if (after) {
    const index = ordered.findIndex((item) => item.id === after);
    if (index < 0)
      throw invalidRequest(`No such object: '${after}'`, { code: "resource_missing", param: "starting_after" });
    start = index + 1;
  } else if (before) {
    const index = ordered.findIndex((item) => item.id === before);
    if (index < 0)
      throw invalidRequest(`No such object: '${before}'`, { code: "resource_missing", param: "ending_before" });
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = ordered.slice(start, Math.min(end, start + limit));
  const has_more = before ? start > 0 : start + limit < end;
  return { object: "list", data, has_more, url };
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
