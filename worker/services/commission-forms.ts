import { and, asc, eq, inArray } from "drizzle-orm";
import { MISSING_TEXT, pickText } from "../domain/localized-text";
import { CURRENCIES, asCurrencyCode, type CurrencyCode } from "../domain/currency";
import { formatPriceInput } from "../domain/pricing";
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
  media,
  mediaAttachments,
} from "../db/schema";
import { LOCALIZED, MEDIA_OWNERS } from "../db/schema/localized-entities";
import type { PublishStatus } from "../db/schema/enums";
import {
  generateFormCode,
  FORM_MEDIA_FIELDS,
  type FormDraft,
  type ParsedForm,
  type ParsedFormMedia,
  type QuestionDraft,
} from "../domain/commission-form";
import { parseMediaKey, type MediaKey } from "../media/domain/media-keys";
import type { MediaEntry } from "../media/domain/media-entries";
import { checkAttachment, deleteUnreferencedFiles, markUploadsAttached } from "../media/services/storage";
import { MEDIA_READ_COLUMNS, mediaRow, shownMedia } from "../media/services/media-rows";
import type { Locale } from "../domain/locales";
import { defaultCurrencyOf } from "./commission-settings";
import type { SessionUser } from "./sessions";
import { loadTexts, type SavedTexts, translateSavedEntities } from "./localized-texts";
import { purgeAccountPages } from "./public-pages";
import { rowsOfPlan, storedStagePlan } from "../orders/domain/stage-plan-rows";
import type { ParsedChoicePricing } from "../domain/choice-pricing";

const FORM = LOCALIZED.commissionForm.type;
const QUESTION = LOCALIZED.commissionFormQuestion.type;
const CHOICE = LOCALIZED.commissionFormQuestionChoice.type;
/** The creator's general terms, which a request from any of their forms accepts. */
const TERMS = LOCALIZED.commissionAccount.type;
const T_QUESTION = LOCALIZED.commissionFormTemplateQuestion.type;
const T_CHOICE = LOCALIZED.commissionFormTemplateQuestionChoice.type;
const Q_OWNER = MEDIA_OWNERS.commissionFormQuestion.type;
const C_OWNER = MEDIA_OWNERS.commissionFormQuestionChoice.type;

function textInsert(
  db: Database,
  entityType: string,
  entityId: string,
  field: string,
  languageCode: string,
  text: string,
) {
  return db
    .insert(localizedTexts)
    .values({ id: crypto.randomUUID(), entityType, entityId, field, languageCode, isOriginal: true, text });
}

/** A choice's pricing columns (issue 63) as a template's or a parsed choice holds them; absent reads as an `add`. */
function pricingOf(c: Partial<Omit<ParsedChoicePricing, "priceAmount">>): Omit<ParsedChoicePricing, "priceAmount"> {
  return {
    priceKind: c.priceKind ?? "add",
    pricePercent: c.pricePercent ?? null,
    maxCount: c.maxCount ?? null,
    licence: c.licence ?? null,
    rushDays: c.rushDays ?? null,
  };
}

/** A stored choice's pricing as the editor's fields hold it (numbers as text, "" for none). */
function choicePricingDraft(c: Omit<ParsedChoicePricing, "priceAmount">) {
  const typed = (n: number | null) => (n === null ? "" : String(n));
  return {
    priceKind: c.priceKind,
    percent: typed(c.pricePercent),
    maxCount: typed(c.maxCount),
    licence: c.licence ?? ("" as const),
    rushDays: typed(c.rushDays),
  };
}

/** A creator as a write needs them: their account, and the commission account their forms and services belong to. */
export type Creator = Pick<SessionUser, "accountId" | "commissionAccountId">;

async function currencyIds(db: Database): Promise<Record<CurrencyCode, string>> {
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...CURRENCIES]));
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<CurrencyCode, string>;
}

async function currencyCodeOf(db: Database, id: string): Promise<CurrencyCode> {
  const row = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, id)).get();
  return asCurrencyCode(row?.code);
}

/** The form if `userAccountId` owns it; null for someone else's form or no form (the caller answers 404 either way). */
async function ownedForm(db: Database, userAccountId: string, formId: string) {
  return db
    .select({
      id: commissionForms.id,
      code: commissionForms.code,
      formStatus: commissionForms.formStatus,
      priceAmount: commissionForms.priceAmount,
      priceCurrencyId: commissionForms.priceCurrencyId,
      categoryCode: commissionForms.categoryCode,
      commissionAccountId: commissionForms.commissionAccountId,
      stagePlan: commissionForms.stagePlan,
    })
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
  currency: CurrencyCode;
  categoryCode: string | null;
}

