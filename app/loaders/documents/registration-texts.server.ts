// The wallet's registration form in the reader's words (decision 102), and its refusals worded: the schema's message
// keys (worker/documents/domain/registration-number.ts) looked up here, listed so only these words ship.
import type { RegistrationFormTexts } from "#app/components/documents/registration-form";
import { m } from "#app/paraglide/messages.js";
import type { InvoiceRegistration } from "#worker/documents/services/invoice-registrations";

const REFUSALS: Record<string, () => string> = {
  documents_registration_format: m.documents_registration_format,
  documents_registration_check_digit: m.documents_registration_check_digit,
  documents_registered_name_required: m.documents_registered_name_required,
  documents_registered_name_max: m.documents_registered_name_max,
  text_invalid_characters: m.text_invalid_characters,
};

/** Each refused field's words; a key no field owns reads as the form's general refusal. */
export const registrationErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, (REFUSALS[key] ?? m.documents_registration_invalid)()]),
  );

export function registrationTexts(registration: InvoiceRegistration | null): RegistrationFormTexts {
  return {
    heading: m.documents_registration_heading(),
    intro: m.documents_registration_intro(),
    current: registration
      ? m.documents_registration_current({
          number: registration.registrationNumber,
          name: registration.registeredName,
        })
      : m.documents_registration_none(),
    numberLabel: m.documents_registration_number_field(),
    numberHint: m.documents_registration_number_hint(),
    nameLabel: m.documents_registered_name_field(),
    nameHint: m.documents_registered_name_hint(),
    save: m.documents_registration_save(),
    saving: m.documents_registration_saving(),
    saved: m.documents_registration_saved(),
    remove: m.documents_registration_remove(),
    removed: m.documents_registration_removed(),
    errors: m.documents_registration_errors(),
  };
}
