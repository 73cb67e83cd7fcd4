import type { InputHTMLAttributes } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds } from "./field";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue" | "value" | "children">;

/** A labelled text-like input (text, email, date…) that keeps the submitted value and shows its error. */
export function TextField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue,
  ...inputProps
}: InputProps & { name: string; id?: string; label: string; hint?: string; error?: string; defaultValue?: string }) {
  const ids = fieldIds(name, id);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        id={ids.input}
        name={name}
        type="text"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(error))}`}
        {...inputProps}
      />
    </FieldShell>
  );
}
