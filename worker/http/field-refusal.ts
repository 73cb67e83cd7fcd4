import { fieldErrorsOf } from "../domain/validation";
import type { AppContext } from "./context";
import type { SchemaIssues } from "./json-body";
import { translateErrors } from "../messages/validation";

/**
 * The answer of a form's JSON door (account settings, the sign-up steps) to a body its schema refuses, for
 * `jsonBody(schema, { refuse: fieldRefusal })`: 400 `{errors: {field: message}}`, each field's first message in the
 * caller's language (spec section 5), "form" for the body itself. The same words as `parseFields` gives a page.
 */
export function fieldRefusal(c: AppContext, issues: SchemaIssues): Response {
  return c.json({ errors: translateErrors(fieldErrorsOf(issues), c.get("request").locale) }, 400);
}
