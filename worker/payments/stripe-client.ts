/**
 * The one place the `stripe` client is built (docs/decisions/018). Production talks to api.stripe.com with the
 * secret key; locally and in tests the same SDK talks to the emulator (`emulators/stripe/`) through host, port
 * and protocol only: the code path is the production one, only configuration differs.
 */
import Stripe from "stripe";

/** The Stripe settings of a Worker's environment (wrangler.toml vars and secrets). */
export interface StripeEnv {
  APP_ENV: string;
  STRIPE_SECRET_KEY?: string;
  /** Set only outside production: where the local Stripe-compatible emulator listens. */
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
}

class StripeConfigurationError extends Error {}

/** The SDK's retries of a call that failed on the way (a connection error, 409, 429, 5xx), with backoff. */
const STRIPE_NETWORK_RETRIES = 2;

/** True when the environment points the SDK at the local emulator rather than Stripe. */
export function usesStripeEmulator(env: StripeEnv): boolean {
  return Boolean(env.STRIPE_API_HOST);
}

/**
 * The client for this environment. A production Worker refuses an emulator host (it would take no real money and
 * accept any card), and the emulator itself refuses live keys.
 */
export function createStripe(env: StripeEnv): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new StripeConfigurationError("STRIPE_SECRET_KEY is not set");
  if (usesStripeEmulator(env) && env.APP_ENV === "production") {
    throw new StripeConfigurationError(
      "A production Worker cannot use the local Stripe emulator (STRIPE_API_HOST is set)",
    );
  }
  return new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    ...(usesStripeEmulator(env) && {
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: env.STRIPE_API_PROTOCOL === "https" ? "https" : "http",
    }),
    // The same retries locally as in production, so the emulator's faults (409, 429, 500, dropped connections) meet
    // the code path Stripe's bad days will: the SDK retries with the same idempotency key (its own for a POST without
    // one), so a retry never does the work twice.
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
  });
}

/** Webhook signatures are checked with SubtleCrypto: the Worker has no Node crypto. */
export const stripeCryptoProvider: Stripe.CryptoProvider = Stripe.createSubtleCryptoProvider();
