import { useState } from "react";
import { SelectField } from "~/components/form/select-field";
import { TextField } from "~/components/form/text-field";
import { TextareaField } from "~/components/form/textarea-field";
import { CURRENCIES, type CurrencyCode } from "../../../worker/domain/currency";
import { Form } from "react-router";
import { FormStatus } from "~/components/form/form-status";
import { m } from "~/paraglide/messages.js";
import { QUESTION_TYPES, type QuestionType } from "../../../worker/db/schema/enums";
import type { FormDraft } from "../../../worker/domain/commission-form";
import { FORM_DESCRIPTION_MAX, FORM_TITLE_MAX, moveItem, newQuestion } from "../../../worker/domain/commission-form-fields";
import { QUESTION_TYPE_LABELS, QuestionEditor, type KeyedQuestion } from "./question-editor";
import { ErrorText } from "~/components/form/error-text";

type KeyedDraft = Omit<FormDraft, "questions"> & { questions: KeyedQuestion[] };

const withKeys = (draft: FormDraft): KeyedDraft => ({
  ...draft,
  questions: draft.questions.map((q) => ({
    ...q,
    key: q.id ?? crypto.randomUUID(),
    medias: (q.medias ?? []).map((item) => ({ ...item, key: item.id ?? crypto.randomUUID() })),
    choices: q.choices.map((c) => ({ ...c, key: c.id ?? crypto.randomUUID(), media: c.media ? { ...c.media, key: c.media.id ?? crypto.randomUUID() } : null })),
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
}) {
  const { errors, saved, busy, published, categories } = props;
  const [draft, setDraft] = useState<KeyedDraft>(() => withKeys(props.draft));
  const [newType, setNewType] = useState<QuestionType>("SHORT_TEXT");
  const set = (patch: Partial<KeyedDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestions = (questions: KeyedQuestion[]) => set({ questions });
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Form method="post" noValidate className="space-y-6">
      <input type="hidden" name="payload" value={JSON.stringify(draft)} />
      <div className="max-w-2xl space-y-5">
        <TextField id="form-title" label={m.authoring_field_title()} value={draft.title} maxLength={FORM_TITLE_MAX} aria-required error={errors.title} onValueChange={(title) => set({ title })} />
        <TextareaField rows={3}
          id="form-description"
          label={m.authoring_field_description()}
          value={draft.description}
          maxLength={FORM_DESCRIPTION_MAX}
          hint={m.authoring_optional()}
          error={errors.description}
          onValueChange={(description) => set({ description })}
        />
        <SelectField
          id="form-category"
          label={m.authoring_field_category()}
          value={draft.categoryCode}
          error={errors.categoryCode}
          options={[{ value: "", label: m.authoring_field_category_none() }, ...categories.map((c) => ({ value: c.code, label: c.name }))]}
          onValueChange={(categoryCode) => set({ categoryCode })}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField
            id="form-price"
            label={m.authoring_field_price()}
            value={draft.price}
            inputMode={draft.currency === "JPY" ? "numeric" : "decimal"}
            hint={draft.currency === "JPY" ? m.authoring_field_price_hint_JPY() : m.authoring_field_price_hint_USD()}
            error={errors.price}
            onValueChange={(price) => set({ price })}
          />
          <SelectField
            id="form-currency"
            label={m.authoring_field_currency()}
            value={draft.currency}
            error={errors.currency}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            onValueChange={(currency) => set({ currency: currency as CurrencyCode })}
          />
        </div>
      </div>

      <section aria-labelledby="questions-heading" className="space-y-4">
        <h2 id="questions-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {m.authoring_questions_heading()}
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
              label={m.authoring_question_add_type()}
              value={newType}
              options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t]() }))}
              onValueChange={(t) => setNewType(t as QuestionType)}
            />
          </div>
          <button
            type="button"
            className="button-secondary min-h-11"
            onClick={() => {
              const q = newQuestion(newType);
              setQuestions([...draft.questions, { ...q, key: crypto.randomUUID(), medias: [], choices: q.choices.map((c) => ({ title: c.title, price: c.price, key: crypto.randomUUID() })) }]);
            }}
          >
            {m.authoring_question_add()}
          </button>
        </div>
      </section>

      <div className="space-y-3">
        <FormStatus saved={saved && !busy} savedText={m.authoring_saved()} errorText={hasErrors ? m.authoring_errors_summary() : undefined} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" disabled={busy} className="button-primary min-h-11 disabled:opacity-70">
            {busy ? m.authoring_saving() : m.authoring_save()}
          </button>
          {published ? (
            <button type="submit" name="intent" value="unpublish" disabled={busy} className="button-secondary min-h-11">
              {m.authoring_unpublish()}
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" disabled={busy} className="button-secondary min-h-11">
              {m.authoring_publish()}
            </button>
          )}
        </div>
      </div>
    </Form>
  );
}

