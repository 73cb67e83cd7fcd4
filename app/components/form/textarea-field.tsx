import { useRef, useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds, type FieldValueProps } from "./field";
import { useTypedBeforeHydration } from "./typed-before-hydration";

type TextareaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "name" | "id" | "defaultValue" | "value" | "children" | "maxLength" | "onChange"
>;

/**
 * The one labelled textarea: uncontrolled in posted forms (`defaultValue`), controlled in editors (`value` +
 * `onValueChange`). With `counter`, a live "n / max" count (the server checks the limit too; the counter is a help,
 * not the rule). Text typed before hydration is kept (typed-before-hydration.ts: hydration would put a textarea's
 * server text back).
 */
export function TextareaField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue,
  value,
  onValueChange,
  maxLength,
  counter,
  rows,
  ...textareaProps
}: TextareaProps &
  FieldValueProps & {
    label: string;
    hint?: ReactNode;
    error?: string;
    maxLength?: number;
    counter?: { visible: (count: number, max: number) => string; spoken: (count: number, max: number) => string };
  }) {
  const ids = fieldIds(name ?? id ?? "", id);
  const counterId = `${ids.input}-count`;
  const [typed, setTyped] = useState((defaultValue ?? "").length);
  const ref = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(ref, (text) => {
    setTyped(text.length);
    onValueChange?.(text);
  });
  const count = value !== undefined ? value.length : typed;
  const over = maxLength !== undefined && count > maxLength;
  const aside =
    counter && maxLength !== undefined ? (
      <p id={counterId} className={`shrink-0 tabular-nums ${over ? "font-medium text-red-700 dark:text-red-400" : ""}`}>
        <span aria-hidden="true">{counter.visible(count, maxLength)}</span>
        <span className="sr-only">{counter.spoken(count, maxLength)}</span>
      </p>
    ) : undefined;
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} aside={aside}>
      <textarea
        ref={ref}
        id={ids.input}
        name={name}
        defaultValue={value === undefined ? (defaultValue ?? "") : undefined}
        value={value}
        maxLength={maxLength}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? ids.hint : undefined, aside && counterId, error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(error))} ${rows ? "min-h-20" : "min-h-28"}`}
        onChange={(event) => {
          setTyped(event.currentTarget.value.length);
          onValueChange?.(event.currentTarget.value);
        }}
        {...textareaProps}
      />
    </FieldShell>
  );
}
