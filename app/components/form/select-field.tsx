import { useRef, type ReactNode, type SelectHTMLAttributes } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds, type FieldValueProps } from "./field";
import { useTypedBeforeHydration } from "./typed-before-hydration";

type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "name" | "id" | "defaultValue" | "value" | "children" | "onChange"
>;

/**
 * The one labelled select: uncontrolled in posted forms (`defaultValue`), controlled in editors (`value` +
 * `onValueChange`). An option chosen before hydration is kept (typed-before-hydration.ts).
 */
export function SelectField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue,
  value,
  onValueChange,
  options,
  ...selectProps
}: SelectProps &
  FieldValueProps & {
    label: string;
    hint?: ReactNode;
    error?: string;
    options: readonly { value: string; label: string; lang?: string }[];
  }) {
  const ids = fieldIds(name ?? id ?? "", id);
  const ref = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(ref, onValueChange);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <select
        ref={ref}
        id={ids.input}
        name={name}
        defaultValue={defaultValue}
        value={value}
        onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? ids.hint : undefined, error && ids.error)}
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