export async function listForms(db: Database, userAccountId: string, locale: Locale): Promise<FormListItem[]> {
  const rows = await db
    .select({
      id: commissionForms.id,
      code: commissionForms.code,
      status: commissionForms.formStatus,
      priceAmount: commissionForms.priceAmount,
      currency: currencies.code,
      categoryCode: commissionForms.categoryCode,
    })
    .from(commissionForms)
    .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionForms.commissionAccountId))
    .innerJoin(currencies, eq(currencies.id, commissionForms.priceCurrencyId))
    .where(eq(commissionAccounts.userAccountId, userAccountId))
    .orderBy(asc(commissionForms.userIndex), asc(commissionForms.createdAt));
  const texts = await loadTexts(
    db,
    FORM,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    currency: asCurrencyCode(r.currency),
    title: pickText(texts.get(r.id), locale, "title") ?? MISSING_TEXT,
  }));
}

export async function listCategoryOptions(db: Database, locale: Locale): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .select({ id: commissionCategories.id, code: commissionCategories.code })
    .from(commissionCategories)
    .where(eq(commissionCategories.isActive, true))
    .orderBy(asc(commissionCategories.userIndex));
  const texts = await loadTexts(
    db,
    LOCALIZED.commissionCategory.type,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ code: r.code, name: pickText(texts.get(r.id), locale, "name") || r.code }));
}

function isUniqueViolation(error: unknown): boolean {
  const message =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message);
}

/**
 * A new DRAFT form for the creator, starting from the default template: questions and choices are copied with
 * their texts in the creator's language (that text becomes the original). The form gets its public code now
 * (the column is required and unique); /cf/{code} shows it once published.
 */
