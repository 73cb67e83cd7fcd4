import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import {
  portfolioWorks,
  portfolioWorkUserCategories,
  userAccountRoles,
  userProfiles,
  visibilityGrants,
} from "../../db/schema";
import type { PublishStatus } from "../../db/schema/enums";
import {
  canAdminItem,
  canEditItem,
  isItemOwner,
  type GuardedItem,
  type ItemGrants,
  type Visitor,
} from "../../domain/visibility";
import { GRANT_PERMISSIONS, emptyGrantsDraft, type GrantRef, type WorkGrantsDraft } from "../../domain/work-grants";
import type { ParsedWork } from "../../domain/portfolio";
import { loadItemVisibility } from "../../services/visibility";

/**
 * Who may open and save a work in the editor (032-work-editor-grants.md): the visibility rule (domain/visibility.ts)
 * over the work's grants, not only its owner. Also the grant rows' handles for the editor, the writes of a save's
 * grant changes, and the reader of the creator's own categories.
 */

const ITEM = "portfolio_work";

/** A stored work as the editor's checks need it, with what the visitor may do to it. */
export interface EditableWork extends GuardedItem {
  id: string;
  profileId: string;
  clientAccountId: string | null;
  clientRemovedAt: Date | null;
  commissionOrderId: string | null;
  workStatus: PublishStatus;
  /** Manage it: its visibility, grants, credits, client, and deleting it. */
  canAdmin: boolean;
  isOwner: boolean;
}

/** The account as the rule sees it: its id and role codes. */
async function visitorOf(db: Database, accountId: string): Promise<Visitor> {
  const roles = await db
    .select({ code: userAccountRoles.roleCode })
    .from(userAccountRoles)
    .where(eq(userAccountRoles.userAccountId, accountId));
  return { accountId, roles: roles.map((r) => r.code) };
}

/** The work if this account may edit it (canEditItem: owner, edit or admin grant); null otherwise (a 404 either way). */
export async function editableWork(db: Database, accountId: string, workId: string): Promise<EditableWork | null> {
  const [work, visitor, visibility] = await Promise.all([
    db
      .select({
        id: portfolioWorks.id,
        profileId: portfolioWorks.profileId,
        ownerAccountId: userProfiles.accountId,
        workStatus: portfolioWorks.workStatus,
        clientAccountId: portfolioWorks.clientAccountId,
        clientRemovedAt: portfolioWorks.clientRemovedAt,
        commissionOrderId: portfolioWorks.commissionOrderId,
        hiddenAt: portfolioWorks.hiddenAt,
      })
      .from(portfolioWorks)
      .innerJoin(userProfiles, eq(userProfiles.id, portfolioWorks.profileId))
      .where(eq(portfolioWorks.id, workId))
      .get(),
    visitorOf(db, accountId),
    loadItemVisibility(db, ITEM, [workId]),
  ]);
  if (!work) return null;
  const { hiddenAt, ...row } = work;
  const item = { ...row, hidden: hiddenAt !== null, ...visibility.get(workId)! };
  if (!canEditItem(item, visitor)) return null;
  return { ...item, canAdmin: canAdminItem(item, visitor), isOwner: isItemOwner(item, visitor) };
}

/** Accounts by handle, ignoring case: lower(handle) → account id; handles nobody has are missing from the map. */
async function accountsByHandle(db: Database, handles: readonly string[]): Promise<Map<string, string>> {
  const lower = [...new Set(handles.map((h) => h.toLowerCase()))];
  if (lower.length === 0) return new Map();
  const rows = await db
    .select({ handle: userProfiles.originalHandle, accountId: userProfiles.accountId })
    .from(userProfiles)
    .where(inArray(sql`lower(${userProfiles.originalHandle})`, lower));
  return new Map(rows.map((r) => [r.handle.toLowerCase(), r.accountId]));
}

/** The view, edit and admin lists as the editor shows them: role codes and handles (accounts without a profile drop out). */
export async function grantsDraftOf(db: Database, grants: ItemGrants): Promise<WorkGrantsDraft> {
  const ids = GRANT_PERMISSIONS.flatMap((p) => grants[p].userAccountIds);
  const rows = ids.length
    ? await db
        .select({ accountId: userProfiles.accountId, handle: userProfiles.originalHandle })
        .from(userProfiles)
        .where(inArray(userProfiles.accountId, ids))
    : [];
  const handleOf = new Map(rows.map((r) => [r.accountId, r.handle]));
  const draft = emptyGrantsDraft();
  for (const permission of GRANT_PERMISSIONS) {
    draft[permission] = {
      roles: [...grants[permission].roleCodes],
      users: grants[permission].userAccountIds.flatMap((id) => (handleOf.has(id) ? [handleOf.get(id)!] : [])),
    };
  }
  return draft;
}

