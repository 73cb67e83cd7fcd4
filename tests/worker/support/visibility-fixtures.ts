// Visibility grants written straight into D1 (the work editor's writer is not needed to test the readers), and the
// cast of viewers the grant matrix asks: shared by visibility-grants.test.ts and work-page.test.ts.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { requestContext } from "#app/lib/request-context";
import { userAccountRoles, visibilityGrants, visibilitySettings } from "#worker/db/schema";
import type { PublishStatus, VisibilityPermission, VisibilityStatus } from "#worker/db/schema/enums";
import type { Locale } from "#worker/domain/locales";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { db } from "./helpers";
import { newMember, newWork } from "./media-fixtures";

export type Member = Awaited<ReturnType<typeof newMember>>;

/** Give `permission` on the work to a user or a role (creating its visibility row, PUBLIC, when it has none). */
export async function grant(
  workId: string,
  permission: VisibilityPermission,
  to: { userAccountId: string } | { roleCode: string },
) {
  let setting = await db()
    .select({ id: visibilitySettings.id })
    .from(visibilitySettings)
    .where(eq(visibilitySettings.itemId, workId))
    .get();
  if (!setting) {
    setting = { id: crypto.randomUUID() };
    await db()
      .insert(visibilitySettings)
      .values({ id: setting.id, itemType: "portfolio_work", itemId: workId, visibilityStatus: "PUBLIC" });
  }
  await db()
    .insert(visibilityGrants)
    .values({ id: crypto.randomUUID(), visibilitySettingId: setting.id, permission, ...to });
}

/** Who the matrix asks, each a signed-up member but `signedOut`. The "viewRole" member holds the role the work grants view to. */
export const CAST = ["owner", "viewUser", "viewRole", "edit", "admin", "credit", "stranger", "signedOut"] as const;
export type CastName = (typeof CAST)[number];
export type Cast = Record<Exclude<CastName, "signedOut">, Member>;

/** The role the matrix grants "view" to: held by the viewRole member only. */
export const VIEW_ROLE = "creator";

export async function newCast(prefix: string): Promise<Cast> {
  const cast = {} as Cast;
  for (const name of CAST) if (name !== "signedOut") cast[name] = await newMember(prefix);
  await db().insert(userAccountRoles).values({ userAccountId: cast.viewRole.accountId, roleCode: VIEW_ROLE });
  return cast;
}

/** A work of the cast's owner with every kind of grant: view (to a user and to a role), edit, admin, credit. */
export async function grantedWork(cast: Cast, visibility: VisibilityStatus, workStatus: PublishStatus) {
  const workId = await newWork(cast.owner.profileId, visibility, workStatus);
  await grant(workId, "view", { userAccountId: cast.viewUser.accountId });
  await grant(workId, "view", { roleCode: VIEW_ROLE });
  await grant(workId, "edit", { userAccountId: cast.edit.accountId });
  await grant(workId, "admin", { userAccountId: cast.admin.accountId });
  await grant(workId, "credit", { userAccountId: cast.credit.accountId });
  return workId;
}

/**
 * Who may read a work, as decision 031 says: anyone when it is published and not private; otherwise its owner and
 * edit/admin grantees, and view grantees once published. A credit gives nothing.
 */
export function expectedReaders(visibility: VisibilityStatus, workStatus: PublishStatus): Set<CastName> {
  if (workStatus === "PUBLISHED" && visibility !== "PRIVATE") return new Set(CAST);
  const readers: CastName[] = ["owner", "edit", "admin"];
  if (workStatus === "PUBLISHED") readers.push("viewUser", "viewRole");
  return new Set(readers);
}

/** The React Router context a page loader gets from the Worker, for `member` signed in (null: signed out). */
export async function pageContext(member: Member | null, path: string, locale: Locale = "en") {
  const context = new RouterContextProvider();
  const token = member ? (await createSession(db(), member.accountId)).token : undefined;
  const user = token ? await getSessionUser(db(), token) : null;
  context.set(requestContext, {
    env,
    url: new URL(`http://localhost${path}`),
    executionCtx: createExecutionContext(),
    db: db(),
    user,
    sessionToken: token,
    locale,
  });
  return context;
}
