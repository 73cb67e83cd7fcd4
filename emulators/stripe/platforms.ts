// The platforms the emulator knows. On Stripe each platform is an account of its own: its secret and publishable keys
// reach its data and nobody else's, and a key Stripe does not know is refused
// (https://docs.stripe.com/keys, https://docs.stripe.com/api/authentication). So each platform here has its two keys
// and its own data set (a `State`: customers, intents, accounts, events, webhook endpoints, idempotency keys), and
// `authenticate` finds the platform a request's key belongs to.
import { cancelScheduled, holds, type State } from "./state.ts";
import { ApiError, newId, redactedKey } from "./util.ts";

export interface PlatformKeys {
  secretKey: string;
  publishableKey: string;
}

/**
 * Known at start unless `EmulatorOptions.platforms` says otherwise: the dev and test platform (wrangler.toml's keys,
 * the Worker's in `npm run dev`, the browser tests and the workerd suite), then the emulator suite's
 * (tests/emulator/helpers.ts). The first is the default platform: the endpoints configured at start are its own.
 */
export const DEFAULT_PLATFORMS: readonly PlatformKeys[] = [
  { secretKey: "sk_test_comet_local", publishableKey: "pk_test_comet_local" },
  { secretKey: "sk_test_emulator_suite", publishableKey: "pk_test_emulator_suite" },
];

export interface Platform extends PlatformKeys {
  state: State;
  /** Known from the start, so kept by `/_emulator/reset`; one made by `POST /_emulator/platforms` is forgotten. */
  configured: boolean;
}

export class Platforms {
  #all: Platform[] = [];
  readonly #byKey = new Map<string, Platform>();
  readonly #freshState: () => State;

  constructor(configured: readonly PlatformKeys[], freshState: () => State) {
    if (configured.length === 0)
      throw new Error("The Stripe emulator needs at least one platform (EmulatorOptions.platforms).");
    this.#freshState = freshState;
    for (const keys of configured) this.#add(keys, true);
  }

  /** The first configured platform: the endpoints configured at start, and emulator pages that name no object. */
  get default(): Platform {
    return this.#all[0]!;
  }

  all(): readonly Platform[] {
    return this.#all;
  }

  /** A new platform with random keys and empty data: a test's data set of its own. */
  create(): Platform {
    return this.#add({ secretKey: newId("sk_test", 32), publishableKey: newId("pk_test", 32) }, false);
  }

  byKey(key: string): Platform | undefined {
    return this.#byKey.get(key);
  }

  /** The platform whose data holds this id (an intent, an account, an event…), for pages reached without a key. */
  owning(id: string): Platform | undefined {
    return this.#all.find((platform) => holds(platform.state, id));
  }

  /** Every configured platform starts over with empty data; platforms made since the start are forgotten. */
  reset(): void {
    for (const platform of this.#all) cancelScheduled(platform.state);
    for (const platform of this.#all.filter((candidate) => !candidate.configured)) {
      this.#byKey.delete(platform.secretKey);
      this.#byKey.delete(platform.publishableKey);
    }
    this.#all = this.#all.filter((platform) => platform.configured);
    for (const platform of this.#all) platform.state = this.#freshState();
  }

  /** Stops every platform's scheduled work, so a closed emulator leaves no timer behind. */
  close(): void {
    for (const platform of this.#all) cancelScheduled(platform.state);
  }

  #add(keys: PlatformKeys, configured: boolean): Platform {
    if (!/^sk_test_\w+$/.test(keys.secretKey) || !/^pk_test_\w+$/.test(keys.publishableKey)) {
      throw new Error(
        `A platform needs an sk_test_… secret key and a pk_test_… publishable key; got ${keys.secretKey} and ${keys.publishableKey}.`,
      );
    }
    if (this.#byKey.has(keys.secretKey) || this.#byKey.has(keys.publishableKey))
      throw new Error(`The key ${keys.secretKey} or ${keys.publishableKey} belongs to another platform already.`);
    const platform: Platform = { ...keys, state: this.#freshState(), configured };
    this.#all.push(platform);
    this.#byKey.set(keys.secretKey, platform);
    this.#byKey.set(keys.publishableKey, platform);
    return platform;
  }
}

// ---- API keys --------------------------------------------------------------------------------------------

function apiKeyOf(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const [scheme, value] = header.split(/\s+/, 2);
  if (!value) return null;
  if (scheme?.toLowerCase() === "bearer") return value;
  if (scheme?.toLowerCase() === "basic") return Buffer.from(value, "base64").toString("utf8").split(":")[0] ?? null;
  return null;
}

/** The request's key and the platform it belongs to; a missing, live or unknown key is refused with Stripe's 401. */
export function authenticate(
  request: Request,
  platforms: Platforms,
): { key: string; publishable: boolean; platform: Platform } {
  const key = apiKeyOf(request);
  if (!key) {
    throw new ApiError(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  if (/^(sk|pk|rk)_live_/.test(key)) {
    throw new ApiError(401, {
      type: "invalid_request_error",
      code: "api_key_expired",
      message:
        "This is the local Stripe emulator, a test tool: it refuses live keys (sk_live_…, pk_live_…). Use a test key (sk_test_…, pk_test_…).",
    });
  }
  const platform = platforms.byKey(key);
  if (!platform)
    throw new ApiError(401, {
      type: "invalid_request_error",
      message: `Invalid API Key provided: ${redactedKey(key)}`,
    });
  return { key, publishable: key === platform.publishableKey, platform };
}

/**
 * The platform an emulator page or control acts on: the one whose key the request carries, if any (a test with a
 * platform of its own); else the one holding the object its path names (a 3-D Secure or onboarding page, opened by
 * a browser without a key); else the default platform.
 */
export function platformForPage(request: Request, platforms: Platforms, objectId: string | undefined): Platform {
  const key = apiKeyOf(request);
  const byKey = key ? platforms.byKey(key) : undefined;
  if (byKey) return byKey;
  return (objectId ? platforms.owning(objectId) : undefined) ?? platforms.default;
}
