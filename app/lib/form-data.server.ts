import { data } from "react-router";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { readBodyUpTo } from "#worker/http/body-limit";

/**
 * Far above any form a page posts: the largest, a commission form's draft (30 questions of 20 choices, as JSON in
 * one field), stays under 1.5 MB even in Japanese once percent-encoded.
 */
export const FORM_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** What a browser's form posts: React Router's <Form> sends the first, a FormData body the second. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The form a page action was posted. Anything else is thrown as an error response in the user's language, before
 * the action has done anything: no body at all (400), a body of another type such as JSON (415), one over
 * FORM_BODY_MAX_BYTES (413, and the rest is never read) or one that does not parse as its type (400). An empty
 * form is a form: a button with no fields posts one.
 */
export async function readFormData(request: Pick<Request, "headers" | "body">, locale: Locale): Promise<FormData> {
  const refuse = (status: 400 | 413 | 415) => data(m.error_generic({}, { locale }), { status });
  const contentType = request.headers.get("content-type");
  if (!contentType) throw refuse(400);
  if (!FORM_TYPES.has(contentType.split(";")[0].trim().toLowerCase())) throw refuse(415);
  const body = await readBodyUpTo(request.body, FORM_BODY_MAX_BYTES);
  if (!body) throw refuse(413);
  try {
    // readBodyUpTo's bytes sit on an ArrayBuffer of their own (never a shared one), which a Response may take.
    return await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw refuse(400);
  }
}

/**
 * How much of a refused field goes back to the form. Twice the longest field (terms, 10,000 characters), so whatever a
 * person typed comes back whole to be fixed, while a pasted megabyte is not sent back at full size: the error answer
 * stays small whatever was posted.
 */
export const KEPT_VALUE_MAX_CODE_POINTS = 20_000;

/** A refused form's values, kept for the retry (nothing typed is lost), each cut to KEPT_VALUE_MAX_CODE_POINTS. */
export function keptForRetry<T extends { [field in keyof T]: string }>(values: T): T {
  const cut = (value: string) =>
    value.length <= KEPT_VALUE_MAX_CODE_POINTS
      ? value
      : Array.from(value).slice(0, KEPT_VALUE_MAX_CODE_POINTS).join("");
  return Object.fromEntries(Object.entries<string>(values).map(([field, value]) => [field, cut(value)])) as T;
}
