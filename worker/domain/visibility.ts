import type { PublishStatus, VisibilityPermission, VisibilityStatus } from "../db/schema/enums";
import { isReachableWork } from "./public-items";
import { isAdmin } from "./roles";

/**
 * Who may view, edit and manage an item with a visibility setting (spec section 3, "Visibility settings"; section
 * 6, "per item, view, edit, admin roles and users and credit users"). Pure: the grants are read by
 * worker/services/visibility.ts. See docs/decisions/031-visibility-grants.md.
 *
 * - The owner may do everything.
 * - An "admin" grant (to a role the viewer has, or to the viewer) manages the item: edits it and its grants.
 * - An "edit" grant edits the item (its content and status), not its grants.
 * - A "view" grant reads the item once it is published, whatever its visibility status; a draft is read only by
 *   those who may edit it.
 * - Everyone reads a published PUBLIC or UNLISTED item (UNLISTED: anyone holding the link; `isReachableWork`).
 * - "credit" names the people credited on the item; it gives no access.
 * - A work hidden by an admin (decision 089) is read only by those who may edit it and by the platform's admins, who
 *   decided on it: view grants and the link no longer open it.
 * Nothing else: a platform admin has no implicit access to a private work (grant the "admin" role to give it).
 */

/** Who holds one permission: role codes and user account ids. */
interface Grantees {
  roleCodes: string[];
  userAccountIds: string[];
}

export type ItemGrants = Record<VisibilityPermission, Grantees>;

/** What the rule needs to know of an item. */
export interface GuardedItem {
  ownerAccountId: string;
  workStatus: PublishStatus;
  /** Null: no visibility row, which means PUBLIC. */
  visibility: VisibilityStatus | null;
  /** Hidden by an admin after a report (decision 089). */
  hidden: boolean;
  grants: ItemGrants;
}

/** The one asking; null when signed out. */
export interface Visitor {
  accountId: string;
  roles: readonly string[];
}

export function noGrants(): ItemGrants {
  return {
    view: { roleCodes: [], userAccountIds: [] },
    edit: { roleCodes: [], userAccountIds: [] },
    admin: { roleCodes: [], userAccountIds: [] },
    credit: { roleCodes: [], userAccountIds: [] },
  };
}

function holds(grantees: Grantees, visitor: Visitor): boolean {
  return (
    grantees.userAccountIds.includes(visitor.accountId) ||
    grantees.roleCodes.some((role) => visitor.roles.includes(role))
  );
}

export function isItemOwner(item: GuardedItem, visitor: Visitor | null): boolean {
  return visitor !== null && visitor.accountId === item.ownerAccountId;
}

/** Manage the item: its grants and its visibility, besides editing it. */
export function canAdminItem(item: GuardedItem, visitor: Visitor | null): boolean {
  if (!visitor) return false;
  return isItemOwner(item, visitor) || holds(item.grants.admin, visitor);
}

/** Edit the item's content (titles, media, tags, status). */
export function canEditItem(item: GuardedItem, visitor: Visitor | null): boolean {
  if (!visitor) return false;
  return canAdminItem(item, visitor) || holds(item.grants.edit, visitor);
}

/** Read the item: its page, its files, its data from the API. */
export function canViewItem(item: GuardedItem, visitor: Visitor | null): boolean {
  if (isReachableWork(item)) return true;
  if (canEditItem(item, visitor)) return true;
  if (item.hidden) return visitor !== null && isAdmin(visitor.roles);
  return visitor !== null && item.workStatus === "PUBLISHED" && holds(item.grants.view, visitor);
}
