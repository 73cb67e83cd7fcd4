import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Reference catalogues seeded by migration 0001: commission categories with their content kinds and use cases,
 * and content ratings. Names are localized_texts (entity "commission_category" | "content_kind" | "use_case" |
 * "content_rating", field "name"). Other tables point at them by code, which is stable and readable.
 */
export const commissionCategories = sqliteTable(
  "commission_categories",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    /** Display group, e.g. "illustration", "live2d", "animation", "video". */
    group: text("group").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
    userIndex: integer("user_index").notNull().default(0),
  },
  (t) => [index("commission_categories_active").on(t.isActive, t.userIndex)],
);

/** What kind of content a category produces: illustration, graphic, 2d-avatar, 3d-model, animation, video, audio, music. */
export const contentKinds = sqliteTable("content_kinds", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  userIndex: integer("user_index").notNull().default(0),
});

/** Where the work is used: live-streaming, video-on-demand, community, sns, hobby, concept. */
export const useCases = sqliteTable("use_cases", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  userIndex: integer("user_index").notNull().default(0),
});

export const commissionCategoryContentKinds = sqliteTable(
  "commission_category_content_kinds",
  {
    categoryCode: text("category_code")
      .notNull()
      .references(() => commissionCategories.code, { onDelete: "cascade" }),
    contentKindCode: text("content_kind_code")
      .notNull()
      .references(() => contentKinds.code, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.categoryCode, t.contentKindCode] }),
    index("commission_category_content_kinds_kind").on(t.contentKindCode),
  ],
);

export const commissionCategoryUseCases = sqliteTable(
  "commission_category_use_cases",
  {
    categoryCode: text("category_code")
      .notNull()
      .references(() => commissionCategories.code, { onDelete: "cascade" }),
    useCaseCode: text("use_case_code")
      .notNull()
      .references(() => useCases.code, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.categoryCode, t.useCaseCode] }),
    index("commission_category_use_cases_use_case").on(t.useCaseCode),
  ],
);

/** all-ages, r15, r18. */
export const contentRatings = sqliteTable("content_ratings", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  userIndex: integer("user_index").notNull().default(0),
});