/** The statements that connect and disconnect grant rows of one visibility setting (see grantChanges). */
export function grantStatements(
  db: Database,
  settingId: string,
  changes: { connect: GrantRef[]; disconnect: GrantRef[] },
): BatchItem<"sqlite">[] {
  const target = (ref: GrantRef) =>
    ref.roleCode ? eq(visibilityGrants.roleCode, ref.roleCode) : eq(visibilityGrants.userAccountId, ref.userAccountId!);
  return [
    ...changes.disconnect.map((ref) =>
      db
        .delete(visibilityGrants)
        .where(
          and(
            eq(visibilityGrants.visibilitySettingId, settingId),
            eq(visibilityGrants.permission, ref.permission),
            target(ref),
          ),
        ),
    ),
    // A grant added meanwhile by another save is already there: nothing to do.
    ...changes.connect.map((ref) =>
      db
        .insert(visibilityGrants)
        .values({
          id: crypto.randomUUID(),
          visibilitySettingId: settingId,
          permission: ref.permission,
          roleCode: ref.roleCode,
          userAccountId: ref.userAccountId,
        })
        .onConflictDoNothing(),
    ),
  ];
}

/** Each work's own category labels (userCategories), in the order the creator gave; works without any are absent. */
export async function workUserCategories(db: Database, workIds: readonly string[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(workIds)];
  const out = new Map<string, string[]>();
  // D1 binds at most 100 parameters per query.
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ workId: portfolioWorkUserCategories.workId, name: portfolioWorkUserCategories.name })
      .from(portfolioWorkUserCategories)
      .where(inArray(portfolioWorkUserCategories.workId, ids.slice(i, i + 90)))
      .orderBy(asc(portfolioWorkUserCategories.position));
    for (const row of rows) out.set(row.workId, [...(out.get(row.workId) ?? []), row.name]);
  }
  return out;
}

/**
 * The grants an admin's save asks for: the credits (the client first, then the credited handles) and, when the
 * payload has them, the view, edit and admin lists with their handles resolved. An unknown handle is an error at its
 * list (`credits`, `grants.{permission}.users`); `stored` stands for what the payload leaves out.
 */
export async function wantedGrants(
  db: Database,
  input: ParsedWork,
  stored: ItemGrants,
  client: { clientAccountId: string | null; clientRemoved: boolean; ownerAccountId: string },
  errors: Record<string, string>,
): Promise<ItemGrants> {
  const listed = GRANT_PERMISSIONS.flatMap((p) => input.grants?.[p].handles ?? []);
  const accounts = await accountsByHandle(db, [...input.creditHandles, ...listed]);
  const wanted: ItemGrants = { ...stored };
  const credits: string[] = client.clientAccountId && !client.clientRemoved ? [client.clientAccountId] : [];
  for (const handle of input.creditHandles) {
    const accountId = accounts.get(handle.toLowerCase());
    if (!accountId) errors.credits ??= "authoring_credit_unknown";
    // The author is the work's own: crediting them again is no credit (issue 31).
    else if (accountId === client.ownerAccountId) errors.credits ??= "authoring_credit_self";
    else if (client.clientRemoved && accountId === client.clientAccountId)
      errors.credits ??= "client_works_credit_removed";
    else if (!credits.includes(accountId)) credits.push(accountId);
  }
  wanted.credit = { roleCodes: [], userAccountIds: credits };
  if (!input.grants) return wanted;
  for (const permission of GRANT_PERMISSIONS) {
    const ids = input.grants[permission].handles.map((h) => accounts.get(h.toLowerCase()));
    if (ids.some((accountId) => !accountId)) errors[`grants.${permission}.users`] = "work_editor_user_unknown";
    wanted[permission] = {
      roleCodes: input.grants[permission].roleCodes,
      userAccountIds: [...new Set(ids.filter((x): x is string => Boolean(x)))],
    };
  }
  return wanted;
}