export async function createFormFromTemplate(
  db: Database,
  { commissionAccountId }: Creator,
  locale: Locale,
  options: { title: string; generateCode?: () => string },
): Promise<string> {
  const ids = await currencyIds(db);
  const template = await db
    .select({ id: commissionFormTemplates.id })
    .from(commissionFormTemplates)
    .where(eq(commissionFormTemplates.isDefault, true))
    .get();
  const questions = template
    ? await db
        .select()
        .from(commissionFormTemplateQuestions)
        .where(eq(commissionFormTemplateQuestions.templateId, template.id))
        .orderBy(asc(commissionFormTemplateQuestions.userIndex))
    : [];
  const questionIds = questions.map((q) => q.id);
  const choices = questionIds.length
    ? await db
        .select()
        .from(commissionFormTemplateQuestionChoices)
        .where(inArray(commissionFormTemplateQuestionChoices.templateQuestionId, questionIds))
        .orderBy(asc(commissionFormTemplateQuestionChoices.userIndex))
    : [];
  const qTexts = await loadTexts(db, T_QUESTION, questionIds);
  const cTexts = await loadTexts(
    db,
    T_CHOICE,
    choices.map((c) => c.id),
  );
  const currency = await defaultCurrencyOf(db, commissionAccountId); // general settings
  const draft: ParsedForm = {
    title: options.title,
    description: "",
    categoryCode: null,
    priceAmount: null,
    currency,
    questions: questions.map((q) => ({
      type: q.questionType,
      title: pickText(qTexts.get(q.id), locale, "title") ?? "",
      description: pickText(qTexts.get(q.id), locale, "description") ?? "",
      isRequired: q.isRequired,
      choices: choices
        .filter((c) => c.templateQuestionId === q.id)
        .map((c) => {
          const priceAmount = c.priceCurrencyId === ids[currency] ? c.priceAmount : null;
          const pricing = pricingOf(c);
          // Another currency: the amount is the creator's to set. Until then the choice is an unpriced `add` (which
          // saves), not a plan without a price (which the editor would refuse before the creator touched anything).
          const unpriced = priceAmount === null && (pricing.priceKind === "plan" || pricing.priceKind === "each");
          return {
            title: pickText(cTexts.get(c.id), locale, "title") ?? "",
            priceAmount,
            ...pricing,
            ...(unpriced && { priceKind: "add" as const, maxCount: null }),
          };
        }),
    })),
  };
  const makeCode = options.generateCode ?? (() => generateFormCode());
  for (let attempt = 0; attempt < 5; attempt++) {
    const formId = crypto.randomUUID();
    try {
      await db
        .insert(commissionForms)
        .values({ id: formId, code: makeCode(), commissionAccountId, priceCurrencyId: ids[draft.currency] });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // the code was taken: draw another
      throw error;
    }
    await db.batch(writeContent(db, formId, draft, locale, ids) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return formId;
  }
  throw new Error("could not find a free form code");
}

/** Statements that clear a form's texts, questions, choices and their media attachments (not the media rows). */
function clearContent(db: Database, formId: string): BatchItem<"sqlite">[] {
  const oldQuestions = db
    .select({ id: commissionFormQuestions.id })
    .from(commissionFormQuestions)
    .where(eq(commissionFormQuestions.formId, formId));
  const oldChoices = db
    .select({ id: commissionFormQuestionChoices.id })
    .from(commissionFormQuestionChoices)
    .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
    .where(eq(commissionFormQuestions.formId, formId));
  return [
    db.delete(localizedTexts).where(and(eq(localizedTexts.entityType, FORM), eq(localizedTexts.entityId, formId))),
    db
      .delete(localizedTexts)
      .where(and(eq(localizedTexts.entityType, CHOICE), inArray(localizedTexts.entityId, oldChoices))),
    db
      .delete(localizedTexts)
      .where(and(eq(localizedTexts.entityType, QUESTION), inArray(localizedTexts.entityId, oldQuestions))),
    // Attachments point at question/choice ids by value (no foreign key): they go before the questions do.
    db
      .delete(mediaAttachments)
      .where(and(eq(mediaAttachments.ownerType, C_OWNER), inArray(mediaAttachments.ownerId, oldChoices))),
    db
      .delete(mediaAttachments)
      .where(and(eq(mediaAttachments.ownerType, Q_OWNER), inArray(mediaAttachments.ownerId, oldQuestions))),
    // Choices go with their questions (ON DELETE CASCADE); past orders keep their snapshots (references set null).
    db.delete(commissionFormQuestions).where(eq(commissionFormQuestions.formId, formId)),
  ];
}

/** What saveForm learnt about new stored files (size and sniffed type), by media entry. */
type FileFacts = Map<MediaEntry, { size: number; type: string }>;

/**
 * Statements that replace a form's texts, questions and choices with `draft` (texts in `locale`, as originals).
 * Kept media (by id) are attached again to the new question/choice rows; new entries become media rows owned by
 * `ownerUserAccountId`, in list order.
 */
function writeContent(
  db: Database,
  formId: string,
  draft: ParsedForm,
  locale: Locale,
  ids: Record<CurrencyCode, string>,
  ownerUserAccountId: string | null = null,
  files: FileFacts = new Map(),
): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(commissionForms)
      .set({
        priceAmount: draft.priceAmount,
        priceCurrencyId: ids[draft.currency],
        categoryCode: draft.categoryCode,
        // Milestones (decision 073): a draft without the editor's rows (the template's copy) keeps the plan.
        ...(draft.stagePlan && { stagePlan: JSON.stringify(draft.stagePlan) }),
        updatedAt: new Date(),
      })
      .where(eq(commissionForms.id, formId)),
    ...clearContent(db, formId),
    textInsert(db, FORM, formId, "title", locale, draft.title),
  ];
  const attach = (item: ParsedFormMedia, ownerType: string, ownerId: string, field: string, position: number) => {
    const mediaId = item.id ?? crypto.randomUUID();
    if (item.entry)
      statements.push(
        db.insert(media).values(mediaRow(mediaId, ownerUserAccountId, item.entry, position, files.get(item.entry))),
      );
    statements.push(
      db.insert(mediaAttachments).values({ id: crypto.randomUUID(), mediaId, ownerType, ownerId, field, position }),
    );
  };
  if (draft.description) statements.push(textInsert(db, FORM, formId, "description", locale, draft.description));
  draft.questions.forEach((q, qi) => {
    const questionId = crypto.randomUUID();
    statements.push(
      db
        .insert(commissionFormQuestions)
        .values({ id: questionId, formId, questionType: q.type, isRequired: q.isRequired, userIndex: qi }),
    );
    statements.push(textInsert(db, QUESTION, questionId, "title", locale, q.title));
    if (q.description) statements.push(textInsert(db, QUESTION, questionId, "description", locale, q.description));
    (q.medias ?? []).forEach((item, position) => attach(item, Q_OWNER, questionId, "medias", position));
    q.choices.forEach((c, ci) => {
      const choiceId = crypto.randomUUID();
      statements.push(
        db.insert(commissionFormQuestionChoices).values({
          id: choiceId,
          questionId,
          priceAmount: c.priceAmount,
          priceCurrencyId: c.priceAmount === null ? null : ids[draft.currency],
          ...pricingOf(c),
          userIndex: ci,
        }),
      );
      statements.push(textInsert(db, CHOICE, choiceId, "title", locale, c.title));
      if (c.media) attach(c.media, C_OWNER, choiceId, "media", 0);
    });
  });
  return statements;
}

