import * as v from "valibot";
import type { FieldErrors } from "../domain/validation";
import type { AppContext } from "./context";
import type { SchemaIssues } from "./json-body";
import { translateErrors } from "../messages/validation";

/**
 * The answer of a form's JSON door (account settings, the sign-up steps) to a body its schema refuses, for
 * `jsonBody(schema, { refuse: fieldRefusal })`: 400 `{errors: {field: message}}`, each field's first message in the
 * caller's language (spec section 5), "form" for the body itself. The same words as `parseFields` gives a page.
 */
export function fieldRefusal(c: AppContext, issues: SchemaIssues): Response {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[v.getDotPath(issue) ?? "form"] ??= issue.message;
  return c.json({ errors: translateErrors(errors, c.get("request").locale) }, 400);
}
