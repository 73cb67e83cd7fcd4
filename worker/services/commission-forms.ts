import { and, asc, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import {
  commissionAccounts,
  commissionCategories,
  commissionFormQuestionChoices,
  commissionFormQuestions,
  commissionForms,
  commissionFormTemplateQuestionChoices,
  commissionFormTemplateQuestions,
  commissionFormTemplates,
  currencies,
  localizedTexts,
} from "../db/schema";
import { LOCALIZED } from "../db/schema/localized-entities";
import type { PublishStatus } from "../db/schema/enums";
import {
  FORM_CURRENCIES,
  formatPriceInput,
  generateFormCode,
  type FormCurrency,
  type FormDraft,
  type ParsedForm,
  type QuestionDraft,
} from "../domain/commission-form";
import type { Locale } from "../domain/constants";

const FORM = LOCALIZED.commissionForm.type;
const QUESTION = LOCALIZED.commissionFormQuestion.type;
const CHOICE = LOCALIZED.commissionFormQuestionChoice.type;
const T_QUESTION = LOCALIZED.commissionFormTemplateQuestion.type;
const T_CHOICE = LOCALIZED.commissionFormTemplateQuestionChoice.type;

type TextRow = { entityId: string; field: string; languageCode: string; isOriginal: boolean; text: string };

/** The viewer's language, else the original, else any: the owner always sees what they last wrote. */
export function pickText(rows: readonly TextRow[], entityId: string, field: string, locale: string): string {
  const texts = rows.filter((r) => r.entityId === entityId && r.field === field);
  return (texts.find((r) => r.languageCode === locale) ?? texts.find((r) => r.isOriginal) ?? texts[0])?.text ?? "";
}

async function textsOf(db: Database, entityType: string, ids: SQLWrapper | string[]): Promise<TextRow[]> {
  if (Array.isArray(ids) && ids.length === 0) return [];
  return db
    .select({ entityId: localizedTexts.entityId, field: localizedTexts.field, languageCode: localizedTexts.languageCode, isOriginal: localizedTexts.isOriginal, text: localizedTexts.text })
    .from(localizedTexts)
    .where(and(eq(localizedTexts.entityType, entityType), inArray(localizedTexts.entityId, ids)));
}

function textInsert(db: Database, entityType: string, entityId: string, field: string, languageCode: string, text: string) {
  return db.insert(localizedTexts).values({ id: crypto.randomUUID(), entityType, entityId, field, languageCode, isOriginal: true, text });
}

/** The creator's commission account (orders, forms, services and policies belong to it). */
export async function commissionAccountIdOf(db: Database, userAccountId: string): Promise<string | null> {
  const row = await db.select({ id: commissionAccounts.id }).from(commissionAccounts).where(eq(commissionAccounts.userAccountId, userAccountId)).get();
  return row?.id ?? null;
}

async function currencyIds(db: Database): Promise<Record<FormCurrency, string>> {
  const rows = await db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(inArray(currencies.code, [...FORM_CURRENCIES]));
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<FormCurrency, string>;
}

async function currencyCodeOf(db: Database, id: string): Promise<FormCurrency> {
  const row = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, id)).get();
  return row?.code === "USD" ? "USD" : "JPY";
}

/** The form if `userAccountId` owns it; null for someone else's form or no form (the caller answers 404 either way). */
async function ownedForm(db: Database, userAccountId: string, formId: string) {
  return db
    .select({ id: commissionForms.id, code: commissionForms.code, formStatus: commissionForms.formStatus, priceAmount: commissionForms.priceAmount, priceCurrencyId: commissionForms.priceCurrencyId, categoryCode: commissionForms.categoryCode, commissionAccountId: commissionForms.commissionAccountId })
    .from(commissionForms)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionForms.commissionAccountId))
    .where(and(eq(commissionForms.id, formId), eq(commissionAccounts.userAccountId, userAccountId)))
    .get();
}

export interface FormListItem {
  id: string;
  code: string;
  title: string;
  status: PublishStatus;
  priceAmount: number | null;
  currency: FormCurrency;
  categoryCode: string | null;
}

export async function listForms(db: Database, userAccountId: string, locale: Locale): Promise<FormListItem[]> {
  const rows = await db
    .select({ id: commissionForms.id, code: commissionForms.code, status: commissionForms.formStatus, priceAmount: commissionForms.priceAmount, currency: currencies.code, categoryCode: commissionForms.categoryCode })
    .from(commissionForms)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionForms.commissionAccountId))
    .innerJoin(currencies, eq(currencies.id, commissionForms.priceCurrencyId))
    .where(eq(commissionAccounts.userAccountId, userAccountId))
    .orderBy(asc(commissionForms.userIndex), asc(commissionForms.createdAt));
  const texts = await textsOf(
    db,
    FORM,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, currency: r.currency === "USD" ? "USD" : "JPY", title: pickText(texts, r.id, "title", locale) }));
}

