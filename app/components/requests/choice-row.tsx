import { priceTag } from "#app/components/catalog/price-label";
import { CheckedInput } from "#app/components/form/checked-input";
import { MediaImage } from "#app/components/media/media-image";
import { getLocale } from "#app/paraglide/runtime.js";
import { EACH_COUNT_MAX } from "#worker/orders/domain/price-lines";
import type { PublicFormQuestion } from "#worker/services/catalog";
import { CountStepper } from "./count-stepper";
import { choicePriceText, rushText } from "./price-words";
import { type QuestionReading, useQuestionText } from "./question-reading";

type Choice = PublicFormQuestion["choices"][number];

/**
 * One choice of a request's question, as a price sheet lists it (issue 63): its picture and title, what it costs in
 * the service's currency ("+¥5,000", "+100%", "¥8,000 each", a plan's "¥20,000") with the approximate amount in the
 * viewer's currency under it where that is another one, a rush choice's promise, and once an `each` choice is picked,
 * how many. The count sits outside the label, so the box's name stays the choice's title.
 */
export function ChoiceRow(props: {
  choice: Choice;
  question: QuestionReading;
  single: boolean;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  count: number;
  onCountChange: (count: number) => void;
}) {
  const { choice, checked } = props;
  const shown = useQuestionText(choice.title, props.question);
  const locale = getLocale();
  const priceText = choicePriceText(choice.pricing, locale);
  // The catalog's conversion of an amount (a percent has none): shown only when it is another currency.
  const approximate = priceText && choice.pricing.kind !== "percent" && choice.price?.approximate ? choice.price : null;
  const rush = rushText(choice.pricing.rushDays);
  const isEach = choice.pricing.kind === "each";
  return (
    <li className="space-y-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg bg-zinc-50 px-3 py-2 text-sm has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 dark:bg-zinc-800/60 dark:has-[:checked]:bg-brand-500/20 dark:has-[:checked]:ring-brand-300">
        <CheckedInput
          type={props.single ? "radio" : "checkbox"}
          name={props.name}
          checked={checked}
          onCheckedChange={props.onCheckedChange}
          className="size-4 shrink-0 accent-brand-700"
        />
        {choice.media ? (
          <MediaImage
            src={choice.media.thumbnailUrl ?? choice.media.url}
            alt=""
            className="size-12 shrink-0 rounded-md"
          />
        ) : null}
        <span className="min-w-0 flex-1">
          <span lang={shown.lang} title={shown.original} className="block text-zinc-900 dark:text-zinc-100">
            {shown.text}
          </span>
          {rush ? <span className="block text-xs font-medium text-amber-800 dark:text-amber-300">{rush}</span> : null}
        </span>
        {priceText ? (
          <span className="shrink-0 text-right">
            <span className="block font-semibold text-zinc-900 dark:text-zinc-50">{priceText}</span>
            {approximate ? (
              <span className="block text-xs text-zinc-600 dark:text-zinc-400" title={priceTag(approximate).note}>
                {priceTag(approximate).text}
              </span>
            ) : null}
          </span>
        ) : null}
      </label>
      {isEach && checked ? (
        <div className="flex justify-end pr-1">
          <CountStepper
            title={shown.text}
            value={props.count}
            max={Math.min(choice.pricing.maxCount ?? 1, EACH_COUNT_MAX)}
            onChange={props.onCountChange}
          />
        </div>
      ) : null}
    </li>
  );
}
