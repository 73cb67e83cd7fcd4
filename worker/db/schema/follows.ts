import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A user follows a creator (issue 66, decision 107): one row per pair, so following twice is one follow. The creator
 * sees only the count (`follows_creator`), never who.
 */
export const follows = sqliteTable(
  "follows",
  {
    followerUserAccountId: text("follower_user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    creatorUserAccountId: text("creator_user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerUserAccountId, t.creatorUserAccountId] }),
    index("follows_creator").on(t.creatorUserAccountId, t.createdAt),
  ],
);

/**
 * What a followed creator's followers last saw of them: open for commissions, and a slot free nobody waits for.
 * `openings` counts the times they became takeable; it names the event in the notices' dedupe keys, and each check
 * moves it by a conditional UPDATE on the values it read, so of two checks at once one event is told, once.
 */
export const followWatches = sqliteTable("follow_watches", {
  creatorUserAccountId: text("creator_user_account_id")
    .primaryKey()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  isOpen: integer("is_open", { mode: "boolean" }).notNull(),
  hasRoom: integer("has_room", { mode: "boolean" }).notNull(),
  openings: integer("openings").notNull().default(0),
  checkedAt: ms("checked_at").notNull(),
});
