// The dispute desk's settle form (issue 49, decision 088): an outcome, a split's refund in the order's currency, a
// reopen's days, and the reason both parties will read. A plain form post (works without JavaScript): a refund, a
// release or a split comes back once with what it will move, to be confirmed; a refused field keeps what was typed
// and says why beside it (app/routes/admin/dispute-settle.server.ts).
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { m } from "#app/paraglide/messages.js";
import type { SettleAnswer, SettleValues } from "#app/routes/admin/dispute-settle.server";
import { RecordSection } from "./dispute-record";

/** The form's words and limits, from the loader (the rules' numbers come from the domain there, not in this bundle). */
export interface SettleFormTexts {
  currency: string;
  refundHint: string;
  outcomes: { value: string; label: string }[];
  days: { min: number; max: number; hint: string };
  reason: { max: number; hint: string };
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 aria-[invalid=true]:border-red-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";
const labelClass = "block text-sm font-medium text-zinc-900 dark:text-zinc-100";
const hintClass = "mt-1 text-xs text-zinc-700 dark:text-zinc-300";
const errorClass = "mt-1 text-sm font-medium text-red-700 dark:text-red-300";

const EMPTY: SettleValues = { outcome: "", refundAmount: "", days: "", reason: "" };

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={errorClass}>
      {message}
    </p>
  ) : null;
}

/** The confirm step: what the settlement moves, and the same values posted again with `confirmed=yes`. */
function ConfirmPanel({ lines, values, busy }: { lines: string[]; values: SettleValues; busy: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [lines]);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby="settle-confirm-heading"
      className="space-y-2 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 dark:border-amber-400 dark:bg-amber-950"
    >
      <h3 id="settle-confirm-heading" className="font-semibold text-zinc-900 dark:text-zinc-50">
        {m.admin_dispute_confirm_title()}
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-900 dark:text-zinc-100">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-sm text-zinc-800 dark:text-zinc-200">{m.admin_dispute_confirm_note()}</p>
      <Form method="post">
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="button-primary" disabled={busy}>
          {m.admin_dispute_confirm_submit()}
        </button>
      </Form>
    </div>
  );
}

export function SettleForm({ texts, answer }: { texts: SettleFormTexts; answer: SettleAnswer | undefined }) {
  const busy = useNavigation().state !== "idle";
  const values = answer?.values ?? EMPTY;
  const errors = answer?.errors ?? {};
  // A reopen's days only where a reopen is offered: a completed order's dispute ends in money (decision 092).
  const reopenable = texts.outcomes.some((outcome) => outcome.value === "reopen");
  const described = (field: keyof SettleValues, hint?: boolean) =>
    [hint ? `settle-${field}-hint` : "", errors[field] ? `settle-${field}-error` : ""].filter(Boolean).join(" ") ||
    undefined;
  return (
    <RecordSection id="dispute-settle" title={m.admin_dispute_settle()}>
      {answer?.message && (
        <p role="alert" className={errorClass}>
          {answer.message}
        </p>
      )}
      {answer?.confirm && <ConfirmPanel lines={answer.confirm} values={values} busy={busy} />}
      <Form method="post" className="space-y-4">
        <fieldset aria-describedby={described("outcome")} className="space-y-2">
          <legend className={labelClass}>{m.admin_dispute_outcome_legend()}</legend>
          {texts.outcomes.map((outcome) => (
            <label key={outcome.value} className="flex items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
              <input
                type="radio"
                name="outcome"
                value={outcome.value}
                defaultChecked={values.outcome === outcome.value}
                required
              />
              {outcome.label}
            </label>
          ))}
          <FieldError id="settle-outcome-error" message={errors.outcome} />
        </fieldset>
        <div className="sm:max-w-xs">
          <label htmlFor="settle-refund" className={labelClass}>
            {m.admin_dispute_refund_label({ currency: texts.currency })}
          </label>
          <input
            id="settle-refund"
            name="refundAmount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={values.refundAmount}
            aria-invalid={errors.refundAmount ? true : undefined}
            aria-describedby={described("refundAmount", true)}
            className={inputClass}
          />
          <p id="settle-refundAmount-hint" className={hintClass}>
            {texts.refundHint}
          </p>
          <FieldError id="settle-refundAmount-error" message={errors.refundAmount} />
        </div>
        {reopenable && (
          <div className="sm:max-w-xs">
            <label htmlFor="settle-days" className={labelClass}>
              {m.admin_dispute_days_label()}
            </label>
            <input
              id="settle-days"
              name="days"
              type="number"
              min={texts.days.min}
              max={texts.days.max}
              step={1}
              defaultValue={values.days}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={described("days", true)}
              className={inputClass}
            />
            <p id="settle-days-hint" className={hintClass}>
              {texts.days.hint}
            </p>
            <FieldError id="settle-days-error" message={errors.days} />
          </div>
        )}
        <div>
          <label htmlFor="settle-reason" className={labelClass}>
            {m.admin_dispute_reason_label()}
          </label>
          <textarea
            id="settle-reason"
            name="reason"
            rows={5}
            required
            maxLength={texts.reason.max}
            defaultValue={values.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={described("reason", true)}
            className={inputClass}
          />
          <p id="settle-reason-hint" className={hintClass}>
            {texts.reason.hint}
          </p>
          <FieldError id="settle-reason-error" message={errors.reason} />
        </div>
        <button type="submit" className="button-primary" disabled={busy}>
          {m.admin_dispute_submit()}
        </button>
      </Form>
    </RecordSection>
  );
}
