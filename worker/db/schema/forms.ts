import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LICENCE_TAGS, PRICE_KINDS, PUBLISH_STATUSES, QUESTION_STATUSES, QUESTION_TYPES } from "./enums";
import { commissionAccounts, timestamps } from "./accounts";
import { currencies } from "./reference";
import { commissionCategories } from "./catalog";

/**
 * Form templates are data: migration 0001 inserts the default template (spec section 3) and a new form copies
 * its questions. Texts are localized_texts (entities "commission_form_template", "..._question", "..._question_choice").
 */
/**
 * How a choice is priced beside its amount (issue 63, docs/decisions/099): its kind, a percentage of the base, the
 * most of an `each` a client may ask for, the licence it grants and, for a rush option, the days to deliver. The
 * template's, a form's and an order's snapshot of a choice all carry them.
 */
export const choicePricing = {
  priceKind: text("price_kind", { enum: PRICE_KINDS }).notNull().default("add"),
  /** Whole percent of the base (`percent`). */
  pricePercent: integer("price_percent"),
  /** The most of an `each` a client may ask for. */
  maxCount: integer("max_count"),
  licence: text("licence", { enum: LICENCE_TAGS }),
  /** A rush option: the order is delivered within this many days of payment. */
  rushDays: integer("rush_days"),
};

export const commissionFormTemplates = sqliteTable("commission_form_templates", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
  userIndex: integer("user_index").notNull().default(0),
  ...timestamps,
});

export const commissionFormTemplateQuestions = sqliteTable(
  "commission_form_template_questions",
  {
    id: text("id").primaryKey(),
    templateId: text("template_id")
      .notNull()
      .references(() => commissionFormTemplates.id, { onDelete: "cascade" }),
    questionType: text("question_type", { enum: QUESTION_TYPES }).notNull(),
    isRequired: integer("is_required", { mode: "boolean" }).notNull().default(false),
    userIndex: integer("user_index").notNull().default(0),
  },
  (t) => [index("commission_form_template_questions_template").on(t.templateId, t.userIndex)],
);

export const commissionFormTemplateQuestionChoices = sqliteTable(
  "commission_form_template_question_choices",
  {
    id: text("id").primaryKey(),
    templateQuestionId: text("template_question_id")
      .notNull()
      .references(() => commissionFormTemplateQuestions.id, { onDelete: "cascade" }),
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id").references(() => currencies.id),
    ...choicePricing,
    userIndex: integer("user_index").notNull().default(0),
  },
  (t) => [index("commission_form_template_question_choices_question").on(t.templateQuestionId, t.userIndex)],
);

/**
 * A creator's request form, public at /cf/{code}. Title and description are localized_texts (entity
 * "commission_form"). A price of 0 or null reads "price set after hearing the request".
 */
export const commissionForms = sqliteTable(
  "commission_forms",
  {
    id: text("id").primaryKey(),
    /** Short public code used in the URL. */
    code: text("code").notNull().unique(),
    commissionAccountId: text("commission_account_id")
      .notNull()
      .references(() => commissionAccounts.id, { onDelete: "cascade" }),
    formStatus: text("form_status", { enum: PUBLISH_STATUSES }).notNull().default("DRAFT"),
    /** Minor units of priceCurrencyId (JPY: yen, USD: cents). */
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id")
      .notNull()
      .references(() => currencies.id),
    categoryCode: text("category_code").references(() => commissionCategories.code),
    userIndex: integer("user_index").notNull().default(0),
    /** Milestones an order of this form starts with (decision 073): JSON of `StagePlanItem[]`, "[]" for none. */
    stagePlan: text("stage_plan").notNull().default("[]"),
    /** Of the creator's slots, how many orders of this one may hold at once (decision 091); null: no own limit. */
    slotCount: integer("slot_count"),
    ...timestamps,
  },
  (t) => [
    index("commission_forms_account").on(t.commissionAccountId, t.formStatus, t.userIndex),
    index("commission_forms_category").on(t.categoryCode, t.formStatus),
    index("commission_forms_status_price").on(t.formStatus, t.priceAmount),
  ],
);

/** Titles and descriptions: localized_texts (entity "commission_form_question"); medias: media_attachments. */
export const commissionFormQuestions = sqliteTable(
  "commission_form_questions",
  {
    id: text("id").primaryKey(),
    formId: text("form_id")
      .notNull()
      .references(() => commissionForms.id, { onDelete: "cascade" }),
    questionType: text("question_type", { enum: QUESTION_TYPES }).notNull(),
    isRequired: integer("is_required", { mode: "boolean" }).notNull().default(false),
    questionStatus: text("question_status", { enum: QUESTION_STATUSES }).notNull().default("ACTIVE"),
    userIndex: integer("user_index").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("commission_form_questions_form").on(t.formId, t.questionStatus, t.userIndex)],
);

/** Titles: localized_texts (entity "commission_form_question_choice"). A price adds to the order total. */
export const commissionFormQuestionChoices = sqliteTable(
  "commission_form_question_choices",
  {
    id: text("id").primaryKey(),
    questionId: text("question_id")
      .notNull()
      .references(() => commissionFormQuestions.id, { onDelete: "cascade" }),
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id").references(() => currencies.id),
    ...choicePricing,
    userIndex: integer("user_index").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("commission_form_question_choices_question").on(t.questionId, t.userIndex)],
);
