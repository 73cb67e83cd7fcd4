/** The Worker's card calls (spec section 7), as the payment settings page makes them. */
import type { PaymentAccountMethod } from "../../../worker/payments/cards";

async function send<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export const createCardSetup = () => send<{ intentId: string; clientSecret: string }>("/api/stripe/intent/setup/create");

export const confirmCardSetup = (intentId: string) =>
  send<{ paymentAccountMethodId: string; stripeMethodId: string; card: PaymentAccountMethod["card"] }>("/api/stripe/intent/setup/confirm", json({ intentId }));

export const deletePaymentMethod = (methodId: string) => send<{ status: "deleted" }>("/api/stripe/payment/method/delete", json({ methodId }));

/** Where 3-D Secure sends the browser back: this page, without any earlier redirect's query. */
export const cardReturnUrl = () => `${window.location.origin}${window.location.pathname}`;
