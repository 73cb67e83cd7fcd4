import { m } from "#app/paraglide/messages.js";
import { TextField } from "#app/components/form/text-field";
import type { ChoiceDraft } from "#worker/domain/commission-form";
import { CHOICE_TITLE_MAX, FORM_MEDIA_FIELDS, moveItem } from "#worker/domain/commission-form-fields";
import { FORM_CHOICE_MEDIA_MAX } from "#worker/media/domain/media-limits";
import type { CurrencyCode } from "#worker/domain/currency";
import { SmallButton } from "./small-button";
import type { KeyedMedia } from "./media-list-field";
import { MediaListField } from "./media-list-field";
import { ErrorText } from "#app/components/form/error-text";

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
}

export type KeyedChoice = Omit<ChoiceDraft, "media"> & { key: string; media?: KeyedMedia | null };

/** The choices of a single or multiple choice question: label, extra price, order. */
export function ChoiceEditor(props: {
  idPrefix: string;
  formId: string;
  choices: KeyedChoice[];
  currency: CurrencyCode;
  errors: Record<string, string>;
  errorPrefix: string;
  texts: ChoiceTexts;
  onChange: (choices: KeyedChoice[]) => void;
}) {
  const { idPrefix, formId, choices, currency, errors, errorPrefix, texts, onChange } = props;
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
              className="grid gap-2 rounded-md border border-zinc-300 p-3 sm:grid-cols-[1fr_10rem] dark:border-zinc-700"
            >
              <TextField
                id={`${idPrefix}-choice-${index}-title`}
                label={m.authoring_choice_label({ number })}
                value={choice.title}
                maxLength={CHOICE_TITLE_MAX}
                aria-required
                error={errors[`${errorPrefix}.choices.${index}.title`]}
                onValueChange={(title) => update(index, { title })}
              />
              <TextField
                id={`${idPrefix}-choice-${index}-price`}
                label={`${m.authoring_choice_price({ number })} (${currency})`}
                value={choice.price}
                inputMode={currency === "JPY" ? "numeric" : "decimal"}
                error={errors[`${errorPrefix}.choices.${index}.price`]}
                onValueChange={(price) => update(index, { price })}
              />
              <div className="sm:col-span-2">
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
              <div className="flex flex-wrap gap-2 sm:col-span-2">
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
        onClick={() => onChange([...choices, { key: crypto.randomUUID(), title: "", price: "" }])}
      >
        {texts.add}
      </button>
    </fieldset>
  );
}
