import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PUBLISH_STATUSES } from "./enums";
import { commissionAccounts, timestamps } from "./accounts";
import { currencies } from "./reference";
import { commissionCategories, contentRatings } from "./catalog";
import { commissionForms } from "./forms";

/** A creator's terms for a service; the text is localized_texts (entity "commission_policy", field "terms"). */
export const commissionPolicies = sqliteTable(
  "commission_policies",
  {
    id: text("id").primaryKey(),
    commissionAccountId: text("commission_account_id")
      .notNull()
      .references(() => commissionAccounts.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("commission_policies_account").on(t.commissionAccountId)],
);

/**
 * A service listing (title, description, medias, "from ~price"). Titles and descriptions are localized_texts
 * (entity "commission_service"); medias are media_attachments (the first one is the card thumbnail).
 */
export const commissionServices = sqliteTable(
  "commission_services",
  {
    id: text("id").primaryKey(),
    commissionAccountId: text("commission_account_id")
      .notNull()
      .references(() => commissionAccounts.id, { onDelete: "cascade" }),
    formId: text("form_id").references(() => commissionForms.id, { onDelete: "set null" }),
    policyId: text("policy_id").references(() => commissionPolicies.id, { onDelete: "set null" }),
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id")
      .notNull()
      .references(() => currencies.id),
    serviceStatus: text("service_status", { enum: PUBLISH_STATUSES }).notNull().default("DRAFT"),
    /** Milestones an order of this service starts with (decision 073): JSON of `StagePlanItem[]`, "[]" for none. */
    stagePlan: text("stage_plan").notNull().default("[]"),
    /** Of the creator's slots, how many orders of this one may hold at once (decision 091); null: no own limit. */
    slotCount: integer("slot_count"),
    /** The creator's own typical delivery time in whole days (decision 109), 1 to 365; null: not said. */
    deliveryDays: integer("delivery_days"),
    /**
     * Its content rating (decision 110), a content_ratings code; null: all-ages. An R-18 service is shown only to its
     * creator and to viewers who confirmed being 18 or older.
     */
    contentRatingCode: text("content_rating_code").references(() => contentRatings.code),
    userIndex: integer("user_index").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("commission_services_account").on(t.commissionAccountId, t.serviceStatus, t.userIndex),
    index("commission_services_form").on(t.formId),
    index("commission_services_recent").on(t.serviceStatus, t.createdAt),
  ],
);

export const commissionServiceCategories = sqliteTable(
  "commission_service_categories",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => commissionServices.id, { onDelete: "cascade" }),
    categoryCode: text("category_code")
      .notNull()
      .references(() => commissionCategories.code),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.categoryCode] }),
    index("commission_service_categories_category").on(t.categoryCode),
  ],
);
