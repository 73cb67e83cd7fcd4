// The emulator's core: `handle(Request) → Response` over in-memory state. Routing, API keys, CORS, idempotency
// keys, the error envelope, events and webhook endpoints live here; the resources live in their own files.
// server.ts puts this behind node:http; tests can call `handle` directly.
import type Stripe from "stripe";
import { connectRoutes } from "./connect.ts";
import type { ContractExchange } from "./contract.ts";
import { recordingHandle } from "./contract-recorder.ts";
import { payoutRoutes } from "./payouts.ts";
import { customerRoutes } from "./customers.ts";
import { disputeRoutes } from "./disputes.ts";
import { FaultSwitch, type FaultRuleInput } from "./faults.ts";
import { intentRoutes } from "./intents.ts";
import * as build from "./objects.ts";
import { jsonResponse } from "./pages.ts";
import { authenticate, DEFAULT_PLATFORMS, Platforms, platformForPage, type PlatformKeys } from "./platforms.ts";
import {
  State,
  accountInaccessible,
  cancelLater,
  expand,
  runLater,
  type ApiRoute,
  type Core,
  type Ctx,
  type PageRoute,
  type Route,
} from "./state.ts";
import { checkRequestParams } from "./strict-params.ts";
import { threeDSecureRoutes } from "./three-d-secure.ts";
import {
  ApiError,
  bool,
  clone,
  int,
  invalidRequest,
  listPage,
  mergeMetadata,
  newId,
  noSuch,
  parseForm,
  requiredStr,
  str,
  strArray,
  type Params,
} from "./util.ts";
import { endpointWants, WebhookDeliverer, type DeliveryAttempt, type EndpointRecord } from "./webhooks.ts";

export interface EmulatorOptions {
  /** Endpoints registered at start (and again after a reset), each receiving every event type. */
  webhooks?: { url: string; secret: string; connect?: boolean }[];
  /** Waits between webhook attempts, in ms; attempt n+1 waits the n-th. Default: Stripe's live schedule, ~3 days. */
  webhookRetryDelaysMs?: number[];
  /** The currency an empty balance is reported in. Default jpy. */
  defaultCurrency?: string;
  /**
   * The platforms whose keys the emulator accepts, each with a data set of its own (platforms.ts); the first is the
   * default, owning the `webhooks` above. Default: `sk_test_comet_local` (wrangler.toml), then `sk_test_emulator_suite`.
   */
  platforms?: readonly PlatformKeys[];
  /**
   * How long Stripe's verification of a submitted onboarding takes (ms): the account is in review meanwhile
   * (onboarding.ts). Default 0: verified within the submission, so "Complete onboarding" lands on a ready account.
   */
  accountVerificationDelayMs?: number;
  /** Fault rules active from the start (STRIPE_EMULATOR_FAULTS); `/_emulator/faults` adds, lists and clears them. */
  faults?: FaultRuleInput[];
  /** Hands every exchange (parameters, answer, events) to the contract check (contract-recorder.ts); off by default. */
  contract?: (exchange: ContractExchange) => void;
}

export interface StripeEmulator {
  /** Rejects with `ConnectionDroppedError` (faults.ts) where a fault loses the connection: fetch's network error. */
  handle(request: Request): Promise<Response>;
  /** Every webhook attempt so far (for tests and the `/_emulator/webhooks/attempts` listing). */
  deliveryAttempts(): DeliveryAttempt[];
  close(): Promise<void>;
}

/**
 * Stripe's live-mode webhook retries: exponential backoff for up to three days (https://docs.stripe.com/webhooks;
 * Stripe publishes no intervals, these are ours). 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h: 12 attempts, ~3 days.
 */
const MINUTE = 60_000;
const DEFAULT_RETRY_DELAYS_MS = [1, 5, 30, 120, 300, 600, 600, 600, 600, 600, 600].map((minutes) => minutes * MINUTE);

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Account, Stripe-Version",
  "Access-Control-Expose-Headers": "Request-Id, Stripe-Version, Idempotent-Replayed",
  "Access-Control-Max-Age": "600",
};

