import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PUBLISH_STATUSES, VISIBILITY_PERMISSIONS, VISIBILITY_STATUSES } from "./enums";
import { roles, timestamps, userAccounts, userProfiles } from "./accounts";
import { commissionCategories, contentRatings } from "./catalog";
import { commissionOrders } from "./orders";

/**
 * A work shown on a profile. Titles and descriptions are localized_texts (entity "portfolio_work");
 * medias and ogImages are media_attachments (owner "portfolio_work", fields "medias", "og_images").
 */
export const portfolioWorks = sqliteTable(
  "portfolio_works",
  {
    id: text("id").primaryKey(),
    profileId: text("profile_id")
      .notNull()
      .references(() => userProfiles.id, { onDelete: "cascade" }),
    workStatus: text("work_status", { enum: PUBLISH_STATUSES }).notNull().default("DRAFT"),
    /** Set when the work was made for an order (the seller's "add a portfolio entry" after delivery). */
    commissionOrderId: text("commission_order_id").references(() => commissionOrders.id, { onDelete: "set null" }),
    /** The client a creator made this work for (a "client work"); null for the creator's own work. */
    clientAccountId: text("client_account_id").references(() => userAccounts.id, { onDelete: "set null" }),
    /** Set when the named client removed themselves from the work: it leaves their "made for you" list. */
    clientRemovedAt: integer("client_removed_at", { mode: "timestamp_ms" }),
    /**
     * Hidden by an admin after a report (decision 089): kept for its owner and the admins, neither listed nor reachable
     * for anyone else (domain/public-items.ts). Only the admin console sets it.
     */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    userIndex: integer("user_index").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("portfolio_works_profile").on(t.profileId, t.workStatus, t.userIndex),
    index("portfolio_works_order").on(t.commissionOrderId),
    index("portfolio_works_client").on(t.clientAccountId),
    index("portfolio_works_recent").on(t.workStatus, t.createdAt),
  ],
);

export const portfolioWorkCategories = sqliteTable(
  "portfolio_work_categories",
  {
    workId: text("work_id")
      .notNull()
      .references(() => portfolioWorks.id, { onDelete: "cascade" }),
    categoryCode: text("category_code")
      .notNull()
      .references(() => commissionCategories.code),
  },
  (t) => [
    primaryKey({ columns: [t.workId, t.categoryCode] }),
    index("portfolio_work_categories_category").on(t.categoryCode),
  ],
);

/** Free tags as typed (trimmed, de-duplicated by the writer). */
export const portfolioWorkTags = sqliteTable(
  "portfolio_work_tags",
  {
    workId: text("work_id")
      .notNull()
      .references(() => portfolioWorks.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.tag] }), index("portfolio_work_tags_tag").on(sql`lower(${t.tag})`)],
);

/**
 * The creator's own category labels on a work (spec section 3, "userCategories"), beside the fixed categoryCodes:
 * free text as typed (trimmed, de-duplicated ignoring case by the writer), kept in the order given. Per work like
 * tags, not a per-creator list: see docs/decisions/032-work-editor-grants.md.
 */
export const portfolioWorkUserCategories = sqliteTable(
  "portfolio_work_user_categories",
  {
    workId: text("work_id")
      .notNull()
      .references(() => portfolioWorks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workId, t.name] })],
);

export const portfolioWorkContentRatings = sqliteTable(
  "portfolio_work_content_ratings",
  {
    workId: text("work_id")
      .notNull()
      .references(() => portfolioWorks.id, { onDelete: "cascade" }),
    contentRatingCode: text("content_rating_code")
      .notNull()
      .references(() => contentRatings.code),
  },
  (t) => [primaryKey({ columns: [t.workId, t.contentRatingCode] })],
);

/**
 * Visibility of any item (itemType "portfolio_work", ...). No row means PUBLIC with no extra grants.
 */
export const visibilitySettings = sqliteTable(
  "visibility_settings",
  {
    id: text("id").primaryKey(),
    itemType: text("item_type").notNull(),
    itemId: text("item_id").notNull(),
    visibilityStatus: text("visibility_status", { enum: VISIBILITY_STATUSES }).notNull().default("PUBLIC"),
    ...timestamps,
  },
  (t) => [uniqueIndex("visibility_settings_item").on(t.itemType, t.itemId)],
);

/** One permission given to a role or to a user on an item; exactly one of roleCode and userAccountId is set. */
export const visibilityGrants = sqliteTable(
  "visibility_grants",
  {
    id: text("id").primaryKey(),
    visibilitySettingId: text("visibility_setting_id")
      .notNull()
      .references(() => visibilitySettings.id, { onDelete: "cascade" }),
    permission: text("permission", { enum: VISIBILITY_PERMISSIONS }).notNull(),
    roleCode: text("role_code").references(() => roles.code, { onDelete: "cascade" }),
    userAccountId: text("user_account_id").references(() => userAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("visibility_grants_role").on(t.visibilitySettingId, t.permission, t.roleCode),
    uniqueIndex("visibility_grants_user").on(t.visibilitySettingId, t.permission, t.userAccountId),
    index("visibility_grants_user_account").on(t.userAccountId),
    check("visibility_grants_one_target", sql`(${t.roleCode} IS NULL) <> (${t.userAccountId} IS NULL)`),
  ],
);
