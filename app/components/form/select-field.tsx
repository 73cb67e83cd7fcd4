import type { SelectHTMLAttributes } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds } from "./field";

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "value" | "children">;

/** A labelled select that keeps the submitted choice and shows its error. */
export function SelectField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue,
  options,
  ...selectProps
}: SelectProps & {
  name: string;
  id?: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  options: readonly { value: string; label: string; lang?: string }[];
}) {
  const ids = fieldIds(name, id);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <select
        id={ids.input}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(error))}`}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
