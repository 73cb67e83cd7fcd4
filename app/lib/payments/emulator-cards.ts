/**
 * The local card form's calls to the Stripe emulator, the ones Stripe.js makes against Stripe: create a card
 * PaymentMethod with the publishable key, then confirm the SetupIntent with its client secret. Same wire format
 * (form-encoded bracket keys, Bearer pk_test_…), so the emulator is exercised exactly as Stripe.js exercises Stripe.
 * Development and tests only (see card-entry.ts).
 */
import { intentActionOf, type CardSetupResult, type StripeErrorBody, type StripeNextAction } from "./card-entry";

export interface EmulatorKeys {
  apiUrl: string;
  publishableKey: string;
}

export interface CardDetails {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; error: StripeErrorBody };

const post = (keys: EmulatorKeys, path: string, params: Record<string, string>) =>
  send(keys, path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });

async function send(keys: EmulatorKeys, path: string, init: RequestInit): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${keys.apiUrl}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${keys.publishableKey}` },
    });
  } catch {
    return { ok: false, error: { type: "api_connection_error", code: "processing_error" } };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    return { ok: false, error: (body.error as StripeErrorBody | undefined) ?? { code: "processing_error" } };
  return { ok: true, body };
}

/**
 * Creates the card's PaymentMethod, then confirms the SetupIntent with it. Without `returnUrl` (the page's way, as
 * Stripe.js's `confirmSetup` with `redirect: "if_required"`) 3-D Secure comes back as `use_stripe_sdk`, for the page
 * to open in place (emulator-three-d-secure.ts); with one, as a redirect (the return path the tests still walk).
 */
export async function confirmCardSetupOnEmulator(
  keys: EmulatorKeys,
  setup: { intentId: string; clientSecret: string; returnUrl?: string },
  card: CardDetails,
): Promise<CardSetupResult> {
  const method = await post(keys, "/v1/payment_methods", {
    type: "card",
    "card[number]": card.number.replace(/[\s-]/g, ""),
    "card[exp_month]": card.expMonth,
    "card[exp_year]": card.expYear,
    "card[cvc]": card.cvc,
  });
  if (!method.ok) return { status: "failed", error: method.error };
  const confirmed = await post(keys, `/v1/setup_intents/${encodeURIComponent(setup.intentId)}/confirm`, {
    client_secret: setup.clientSecret,
    payment_method: String(method.body.id),
    ...(setup.returnUrl ? { return_url: setup.returnUrl } : {}),
  });
  if (!confirmed.ok) return { status: "failed", error: confirmed.error };
  const intent = confirmed.body as {
    status?: string;
    last_setup_error?: StripeErrorBody | null;
    next_action?: StripeNextAction | null;
  };
  if (intent.status === "succeeded") return { status: "succeeded" };
  const action = intent.status === "requires_action" ? intentActionOf(intent.next_action) : null;
  if (action) return { status: "requires_action", action };
  return { status: "failed", error: intent.last_setup_error ?? { code: "processing_error" } };
}

export type IntentKind = "payment_intent" | "setup_intent";

/** What an intent came to, read back with its client secret, as Stripe.js reads it after handling a next action. */
export type IntentOutcome =
  | { status: "succeeded" | "processing" }
  | { status: "requires_action" }
  | { status: "failed"; error: StripeErrorBody };

export async function readIntentOnEmulator(
  keys: EmulatorKeys,
  kind: IntentKind,
  intentId: string,
  clientSecret: string,
): Promise<IntentOutcome> {
  const path = `/v1/${kind}s/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`;
  const read = await send(keys, path, { method: "GET" });
  if (!read.ok) return { status: "failed", error: read.error };
  const intent = read.body as {
    status?: string;
    last_setup_error?: StripeErrorBody | null;
    last_payment_error?: StripeErrorBody | null;
  };
  if (intent.status === "succeeded" || intent.status === "processing" || intent.status === "requires_action")
    return { status: intent.status };
  return {
    status: "failed",
    error: intent.last_payment_error ?? intent.last_setup_error ?? { code: "processing_error" },
  };
}