export async function listCategoryOptions(db: Database, locale: Locale): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .select({ id: commissionCategories.id, code: commissionCategories.code })
    .from(commissionCategories)
    .where(eq(commissionCategories.isActive, true))
    .orderBy(asc(commissionCategories.userIndex));
  const texts = await textsOf(
    db,
    LOCALIZED.commissionCategory.type,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ code: r.code, name: pickText(texts, r.id, "name", locale) || r.code }));
}

function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message);
}

/**
 * A new DRAFT form for the creator, starting from the default template: questions and choices are copied with
 * their texts in the creator's language (that text becomes the original). The form gets its public code now
 * (the column is required and unique); /cf/{code} shows it once published. Returns null without a commission account.
 */
export async function createFormFromTemplate(
  db: Database,
  userAccountId: string,
  locale: Locale,
  options: { title: string; generateCode?: () => string },
): Promise<string | null> {
  const commissionAccountId = await commissionAccountIdOf(db, userAccountId);
  if (!commissionAccountId) return null;
  const ids = await currencyIds(db);
  const template = await db.select({ id: commissionFormTemplates.id }).from(commissionFormTemplates).where(eq(commissionFormTemplates.isDefault, true)).get();
  const questions = template
    ? await db.select().from(commissionFormTemplateQuestions).where(eq(commissionFormTemplateQuestions.templateId, template.id)).orderBy(asc(commissionFormTemplateQuestions.userIndex))
    : [];
  const questionIds = questions.map((q) => q.id);
  const choices = questionIds.length
    ? await db.select().from(commissionFormTemplateQuestionChoices).where(inArray(commissionFormTemplateQuestionChoices.templateQuestionId, questionIds)).orderBy(asc(commissionFormTemplateQuestionChoices.userIndex))
    : [];
  const qTexts = await textsOf(db, T_QUESTION, questionIds);
  const cTexts = await textsOf(
    db,
    T_CHOICE,
    choices.map((c) => c.id),
  );
  const draft: ParsedForm = {
    title: options.title,
    description: "",
    categoryCode: null,
    priceAmount: null,
    currency: "JPY",
    questions: questions.map((q) => ({
      type: q.questionType,
      title: pickText(qTexts, q.id, "title", locale),
      description: pickText(qTexts, q.id, "description", locale),
      isRequired: q.isRequired,
      choices: choices
        .filter((c) => c.templateQuestionId === q.id)
        .map((c) => ({ title: pickText(cTexts, c.id, "title", locale), priceAmount: c.priceAmount })),
    })),
  };
  const makeCode = options.generateCode ?? (() => generateFormCode());
  for (let attempt = 0; attempt < 5; attempt++) {
    const formId = crypto.randomUUID();
    try {
      await db.insert(commissionForms).values({ id: formId, code: makeCode(), commissionAccountId, priceCurrencyId: ids.JPY });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // the code was taken: draw another
      throw error;
    }
    await db.batch(writeContent(db, formId, draft, locale, ids) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return formId;
  }
  throw new Error("could not find a free form code");
}

/** Statements that replace a form's texts, questions and choices with `draft` (texts in `locale`, as originals). */
function writeContent(db: Database, formId: string, draft: ParsedForm, locale: Locale, ids: Record<FormCurrency, string>): BatchItem<"sqlite">[] {
  const oldQuestions = db.select({ id: commissionFormQuestions.id }).from(commissionFormQuestions).where(eq(commissionFormQuestions.formId, formId));
  const oldChoices = db
    .select({ id: commissionFormQuestionChoices.id })
    .from(commissionFormQuestionChoices)
    .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
    .where(eq(commissionFormQuestions.formId, formId));
  const statements: BatchItem<"sqlite">[] = [
    db.update(commissionForms).set({ priceAmount: draft.priceAmount, priceCurrencyId: ids[draft.currency], categoryCode: draft.categoryCode, updatedAt: new Date() }).where(eq(commissionForms.id, formId)),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, FORM), eq(localizedTexts.entityId, formId))),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, CHOICE), inArray(localizedTexts.entityId, oldChoices))),
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, QUESTION), inArray(localizedTexts.entityId, oldQuestions))),
    // Choices go with their questions (ON DELETE CASCADE); past orders keep their snapshots (references set null).
    db.delete(commissionFormQuestions).where(eq(commissionFormQuestions.formId, formId)),
    textInsert(db, FORM, formId, "title", locale, draft.title),
  ];
  if (draft.description) statements.push(textInsert(db, FORM, formId, "description", locale, draft.description));
  draft.questions.forEach((q, qi) => {
    const questionId = crypto.randomUUID();
    statements.push(db.insert(commissionFormQuestions).values({ id: questionId, formId, questionType: q.type, isRequired: q.isRequired, userIndex: qi }));
    statements.push(textInsert(db, QUESTION, questionId, "title", locale, q.title));
    if (q.description) statements.push(textInsert(db, QUESTION, questionId, "description", locale, q.description));
    q.choices.forEach((c, ci) => {
      const choiceId = crypto.randomUUID();
      statements.push(
        db.insert(commissionFormQuestionChoices).values({ id: choiceId, questionId, priceAmount: c.priceAmount, priceCurrencyId: c.priceAmount === null ? null : ids[draft.currency], userIndex: ci }),
      );
      statements.push(textInsert(db, CHOICE, choiceId, "title", locale, c.title));
    });
  });
  return statements;
}

