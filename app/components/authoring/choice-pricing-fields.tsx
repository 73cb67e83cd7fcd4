import { useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { TextField } from "#app/components/form/text-field";
import { SelectField } from "#app/components/form/select-field";
import type { LicenceTag } from "#worker/orders/domain/licence";
import type { PriceKind } from "#worker/orders/domain/price-lines";
import type { QuestionType } from "#worker/db/schema/enums";
import type { ChoiceDraft } from "#worker/domain/commission-form-fields";
import type { CurrencyCode } from "#worker/domain/currency";

/** The pricing fields' fixed texts (from the loader, see FormEditorTexts); labels with a number stay messages. */
export interface ChoicePricingTexts {
  /** Each price kind's name in the "how it prices" select. */
  kinds: Record<PriceKind, string>;
  /** Each licence tag's name, and `none` for a choice that grants none. */
  licences: Record<LicenceTag | "none", string>;
  /** The disclosure that holds the licence and rush fields. */
  more: string;
  rushHint: string;
}

/** The fields of a choice these inputs edit. */
type PricingDraft = Pick<ChoiceDraft, "price" | "priceKind" | "percent" | "maxCount" | "licence" | "rushDays">;

// The select lists the kinds in the order a price sheet reads: a plan's base, what adds, a percent, per item.
const KIND_ORDER: readonly PriceKind[] = ["add", "plan", "percent", "each"];
const LICENCE_ORDER = ["personal", "streaming", "goods", "advertising", "exclusive"] as const satisfies LicenceTag[];

const summaryClass =
  "inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-zinc-700 underline dark:text-zinc-300";

/**
 * A choice's price as the creator's sheet has it (issue 63): how it prices beside the amount, a percent or a most
 * count when the kind needs one, and under a disclosure the licence it grants and its rush days. Rendered into the
 * choice's three-column grid (one column at 375 px).
 */
export function ChoicePricingFields(props: {
  idPrefix: string;
  number: number;
  choice: PricingDraft;
  questionType: QuestionType;
  currency: CurrencyCode;
  errors: Record<string, string>;
  /** The choice's error path ("questions.0.choices.1"). */
  errorPrefix: string;
  texts: ChoicePricingTexts;
  onChange: (patch: Partial<PricingDraft>) => void;
}) {
  const { idPrefix, number, choice, questionType, currency, errors, errorPrefix, texts, onChange } = props;
  const kind = choice.priceKind ?? "add";
  const error = (field: string) => errors[`${errorPrefix}.${field}`];
  // A plan sets the base, which one pick can do: only a single-choice question offers it (the parse refuses others).
  const kinds = KIND_ORDER.filter((k) => k !== "plan" || questionType === "SINGLE_CHOICE" || kind === "plan");
  const priceLabel =
    kind === "plan"
      ? m.authoring_choice_price_plan({ number })
      : kind === "each"
        ? m.authoring_choice_price_each({ number })
        : m.authoring_choice_price({ number });
  const numeric = { inputMode: "numeric" as const, autoComplete: "off" };
  return (
    <>
      <SelectField
        id={`${idPrefix}-kind`}
        label={m.authoring_choice_kind_label({ number })}
        value={kind}
        error={error("priceKind")}
        options={kinds.map((k) => ({ value: k, label: texts.kinds[k] }))}
        // A percentage carries no amount: the typed one is cleared rather than refused on save.
        onValueChange={(next) => onChange({ priceKind: next as PriceKind, ...(next === "percent" && { price: "" }) })}
      />
      {kind === "percent" ? (
        <TextField
          id={`${idPrefix}-percent`}
          label={m.authoring_choice_percent_label({ number })}
          value={choice.percent ?? ""}
          maxLength={5}
          {...numeric}
          error={error("percent")}
          onValueChange={(percent) => onChange({ percent })}
        />
      ) : (
        <TextField
          id={`${idPrefix}-price`}
          label={`${priceLabel} (${currency})`}
          value={choice.price}
          inputMode={currency === "JPY" ? "numeric" : "decimal"}
          error={error("price")}
          onValueChange={(price) => onChange({ price })}
        />
      )}
      {kind === "each" && (
        <TextField
          id={`${idPrefix}-max-count`}
          label={m.authoring_choice_max_count_label({ number })}
          value={choice.maxCount ?? ""}
          maxLength={2}
          {...numeric}
          error={error("maxCount")}
          onValueChange={(maxCount) => onChange({ maxCount })}
        />
      )}
      {/* A price error on a percent choice (an old draft's amount) still shows where it can be cleared. */}
      {kind === "percent" && choice.price !== "" && (
        <TextField
          id={`${idPrefix}-price`}
          label={`${priceLabel} (${currency})`}
          value={choice.price}
          error={error("price")}
          onValueChange={(price) => onChange({ price })}
        />
      )}
      <ChoiceMore
        idPrefix={idPrefix}
        number={number}
        choice={choice}
        rushError={error("rushDays")}
        licenceError={error("licence")}
        texts={texts}
        onChange={onChange}
      />
    </>
  );
}

/** The licence and rush fields, folded away until a creator wants them (open when set or refused). */
function ChoiceMore(props: {
  idPrefix: string;
  number: number;
  choice: PricingDraft;
  rushError?: string;
  licenceError?: string;
  texts: ChoicePricingTexts;
  onChange: (patch: Partial<PricingDraft>) => void;
}) {
  const { idPrefix, number, choice, rushError, licenceError, texts, onChange } = props;
  // Opened once for a choice that already grants or rushes; after that the creator's toggle decides.
  const [open, setOpen] = useState(() => Boolean(choice.licence || choice.rushDays));
  return (
    <details
      className="sm:col-span-3"
      open={open || Boolean(rushError || licenceError)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={summaryClass}>
        {texts.more}
        <span className="sr-only"> {m.authoring_choice_context({ number })}</span>
      </summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <SelectField
          id={`${idPrefix}-licence`}
          label={m.authoring_choice_licence_label({ number })}
          value={choice.licence ?? ""}
          error={licenceError}
          options={[
            { value: "", label: texts.licences.none },
            ...LICENCE_ORDER.map((tag) => ({ value: tag, label: texts.licences[tag] })),
          ]}
          onValueChange={(licence) => onChange({ licence: licence as LicenceTag | "" })}
        />
        <TextField
          id={`${idPrefix}-rush`}
          label={m.authoring_choice_rush_label({ number })}
          hint={texts.rushHint}
          value={choice.rushDays ?? ""}
          maxLength={2}
          inputMode="numeric"
          autoComplete="off"
          error={rushError}
          onValueChange={(rushDays) => onChange({ rushDays })}
        />
      </div>
    </details>
  );
}
