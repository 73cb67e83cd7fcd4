/**
 * Invitations (issue 33, docs/decisions/053): the user's personal code, the inviter behind a code, the sign-up's
 * record of who invited the new account, and the inviter's one notice when their invitee's first order completes.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { inviteCodes, invitations, userProfiles } from "../db/schema";
import { statement, type SqlStatement } from "../db/statements";
import { generateInviteCode, inviteCompletedDedupeKey, isInviteCode } from "../domain/invitations";

/**
 * The user's code, made on first use. Racing first uses both insert-or-ignore and read the one row that won, so the
 * code shown is stable from the first time it is shown.
 */
export async function inviteCodeOf(db: Database, userAccountId: string): Promise<string> {
  const existing = await db
    .select({ code: inviteCodes.code })
    .from(inviteCodes)
    .where(eq(inviteCodes.userAccountId, userAccountId))
    .get();
  if (existing) return existing.code;
  const [, row] = await db.batch([
    db
      .insert(inviteCodes)
      .values({ userAccountId, code: generateInviteCode() })
      .onConflictDoNothing({ target: inviteCodes.userAccountId }),
    db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userAccountId, userAccountId)),
  ]);
  const code = row[0]?.code;
  if (!code) throw new Error(`no invite code for ${userAccountId}`);
  return code;
}

/** The inviter behind a code, or null for anything that is not a current code. */
export async function inviterOf(db: Database, code: string): Promise<{ userAccountId: string; handle: string } | null> {
  if (!isInviteCode(code)) return null;
  const row = await db
    .select({ userAccountId: inviteCodes.userAccountId, handle: userProfiles.originalHandle })
    .from(inviteCodes)
    .innerJoin(userProfiles, eq(userProfiles.accountId, inviteCodes.userAccountId))
    .where(eq(inviteCodes.code, code))
    .get();
  return row ?? null;
}

/**
 * The sign-up's record of its inviter, for the batch that creates the account: an unknown code inserts nothing,
 * nor does the account's own code, and an account that already has an inviter keeps it.
 */
export function invitationOnSignUp(db: Database, inviteeUserAccountId: string, code: string, now: number) {
  // INSERT … SELECT, so an unknown code matches no row; the fields in the table's column order.
  return db
    .insert(invitations)
    .select(
      db
        .select({
          inviteeUserAccountId: sql<string>`${inviteeUserAccountId}`.as("invitee_user_account_id"),
          inviterUserAccountId: inviteCodes.userAccountId,
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(inviteCodes)
        .where(and(eq(inviteCodes.code, code), ne(inviteCodes.userAccountId, inviteeUserAccountId))),
    )
    .onConflictDoNothing({ target: invitations.inviteeUserAccountId });
}

/**
 * The notices of an order's completion for the inviters of its parties (the Order object's projection, in the batch
 * of the COMPLETED event). Either party counts: the invitee completed an order whether they commissioned it or made
 * it. Each invitee's notice has one dedupe key for ever, so a replayed batch, a racing completion or a later order
 * inserts nothing more. The notice names the invitee (its sender) and points at their profile; it names no order, so
 * the inviter learns neither the order, its counterpart nor any amount.
 */
export function inviteCompletedStatements(
  parties: { buyerUserId: string; sellerUserId: string },
  now: number,
): SqlStatement[] {
  const invitees = [...new Set([parties.buyerUserId, parties.sellerUserId])];
  return invitees.map((inviteeUserId) =>
    statement(
      // The WHERE clause also keeps SQLite from reading ON CONFLICT as a join's ON.
      `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, dedupe_key, created_at)
       SELECT ?, i.inviter_user_account_id, 'INVITE_ORDER_COMPLETED', p.id, '/' || p.original_handle, ?, ?
       FROM invitations i JOIN user_profiles p ON p.account_id = i.invitee_user_account_id
       WHERE i.invitee_user_account_id = ?
       ON CONFLICT (dedupe_key) DO NOTHING`,
      crypto.randomUUID(),
      inviteCompletedDedupeKey(inviteeUserId),
      now,
      inviteeUserId,
    ),
  );
}
