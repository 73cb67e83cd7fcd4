// The creator's qualified-invoice registration on their wallet (decision 102): enter, change or remove it. Its words
// come from the wallet's loader (app/loaders/documents/registration-texts.server.ts); the wallet's action saves it.
import { Form, useNavigation } from "react-router";
import { FormStatus, SubmitButton } from "#app/components/form/form-status";
import { TextField } from "#app/components/form/text-field";

export const SAVE_REGISTRATION_INTENT = "save-registration";
export const REMOVE_REGISTRATION_INTENT = "remove-registration";

export interface RegistrationFormTexts {
  heading: string;
  intro: string;
  /** "Registered: T…, name" or "Not registered: …". */
  current: string;
  numberLabel: string;
  numberHint: string;
  nameLabel: string;
  nameHint: string;
  save: string;
  saving: string;
  saved: string;
  remove: string;
  removed: string;
  errors: string;
}

/** What the wallet's action answered to this form: its outcome, each field's words, and what was typed. */
export interface RegistrationAnswer {
  outcome: "saved" | "removed" | "refused";
  errors?: Record<string, string>;
  values?: { registrationNumber: string; registeredName: string };
}

export function RegistrationForm({
  texts,
  registration,
  answer,
}: {
  texts: RegistrationFormTexts;
  registration: { registrationNumber: string; registeredName: string } | null;
  answer: RegistrationAnswer | null;
}) {
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? registration ?? { registrationNumber: "", registeredName: "" };
  const done = posting ? null : answer?.outcome;
  return (
    <section
      aria-labelledby="registration-heading"
      className="max-w-xl space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      data-testid="invoice-registration"
    >
      <h2 id="registration-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {texts.heading}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.intro}</p>
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="registration-current">
        {texts.current}
      </p>
      {/* Keyed on what is stored, so a save or a removal shows the stored values, not what was typed before. */}
      <Form
        method="post"
        noValidate
        className="space-y-4"
        key={`${registration?.registrationNumber ?? ""}\n${registration?.registeredName ?? ""}`}
      >
        <input type="hidden" name="intent" value={SAVE_REGISTRATION_INTENT} />
        <TextField
          name="registrationNumber"
          label={texts.numberLabel}
          hint={texts.numberHint}
          error={errors.registrationNumber}
          defaultValue={values.registrationNumber}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
        />
        <TextField
          name="registeredName"
          label={texts.nameLabel}
          hint={texts.nameHint}
          error={errors.registeredName}
          defaultValue={values.registeredName}
          autoComplete="organization"
        />
        <FormStatus
          saved={done === "saved" || done === "removed"}
          savedText={done === "removed" ? texts.removed : texts.saved}
          errorText={done === "refused" ? (errors.form ?? texts.errors) : undefined}
        />
        <SubmitButton busy={posting === SAVE_REGISTRATION_INTENT} label={texts.save} busyLabel={texts.saving} />
      </Form>
      {registration && (
        <Form method="post">
          <input type="hidden" name="intent" value={REMOVE_REGISTRATION_INTENT} />
          <button type="submit" className="button-secondary min-h-11" disabled={Boolean(posting)}>
            {texts.remove}
          </button>
        </Form>
      )}
    </section>
  );
}
