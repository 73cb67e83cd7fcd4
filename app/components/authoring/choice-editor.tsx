import { m } from "~/paraglide/messages.js";
import { CHOICE_TITLE_MAX, moveItem, type ChoiceDraft, type FormCurrency } from "../../../worker/domain/commission-form";
import { EditorText, ErrorText, SmallButton } from "./fields";

export type KeyedChoice = ChoiceDraft & { key: string };

/** The choices of a single or multiple choice question: label, extra price, order. */
export function ChoiceEditor(props: {
  idPrefix: string;
  choices: KeyedChoice[];
  currency: FormCurrency;
  errors: Record<string, string>;
  errorPrefix: string;
  onChange: (choices: KeyedChoice[]) => void;
}) {
  const { idPrefix, choices, currency, errors, errorPrefix, onChange } = props;
  const update = (index: number, patch: Partial<ChoiceDraft>) => onChange(choices.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.authoring_choices_heading()}</legend>
      <ErrorText id={`${idPrefix}-choices-error`} text={errors[`${errorPrefix}.choices`]} />
      <ol className="space-y-3">
        {choices.map((choice, index) => {
          const number = index + 1;
          return (
            <li key={choice.key} className="grid gap-2 rounded-md border border-zinc-300 p-3 sm:grid-cols-[1fr_10rem] dark:border-zinc-700">
              <EditorText
                id={`${idPrefix}-choice-${index}-title`}
                label={m.authoring_choice_label({ number })}
                value={choice.title}
                maxLength={CHOICE_TITLE_MAX}
                required
                error={errors[`${errorPrefix}.choices.${index}.title`]}
                onChange={(title) => update(index, { title })}
              />
              <EditorText
                id={`${idPrefix}-choice-${index}-price`}
                label={`${m.authoring_choice_price({ number })} (${currency})`}
                value={choice.price}
                inputMode={currency === "JPY" ? "numeric" : "decimal"}
                error={errors[`${errorPrefix}.choices.${index}.price`]}
                onChange={(price) => update(index, { price })}
              />
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <SmallButton target={m.authoring_choice_context({ number })} visible={m.authoring_move_up()} disabled={index === 0} onClick={() => onChange(moveItem(choices, index, -1))} />
                <SmallButton target={m.authoring_choice_context({ number })} visible={m.authoring_move_down()} disabled={index === choices.length - 1} onClick={() => onChange(moveItem(choices, index, 1))} />
                <SmallButton target={m.authoring_choice_context({ number })} visible={m.authoring_remove()} onClick={() => onChange(choices.filter((_, i) => i !== index))} />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button-secondary min-h-11" onClick={() => onChange([...choices, { key: crypto.randomUUID(), title: "", price: "" }])}>
        {m.authoring_choice_add()}
      </button>
    </fieldset>
  );
}
