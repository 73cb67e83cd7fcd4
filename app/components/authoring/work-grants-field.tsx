import { useRef } from "react";
import { CheckedInput } from "#app/components/form/checked-input";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import { CLIENT_HANDLE_MAX } from "#worker/domain/portfolio-fields";
import {
  GRANTABLE_ROLES,
  GRANT_PERMISSIONS,
  addHandle,
  type GrantPermission,
  type GranteesDraft,
  type WorkGrantsDraft,
} from "#worker/domain/work-grants";
import { ChipListInput } from "./chip-list-input";

/**
 * The work editor's access lists (spec section 3, "Visibility settings"; 032-work-editor-grants.md): for view, edit
 * and manage, the roles (checkboxes) and users (handles) given that access. Removing an entry disconnects it on save.
 * Read-only for an edit grantee, who sees who has access but may not change it.
 */

/**
 * The section's fixed texts, made by the loader in the reader's language (decision 030's pattern: the page only shows
 * them, so their messages stay out of the editor's JavaScript). See grantsTextsFor in portfolio-work.server.ts.
 */
export interface GrantsTexts {
  heading: string;
  hint: string;
  readOnly: string;
  rolesLabel: string;
  usersLabel: string;
  userAdd: string;
  nobody: string;
  roles: Record<(typeof GRANTABLE_ROLES)[number], string>;
  permissions: Record<GrantPermission, { legend: string; hint: string }>;
}

export function WorkGrantsField(props: {
  grants: WorkGrantsDraft;
  texts: GrantsTexts;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (grants: WorkGrantsDraft) => void;
}) {
  const { texts } = props;
  // The grants given last, not this render's: at hydration each box ticked before it is told in turn (decision 060).
  const latest = useRef(props.grants);
  latest.current = props.grants;
  const setList = (permission: GrantPermission, patch: Partial<GranteesDraft>) => {
    latest.current = { ...latest.current, [permission]: { ...latest.current[permission], ...patch } };
    props.onChange(latest.current);
  };
  return (
    <section aria-labelledby="work-access-heading" className="space-y-4">
      <div>
        <h2 id="work-access-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
          {texts.heading}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{props.readOnly ? texts.readOnly : texts.hint}</p>
      </div>
      {GRANT_PERMISSIONS.map((permission) => {
        const list = props.grants[permission];
        const usersError = props.errors[`grants.${permission}.users`];
        const rolesError = Object.entries(props.errors).find(([path]) =>
          path.startsWith(`grants.${permission}.roles`),
        )?.[1];
        return (
          <fieldset key={permission} className="space-y-3 rounded-md border border-zinc-300 p-3 dark:border-zinc-700">
            <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              {texts.permissions[permission].legend}
            </legend>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{texts.permissions[permission].hint}</p>
            <fieldset>
              <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{texts.rolesLabel}</legend>
              {props.readOnly ? (
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {list.roles.length
                    ? list.roles.map((role) => texts.roles[role as keyof GrantsTexts["roles"]] ?? role).join(", ")
                    : texts.nobody}
                </p>
              ) : (
                <div className="grid gap-1 sm:grid-cols-2">
                  {GRANTABLE_ROLES.map((role) => (
                    <label
                      key={role}
                      className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100"
                    >
                      <CheckedInput
                        type="checkbox"
                        className="size-5 accent-brand-600"
                        checked={list.roles.includes(role)}
                        onCheckedChange={(checked) => {
                          const roles = latest.current[permission].roles.filter((r) => r !== role);
                          setList(permission, { roles: checked ? [...roles, role] : roles });
                        }}
                      />
                      {texts.roles[role]}
                    </label>
                  ))}
                </div>
              )}
              <ErrorText text={rolesError} />
            </fieldset>
            <ChipListInput
              label={texts.usersLabel}
              items={list.users}
              maxLength={CLIENT_HANDLE_MAX + 1}
              addLabel={texts.userAdd}
              removeLabel={(handle) => m.work_editor_user_remove({ handle })}
              add={addHandle}
              show={(handle) => `@${handle}`}
              error={usersError}
              readOnly={props.readOnly}
              emptyText={texts.nobody}
              onChange={(users) => setList(permission, { users })}
            />
          </fieldset>
        );
      })}
    </section>
  );
}
