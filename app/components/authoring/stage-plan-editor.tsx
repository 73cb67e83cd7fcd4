// The stage plan editor (issue 36, decision 073): a service's, a form's or a pending order's milestones, as rows of
// title, share and included revisions. Each row is three plain inputs (repeated names), so the plan posts with the
// form it sits in, JavaScript or not; adding and removing rows needs JavaScript. The rule is the server's
// (parseStagePlanRows), which also words the errors; the editor only keeps a running total of the shares.
import { useEffect, useRef, useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { TextField } from "#app/components/form/text-field";
import { SHARES_TOTAL, STAGE_TITLE_MAX, STAGES_MAX } from "#worker/orders/domain/order-stages";
import {
  STAGE_PLAN_FIELDS,
  STAGE_PLAN_PATH,
  typedSharesTotal,
  type StagePlanRow,
} from "#worker/orders/domain/stage-plan-rows";
import { SmallButton } from "./small-button";
import type { StagePlanTexts } from "./stage-plan-texts";

type KeyedRow = StagePlanRow & { key: string };

export function StagePlanEditor(props: {
  idPrefix: string;
  rows: StagePlanRow[];
  /** Worded errors by path: "stagePlan" (the whole plan), "stagePlan.1.share" (a field). */
  errors: Record<string, string>;
  texts: StagePlanTexts;
}) {
  const { idPrefix, errors, texts } = props;
  const [rows, setRows] = useState<KeyedRow[]>(() => props.rows.map((r, i) => ({ ...r, key: `r${i}` })));
  // After an add or a remove, focus goes where the keyboard user continues: the new row's title, or the Add button.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!focusTarget) return;
    box.current?.querySelector<HTMLElement>(`#${CSS.escape(focusTarget)}`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const total = typedSharesTotal(rows);
  const update = (index: number, patch: Partial<StagePlanRow>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const add = () => {
    const next = {
      key: crypto.randomUUID(),
      title: "",
      share: String(Math.max(SHARES_TOTAL - total, 0) || ""),
      revisions: "1",
    };
    setRows([...rows, next]);
    setFocusTarget(`${idPrefix}-${rows.length}-title`);
  };
  const remove = (index: number) => {
    setRows(rows.filter((_, i) => i !== index));
    setFocusTarget(`${idPrefix}-add`);
  };
  // The sum is checked as typed; the server's message for the whole plan shows until then (a count no editor posts).
  const sumWrong = rows.length > 0 && total !== SHARES_TOTAL;
  const planError = errors[STAGE_PLAN_PATH] === texts.sharesSum ? undefined : errors[STAGE_PLAN_PATH];
  const fieldError = (index: number, field: keyof StagePlanRow) => errors[`${STAGE_PLAN_PATH}.${index}.${field}`];

  return (
    <fieldset ref={box} className="space-y-3" aria-describedby={`${idPrefix}-hint`}>
      <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{texts.heading}</legend>
      <p id={`${idPrefix}-hint`} className="text-sm text-zinc-700 dark:text-zinc-300">
        {texts.hint}
      </p>
      <ErrorText text={planError} />
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.empty}</p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="grid gap-2 rounded-md border border-zinc-300 p-3 sm:grid-cols-[1fr_7rem_9rem] dark:border-zinc-700">
                <legend className="px-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">
                  {texts.legends[index]}
                </legend>
                <TextField
                  id={`${idPrefix}-${index}-title`}
                  name={STAGE_PLAN_FIELDS.title}
                  label={texts.title}
                  value={row.title}
                  maxLength={STAGE_TITLE_MAX}
                  aria-required
                  error={fieldError(index, "title")}
                  onValueChange={(title) => update(index, { title })}
                />
                <TextField
                  id={`${idPrefix}-${index}-share`}
                  name={STAGE_PLAN_FIELDS.share}
                  label={texts.share}
                  value={row.share}
                  inputMode="numeric"
                  aria-required
                  error={fieldError(index, "share")}
                  onValueChange={(share) => update(index, { share })}
                />
                <TextField
                  id={`${idPrefix}-${index}-revisions`}
                  name={STAGE_PLAN_FIELDS.revisions}
                  label={texts.revisions}
                  value={row.revisions}
                  inputMode="numeric"
                  error={fieldError(index, "revisions")}
                  onValueChange={(revisions) => update(index, { revisions })}
                />
                <div className="sm:col-span-3">
                  <SmallButton
                    target={texts.legends[index] ?? ""}
                    visible={texts.remove}
                    onClick={() => remove(index)}
                  />
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {rows.length > 0 && (
        <p className="text-sm text-zinc-900 dark:text-zinc-100" aria-live="polite">
          {texts.total}: <span data-testid="stage-plan-total">{total}%</span>
        </p>
      )}
      <ErrorText text={sumWrong ? texts.sharesSum : undefined} />
      {rows.length < STAGES_MAX ? (
        <button id={`${idPrefix}-add`} type="button" className="button-secondary min-h-11" onClick={add}>
          {rows.length === 0 ? texts.addFirst : texts.add}
        </button>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.max}</p>
      )}
    </fieldset>
  );
}
