import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  commissionAccounts,
  localizedTexts,
  reservedHandles,
  userAccountRoles,
  userAccounts,
  userProfiles,
} from "../db/schema";
import { isInviteCode } from "../domain/invitations";
import { invitationOnSignUp } from "./invitations";
import { purgeAccountPages } from "./public-pages";

export async function findAccountIdByEmail(db: Database, email: string): Promise<string | null> {
  const row = await db.select({ id: userAccounts.id }).from(userAccounts).where(eq(userAccounts.email, email)).get();
  return row?.id ?? null;
}

/**
 * Whether a handle is someone else's: another account holds it (ignoring case), or a deleted account freed it less
 * than 180 days before `now` (reserved_handles, decision 104), so nobody takes a departed creator's name at once.
 */
export async function isHandleTaken(
  db: Database,
  handle: string,
  exceptAccountId?: string,
  now = Date.now(),
): Promise<boolean> {
  const lower = handle.toLowerCase();
  const [holders, reserved] = await db.batch([
    db
      .select({ accountId: userProfiles.accountId })
      .from(userProfiles)
      .where(sql`lower(${userProfiles.originalHandle}) = ${lower}`),
    db
      .select({ handle: reservedHandles.handle })
      .from(reservedHandles)
      .where(and(eq(reservedHandles.handle, lower), gt(reservedHandles.reservedUntil, new Date(now)))),
  ]);
  const holder = holders[0];
  return reserved.length > 0 || (holder !== undefined && holder.accountId !== exceptAccountId);
}

/**
 * A new account with its profile, commission account and the plain "user" role, in one batch. With the code of an
 * invite link the visitor followed, the same batch records who invited them (decision 053; an unknown code records
 * nothing).
 */
export async function createAccount(
  db: Database,
  input: { email: string; handle: string; languageCode: string; inviteCode?: string | null },
): Promise<string> {
  const accountId = crypto.randomUUID();
  await db.batch([
    db.insert(userAccounts).values({
      id: accountId,
      email: input.email,
      displayLanguageCode: input.languageCode,
      inputLanguageCode: input.languageCode,
    }),
    db.insert(userProfiles).values({ id: crypto.randomUUID(), accountId, originalHandle: input.handle }),
    db.insert(commissionAccounts).values({ id: crypto.randomUUID(), userAccountId: accountId }),
    db.insert(userAccountRoles).values({ userAccountId: accountId, roleCode: "user" }),
    ...(isInviteCode(input.inviteCode) ? [invitationOnSignUp(db, accountId, input.inviteCode, Date.now())] : []),
  ]);
  return accountId;
}

/** Upsert one localized text; the writer's language is the original. Empty text removes it. */
export function setLocalizedText(
  db: Database,
  owner: { entityType: string; entityId: string; field: string },
  languageCode: string,
  text: string | undefined,
) {
  const where = and(
    eq(localizedTexts.entityType, owner.entityType),
    eq(localizedTexts.entityId, owner.entityId),
    eq(localizedTexts.field, owner.field),
  );
  if (!text) return db.delete(localizedTexts).where(where);
  return db
    .insert(localizedTexts)
    .values({ id: crypto.randomUUID(), ...owner, languageCode, isOriginal: true, text })
    .onConflictDoUpdate({
      target: [localizedTexts.entityType, localizedTexts.entityId, localizedTexts.field, localizedTexts.languageCode],
      set: { text, isOriginal: true },
    });
}

/** Name (in the writer's language) and birthday, as the sign-up modal's profile step collects them. */
export async function saveProfileStep(
  db: Database,
  owner: { accountId: string; profileId: string },
  input: { name?: string; birthday?: string },
  languageCode: string,
): Promise<void> {
  await db.batch([
    db
      .update(userAccounts)
      .set({ birthday: input.birthday ?? null, updatedAt: new Date() })
      .where(eq(userAccounts.id, owner.accountId)),
    setLocalizedText(
      db,
      { entityType: "user_profile", entityId: owner.profileId, field: "name" },
      languageCode,
      input.name,
    ),
  ]);
  await purgeAccountPages(db, owner.accountId);
}
