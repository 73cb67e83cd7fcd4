/**
 * The local card form's calls to the Stripe emulator, the ones Stripe.js makes against Stripe: create a card
 * PaymentMethod with the publishable key, then confirm the SetupIntent with its client secret. Same wire format
 * (form-encoded bracket keys, Bearer pk_test_…), so the emulator is exercised exactly as Stripe.js exercises Stripe.
 * Development and tests only (see card-entry.ts).
 */
import type { CardSetupResult, StripeErrorBody } from "./card-entry";

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

async function post(keys: EmulatorKeys, path: string, params: Record<string, string>): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; error: StripeErrorBody }> {
  let response: Response;
  try {
    response = await fetch(`${keys.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys.publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    });
  } catch {
    return { ok: false, error: { type: "api_connection_error", code: "processing_error" } };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) return { ok: false, error: (body.error as StripeErrorBody | undefined) ?? { code: "processing_error" } };
  return { ok: true, body };
}

/** Creates the card's PaymentMethod, then confirms the SetupIntent with it; 3-D Secure comes back as a redirect. */
export async function confirmCardSetupOnEmulator(
  keys: EmulatorKeys,
  setup: { intentId: string; clientSecret: string; returnUrl: string },
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
    return_url: setup.returnUrl,
  });
  if (!confirmed.ok) return { status: "failed", error: confirmed.error };
  const intent = confirmed.body as { status?: string; last_setup_error?: StripeErrorBody | null; next_action?: { redirect_to_url?: { url?: string } } | null };
  if (intent.status === "succeeded") return { status: "succeeded" };
  const redirectUrl = intent.next_action?.redirect_to_url?.url;
  if (intent.status === "requires_action" && redirectUrl) return { status: "requires_action", redirectUrl };
  return { status: "failed", error: intent.last_setup_error ?? { code: "processing_error" } };
}
