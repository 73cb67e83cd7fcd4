import { useId } from "react";
import { priceTag } from "#app/components/catalog/price-label";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import type { PriceLine } from "#worker/orders/domain/price-lines";
import { licenceText, lineLabel, moneyText } from "./price-words";
import type { FormReadings } from "./question-reading";
import { requestPrice, type PricedQuestion, type RequestPricing } from "./request-price";

/**
 * The request's price above Send (issue 63): the base or the plan, each option picked (a percent with its %, a count
 * with its "× n"), and the total in the service's currency, by the rule the server prices the order with; the total in
 * the viewer's currency, approximately, where that is another one; and the licence the picks grant. With nothing
 * priced, the spec's words that the creator sets the price after hearing the request. The total is a polite live
 * region, so a screen reader hears it change as the client chooses.
 */
export function PriceSummary(props: {
  questions: readonly PricedQuestion[];
  answers: Parameters<typeof requestPrice>[1];
  pricing: RequestPricing;
  reading?: FormReadings;
}) {
  const headingId = useId();
  const locale = getLocale();
  const price = requestPrice(props.questions, props.answers, props.pricing);
  const titleOf = (choiceId: string) => {
    const title = props.questions.flatMap((q) => q.choices).find((choice) => choice.id === choiceId)?.title ?? "";
    // The creator's title in the reader's language where a translation is stored, as the question shows it.
    const reading = props.reading?.readings?.[title];
    return reading?.kind === "translated" ? reading.text : title;
  };
  const money = (amount: number) => moneyText(amount, price.currencyCode, locale);
  const approximate = price.approximate ? priceTag(price.approximate) : null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
        {m.requests_price()}
      </h3>
      {price.lines.length > 0 ? (
        <ul className="space-y-1.5 text-sm">
          {price.lines.map((line) => (
            <li key={lineKey(line)} className="flex items-baseline justify-between gap-4">
              <span className="min-w-0 break-words text-zinc-700 dark:text-zinc-300">{lineLabel(line, titleOf)}</span>{" "}
              <span className="shrink-0 tabular-nums text-zinc-900 dark:text-zinc-100">{money(line.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="border-t border-zinc-200 pt-3 dark:border-zinc-800"
      >
        {price.total === null ? (
          <p className="text-zinc-900 dark:text-zinc-100">{m.catalog_price_after_request()}</p>
        ) : (
          <>
            <p className="flex items-baseline justify-between gap-4 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
              <span>{m.requests_price_total()}</span> <span className="tabular-nums">{money(price.total)}</span>
            </p>
            {approximate ? (
              <p className="text-right text-sm text-zinc-600 dark:text-zinc-400" title={approximate.note}>
                {approximate.text}
              </p>
            ) : null}
          </>
        )}
      </div>
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{licenceText(price.licence, locale)}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.requests_total_hint()}</p>
    </section>
  );
}

/** A line's key: its choice (each choice prices one line), or the base. */
const lineKey = (line: PriceLine) => (line.kind === "base" ? "base" : `${line.kind}:${line.choiceId}`);
