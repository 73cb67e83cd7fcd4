import { useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds, type FieldValueProps } from "./field";
import { useTypedBeforeHydration } from "./typed-before-hydration";

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name" | "id" | "defaultValue" | "value" | "children" | "onChange"
>;

/**
 * The one labelled text-like input (text, email, date…), with its hint and error tied by aria-describedby.
 * Uncontrolled in forms that post (`name` + `defaultValue`, so a refused submit keeps what was typed), controlled in
 * client-side flows and editors (`value` + `onValueChange`). Either way, text typed before hydration is kept
 * (typed-before-hydration.ts).
 */
export function TextField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue,
  value,
  onValueChange,
  ...inputProps
}: InputProps & FieldValueProps & { label: string; hint?: ReactNode; error?: string }) {
  const ids = fieldIds(name ?? id ?? "", id);
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, onValueChange);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        ref={ref}
        id={ids.input}
        name={name}
        type="text"
        defaultValue={defaultValue}
        value={value}
        onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? ids.hint : undefined, error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(error))}`}
        {...inputProps}
      />
    </FieldShell>
  );
}
