import { useState, type TextareaHTMLAttributes } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds } from "./field";

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "value" | "children" | "maxLength">;

/**
 * A labelled textarea that keeps the submitted value and shows its error. With `counter`, a live
 * "n / max" count (the server checks the limit too; the counter is a help, not the rule).
 */
export function TextareaField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue = "",
  maxLength,
  counter,
  onChange,
  ...textareaProps
}: TextareaProps & {
  name: string;
  id?: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  maxLength?: number;
  counter?: { visible: (count: number, max: number) => string; spoken: (count: number, max: number) => string };
}) {
  const ids = fieldIds(name, id);
  const counterId = `${ids.input}-count`;
  const [count, setCount] = useState(defaultValue.length);
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
        id={ids.input}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hint, aside && counterId, error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(error))} min-h-28`}
        onChange={(event) => {
          setCount(event.currentTarget.value.length);
          onChange?.(event);
        }}
        {...textareaProps}
      />
    </FieldShell>
  );
}
