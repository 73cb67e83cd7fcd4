import { useState } from "react";
import { SelectField } from "#app/components/form/select-field";
import { TextField } from "#app/components/form/text-field";
import { TextareaField } from "#app/components/form/textarea-field";
import { CURRENCIES, type CurrencyCode } from "#worker/domain/currency";
import { Form } from "react-router";
import { controlBorder, controlClass } from "#app/components/form/field";
import { FormStatus } from "#app/components/form/form-status";
import { useHydrated } from "#app/components/form/typed-before-hydration";
import { QUESTION_TYPES, type QuestionType } from "#worker/db/schema/enums";
import type { FormDraft } from "#worker/domain/commission-form";
import { FORM_DESCRIPTION_MAX, FORM_TITLE_MAX, moveItem, newQuestion } from "#worker/domain/commission-form-fields";
import { QuestionEditor, type KeyedQuestion, type QuestionTexts } from "./question-editor";
import { ErrorText } from "#app/components/form/error-text";
import { StagePlanEditor } from "./stage-plan-editor";
import type { StagePlanTexts } from "./stage-plan-texts";

/**
 * The builder's fixed texts, made by the loader in the reader's language (decision 030's pattern: the page only shows
 * them, so their messages stay out of its JavaScript). See formEditorTextsFor in commission-form-edit.tsx. The
 * questions' own texts, most with a number in them, stay messages.
 */
export interface FormEditorTexts {
  title: string;
  description: string;
  optional: string;
  category: string;
  categoryNone: string;
  price: string;
  /** The price field's hint by currency (JPY takes whole yen). */
  priceHintJpy: string;
  priceHintUsd: string;
  currency: string;
  questionsHeading: string;
  question: QuestionTexts;
  addType: string;
  add: string;
  saved: string;
  errorsSummary: string;
  save: string;
  saving: string;
  publish: string;
  unpublish: string;
  stagePlan: StagePlanTexts;
  /** The form's own slot count (decision 091). */
  slots: string;
  slotsHint: string;
}

type KeyedDraft = Omit<FormDraft, "questions"> & { questions: KeyedQuestion[] };

const withKeys = (draft: FormDraft): KeyedDraft => ({
  ...draft,
  questions: draft.questions.map((q) => ({
    ...q,
    key: q.id ?? crypto.randomUUID(),
    medias: (q.medias ?? []).map((item) => ({ ...item, key: item.id ?? crypto.randomUUID() })),
    choices: q.choices.map((c) => ({
      ...c,
      key: c.id ?? crypto.randomUUID(),
      media: c.media ? { ...c.media, key: c.media.id ?? crypto.randomUUID() } : null,
    })),
  })),
});

/**
 * The commission form builder. The whole draft lives in client state and is posted as JSON in one hidden field,
 * so a refused save keeps everything the creator typed; errors come back keyed by path ("questions.2.title").
 */