/** The media attached to a form's questions and choices, in order. */
async function formMedia(db: Database, formId: string) {
  const questionIds = db
    .select({ id: commissionFormQuestions.id })
    .from(commissionFormQuestions)
    .where(eq(commissionFormQuestions.formId, formId));
  const choiceIds = db
    .select({ id: commissionFormQuestionChoices.id })
    .from(commissionFormQuestionChoices)
    .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
    .where(eq(commissionFormQuestions.formId, formId));
  const select = {
    ownerType: mediaAttachments.ownerType,
    ownerId: mediaAttachments.ownerId,
    ...MEDIA_READ_COLUMNS,
  };
  const [questions, choices] = await Promise.all([
    db
      .select(select)
      .from(mediaAttachments)
      .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
      .where(and(eq(mediaAttachments.ownerType, Q_OWNER), inArray(mediaAttachments.ownerId, questionIds)))
      .orderBy(asc(mediaAttachments.position)),
    db
      .select(select)
      .from(mediaAttachments)
      .innerJoin(media, eq(media.id, mediaAttachments.mediaId))
      .where(and(eq(mediaAttachments.ownerType, C_OWNER), inArray(mediaAttachments.ownerId, choiceIds)))
      .orderBy(asc(mediaAttachments.position)),
  ]);
  return [...questions, ...choices];
}

type FormMediaRow = Awaited<ReturnType<typeof formMedia>>[number];

/** Is this object key in the form's own folder for `field` (v1/commission-form/{formId}/{field}/…)? */
function isFormObject(key: { domain: string; id: string; field: string }, formId: string, field?: string): boolean {
  return key.domain === "commission-form" && key.id === formId && (field === undefined || key.field === field);
}

/** The R2 keys of FILE rows the user owns under the form's folder (what dropping them may remove from the bucket). */
/** The stored files of the form's own folder among these rows (another's file, or a link, is not the form's to delete). */
function formFiles(rows: FormMediaRow[], userAccountId: string, formId: string): MediaKey[] {
  return rows.flatMap((row) => {
    if (row.formatType !== "FILE" || row.ownerUserAccountId !== userAccountId || !row.fileUrl) return [];
    const key = parseMediaKey(row.fileUrl);
    return key && isFormObject(key, formId) ? [key] : [];
  });
}

export interface FormForEdit {
  id: string;
  code: string;
  status: PublishStatus;
  draft: FormDraft;
}

