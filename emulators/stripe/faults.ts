// Stripe's bad days on demand. Rules posted to `/_emulator/faults` (or given at start: STRIPE_EMULATOR_FAULTS) make
// chosen API calls fail the way Stripe's do: 429 `lock_timeout` and `rate_limit`, 409 `idempotency_key_in_use`, 500
// `api_error`, a request held past the client's timeout, a connection lost before the work or after it. The switch
// also keeps a rule Stripe keeps on every day: a request whose Idempotency-Key is still in flight gets 409.
// Shapes, sources and what the SDK makes of each: docs/decisions/017-stripe-emulator.md, "Stripe's bad days".
import { API_VERSION } from "./objects.ts";
import { newId, type StripeErrorBody } from "./util.ts";

const FAULT_KINDS = [
  "lock_timeout",
  "idempotency_in_progress",
  "rate_limit",
  "api_error",
  "timeout",
  "drop_before",
  "drop_after",
  "latency",
] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

/** One rule as posted. With no filter it takes every API call; with neither `count` nor `rate`, until deleted. */
export interface FaultRuleInput {
  fault: FaultKind;
  method?: "GET" | "POST" | "DELETE";
  // An exact path, where `*` stands for one segment: "/v1/payment_intents/*/confirm".
  path?: string;
  /** Fires only when this text is in the request line, the (decoded) body or the Idempotency-Key. */
  match?: string;
  /** Fires on the next `count` matching calls, then rests. */
  count?: number;
  /** Fires on this share (0..1) of matching calls; with `seed`, the same calls each time. */
  rate?: number;
  seed?: number;
  /** The call waits this long first, its Idempotency-Key held in flight. Required by `latency`. */
  latencyMs?: number;
  /** `timeout`: how long the call is held (unless the client gives up first). Default 90 s, past the SDK's 80 s. */
  holdMs?: number;
}

export interface FaultRuleView extends FaultRuleInput {
  id: string;
  /** Calls that matched the filters while the rule could still fire. */
  matched: number;
  fired: number;
}

/**
 * The connection must be lost without an answer. server.ts destroys the socket; a caller of `handle()` gets this
 * rejection, as `fetch` rejects on a network error.
 */
export class ConnectionDroppedError extends Error {
  readonly fault: "drop_before" | "drop_after" | "timeout";
  /** Whether the request's work was done (and stored under its Idempotency-Key) before the connection went. */
  readonly performed: boolean;
  constructor(fault: "drop_before" | "drop_after" | "timeout", performed: boolean) {
    super(
      `Stripe emulator fault ${fault}: connection dropped ${performed ? "after the request was performed" : "before the request was performed"}`,
    );
    this.name = "ConnectionDroppedError";
    this.fault = fault;
    this.performed = performed;
  }
}

class FaultRuleError extends Error {}

const FAULTS_CONTROL_PATH = "/_emulator/faults";
const DEFAULT_HOLD_MS = 90_000;
const MAX_WAIT_MS = 10 * 60_000;
const RULE_FIELDS = ["fault", "method", "path", "match", "count", "rate", "seed", "latencyMs", "holdMs"];

// ---- Stripe's answers ------------------------------------------------------------------------------------------

// Message and doc_url as Stripe sends them (see decision 017); doc_url on the host ApiError uses for every code.
const LOCK_TIMEOUT: StripeErrorBody = {
  type: "invalid_request_error",
  code: "lock_timeout",
  doc_url: "https://docs.stripe.com/error-codes/lock-timeout",
  message:
    "This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request. If you see this error frequently and are making multiple concurrent requests to a single object, make your requests serially or at a lower rate.",
};
const RATE_LIMIT: StripeErrorBody = {
  type: "invalid_request_error",
  code: "rate_limit",
  doc_url: "https://docs.stripe.com/error-codes/rate-limit",
  message: "Request rate limit exceeded. Learn more about rate limits here https://docs.stripe.com/rate-limits.",
};
const API_ERROR: StripeErrorBody = {
  type: "api_error",
  message:
    "An unknown error occurred while processing this request. Retry it, with the same Idempotency-Key for a POST.",
};