export function FormEditor(props: {
  /** The stored form (media files upload under it). */
  formId: string;
  draft: FormDraft;
  errors: Record<string, string>;
  saved: boolean;
  busy: boolean;
  published: boolean;
  categories: { code: string; name: string }[];
  texts: FormEditorTexts;
  /** The form's own slot count as stored ("" for none); posted as its own input beside the payload. */
  slots: string;
}) {
  const { errors, saved, busy, published, categories, texts } = props;
  const [draft, setDraft] = useState<KeyedDraft>(() => withKeys(props.draft));
  const [newType, setNewType] = useState<QuestionType>("SHORT_TEXT");
  const set = (patch: Partial<KeyedDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestions = (questions: KeyedQuestion[]) => set({ questions });
  const hasErrors = Object.keys(errors).length > 0;
  // The payload below is the state: posted before hydration it would be the server's draft, not what is on screen.
  const hydrated = useHydrated();

  return (
    <Form method="post" noValidate className="space-y-6">
      <input type="hidden" name="payload" value={JSON.stringify(draft)} />
      <div className="max-w-2xl space-y-5">
        <TextField
          id="form-title"
          label={texts.title}
          value={draft.title}
          maxLength={FORM_TITLE_MAX}
          aria-required
          error={errors.title}
          onValueChange={(title) => set({ title })}
        />
        <TextareaField
          rows={3}
          id="form-description"
          label={texts.description}
          value={draft.description}
          maxLength={FORM_DESCRIPTION_MAX}
          hint={texts.optional}
          error={errors.description}
          onValueChange={(description) => set({ description })}
        />
        <SelectField
          id="form-category"
          label={texts.category}
          value={draft.categoryCode}
          error={errors.categoryCode}
          options={[
            { value: "", label: texts.categoryNone },
            ...categories.map((c) => ({ value: c.code, label: c.name })),
          ]}
          onValueChange={(categoryCode) => set({ categoryCode })}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField
            id="form-price"
            label={texts.price}
            value={draft.price}
            inputMode={draft.currency === "JPY" ? "numeric" : "decimal"}
            hint={draft.currency === "JPY" ? texts.priceHintJpy : texts.priceHintUsd}
            error={errors.price}
            onValueChange={(price) => set({ price })}
          />
          <SelectField
            id="form-currency"
            label={texts.currency}
            value={draft.currency}
            error={errors.currency}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            onValueChange={(currency) => set({ currency: currency as CurrencyCode })}
          />
        </div>
        {/* Its rows post as their own inputs beside the payload (the action reads them into the draft). */}
        <StagePlanEditor
          idPrefix="form-stage"
          rows={props.draft.stagePlan ?? []}
          errors={errors}
          texts={texts.stagePlan}
        />
        {/* Its own input beside the payload, like the plan's rows: the action saves it with saveTargetSlots. */}
        <TextField
          name="slots"
          id="form-slots"
          label={texts.slots}
          hint={texts.slotsHint}
          defaultValue={props.slots}
          error={errors.slots}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          className={`${controlClass} ${controlBorder(Boolean(errors.slots))} max-w-32`}
        />
      </div>

      <section aria-labelledby="questions-heading" className="space-y-4">
        <h2 id="questions-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {texts.questionsHeading}
        </h2>
        <ErrorText text={errors.questions} />
        <ol className="space-y-4">
          {draft.questions.map((question, index) => (
            <li key={question.key}>
              <QuestionEditor
                index={index}
                count={draft.questions.length}
                formId={props.formId}
                question={question}
                texts={texts.question}
                currency={draft.currency}
                errors={errors}
                onChange={(next) => setQuestions(draft.questions.map((q, i) => (i === index ? next : q)))}
                onMove={(delta) => setQuestions(moveItem(draft.questions, index, delta))}
                onRemove={() => setQuestions(draft.questions.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-64">
            <SelectField
              id="new-question-type"
              label={texts.addType}
              value={newType}
              options={QUESTION_TYPES.map((t) => ({ value: t, label: texts.question.types[t] }))}
              onValueChange={(t) => setNewType(t as QuestionType)}
            />
          </div>
          <button
            type="button"
            className="button-secondary min-h-11"
            onClick={() => {
              const q = newQuestion(newType);
              setQuestions([
                ...draft.questions,
                {
                  ...q,
                  key: crypto.randomUUID(),
                  medias: [],
                  choices: q.choices.map((c) => ({ ...c, media: null, key: crypto.randomUUID() })),
                },
              ]);
            }}
          >
            {texts.add}
          </button>
        </div>
      </section>

      <div className="space-y-3">
        <FormStatus
          saved={saved && !busy}
          savedText={texts.saved}
          errorText={hasErrors ? texts.errorsSummary : undefined}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy || !hydrated}
            className="button-primary min-h-11 disabled:opacity-70"
          >
            {busy ? texts.saving : texts.save}
          </button>
          {published ? (
            <button
              type="submit"
              name="intent"
              value="unpublish"
              disabled={busy || !hydrated}
              className="button-secondary min-h-11"
            >
              {texts.unpublish}
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="publish"
              disabled={busy || !hydrated}
              className="button-secondary min-h-11"
            >
              {texts.publish}
            </button>
          )}
        </div>
      </div>
    </Form>
  );
}