/** The form as the editor shows it, in the viewer's language; null unless `userAccountId` owns it. */
export async function getFormForEdit(
  db: Database,
  userAccountId: string,
  formId: string,
  locale: Locale,
): Promise<FormForEdit | null> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return null;
  const currency = await currencyCodeOf(db, form.priceCurrencyId);
  const questions = await db
    .select({
      id: commissionFormQuestions.id,
      type: commissionFormQuestions.questionType,
      isRequired: commissionFormQuestions.isRequired,
    })
    .from(commissionFormQuestions)
    .where(and(eq(commissionFormQuestions.formId, formId), eq(commissionFormQuestions.questionStatus, "ACTIVE")))
    .orderBy(asc(commissionFormQuestions.userIndex));
  const choices = await db
    .select({
      id: commissionFormQuestionChoices.id,
      questionId: commissionFormQuestionChoices.questionId,
      priceAmount: commissionFormQuestionChoices.priceAmount,
      priceKind: commissionFormQuestionChoices.priceKind,
      pricePercent: commissionFormQuestionChoices.pricePercent,
      maxCount: commissionFormQuestionChoices.maxCount,
      licence: commissionFormQuestionChoices.licence,
      rushDays: commissionFormQuestionChoices.rushDays,
    })
    .from(commissionFormQuestionChoices)
    .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
    .where(eq(commissionFormQuestions.formId, formId))
    .orderBy(asc(commissionFormQuestionChoices.userIndex));
  const formTexts = await loadTexts(db, FORM, [formId]);
  const qTexts = await loadTexts(
    db,
    QUESTION,
    db
      .select({ id: commissionFormQuestions.id })
      .from(commissionFormQuestions)
      .where(eq(commissionFormQuestions.formId, formId)),
  );
  const cTexts = await loadTexts(
    db,
    CHOICE,
    db
      .select({ id: commissionFormQuestionChoices.id })
      .from(commissionFormQuestionChoices)
      .innerJoin(commissionFormQuestions, eq(commissionFormQuestions.id, commissionFormQuestionChoices.questionId))
      .where(eq(commissionFormQuestions.formId, formId)),
  );
  const medias = await formMedia(db, formId);
  const draftQuestions: QuestionDraft[] = questions.map((q) => ({
    id: q.id,
    type: q.type,
    title: pickText(qTexts.get(q.id), locale, "title") ?? "",
    description: pickText(qTexts.get(q.id), locale, "description") ?? "",
    isRequired: q.isRequired,
    choices: choices
      .filter((c) => c.questionId === q.id)
      .map((c) => {
        const image = medias.find((m) => m.ownerType === C_OWNER && m.ownerId === c.id);
        return {
          id: c.id,
          title: pickText(cTexts.get(c.id), locale, "title") ?? "",
          price: formatPriceInput(c.priceAmount, currency),
          ...choicePricingDraft(c),
          media: image ? shownMedia(image) : null,
        };
      }),
    medias: medias.filter((m) => m.ownerType === Q_OWNER && m.ownerId === q.id).map(shownMedia),
  }));
  return {
    id: form.id,
    code: form.code,
    status: form.formStatus,
    draft: {
      title: pickText(formTexts.get(formId), locale, "title") ?? "",
      description: pickText(formTexts.get(formId), locale, "description") ?? "",
      categoryCode: form.categoryCode ?? "",
      price: formatPriceInput(form.priceAmount, currency),
      currency,
      questions: draftQuestions,
      stagePlan: rowsOfPlan(storedStagePlan(form.stagePlan)),
    },
  };
}

export type FormWriteResult =
  | { ok: true }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Replace the form's content with a validated draft, in the writer's language. Someone else's form is refused
 * (not_found) and left unchanged. An unknown or inactive category is refused.
 * Media: kept ones (by id) must already be this form's; a new FILE must lie in this form's own folder for its place
 * (question_medias / choice_media) and, with `bucket`, pass the upload rule again (bytes re-sniffed; a refused object
 * is deleted). Media no longer listed are deleted, with `bucket` their files in the form's folder too.
 */
export async function saveForm(
  db: Database,
  userAccountId: string,
  formId: string,
  draft: ParsedForm,
  locale: Locale,
  bucket: R2Bucket,
): Promise<FormWriteResult> {
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
  const current = await formMedia(db, formId);
  const currentIds = new Set(current.map((m) => m.id));
  const keptIds = new Set<string>();
  const files: FileFacts = new Map();
  const newKeys: string[] = [];
  const errors: Record<string, string> = {};
  const check = async (item: ParsedFormMedia, path: string, field: string) => {
    if (item.id) {
      if (!currentIds.has(item.id) || keptIds.has(item.id)) errors[path] = "authoring_invalid";
      keptIds.add(item.id);
      return;
    }
    const entry = item.entry!;
    const key = entry.url ? parseMediaKey(entry.url) : null;
    if (!key) return;
    const checked = await checkAttachment(bucket, key, (k) => isFormObject(k, formId, field));
    if (!checked.ok) {
      errors[path] =
        checked.error === "forbidden"
          ? "authoring_form_media_forbidden"
          : checked.error === "not_found"
            ? "authoring_invalid"
            : checked.error;
      return;
    }
    newKeys.push(key.key);
    files.set(entry, { size: checked.size, type: checked.mimeType });
  };
  for (const [qi, q] of draft.questions.entries()) {
    for (const [mi, item] of (q.medias ?? []).entries())
      await check(item, `questions.${qi}.medias.${mi}`, FORM_MEDIA_FIELDS.question);
    for (const [ci, c] of q.choices.entries())
      if (c.media) await check(c.media, `questions.${qi}.choices.${ci}.media`, FORM_MEDIA_FIELDS.choice);
  }
  if (Object.keys(errors).length) return { ok: false, reason: "invalid", errors };
  const ids = await currencyIds(db);
  const dropped = current.filter((m) => !keptIds.has(m.id));
  const statements = writeContent(db, formId, draft, locale, ids, userAccountId, files);
  // The new files are attached by this save: no longer pending uploads (the cron deletes unattached ones).
  const attached = markUploadsAttached(db, newKeys);
  if (attached) statements.push(attached);
  if (dropped.length)
    statements.push(
      db.delete(media).where(
        and(
          inArray(
            media.id,
            dropped.map((m) => m.id),
          ),
          eq(media.ownerUserAccountId, userAccountId),
        ),
      ),
    );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // A file two questions showed, or an order's snapshot copied, stays while anything refers to it.
  if (bucket) await deleteUnreferencedFiles(db, bucket, formFiles(dropped, userAccountId, formId));
  await purgeAccountPages(db, userAccountId);
  translateFormTexts(formId, form.commissionAccountId, userAccountId);
  return { ok: true };
}