interface CompiledRoute {
  route: Route;
  method: string;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { route, method: route.method, pattern: new RegExp(`^${source}/?$`), names };
}

function isPage(route: Route): route is PageRoute {
  return "page" in route;
}

// ---- API keys --------------------------------------------------------------------------------------------

const PUBLISHABLE_REFUSED =
  "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.";

// ---- idempotency -----------------------------------------------------------------------------------------

/** Same parameters in any key order are the same request. */
function canonical(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
}

// ---- the emulator ----------------------------------------------------------------------------------------

export function createStripeEmulator(options: EmulatorOptions = {}): StripeEmulator {
  const defaultCurrency = options.defaultCurrency ?? "jpy";
  const platforms = new Platforms(options.platforms ?? DEFAULT_PLATFORMS, () => new State(defaultCurrency));
  const core: Core = {
    state: platforms.default.state,
    defaultCurrency,
    accountVerificationDelayMs: options.accountVerificationDelayMs ?? 0,
    later: (key, delayMs, task) => runLater(core, key, delayMs, task, deliverLater),
    cancelLater: (key) => cancelLater(core.state, key),
  };
  const deliverer = new WebhookDeliverer(options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS);
  // Outside `State`: a reset by one test must not lift the faults another test set (each scopes its own with `match`).
  const faults = new FaultSwitch(options.faults);

  function registerEndpoint(
    state: State,
    input: {
      url: string;
      secret?: string;
      connect: boolean;
      enabledEvents: string[];
      description: string | null;
      metadata: Record<string, string>;
    },
  ): EndpointRecord {
    const secret = input.secret ?? newId("whsec", 32);
    const endpoint = build.webhookEndpoint({
      url: input.url,
      enabledEvents: input.enabledEvents,
      description: input.description,
      metadata: input.metadata,
      secret,
    });
    const record: EndpointRecord = { endpoint, secret, connect: input.connect, disabled: false };
    state.endpoints.set(endpoint.id, record);
    return record;
  }

  /** The endpoints configured at start are the default platform's (a Stripe endpoint belongs to one account). */
  function registerConfiguredEndpoints(): void {
    for (const webhook of options.webhooks ?? []) {
      registerEndpoint(platforms.default.state, {
        url: webhook.url,
        secret: webhook.secret,
        connect: webhook.connect ?? false,
        enabledEvents: ["*"],
        description: "configured at start",
        metadata: {},
      });
    }
  }
  registerConfiguredEndpoints();

  /**
   * Each endpoint of the platform whose data the events belong to (`state`, named by the caller: `core.state` may
   * point elsewhere by then) gets them in the order they happened, one at a time, after the response.
   */
  // One queue per endpoint: a background step's events (a dispute after its charge) wait for the earlier request's.
  const deliveryQueues = new WeakMap<EndpointRecord, Promise<void>>();
  function deliverLater(events: Stripe.Event[], state: State): void {
    if (events.length === 0) return;
    setTimeout(() => {
      for (const record of state.endpoints.values()) {
        const wanted = events.filter((event) => endpointWants(record, event));
        if (wanted.length === 0) continue;
        const queued = (deliveryQueues.get(record) ?? Promise.resolve()).then(async () => {
          for (const event of wanted) await deliverer.deliver(event, record);
        });
        deliveryQueues.set(record, queued);
      }
    }, 0);
  }

  /** Sends events again now, each `times` times, optionally shuffled; resolves when every first attempt has answered. */
  async function redeliver(
    state: State,
    events: Stripe.Event[],
    times: number,
    shuffle: boolean,
  ): Promise<{ deliveries: number; order: string[] }> {
    let sequence = Array.from({ length: times }, () => events).flat();
    if (shuffle) {
      sequence = [...sequence];
      for (let i = sequence.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [sequence[i], sequence[j]] = [sequence[j]!, sequence[i]!];
      }
    }
    let deliveries = 0;
    for (const event of sequence) {
      for (const record of state.endpoints.values()) {
        if (!endpointWants(record, event)) continue;
        deliveries++;
        await deliverer.deliver(event, record);
      }
    }
    return { deliveries, order: sequence.map((event) => event.id) };
  }

  const eventRoutes: Route[] = [
    {
      method: "GET",
      path: "/v1/events",
      run: (ctx) => {
        const type = str(ctx.params, "type");
        const types = strArray(ctx.params, "types");
        const events = core.state.events.filter(
          (event) =>
            (event.account ?? null) === ctx.account &&
            (type === undefined || matchesType(event.type, type)) &&
            (types === undefined || types.includes(event.type)),
        );
        return listPage(events, ctx.params, "/v1/events");
      },
    },
    {
      method: "GET",
      path: "/v1/events/:id",
      run: (ctx) => {
        const event = core.state.events.find((candidate) => candidate.id === ctx.pathParams.id);
        if (!event) throw noSuch("event", ctx.pathParams.id!);
        return event;
      },
    },
    {
      method: "POST",
      path: "/v1/webhook_endpoints",
      run: (ctx) => {
        const url = requiredStr(ctx.params, "url");
        if (!/^https?:\/\//.test(url))
          throw invalidRequest("Invalid URL: URL must be publicly accessible or a local http(s) URL.", {
            param: "url",
          });
        const enabledEvents = strArray(ctx.params, "enabled_events");
        if (!enabledEvents?.length)
          throw invalidRequest("Missing required param: enabled_events.", {
            code: "parameter_missing",
            param: "enabled_events",
          });
        const record = registerEndpoint(core.state, {
          url,
          connect: bool(ctx.params, "connect") === true,
          enabledEvents,
          description: str(ctx.params, "description") ?? null,
          metadata: mergeMetadata({}, ctx.params),
        });
        return record.endpoint;
      },
    },
    {
      method: "GET",
      path: "/v1/webhook_endpoints/:id",
      run: (ctx) => withoutSecret(endpointOr404(ctx.pathParams.id!).endpoint),
    },
    {
      method: "POST",
      path: "/v1/webhook_endpoints/:id",
      run: (ctx) => {
        const record = endpointOr404(ctx.pathParams.id!);
        const url = str(ctx.params, "url");
        if (url) record.endpoint.url = url;
        const enabled = strArray(ctx.params, "enabled_events");
        if (enabled) record.endpoint.enabled_events = enabled;
        const disabled = bool(ctx.params, "disabled");
        if (disabled !== undefined) {
          record.disabled = disabled;
          record.endpoint.status = disabled ? "disabled" : "enabled";
        }
        record.endpoint.metadata = mergeMetadata(record.endpoint.metadata, ctx.params);
        return withoutSecret(record.endpoint);
      },
    },
    {
      method: "DELETE",
      path: "/v1/webhook_endpoints/:id",
      run: (ctx) => {
        const record = endpointOr404(ctx.pathParams.id!);
        core.state.endpoints.delete(record.endpoint.id);
        return {
          id: record.endpoint.id,
          object: "webhook_endpoint",
          deleted: true,
        } satisfies Stripe.DeletedWebhookEndpoint;
      },
    },
    {
      method: "GET",
      path: "/v1/webhook_endpoints",
      run: (ctx) =>
        listPage(
          [...core.state.endpoints.values()].map((record) => withoutSecret(record.endpoint)),
          ctx.params,
          "/v1/webhook_endpoints",
        ),
    },
    // ---- emulator-only controls ----
    {
      method: "POST",
      path: "/_emulator/reset",
      page: true,
      run: () => {
        // Every platform's data, not only the caller's: a reset is the harness starting over.
        deliverer.cancelRetries();
        platforms.reset();
        core.state = platforms.default.state;
        registerConfiguredEndpoints();
        return jsonResponse(200, { reset: true });
      },
    },
    {
      // A platform of the caller's own (random keys, empty data): a test whose data nobody else sees or resets.
      method: "POST",
      path: "/_emulator/platforms",
      page: true,
      run: () => {
        const platform = platforms.create();
        return jsonResponse(200, {
          object: "emulator_platform",
          secret_key: platform.secretKey,
          publishable_key: platform.publishableKey,
        });
      },
    },
    {
      method: "POST",
      path: "/_emulator/events/redeliver",
      page: true,
      run: async (ctx) => {
        const times = Math.max(1, Math.min(10, int(ctx.params, "times") ?? 1));
        const shuffle = str(ctx.params, "shuffle") === "1" || str(ctx.params, "shuffle") === "true";
        return jsonResponse(200, await redeliver(core.state, [...core.state.events], times, shuffle));
      },
    },
    {
      method: "POST",
      path: "/_emulator/events/:id/redeliver",
      page: true,
      run: async (ctx) => {
        const event = core.state.events.find((candidate) => candidate.id === ctx.pathParams.id);
        if (!event)
          return jsonResponse(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such event: '${ctx.pathParams.id}'`,
            },
          });
        const times = Math.max(1, Math.min(10, int(ctx.params, "times") ?? 1));
        return jsonResponse(200, await redeliver(core.state, [event], times, false));
      },
    },
    {
      method: "GET",
      path: "/_emulator/webhooks/attempts",
      page: true,
      run: () => jsonResponse(200, { attempts: deliverer.attempts }),
    },
  ];

  function endpointOr404(id: string): EndpointRecord {
    const record = core.state.endpoints.get(id);
    if (!record) throw noSuch("webhook endpoint", id);
    return record;
  }

  const routes = [
    ...customerRoutes(core),
    ...intentRoutes(core),
    ...connectRoutes(core),
    ...payoutRoutes(core),
    ...disputeRoutes(core),
    ...threeDSecureRoutes(core),
    ...eventRoutes,
  ].map(compile);

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const requestId = newId("req", 14);
    const baseHeaders: Record<string, string> = {
      ...CORS_HEADERS,
      "Request-Id": requestId,
      "Stripe-Version": request.headers.get("stripe-version") ?? build.API_VERSION,
    };
    const finish = (response: Response): Response => {
      for (const [name, value] of Object.entries(baseHeaders))
        if (!response.headers.has(name)) response.headers.set(name, value);
      return response;
    };
    if (request.method === "OPTIONS") {
      // A preflight may name any header a client library adds; allow what it asks for.
      const asked = request.headers.get("access-control-request-headers");
      return finish(
        new Response(null, { status: 204, headers: asked ? { "Access-Control-Allow-Headers": asked } : {} }),
      );
    }

    const matched = routes
      .filter((compiled) => compiled.pattern.test(url.pathname))
      .find((compiled) => compiled.method === request.method);
    if (!matched) {
      return finish(
        jsonResponse(404, {
          error: {
            type: "invalid_request_error",
            message: `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/. (This is the local Stripe emulator: see docs/decisions/017-stripe-emulator.md for what it covers.)`,
          },
        }),
      );
    }
    const match = matched.pattern.exec(url.pathname)!;
    const pathParams = Object.fromEntries(
      matched.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
    );
    const body = request.method === "POST" ? await request.text() : "";
    let params: Params;
    try {
      params = { ...parseForm(url.searchParams), ...parseForm(body) };
    } catch {
      return finish(jsonResponse(400, { error: { type: "invalid_request_error", message: "Invalid request body." } }));
    }
    const ctx: Ctx = {
      method: isPage(matched.route) ? "PAGE" : request.method,
      url,
      origin: url.origin,
      params,
      pathParams,
      publishable: false,
      account: request.headers.get("stripe-account"),
      requestId,
      idempotencyKey: request.headers.get("idempotency-key"),
      emitted: [],
    };

    if (isPage(matched.route)) {
      // Pages and controls are reached without a key (a browser following a link): they act on the platform holding
      // the object their path names.
      const pageState = platformForPage(request, platforms, pathParams.id).state;
      core.state = pageState;
      try {
        return finish(await matched.route.run(ctx));
      } finally {
        deliverLater(ctx.emitted, pageState);
      }
    }

    const route: ApiRoute = matched.route;
    let idempotencyScope: string | null = null;
    let fingerprint = "";
    let callerState: State | undefined;
    try {
      const auth = authenticate(request, platforms);
      // The caller's platform's data from here to the response: the handler below runs without a pause.
      core.state = callerState = auth.platform.state;
      ctx.apiKey = auth.key;
      ctx.publishable = auth.publishable;
      if (auth.publishable) {
        const allowed =
          route.publishable === "always" ||
          (route.publishable === "with_client_secret" && params.client_secret !== undefined);
        if (!allowed) throw new ApiError(403, { type: "invalid_request_error", message: PUBLISHABLE_REFUSED });
      }
      if (ctx.account && !core.state.accounts.has(ctx.account)) throw accountInaccessible(auth.key, ctx.account);
      // Parameters Stripe would refuse are a 400 before anything runs, so never stored under an idempotency key.
      checkRequestParams(request.method, route.path, params);
      if (request.method === "POST" && ctx.idempotencyKey) {
        idempotencyScope = `${auth.key}\u0000${ctx.account ?? ""}\u0000${ctx.idempotencyKey}`;
        fingerprint = `${request.method} ${url.pathname} ${canonical(params)}`;
        const stored = core.state.idempotency.get(idempotencyScope);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            throw new ApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${ctx.idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          return finish(
            new Response(stored.body, {
              status: stored.status,
              headers: {
                "Content-Type": "application/json",
                "Idempotent-Replayed": "true",
                "Original-Request": stored.requestId,
              },
            }),
          );
        }
      }
      const result = route.run(ctx);
      const expandPaths = strArray(params, "expand") ?? [];
      const response = JSON.stringify(
        expandPaths.length ? expand(core.state, clone(result), expandPaths) : result,
        null,
        2,
      );
      if (idempotencyScope)
        core.state.idempotency.set(idempotencyScope, { fingerprint, requestId, status: 200, body: response });
      return finish(new Response(response, { status: 200, headers: { "Content-Type": "application/json" } }));
    } catch (error) {
      if (!(error instanceof ApiError)) {
        console.error("[stripe-emulator]", error);
        return finish(
          jsonResponse(500, {
            error: {
              type: "api_error",
              message: `The emulator failed: ${error instanceof Error ? error.message : String(error)}`,
            },
          }),
        );
      }
      const response = JSON.stringify({ error: error.body }, null, 2);
      // Stripe saves the outcome of a request that ran (a decline included), not of one whose parameters failed
      // validation: a 400 can be retried with the same key once fixed.
      if (idempotencyScope && error.status === 402)
        core.state.idempotency.set(idempotencyScope, { fingerprint, requestId, status: error.status, body: response });
      return finish(new Response(response, { status: error.status, headers: { "Content-Type": "application/json" } }));
    } finally {
      if (callerState) deliverLater(ctx.emitted, callerState);
    }
  }

  return {
    // The fault switch stands in front of every request and owns `/_emulator/faults` (faults.ts).
    handle: options.contract
      ? recordingHandle(
          (request) => faults.handle(request, handle),
          options.contract,
          () => platforms.all().map((platform) => platform.state),
        )
      : (request) => faults.handle(request, handle),
    deliveryAttempts: () => [...deliverer.attempts],
    close: () => {
      platforms.close();
      faults.close();
      return deliverer.close();
    },
  };
}

function withoutSecret(endpoint: Stripe.WebhookEndpoint): Stripe.WebhookEndpoint {
  // Stripe shows the secret only in the create response.
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

/** `type=payment_intent.*` filters by prefix, as Stripe's event list does. */
function matchesType(type: string, filter: string): boolean {
  return filter.endsWith(".*") ? type.startsWith(filter.slice(0, -1)) : type === filter;
}
