/**
 * A qualified-invoice registration number (適格請求書発行事業者の登録番号, decision 102): "T" and 13 digits.
 *
 * A corporation's 13 digits are its corporate number (法人番号), whose first digit is a check digit over the other 12
 * (法人番号の指定等に関する省令 第2条: 9 − (Σ Pn × Qn mod 9), Pn the n-th digit from the right, Qn 1 for odd n and 2
 * for even n). A sole proprietor gets 13 digits of their own that are no corporate number (the NTA's page on
 * registration numbers says no more); the same check is applied to theirs, as the NTA publishes no other rule for the
 * 13 digits and the numbers seen in public follow it. Whether every sole proprietor's number does is for the tax
 * accountant's review (decision 102); until then a number failing it is refused as a typing slip, worded as such.
 *
 * People type it as they see it printed: full-width (Ｔ１２３…), lower-case, or grouped with spaces or hyphens
 * (T1-2345-6789-0123). All of that is read as the same number; anything else is refused with a message key.
 */
import * as v from "valibot";
import { textField } from "../../domain/text";

/** What a refused number is told (messages/documents). */
const REGISTRATION_FORMAT = "documents_registration_format";
const REGISTRATION_CHECK_DIGIT = "documents_registration_check_digit";
const REGISTERED_NAME_REQUIRED = "documents_registered_name_required";
const REGISTERED_NAME_MAX = "documents_registered_name_max";

/** The longest registered name kept: a corporation's full legal name fits well within it. */
const REGISTERED_NAME_MAX_LENGTH = 100;

/** Dashes people type between digit groups (hyphen-minus and its Unicode cousins, the katakana long vowel mark). */
const GROUP_SEPARATORS = /[\s\-‐‑‒–—―−ー]/g;

const SHAPE = /^T\d{13}$/;

/** The number as typed, in its one stored form ("T" + 13 ASCII digits), or the text unchanged when it is not one. */
export function normalizeRegistrationNumber(typed: string): string {
  // NFKC turns full-width letters, digits and spaces into ASCII ones (Ｔ１ → T1, U+3000 → space).
  const compact = typed.normalize("NFKC").replace(GROUP_SEPARATORS, "").toUpperCase();
  return SHAPE.test(compact) ? compact : typed;
}

/** The check digit of the 12 digits after it (法人番号の指定等に関する省令 第2条): always 1 to 9. */
export function registrationCheckDigit(twelveDigits: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(twelveDigits[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** True for "T" + 13 digits whose first digit is the check digit of the other 12. */
export function hasValidCheckDigit(number: string): boolean {
  if (!SHAPE.test(number)) return false;
  return Number(number[1]) === registrationCheckDigit(number.slice(2));
}

export type RegistrationNumberReading = { ok: true; number: string } | { ok: false; reason: string };

/** The number a person typed, normalized and checked; its refusal as a message key. */
export function readRegistrationNumber(typed: string): RegistrationNumberReading {
  const number = normalizeRegistrationNumber(typed);
  if (!SHAPE.test(number)) return { ok: false, reason: REGISTRATION_FORMAT };
  if (!hasValidCheckDigit(number)) return { ok: false, reason: REGISTRATION_CHECK_DIGIT };
  return { ok: true, number };
}

/** The wallet form's registration: the number and the name it is registered under, both required. */
export const invoiceRegistrationSchema = v.object({
  registrationNumber: v.pipe(
    v.string(REGISTRATION_FORMAT),
    v.transform(normalizeRegistrationNumber),
    v.check((number) => SHAPE.test(number), REGISTRATION_FORMAT),
    v.check(hasValidCheckDigit, REGISTRATION_CHECK_DIGIT),
  ),
  registeredName: textField(
    { max: REGISTERED_NAME_MAX_LENGTH, min: 1, required: true },
    { max: REGISTERED_NAME_MAX, required: REGISTERED_NAME_REQUIRED },
  ),
});

export type InvoiceRegistrationInput = v.InferOutput<typeof invoiceRegistrationSchema>;
