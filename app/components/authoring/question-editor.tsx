import { m } from "#app/paraglide/messages.js";
import { TextField } from "#app/components/form/text-field";
import { TextareaField } from "#app/components/form/textarea-field";
import type { CurrencyCode } from "#worker/domain/currency";
import type { QuestionType } from "#worker/db/schema/enums";
import type { QuestionDraft } from "#worker/domain/commission-form";
import {
  CHOICE_TYPES,
  FORM_MEDIA_FIELDS,
  QUESTION_DESCRIPTION_MAX,
  QUESTION_TITLE_MAX,
} from "#worker/domain/commission-form-fields";
import { FORM_QUESTION_MEDIA_MAX } from "#worker/media/domain/media-limits";
import { ChoiceEditor, type ChoiceTexts, type KeyedChoice } from "./choice-editor";
import { SmallButton } from "./small-button";
import type { KeyedMedia } from "./media-list-field";
import { MediaListField } from "./media-list-field";
import { CheckedInput } from "#app/components/form/checked-input";

/** A question's fixed texts (from the loader, see FormEditorTexts); texts with a number in them stay messages. */
export interface QuestionTexts {
  /** Each question type's name. */
  types: Record<QuestionType, string>;
  noneHint: string;
  title: string;
  description: string;
  optional: string;
  mediaHint: string;
  required: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  choices: ChoiceTexts;
}

export type KeyedQuestion = Omit<QuestionDraft, "choices" | "medias"> & {
  key: string;
  choices: KeyedChoice[];
  medias: KeyedMedia[];
};

/** One question of the builder: title, description, required flag, choices for choice types, and its place in the list. */
export function QuestionEditor(props: {
  index: number;
  count: number;
  /** The stored form: question and choice files upload under it. */
  formId: string;
  question: KeyedQuestion;
  texts: QuestionTexts;
  currency: CurrencyCode;
  errors: Record<string, string>;
  onChange: (question: KeyedQuestion) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { index, count, formId, question, currency, errors, texts, onChange, onMove, onRemove } = props;
  const number = index + 1;
  const id = `q-${question.key}`;
  const path = `questions.${index}`;
  const isNotice = question.type === "NONE";
  return (
    <fieldset className="space-y-4 rounded-lg border border-zinc-300 p-4 dark:border-zinc-700">
      <legend className="px-1 text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {m.authoring_question_legend({ number, type: texts.types[question.type] })}
      </legend>
      {isNotice && <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.noneHint}</p>}
      <TextField
        id={`${id}-title`}
        label={texts.title}
        value={question.title}
        maxLength={QUESTION_TITLE_MAX}
        aria-required
        error={errors[`${path}.title`]}
        onValueChange={(title) => onChange({ ...question, title })}
      />
      <TextareaField
        rows={3}
        id={`${id}-description`}
        label={texts.description}
        value={question.description}
        maxLength={QUESTION_DESCRIPTION_MAX}
        hint={texts.optional}
        error={errors[`${path}.description`]}
        onValueChange={(description) => onChange({ ...question, description })}
      />
      <MediaListField
        idPrefix={`${id}-media`}
        legend={m.authoring_question_media_heading({ number })}
        hint={texts.mediaHint}
        max={FORM_QUESTION_MEDIA_MAX}
        target={{ domain: "commission-form", id: formId, field: FORM_MEDIA_FIELDS.question }}
        title={question.title}
        medias={question.medias}
        error={errors[`${path}.medias`]}
        itemError={(i) => errors[`${path}.medias.${i}`]}
        itemContext={m.authoring_question_context({ number })}
        onChange={(medias) => onChange({ ...question, medias })}
      />
      {!isNotice && (
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          <CheckedInput
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={question.isRequired}
            onCheckedChange={(isRequired) => onChange({ ...question, isRequired })}
          />
          {texts.required}
        </label>
      )}
      {CHOICE_TYPES.includes(question.type) && (
        <ChoiceEditor
          idPrefix={id}
          formId={formId}
          questionType={question.type}
          choices={question.choices}
          currency={currency}
          errors={errors}
          errorPrefix={path}
          texts={texts.choices}
          onChange={(choices) => onChange({ ...question, choices })}
        />
      )}
      <div className="flex flex-wrap gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-700">
        <SmallButton
          target={m.authoring_question_context({ number })}
          visible={texts.moveUp}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        />
        <SmallButton
          target={m.authoring_question_context({ number })}
          visible={texts.moveDown}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        />
        <SmallButton target={m.authoring_question_context({ number })} visible={texts.remove} onClick={onRemove} />
      </div>
    </fieldset>
  );
}
