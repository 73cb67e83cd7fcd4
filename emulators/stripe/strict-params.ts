// Parameters checked the way Stripe checks them, against Stripe's own description of each call (openapi.ts) plus
// the pinned API version's differences (pinned-api-differences.ts): an unknown parameter, at any depth, a value of
// the wrong type or outside its list, an unsupported currency, or an `expand[]` of a field that cannot be expanded
// is a 400 before the call runs. `metadata` and the other maps Stripe leaves open stay open.
//
// Error codes: Stripe documents `parameter_unknown`, `parameter_missing` and `parameter_invalid_integer`
// (https://docs.stripe.com/error-codes) and those are used with Stripe's wording ("Received unknown parameter: x",
// "Missing required param: x.", "Invalid integer: x"). Its list has no code for a value outside an enum, a bad
// boolean, a value of the wrong shape or an unsupported currency, and the bodies Stripe answers those with carry
// `message` and `param` only; so do these (a made-up code would also get a dead `doc_url`, see util.ts ApiError).
import { invalidCurrencyMessage, isPresentmentCurrency } from "./currencies.ts";
import { operationForRoute, resolve, type Operation, type Schema } from "./openapi.ts";
import { PARAMS_ADDED, PARAMS_WITHDRAWN } from "./pinned-api-differences.ts";
import { ApiError, type Param, type Params } from "./util.ts";

export interface ParamProblem {
  message: string;
  /** Stripe's name for it: `payment_method_options[card][bogus]`, `expand`. */
  param: string;
  code?: "parameter_unknown" | "parameter_missing" | "parameter_invalid_integer";
}

const withPinnedDifferences = new Map<string, Schema>();

/** The operation's parameters as the pinned API version takes them. */
function paramsSchema(operation: Operation): Schema {
  let schema = withPinnedDifferences.get(operation.name);
  if (!schema) {
    const properties = { ...operation.params.properties };
    for (const name of PARAMS_WITHDRAWN[operation.name] ?? []) delete properties[name];
    for (const [name, added] of Object.entries(PARAMS_ADDED[operation.name] ?? {})) properties[name] = added.schema;
    schema = { ...operation.params, properties };
    withPinnedDifferences.set(operation.name, schema);
  }
  return schema;
}

/** Stripe's list style: "a, b, or c". */
function oneOf(values: unknown[]): string {
  const words = values.map(String).map((value) => (value === "" ? '""' : value));
  return words.length < 3 ? words.join(" or ") : `${words.slice(0, -1).join(", ")}, or ${words.at(-1)}`;
}

function childName(parent: string, key: string): string {
  return parent ? `${parent}[${key}]` : key;
}

function lastKey(param: string): string {
  return param.replace(/\]$/, "").split(/\[/).at(-1) ?? param;
}

function isMap(value: Param): value is Params {
  return typeof value === "object" && !Array.isArray(value);
}

/** `a[0]=x&a[1]=y` arrives as an array; as a map (`metadata[0]=x`) its indexes are its keys. */
function asMap(value: Param): Params | undefined {
  if (isMap(value)) return value;
  if (Array.isArray(value)) return Object.fromEntries(value.map((item, index) => [String(index), item]));
  return undefined;
}

function checkObject(value: Param, schema: Schema, param: string, problems: ParamProblem[]): void {
  // An empty value unsets a hash (`metadata=`), as Stripe's docs describe for metadata.
  if (value === "") return;
  const map = asMap(value);
  if (!map) {
    problems.push({ message: "Invalid hash", param });
    return;
  }
  const properties = schema.properties ?? {};
  // Stripe's file marks some objects `additionalProperties: false` and leaves it out on most nested ones; Stripe
  // refuses an unlisted key in either (`parameter_unknown` for `payment_method_options[card][bogus]`). Only an
  // object that lists no properties at all is open.
  const open =
    schema.additionalProperties === true ||
    (schema.additionalProperties === undefined && schema.properties === undefined);
  const mapValues = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
  for (const [key, item] of Object.entries(map)) {
    const name = childName(param, key);
    const known = properties[key] ?? mapValues;
    if (known) checkValue(item, known, name, problems);
    else if (!open)
      problems.push({ message: `Received unknown parameter: ${name}`, param: name, code: "parameter_unknown" });
  }
  for (const key of schema.required ?? []) {
    if (map[key] === undefined)
      problems.push({
        message: `Missing required param: ${childName(param, key)}.`,
        param: childName(param, key),
        code: "parameter_missing",
      });
  }
}

