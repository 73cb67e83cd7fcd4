/**
 * A creator as a page names them: by handle (their profile, any case) or by the code of one of their forms (the form
 * page). Statements that hang on the creator find their account in SQL from either, so a page sends them in the same
 * batch as its own reads instead of after them (decision 113).
 */
export type CreatorRef = { handle: string } | { formCode: string };

/** SQL for the creator's user account id, with one `?` for `value`. */
export function creatorAccountSql(ref: CreatorRef): { sql: string; value: string } {
  return "handle" in ref
    ? {
        sql: "(SELECT account_id FROM user_profiles WHERE lower(original_handle) = ?)",
        value: ref.handle.toLowerCase(),
      }
    : {
        sql: `(SELECT ca.user_account_id FROM commission_forms f JOIN commission_accounts ca ON ca.id = f.commission_account_id
           WHERE f.code = ?)`,
        value: ref.formCode,
      };
}

/** A form by its code, as the form page names it: its statements find the form's id in SQL. */
export type FormByCode = { formCode: string };

/** SQL for a form's id by its code, with one `?` for the code. */
export const FORM_ID_OF_CODE_SQL = "(SELECT id FROM commission_forms WHERE code = ?)";
