import type { ReactNode } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds } from "~/components/form/field";

/** Controlled inputs for client-side editors (the shared fields in components/form are uncontrolled). */
export function EditorText(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  inputMode?: "decimal" | "numeric" | "text";
  maxLength?: number;
  required?: boolean;
}) {
  const ids = fieldIds(props.id, props.id);
  const shared = {
    id: ids.input,
    value: props.value,
    maxLength: props.maxLength,
    "aria-required": props.required || undefined,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy(props.hint ? ids.hint : undefined, props.error ? ids.error : undefined),
    className: `${controlClass} ${controlBorder(Boolean(props.error))}${props.multiline ? " min-h-20" : ""}`,
  };
  return (
    <FieldShell ids={ids} label={props.label} hint={props.hint} error={props.error}>
      {props.multiline ? (
        <textarea {...shared} rows={3} onChange={(e) => props.onChange(e.currentTarget.value)} />
      ) : (
        <input {...shared} type="text" inputMode={props.inputMode} onChange={(e) => props.onChange(e.currentTarget.value)} />
      )}
    </FieldShell>
  );
}

export function EditorSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: string;
}) {
  const ids = fieldIds(props.id, props.id);
  return (
    <FieldShell ids={ids} label={props.label} hint={props.hint} error={props.error}>
      <select
        id={ids.input}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint && ids.hint, props.error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(props.error))}`}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A small text button for move/remove controls. The visible words come first in its name and the target follows
 * for screen readers only ("Move up question 3"), so speech users can say what they see (WCAG 2.5.3).
 */
export function SmallButton({ target, visible, onClick, disabled }: { target: string; visible: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="min-h-9 rounded-md border border-zinc-400 px-2.5 text-sm font-medium text-zinc-900 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
    >
      {visible}
      <span className="sr-only"> {target}</span>
    </button>
  );
}
