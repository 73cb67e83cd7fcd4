/**
 * The work editor's visibility grants (spec section 3, "Visibility settings": lists of roles and users for view,
 * edit, admin and credit, "with matching lists to disconnect"): which lists the editor offers, and what a save
 * connects and disconnects. Pure and free of valibot, so the editor's JavaScript can use it too. The access rule
 * itself is visibility.ts; see docs/decisions/032-work-editor-grants.md.
 */
import type { VisibilityPermission } from "../db/schema/enums";
import { ROLE_CODES, type RoleCode } from "./roles";
import type { ItemGrants } from "./visibility";

/** The permissions the editor lists by role and by user; "credit" is by user only (spec section 6: "credit users"). */
export const GRANT_PERMISSIONS = ["view", "edit", "admin"] as const satisfies readonly VisibilityPermission[];
export type GrantPermission = (typeof GRANT_PERMISSIONS)[number];

/** Roles a grant may name: every role of spec section 6 but "ban", which marks an account, not a group to trust. */
export const GRANTABLE_ROLES = ROLE_CODES.filter((role) => role !== "ban") as Exclude<RoleCode, "ban">[];

/** At most this many users in one list (as many as credits, WORK_CREDITS_MAX). */
export const GRANT_USERS_MAX = 20;

/** One list of the editor: role codes and user handles as typed. */
export interface GranteesDraft {
  roles: string[];
  users: string[];
}
export type WorkGrantsDraft = Record<GrantPermission, GranteesDraft>;

export function emptyGrantsDraft(): WorkGrantsDraft {
  return { view: { roles: [], users: [] }, edit: { roles: [], users: [] }, admin: { roles: [], users: [] } };
}

/** A user handle as the lists keep it: trimmed, without the leading "@". */
export function cleanHandle(typed: string): string {
  return typed.trim().replace(/^@/, "");
}

/** Add a typed handle to a list: ignored when empty or already there (ignoring case). */
export function addHandle(users: readonly string[], typed: string): string[] {
  const handle = cleanHandle(typed);
  if (!handle || users.some((u) => u.toLowerCase() === handle.toLowerCase())) return [...users];
  return [...users, handle];
}

/** One grant row: a permission given to a role or to a user. */
export interface GrantRef {
  permission: VisibilityPermission;
  roleCode: string | null;
  userAccountId: string | null;
}

function refsOf(grants: ItemGrants, permissions: readonly VisibilityPermission[]): GrantRef[] {
  return permissions.flatMap((permission) => [
    ...grants[permission].roleCodes.map((roleCode) => ({ permission, roleCode, userAccountId: null })),
    ...grants[permission].userAccountIds.map((userAccountId) => ({ permission, roleCode: null, userAccountId })),
  ]);
}

const refKey = (ref: GrantRef) => `${ref.permission}|${ref.roleCode ?? ""}|${ref.userAccountId ?? ""}`;

/**
 * What a save changes among `permissions`: the wanted grants not stored yet (connect) and the stored ones no longer
 * wanted (disconnect). Grants of other permissions are left alone.
 */
export function grantChanges(
  stored: ItemGrants,
  wanted: ItemGrants,
  permissions: readonly VisibilityPermission[],
): { connect: GrantRef[]; disconnect: GrantRef[] } {
  const storedRefs = refsOf(stored, permissions);
  const wantedRefs = refsOf(wanted, permissions);
  const storedKeys = new Set(storedRefs.map(refKey));
  const wantedKeys = new Set(wantedRefs.map(refKey));
  return {
    connect: wantedRefs.filter(
      (ref, i) => !storedKeys.has(refKey(ref)) && wantedRefs.findIndex((r) => refKey(r) === refKey(ref)) === i,
    ),
    disconnect: storedRefs.filter((ref) => !wantedKeys.has(refKey(ref))),
  };
}