function checkScalar(value: Param, schema: Schema, param: string, problems: ParamProblem[]): void {
  if (typeof value !== "string") {
    const code = schema.type === "integer" ? { code: "parameter_invalid_integer" as const } : {};
    problems.push({ message: `Invalid ${schema.type}: ${JSON.stringify(value)}`, param, ...code });
    return;
  }
  if (schema.type === "integer" && !/^-?\d+$/.test(value)) {
    problems.push({ message: `Invalid integer: ${value}`, param, code: "parameter_invalid_integer" });
  } else if (schema.type === "number" && !/^-?\d+(\.\d+)?$/.test(value)) {
    problems.push({ message: `Invalid decimal: ${value}`, param });
  } else if (schema.type === "boolean" && value !== "true" && value !== "false") {
    problems.push({ message: `Invalid boolean: ${value}`, param });
  } else if (schema.enum && !schema["x-stripeBypassValidation"] && !schema.enum.includes(value)) {
    problems.push({ message: `Invalid ${lastKey(param)}: must be one of ${oneOf(schema.enum)}`, param });
  } else if (
    schema.type === "string" &&
    !schema.enum &&
    lastKey(param) === "currency" &&
    !isPresentmentCurrency(value)
  ) {
    problems.push({ message: invalidCurrencyMessage(value), param });
  }
}

function checkValue(value: Param, given: Schema, param: string, problems: ParamProblem[]): void {
  const schema = resolve(given);
  if (schema.anyOf) {
    checkAnyOf(value, schema.anyOf, param, problems);
  } else if (schema.type === "object") {
    checkObject(value, schema, param, problems);
  } else if (schema.type === "array") {
    if (typeof value === "string") problems.push({ message: "Invalid array", param });
    else if (isMap(value)) problems.push({ message: "Invalid array", param });
    else
      value.forEach(
        (item, index) => schema.items && checkValue(item, schema.items, childName(param, String(index)), problems),
      );
  } else if (schema.type) {
    checkScalar(value, schema, param, problems);
  }
}

/** Valid when one branch accepts it; otherwise the problems of the branch shaped most like the value. */
function checkAnyOf(value: Param, branches: Schema[], param: string, problems: ParamProblem[]): void {
  const shape = typeof value === "string" ? "scalar" : Array.isArray(value) ? "array" : "object";
  let best: { problems: ParamProblem[]; score: number } | undefined;
  for (const branch of branches.map(resolve)) {
    const found: ParamProblem[] = [];
    checkValue(value, branch, param, found);
    if (found.length === 0) return;
    const branchShape = branch.type === "object" || branch.type === "array" ? branch.type : "scalar";
    const score = (branchShape === shape ? 0 : 1000) + found.length;
    if (!best || score < best.score) best = { problems: found, score };
  }
  problems.push(...(best?.problems ?? []));
}

// ---- expand[] ------------------------------------------------------------------------------------------------

/** The object schemas a field leads to: what an id expands to, or the sub-object itself (`transfer_data`). */
function schemasBehind(field: Schema): Schema[] {
  const schema = resolve(field);
  const expansions = schema["x-expansionResources"]?.oneOf;
  if (expansions) return expansions.map(resolve);
  if (schema.type === "array" && schema.items) return schemasBehind(schema.items);
  if (schema.anyOf)
    return schema.anyOf.filter((branch) => branch.$ref || branch.type === "object").flatMap(schemasBehind);
  return [schema];
}

function expandable(schemas: Schema[], path: string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined) return true;
  const next = schemas.filter((schema) => schema["x-expandableFields"]?.includes(head) && schema.properties?.[head]);
  return (
    next.length > 0 &&
    expandable(
      next.flatMap((schema) => schemasBehind(schema.properties![head]!)),
      rest,
    )
  );
}

function expandProblems(operation: Operation, params: Params): ParamProblem[] {
  const paths = params.expand;
  if (!operation.response || !Array.isArray(paths)) return [];
  const top = schemasBehind(operation.response);
  const problems: ParamProblem[] = [];
  for (const path of paths) {
    if (typeof path !== "string" || expandable(top, path.split("."))) continue;
    const inList = top.some((schema) => schema.properties?.data) && expandable(top, ["data", ...path.split(".")]);
    const hint = inList ? ` You may want to try expanding 'data.${path}' instead.` : "";
    problems.push({ message: `This property cannot be expanded (${path}).${hint}`, param: "expand" });
  }
  return problems;
}

// ---- entry points --------------------------------------------------------------------------------------------

/** Every problem Stripe would find with these parameters, unknown ones first (the contract check lists them all). */
export function paramProblems(operation: Operation, params: Params): ParamProblem[] {
  const problems: ParamProblem[] = [];
  checkValue(params, paramsSchema(operation), "", problems);
  if (problems.length === 0) problems.push(...expandProblems(operation, params));
  return problems.sort((a, b) => Number(b.code === "parameter_unknown") - Number(a.code === "parameter_unknown"));
}

/** The 400 Stripe answers for the first problem, before anything runs; a route Stripe does not have is not checked. */
export function checkRequestParams(method: string, routePath: string, params: Params): void {
  const operation = operationForRoute(method, routePath);
  if (!operation) return;
  const [first] = paramProblems(operation, params);
  if (first)
    throw new ApiError(400, {
      type: "invalid_request_error",
      message: first.message,
      param: first.param,
      ...(first.code ? { code: first.code } : {}),
    });
}