function idempotencyKeyInUse(key: string | null): StripeErrorBody {
  return {
    type: "invalid_request_error",
    code: "idempotency_key_in_use",
    doc_url: "https://docs.stripe.com/error-codes/idempotency-key-in-use",
    message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key ?? ""}. Please try again later.`,
  };
}

/** The headers the emulator's other answers carry, so a browser caller reads the error rather than a CORS failure. */
function errorResponse(
  request: Request,
  status: number,
  error: StripeErrorBody,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error }, null, 2), {
    status,
    headers: {
      "Content-Type": "application/json",
      "Request-Id": newId("req", 14),
      "Stripe-Version": request.headers.get("stripe-version") ?? API_VERSION,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "Request-Id, Stripe-Version, Stripe-Should-Retry, Stripe-Emulator-Fault",
      ...headers,
    },
  });
}

function controlResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

// ---- rules -----------------------------------------------------------------------------------------------------

function parseFaultRule(value: unknown): FaultRuleInput {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new FaultRuleError(`A fault rule is a JSON object such as {"fault":"api_error","count":1}.`);
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!RULE_FIELDS.includes(key))
      throw new FaultRuleError(`Unknown field "${key}": a rule has ${RULE_FIELDS.join(", ")}.`);
  }
  if (!FAULT_KINDS.includes(input.fault as FaultKind))
    throw new FaultRuleError(`"fault" must be one of ${FAULT_KINDS.join(", ")}.`);
  const rule: FaultRuleInput = { fault: input.fault as FaultKind };
  if (input.method !== undefined) {
    const method = String(input.method).toUpperCase();
    if (method !== "GET" && method !== "POST" && method !== "DELETE")
      throw new FaultRuleError(`"method" must be GET, POST or DELETE.`);
    rule.method = method;
  }
  if (input.path !== undefined) {
    if (typeof input.path !== "string" || !input.path.startsWith("/v1/"))
      throw new FaultRuleError(`"path" must start with /v1/: faults apply to API calls only.`);
    rule.path = input.path;
  }
  if (input.match !== undefined) {
    if (typeof input.match !== "string" || input.match === "")
      throw new FaultRuleError(`"match" must be a non-empty string.`);
    rule.match = input.match;
  }
  if (input.count !== undefined) {
    if (!Number.isInteger(input.count) || (input.count as number) < 1)
      throw new FaultRuleError(`"count" must be a whole number of 1 or more.`);
    rule.count = input.count as number;
  }
  if (input.rate !== undefined) {
    if (typeof input.rate !== "number" || !(input.rate >= 0 && input.rate <= 1))
      throw new FaultRuleError(`"rate" must be a number from 0 to 1.`);
    rule.rate = input.rate;
  }
  if (input.seed !== undefined) {
    if (!Number.isInteger(input.seed)) throw new FaultRuleError(`"seed" must be a whole number.`);
    if (rule.rate === undefined) throw new FaultRuleError(`"seed" only makes sense with "rate".`);
    rule.seed = input.seed as number;
  }
  for (const field of ["latencyMs", "holdMs"] as const) {
    const ms = input[field];
    if (ms === undefined) continue;
    if (typeof ms !== "number" || !(ms >= 0 && ms <= MAX_WAIT_MS))
      throw new FaultRuleError(`"${field}" must be a number of milliseconds from 0 to ${MAX_WAIT_MS}.`);
    rule[field] = ms;
  }
  if (rule.fault === "latency" && rule.latencyMs === undefined)
    throw new FaultRuleError(`"latency" needs "latencyMs".`);
  if (rule.holdMs !== undefined && rule.fault !== "timeout") throw new FaultRuleError(`"holdMs" belongs to "timeout".`);
  return rule;
}

/** A rule or a list of rules, as JSON: the control route's body and STRIPE_EMULATOR_FAULTS. */
export function parseFaultRules(json: string): FaultRuleInput[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new FaultRuleError(`Not JSON: expected a rule such as {"fault":"api_error","rate":0.05} or a list of them.`);
  }
  return (Array.isArray(value) ? value : [value]).map(parseFaultRule);
}

/** mulberry32: a small seeded generator, so a `rate` rule with a `seed` fires on the same calls every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pathPattern(path: string): RegExp {
  const source = path
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]+");
  return new RegExp(`^${source.replace(/\/$/, "")}/?$`);
}

interface ActiveRule {
  id: string;
  input: FaultRuleInput;
  path: RegExp | null;
  random: () => number;
  matched: number;
  fired: number;
}

/** What a rule's filters look at. */
interface CallFacts {
  method: string;
  pathname: string;
  /** Request line, body (raw and decoded) and Idempotency-Key: where `match` is looked for. */
  texts: string[];
}

async function callFacts(request: Request, url: URL, readBody: boolean): Promise<CallFacts> {
  const requestLine = `${request.method} ${url.pathname}${url.search}`;
  const texts = [requestLine, decodeURIComponentSafely(requestLine)];
  if (readBody && request.body) {
    const body = await request.clone().text();
    texts.push(body, [...new URLSearchParams(body)].map(([key, value]) => `${key}=${value}`).join("&"));
  }
  const key = request.headers.get("idempotency-key");
  if (key) texts.push(key);
  return { method: request.method, pathname: url.pathname, texts };
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// ---- the switch ------------------------------------------------------------------------------------------------

export class FaultSwitch {
  private rules: ActiveRule[] = [];
  /** Idempotency scopes (API key, account, key) of POSTs being handled now. */
  private inFlight = new Set<string>();
  private closing = new AbortController();

  constructor(initial: FaultRuleInput[] = []) {
    for (const input of initial) this.add(parseFaultRule(input));
  }

  add(input: FaultRuleInput): FaultRuleView {
    const rule: ActiveRule = {
      id: newId("fault", 12),
      input,
      path: input.path ? pathPattern(input.path) : null,
      random: input.seed === undefined ? Math.random : seededRandom(input.seed),
      matched: 0,
      fired: 0,
    };
    this.rules.push(rule);
    return view(rule);
  }

  list(): FaultRuleView[] {
    return this.rules.map(view);
  }

  /** Ends every hold and wait, so a closing server is not kept open by a `timeout` rule. */
  close(): void {
    this.closing.abort();
  }

  /** In front of the emulator's `handle`: controls, the in-flight rule, then the first rule that fires. */
  async handle(request: Request, perform: (request: Request) => Promise<Response>): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === FAULTS_CONTROL_PATH || url.pathname.startsWith(`${FAULTS_CONTROL_PATH}/`))
      return this.control(request, url);
    // Faults are Stripe's API's bad days: emulator pages, controls and CORS preflights always answer.
    if (request.method === "OPTIONS" || !url.pathname.startsWith("/v1/")) return perform(request);

    const key = request.method === "POST" ? request.headers.get("idempotency-key") : null;
    // Scoped like the emulator's stored keys (per API key and Stripe-Account); the header stands in for the key.
    const scope = key
      ? [request.headers.get("authorization") ?? "", request.headers.get("stripe-account") ?? "", key].join("\u0000")
      : null;
    if (scope && this.inFlight.has(scope)) return errorResponse(request, 409, idempotencyKeyInUse(key));
    // Taken before the first await, so a twin arriving while this one's body is read already finds it.
    if (scope) this.inFlight.add(scope);
    try {
      const rule =
        this.rules.length === 0
          ? undefined
          : this.pick(
              await callFacts(
                request,
                url,
                this.rules.some((candidate) => candidate.input.match),
              ),
            );
      return rule ? await this.apply(rule, request, key, perform) : await perform(request);
    } finally {
      if (scope) this.inFlight.delete(scope);
    }
  }

  private pick(call: CallFacts): ActiveRule | undefined {
    for (const rule of this.rules) {
      const { method, match, count, rate } = rule.input;
      if (method && method !== call.method) continue;
      if (rule.path && !rule.path.test(call.pathname)) continue;
      if (match && !call.texts.some((text) => text.includes(match))) continue;
      if (count !== undefined && rule.fired >= count) continue;
      rule.matched++;
      if (rate !== undefined && !(rule.random() < rate)) continue;
      rule.fired++;
      return rule;
    }
    return undefined;
  }

  private async apply(
    rule: ActiveRule,
    request: Request,
    key: string | null,
    perform: (request: Request) => Promise<Response>,
  ): Promise<Response> {
    const note = { "Stripe-Emulator-Fault": `${rule.input.fault} ${rule.id}` };
    if (rule.input.latencyMs) await this.wait(rule.input.latencyMs, request.signal);
    switch (rule.input.fault) {
      case "latency": {
        const response = await perform(request);
        response.headers.set("Stripe-Emulator-Fault", note["Stripe-Emulator-Fault"]);
        return response;
      }
      // Stripe's client libraries retry a lock timeout (stripe-node only when this header says so), not a rate limit.
      case "lock_timeout":
        return errorResponse(request, 429, LOCK_TIMEOUT, { ...note, "Stripe-Should-Retry": "true" });
      case "rate_limit":
        return errorResponse(request, 429, RATE_LIMIT, note);
      case "idempotency_in_progress":
        return errorResponse(request, 409, idempotencyKeyInUse(key), note);
      // Before the work and not stored under the key: the retry runs the request (no header, so the SDK retries a 500).
      case "api_error":
        return errorResponse(request, 500, API_ERROR, note);
      case "drop_before":
        throw new ConnectionDroppedError("drop_before", false);
      case "timeout":
        await this.wait(rule.input.holdMs ?? DEFAULT_HOLD_MS, request.signal);
        throw new ConnectionDroppedError("timeout", false);
      case "drop_after":
        // Performed in full (stored under its Idempotency-Key, events sent); only the answer is lost.
        await perform(request);
        throw new ConnectionDroppedError("drop_after", true);
    }
  }

  /** Resolves after `ms`, or sooner when the client goes away or the emulator closes. */
  private wait(ms: number, clientGone: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const signals = [clientGone, this.closing.signal];
      if (signals.some((signal) => signal.aborted)) return resolve();
      const done = () => {
        clearTimeout(timer);
        for (const signal of signals) signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      for (const signal of signals) signal.addEventListener("abort", done, { once: true });
    });
  }

  /** GET lists, POST adds (a rule or a list), DELETE clears all or, with an id, one. No API key, as every control. */
  private async control(request: Request, url: URL): Promise<Response> {
    const id = url.pathname.slice(FAULTS_CONTROL_PATH.length + 1).replace(/\/$/, "");
    if (id === "" && request.method === "GET") return controlResponse(200, { rules: this.list() });
    if (id === "" && request.method === "POST") {
      const text = await request.text();
      try {
        const inputs = parseFaultRules(text);
        const added = inputs.map((input) => this.add(input));
        return controlResponse(201, text.trimStart().startsWith("[") ? { rules: added } : added[0]);
      } catch (error) {
        if (!(error instanceof FaultRuleError)) throw error;
        return controlResponse(400, { error: { type: "invalid_request_error", message: error.message } });
      }
    }
    if (id === "" && request.method === "DELETE") {
      const deleted = this.rules.length;
      this.rules = [];
      return controlResponse(200, { deleted });
    }
    if (id !== "" && request.method === "DELETE") {
      const before = this.rules.length;
      this.rules = this.rules.filter((rule) => rule.id !== id);
      if (this.rules.length === before)
        return controlResponse(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: `No such fault rule: '${id}'` },
        });
      return controlResponse(200, { id, deleted: true });
    }
    return controlResponse(405, {
      error: {
        type: "invalid_request_error",
        message: `${request.method} ${url.pathname} is not a fault control: GET, POST or DELETE ${FAULTS_CONTROL_PATH}, DELETE ${FAULTS_CONTROL_PATH}/:id.`,
      },
    });
  }
}

function view(rule: ActiveRule): FaultRuleView {
  return { id: rule.id, ...rule.input, matched: rule.matched, fired: rule.fired };
}
