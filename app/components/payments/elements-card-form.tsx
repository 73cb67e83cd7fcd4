import { loadStripe, type Stripe, type StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { CardFormActions } from "./card-form-actions";
import { cardReturnUrl, confirmCardSetup, createCardSetup, type SavedCard } from "#app/lib/payments/card-api";
import { cardErrorMessage } from "#app/lib/payments/card-errors";
import { STRIPE_LOCALES } from "#app/lib/payments/stripe-locale";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";

/**
 * Production card entry: Stripe Elements' Payment Element on a SetupIntent (docs/decisions/018). Card details go
 * from Stripe's frame to Stripe; the Worker then reads the intent and saves the card. 3-D Secure is Stripe's own
 * dialog in the page (`redirect: "if_required"`); only a payment method that must redirect leaves, and comes back to
 * this page with its query (the service modal reopens at its step; decision 057). Loaded only where the Worker serves `elements` mode. Not exercised by
 * the tests here: Stripe's servers cannot be reached from these machines (the emulator form covers the flow).
 */
export default function ElementsCardForm({
  publishableKey,
  locale,
  onSaved,
  onCancel,
}: {
  publishableKey: string;
  locale: Locale;
  onSaved: (card: SavedCard) => void;
  onCancel: () => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const session = useRef<{ stripe: Stripe; elements: StripeElements; intentId: string } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const [stripe, setup] = await Promise.all([
        loadStripe(publishableKey, { locale: STRIPE_LOCALES[locale] }),
        createCardSetup(),
      ]);
      if (cancelled || !stripe || !mountRef.current) return;
      const elements = stripe.elements({ clientSecret: setup.clientSecret });
      elements.create("payment").mount(mountRef.current);
      session.current = { stripe, elements, intentId: setup.intentId };
      setReady(true);
    })().catch(() => setFormError(m.card_error_processing_error()));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, locale]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!session.current) return;
    setBusy(true);
    setFormError(null);
    const { stripe, elements, intentId } = session.current;
    const result = await stripe.confirmSetup({
      elements,
      redirect: "if_required",
      confirmParams: { return_url: cardReturnUrl() },
    });
    if (result.error) {
      setFormError(cardErrorMessage(result.error));
      setBusy(false);
      return;
    }
    try {
      onSaved(await confirmCardSetup(intentId));
    } catch {
      setFormError(m.card_error_processing_error());
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="max-w-md space-y-4" aria-busy={busy || !ready}>
      <div ref={mountRef} />
      <ErrorText text={formError} persistent />
      <CardFormActions busy={busy} ready={ready} onCancel={onCancel} />
    </form>
  );
}