/**
 * Every text a client reads on the form's page, in the background after a save or a publish (issue 46): the form's
 * title and description, its questions' titles and descriptions, its choices' titles and the terms the client
 * accepts, each into the interface languages the creator did not type, charged to them. What is stored already is
 * skipped; the creator's pages are purged once when a translation lands.
 */
function translateFormTexts(formId: string, commissionAccountId: string, userAccountId: string): void {
  translateSavedEntities(async (db): Promise<SavedTexts[]> => {
    const questions = await db
      .select({ id: commissionFormQuestions.id })
      .from(commissionFormQuestions)
      .where(and(eq(commissionFormQuestions.formId, formId), eq(commissionFormQuestions.questionStatus, "ACTIVE")));
    const questionIds = questions.map((q) => q.id);
    const choices = questionIds.length
      ? await db
          .select({ id: commissionFormQuestionChoices.id })
          .from(commissionFormQuestionChoices)
          .where(inArray(commissionFormQuestionChoices.questionId, questionIds))
      : [];
    return [
      { entityType: FORM, ids: [formId], fields: ["title", "description"] },
      { entityType: QUESTION, ids: questionIds, fields: ["title", "description"] },
      { entityType: CHOICE, ids: choices.map((c) => c.id), fields: ["title"] },
      { entityType: TERMS, ids: [commissionAccountId], fields: ["default_terms"] },
    ];
  }, userAccountId);
}

/** Publish (shown at /cf/{code}) or take back to draft. */
export async function setFormStatus(
  db: Database,
  userAccountId: string,
  formId: string,
  status: PublishStatus,
): Promise<FormWriteResult> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return { ok: false, reason: "not_found" };
  await db
    .update(commissionForms)
    .set({ formStatus: status, updatedAt: new Date() })
    .where(eq(commissionForms.id, form.id));
  await purgeAccountPages(db, userAccountId);
  // Published: its first visitor from the other side reads it translated (a draft's texts were made at its save).
  if (status === "PUBLISHED") translateFormTexts(form.id, form.commissionAccountId, userAccountId);
  return { ok: true };
}

/**
 * Delete the form with its questions, choices, texts and media (with `bucket`, the files in its folder too; without
 * it the FILE rows stay, as their objects would be orphaned). Services pointing at it keep existing (form set null).
 */
export async function deleteForm(
  db: Database,
  userAccountId: string,
  formId: string,
  bucket?: R2Bucket,
): Promise<FormWriteResult> {
  const form = await ownedForm(db, userAccountId, formId);
  if (!form) return { ok: false, reason: "not_found" };
  const rows = await formMedia(db, formId);
  const removable = (bucket ? rows : rows.filter((m) => m.formatType !== "FILE")).map((m) => m.id);
  await db.batch([
    ...clearContent(db, formId),
    ...(removable.length
      ? [db.delete(media).where(and(inArray(media.id, removable), eq(media.ownerUserAccountId, userAccountId)))]
      : []),
    db.delete(commissionForms).where(eq(commissionForms.id, formId)),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (bucket) await deleteUnreferencedFiles(db, bucket, formFiles(rows, userAccountId, formId));
  await purgeAccountPages(db, userAccountId);
  return { ok: true };
}
