import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PAGE_VISIT_MODELS } from "./enums";
import { timestamps, userAccounts } from "./accounts";
import { commissionServices } from "./services";
import { commissionForms } from "./forms";

/** A user's bookmark of a service or a form (exactly one); toggling flips isActive. */
export const bookmarks = sqliteTable(
  "bookmarks",
  {
    id: text("id").primaryKey(),
    userAccountId: text("user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => commissionServices.id, { onDelete: "cascade" }),
    formId: text("form_id").references(() => commissionForms.id, { onDelete: "cascade" }),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("bookmarks_account_service").on(t.userAccountId, t.serviceId),
    uniqueIndex("bookmarks_account_form").on(t.userAccountId, t.formId),
    index("bookmarks_service").on(t.serviceId),
    index("bookmarks_form").on(t.formId),
    check("bookmarks_one_target", sql`(${t.serviceId} IS NULL) <> (${t.formId} IS NULL)`),
  ],
);

/**
 * One counted visit. The visitor key is the user account id, or the a.sid cookie value when signed out.
 * A visit counts again only after 24 hours: the index answers "last visit of this visitor to this item" directly.
 */
export const pageVisits = sqliteTable(
  "page_visits",
  {
    id: text("id").primaryKey(),
    modelName: text("model_name", { enum: PAGE_VISIT_MODELS }).notNull(),
    modelId: text("model_id").notNull(),
    visitorKey: text("visitor_key").notNull(),
    visitedAt: integer("visited_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("page_visits_last").on(t.modelName, t.modelId, t.visitorKey, t.visitedAt),
    // The insights' timed job (decision 111) reads the visits made since its cursor.
    index("page_visits_visited").on(t.visitedAt),
  ],
);
