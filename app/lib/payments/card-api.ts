/** The Worker's card calls (spec section 7), as the payment settings page makes them. */
import type { PaymentAccountMethod } from "#worker/payments/cards";

async function send<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export const createCardSetup = () =>
  send<{ intentId: string; clientSecret: string }>("/api/stripe/intent/setup/create");

export const confirmCardSetup = (intentId: string) =>
  send<{ paymentAccountMethodId: string; stripeMethodId: string; card: PaymentAccountMethod["card"] }>(
    "/api/stripe/intent/setup/confirm",
    json({ intentId }),
  );

/** A card just saved, as the Worker answers: the request form chooses it at once. */
export type SavedCard = Awaited<ReturnType<typeof confirmCardSetup>>;

export const deletePaymentMethod = (methodId: string) =>
  send<{ status: "deleted" }>("/api/stripe/payment/method/delete", json({ methodId }));

/** The query a redirect back from 3-D Secure adds (Stripe.js's names), which a page drops once it has read it. */
export const SETUP_RETURN_PARAMS = ["setup_intent", "setup_intent_client_secret", "redirect_status"] as const;

/**
 * Where a 3-D Secure redirect sends the browser back: this page with its own query (the service modal's
 * `?service={id}`, so the modal opens again), without an earlier redirect's.
 */
export function cardReturnUrl() {
  const url = new URL(window.location.href);
  for (const name of SETUP_RETURN_PARAMS) url.searchParams.delete(name);
  url.hash = "";
  return url.toString();
}