export interface FormForEdit {
  id: string;
  code: string;
  status: PublishStatus;
  draft: FormDraft;
}

/** The form as the editor shows it, in the viewer's language; null unless `userAccountId` owns it. */
export async function getFormForEdit(db: Database, userAccountId: string, formId: string, locale: Locale): Promise<FormForEdit | null> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return null;
  const currency = await currencyCodeOf(db, form.priceCurrencyId);
  const questions = await db
    .select({ id: commissionFormQuestions.id, type: commissionFormQuestions.questionType, isRequired: commissionFormQuestions.isRequired })
    .from(commissionFormQuestions)
    .where(and(eq(commissionFormQuestions.formId, formId), eq(commissionFormQuestions.questionStatus, "ACTIVE")))
    .orderBy(asc(commissionFormQuestions.userIndex));
  const choices = await db
    .select({ id: commissionFormQuestionChoices.id, questionId: commissionFormQuestionChoices.questionId, priceAmount: commissionFormQuestionChoices.priceAmount })
    .from(commissionFormQuestionChoices)
    .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
    .where(eq(commissionFormQuestions.formId, formId))
    .orderBy(asc(commissionFormQuestionChoices.userIndex));
  const formTexts = await textsOf(db, FORM, [formId]);
  const qTexts = await textsOf(
    db,
    QUESTION,
    db.select({ id: commissionFormQuestions.id }).from(commissionFormQuestions).where(eq(commissionFormQuestions.formId, formId)),
  );
  const cTexts = await textsOf(
    db,
    CHOICE,
    db
      .select({ id: commissionFormQuestionChoices.id })
      .from(commissionFormQuestionChoices)
      .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
      .where(eq(commissionFormQuestions.formId, formId)),
  );
  const draftQuestions: QuestionDraft[] = questions.map((q) => ({
    id: q.id,
    type: q.type,
    title: pickText(qTexts, q.id, "title", locale),
    description: pickText(qTexts, q.id, "description", locale),
    isRequired: q.isRequired,
    choices: choices
      .filter((c) => c.questionId === q.id)
      .map((c) => ({ id: c.id, title: pickText(cTexts, c.id, "title", locale), price: formatPriceInput(c.priceAmount, currency) })),
  }));
  return {
    id: form.id,
    code: form.code,
    status: form.formStatus,
    draft: {
      title: pickText(formTexts, formId, "title", locale),
      description: pickText(formTexts, formId, "description", locale),
      categoryCode: form.categoryCode ?? "",
      price: formatPriceInput(form.priceAmount, currency),
      currency,
      questions: draftQuestions,
    },
  };
}

export type FormWriteResult = { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Replace the form's content with a validated draft, in the writer's language. Someone else's form is refused
 * (not_found) and left unchanged. An unknown or inactive category is refused.
 */
export async function saveForm(db: Database, userAccountId: string, formId: string, draft: ParsedForm, locale: Locale): Promise<FormWriteResult> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return { ok: false, reason: "not_found" };
  if (draft.categoryCode) {
    const category = await db
      .select({ code: commissionCategories.code })
      .from(commissionCategories)
      .where(and(eq(commissionCategories.code, draft.categoryCode), eq(commissionCategories.isActive, true)))
      .get();
    if (!category) return { ok: false, reason: "invalid", errors: { categoryCode: "authoring_category" } };
  }
  const ids = await currencyIds(db);
  await db.batch(writeContent(db, formId, draft, locale, ids) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ok: true };
}

/** Publish (shown at /cf/{code}) or take back to draft. */
export async function setFormStatus(db: Database, userAccountId: string, formId: string, status: PublishStatus): Promise<FormWriteResult> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return { ok: false, reason: "not_found" };
  await db.update(commissionForms).set({ formStatus: status, updatedAt: new Date() }).where(eq(commissionForms.id, form.id));
  return { ok: true };
}

/** Delete the form with its questions, choices and texts. Services pointing at it keep existing (form set null). */
export async function deleteForm(db: Database, userAccountId: string, formId: string): Promise<FormWriteResult> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return { ok: false, reason: "not_found" };
  const empty: ParsedForm = { title: "", description: "", categoryCode: null, priceAmount: null, currency: "JPY", questions: [] };
  const ids = await currencyIds(db);
  // writeContent's first five statements clear texts and questions; then the title row it adds is dropped with the form.
  const clear = writeContent(db, formId, empty, "en", ids).slice(1, 5);
  await db.batch([...clear, db.delete(commissionForms).where(eq(commissionForms.id, formId))] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ok: true };
}
