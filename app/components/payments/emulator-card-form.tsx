import { useState, type FormEvent } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { CardFormActions } from "./card-form-actions";
import { TextField } from "#app/components/form/text-field";
import { confirmCardSetup, createCardSetup, type SavedCard } from "#app/lib/payments/card-api";
import { cardErrorMessage } from "#app/lib/payments/card-errors";
import { confirmCardSetupOnEmulator } from "#app/lib/payments/emulator-cards";
import { handleIntentAction } from "#app/lib/payments/next-action";
import { m } from "#app/paraglide/messages.js";
import type { CardEntry } from "#worker/payments/card-entry";

type Field = "number" | "expiry" | "cvc";
const EXPIRY = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

/**
 * The plain local card form (docs/decisions/018): number, expiry and CVC go to the local Stripe emulator the way
 * Stripe.js sends them to Stripe, never to the Worker. Only in builds with `__LOCAL_CARD_FORM__` (dev and tests).
 * What was typed stays on any error. 3-D Secure opens in the page, as Stripe.js opens it (next-action.ts): the
 * emulator's challenge in a full-screen frame, nothing navigates away (decision 057).
 */
export default function EmulatorCardForm({
  keys,
  onSaved,
  onCancel,
  focusFirstField = false,
}: {
  keys: Extract<CardEntry, { mode: "emulator" }>;
  onSaved: (card: SavedCard) => void;
  onCancel: () => void;
  focusFirstField?: boolean;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "saving" | "authenticating">("idle");
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const expiry = EXPIRY.exec(values.expiry);
    const found: Partial<Record<Field, string>> = {};
    for (const field of ["number", "expiry", "cvc"] as const)
      if (!values[field].trim()) found[field] = m.payments_field_required();
    if (!found.expiry && !expiry) found.expiry = m.payments_expiry_invalid();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || !expiry) return;
    setStatus("saving");
    try {
      const setup = await createCardSetup();
      const year = expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2];
      const result = await confirmCardSetupOnEmulator(keys, setup, {
        number: values.number,
        expMonth: expiry[1],
        expYear: year,
        cvc: values.cvc,
      });
      if (result.status === "requires_action") {
        setStatus("authenticating");
        const outcome = await handleIntentAction(keys, {
          kind: "setup_intent",
          id: setup.intentId,
          clientSecret: setup.clientSecret,
          action: result.action,
        });
        if (outcome.status === "redirecting") return;
        if (outcome.status === "failed") {
          setFormError(cardErrorMessage(outcome.error));
          setStatus("idle");
          return;
        }
      } else if (result.status === "failed") {
        setFormError(cardErrorMessage(result.error));
        setStatus("idle");
        return;
      }
      onSaved(await confirmCardSetup(setup.intentId));
    } catch {
      setFormError(m.card_error_processing_error());
      setStatus("idle");
    }
  }

  const busy = status !== "idle";
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-busy={busy}>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.payments_local_form_note()}</p>
      <TextField
        id="card-number"
        label={m.payments_card_number()}
        value={values.number}
        onValueChange={set("number")}
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        autoFocus={focusFirstField}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          id="card-expiry"
          label={m.payments_card_expiry()}
          value={values.expiry}
          onValueChange={set("expiry")}
          error={errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
        />
        <TextField
          id="card-cvc"
          label={m.payments_card_cvc()}
          value={values.cvc}
          onValueChange={set("cvc")}
          error={errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
        />
      </div>
      <ErrorText text={formError} persistent />
      {status === "authenticating" && (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {m.payments_authenticating()}
        </p>
      )}
      <CardFormActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
