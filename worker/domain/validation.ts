import * as v from "valibot";
import { CURRENCIES } from "./currency";
import { isReservedHandle } from "./reserved-handles";
import { isBlankText, textField } from "./text";
import { LOCALES } from "./locales";

/**
 * The payload schemas of spec section 5, shared by the browser forms and the server.
 * Messages are message keys (messages/common/*.json); the edge translates them into the user's language.
 */
const handleSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(4, "validation_handle_min"),
  v.maxLength(16, "validation_handle_max"),
  v.regex(/^[A-Za-z0-9]+$/, "validation_handle_alphanumeric"),
  v.check((handle) => !isReservedHandle(handle), "validation_handle_reserved"),
);

const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.email("validation_email"),
  v.maxLength(254, "validation_email"),
);

const otpCodeSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, "validation_otp"));

/** An optional field sent blank (whitespace or invisible characters only) is a field left out. */
const emptyToUndefined = (value: unknown) => (typeof value === "string" && isBlankText(value) ? undefined : value);

// Optional fields may be left out as well as sent empty (the outer v.optional: a missing key is no error).
const optionalNameSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform(emptyToUndefined),
    v.optional(textField({ min: 2, max: 16 }, { min: "validation_name_min", max: "validation_name_max" })),
  ),
);

const optionalBioSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform(emptyToUndefined),
    v.optional(textField({ max: 160 }, { max: "validation_bio_max" })),
  ),
);

/** Optional date of birth (yyyy-mm-dd), a real calendar date, not after `now` (ms since the epoch). */
const optionalBirthdaySchema = (now: number) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(emptyToUndefined),
      v.optional(
        v.pipe(
          v.string(),
          v.isoDate("validation_birthday"),
          v.check((s) => {
            const d = new Date(`${s}T00:00:00Z`);
            return (
              !Number.isNaN(d.getTime()) &&
              d.toISOString().startsWith(s) &&
              d.getTime() <= now &&
              d.getUTCFullYear() >= 1900
            );
          }, "validation_birthday"),
        ),
      ),
    ),
  );

export const signUpStartSchema = v.object({ handle: handleSchema, email: emailSchema });
export const signInStartSchema = v.object({ email: emailSchema });
export const verifyCodeSchema = v.object({ email: emailSchema, token: otpCodeSchema });

export const profileStepSchema = (now: number) =>
  v.object({ name: optionalNameSchema, birthday: optionalBirthdaySchema(now) });

export const profileSettingsSchema = v.object({
  name: optionalNameSchema,
  handle: handleSchema,
  bio: optionalBioSchema,
});

export const accountSettingsSchema = (now: number) =>
  v.object({
    birthday: optionalBirthdaySchema(now),
    displayLanguageCode: v.picklist(LOCALES, "validation_language"),
    displayCurrencyCode: v.picklist(CURRENCIES, "validation_currency"),
    // The shape of a language code here; whether the platform offers it is the service's check (languages table).
    inputLanguageCode: v.pipe(
      v.string("validation_input_language"),
      v.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "validation_input_language"),
    ),
  });

export type FieldErrors = Record<string, string>;

/** Parse with a schema; on failure return the first message key per field. */
export function parseFields<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; data: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, data: result.output } : { ok: false, errors: fieldErrorsOf(result.issues) };
}

/** Each field's first message (its dot path; "form" for the body itself), as a form shows them. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[v.getDotPath(issue) ?? "form"] ??= issue.message;
  return errors;
}
