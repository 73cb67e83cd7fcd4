// The read-only commission form's words (routes/commission-form.tsx), made by its loader in the viewer's language
// (decision 016's pattern): the prices as text (priceTag), and each question's type and whether it is required.
// Every question type's label and the price formatting stay off the browser.
import { m } from "#app/paraglide/messages.js";
import type { QuestionType } from "#worker/db/schema/enums";
import type { PublicFormQuestion } from "#worker/services/catalog";
import type { DisplayPrice } from "#worker/domain/pricing";
import { priceTag, type PriceTag } from "#app/components/catalog/price-label";
import { choicePriceText, rushText } from "#app/components/requests/price-words";
import { getLocale } from "#app/paraglide/runtime.js";

const QUESTION_TYPE_LABEL: Record<QuestionType, () => string> = {
  SHORT_TEXT: m.catalog_form_type_SHORT_TEXT,
  LONG_TEXT: m.catalog_form_type_LONG_TEXT,
  SINGLE_CHOICE: m.catalog_form_type_SINGLE_CHOICE,
  MULTIPLE_CHOICE: m.catalog_form_type_MULTIPLE_CHOICE,
  MEDIA: m.catalog_form_type_MEDIA,
  DATE: m.catalog_form_type_DATE,
  NONE: m.catalog_form_type_NONE,
};

export interface QuestionTexts {
  type: string;
  /** "Required" or "Optional"; none for a question without an answer (NONE). */
  required: string | null;
  /**
   * Each priced choice's price as a price sheet says it (issue 63: "+¥5,000", "+100%", "¥8,000 each", a plan's
   * "¥20,000", in the form's currency; a rush choice with its promise), by choice id; the note is the amount in the
   * viewer's currency, approximately, where that is another one.
   */
  choicePrices: Record<string, PriceTag>;
}

export function formPageTexts(form: { price: DisplayPrice | null; questions: PublicFormQuestion[] }) {
  return {
    price: priceTag(form.price, Boolean(form.price)),
    questions: Object.fromEntries(
      form.questions.map((question): [string, QuestionTexts] => [
        question.id,
        {
          type: QUESTION_TYPE_LABEL[question.questionType](),
          required:
            question.questionType === "NONE"
              ? null
              : question.isRequired
                ? m.catalog_form_required()
                : m.catalog_form_optional(),
          choicePrices: Object.fromEntries(
            question.choices.flatMap((choice) => {
              const tag = choiceTag(choice);
              return tag ? [[choice.id, tag]] : [];
            }),
          ),
        },
      ]),
    ),
  };
}

function choiceTag(choice: PublicFormQuestion["choices"][number]): PriceTag | null {
  const words = [choicePriceText(choice.pricing, getLocale()), rushText(choice.pricing.rushDays)].filter(Boolean);
  if (words.length === 0) return null;
  const converted = choice.pricing.kind !== "percent" && choice.price?.approximate ? priceTag(choice.price) : null;
  return { text: words.join(" · "), note: converted ? `${converted.text} (${converted.note})` : undefined };
}
