import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, userAccounts } from "./accounts";

/**
 * Each user's personal invite code, for /invite/{code} (docs/decisions/053). Made the first time the user's link is
 * shown and never changed, so a link shared once keeps working. Kept apart from user_accounts so that adding it is a
 * new table, not a rebuild of the accounts table every other table points at.
 */
export const inviteCodes = sqliteTable("invite_codes", {
  userAccountId: text("user_account_id")
    .primaryKey()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamps.createdAt,
});

/**
 * Who invited an account (its invitedBy), written once in the sign-up's own batch. The invitee is the key, so a
 * second write for the same account inserts nothing, and no code path updates a row: who invited you never changes.
 * Nobody invites themselves (the check). Deleting either account removes the row.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    inviteeUserAccountId: text("invitee_user_account_id")
      .primaryKey()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    inviterUserAccountId: text("inviter_user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // The inviter's side: an account's deletion cascades through it without reading every invitation.
    index("invitations_inviter").on(t.inviterUserAccountId),
    check("invitations_not_self", sql`${t.inviteeUserAccountId} <> ${t.inviterUserAccountId}`),
  ],
);
