import { m } from "#app/paraglide/messages.js";
import { TextField } from "#app/components/form/text-field";
import type { ChoiceDraft } from "#worker/domain/commission-form";
import type { QuestionType } from "#worker/db/schema/enums";
import { CHOICE_TITLE_MAX, FORM_MEDIA_FIELDS, moveItem, newChoice } from "#worker/domain/commission-form-fields";
import { FORM_CHOICE_MEDIA_MAX } from "#worker/media/domain/media-limits";
import type { CurrencyCode } from "#worker/domain/currency";
import { SmallButton } from "./small-button";
import type { KeyedMedia } from "./media-list-field";
import { MediaListField } from "./media-list-field";
import { ErrorText } from "#app/components/form/error-text";
import { ChoicePricingFields, type ChoicePricingTexts } from "./choice-pricing-fields";

/** The choice list's fixed texts (from the loader, see FormEditorTexts); texts with a number in them stay messages. */
export interface ChoiceTexts {
  heading: string;
  mediaHint: string;
  mediaImagesOnly: string;
  mediaAdd: string;
  add: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  pricing: ChoicePricingTexts;
}

export type KeyedChoice = Omit<ChoiceDraft, "media"> & { key: string; media?: KeyedMedia | null };

/** The choices of a single or multiple choice question: label, how it is priced, image, order. */
export function ChoiceEditor(props: {
  idPrefix: string;
  formId: string;
  /** Its question's type: only a single-choice question's choices may set the base (a plan). */
  questionType: QuestionType;
  choices: KeyedChoice[];
  currency: CurrencyCode;
  errors: Record<string, string>;
  errorPrefix: string;
  texts: ChoiceTexts;
  onChange: (choices: KeyedChoice[]) => void;
}) {
  const { idPrefix, formId, questionType, choices, currency, errors, errorPrefix, texts, onChange } = props;
  const update = (index: number, patch: Partial<KeyedChoice>) =>
    onChange(choices.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{texts.heading}</legend>
      <ErrorText id={`${idPrefix}-choices-error`} text={errors[`${errorPrefix}.choices`]} />
      <ol className="space-y-3">
        {choices.map((choice, index) => {
          const number = index + 1;
          return (
            <li
              key={choice.key}
              className="grid gap-2 rounded-md border border-zinc-300 p-3 sm:grid-cols-3 dark:border-zinc-700"
            >
              <div className="sm:col-span-3">
                <TextField
                  id={`${idPrefix}-choice-${index}-title`}
                  label={m.authoring_choice_label({ number })}
                  value={choice.title}
                  maxLength={CHOICE_TITLE_MAX}
                  aria-required
                  error={errors[`${errorPrefix}.choices.${index}.title`]}
                  onValueChange={(title) => update(index, { title })}
                />
              </div>
              <ChoicePricingFields
                idPrefix={`${idPrefix}-choice-${index}`}
                number={number}
                choice={choice}
                questionType={questionType}
                currency={currency}
                errors={errors}
                errorPrefix={`${errorPrefix}.choices.${index}`}
                texts={texts.pricing}
                onChange={(patch) => update(index, patch)}
              />
              <div className="sm:col-span-3">
                <MediaListField
                  idPrefix={`${idPrefix}-choice-${index}-media`}
                  legend={m.authoring_choice_media_heading({ number })}
                  hint={texts.mediaHint}
                  max={FORM_CHOICE_MEDIA_MAX}
                  target={{ domain: "commission-form", id: formId, field: FORM_MEDIA_FIELDS.choice }}
                  title={choice.title}
                  medias={choice.media ? [choice.media] : []}
                  error={errors[`${errorPrefix}.choices.${index}.media`]}
                  imagesOnly
                  imagesOnlyText={texts.mediaImagesOnly}
                  addLabel={texts.mediaAdd}
                  itemContext={m.authoring_choice_context({ number })}
                  onChange={(medias) => update(index, { media: medias[0] ?? null })}
                />
              </div>
              <div className="flex flex-wrap gap-2 sm:col-span-3">
                <SmallButton
                  target={m.authoring_choice_context({ number })}
                  visible={texts.moveUp}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(choices, index, -1))}
                />
                <SmallButton
                  target={m.authoring_choice_context({ number })}
                  visible={texts.moveDown}
                  disabled={index === choices.length - 1}
                  onClick={() => onChange(moveItem(choices, index, 1))}
                />
                <SmallButton
                  target={m.authoring_choice_context({ number })}
                  visible={texts.remove}
                  onClick={() => onChange(choices.filter((_, i) => i !== index))}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button-secondary min-h-11"
        onClick={() => onChange([...choices, { ...newChoice(), media: null, key: crypto.randomUUID() }])}
      >
        {texts.add}
      </button>
    </fieldset>
  );
}
