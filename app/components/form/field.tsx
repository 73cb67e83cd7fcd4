import type { ReactNode } from "react";
import { ErrorText } from "./error-text";

/**
 * How a field gets its value: posted forms name it and give a default (uncontrolled); client-side flows and editors
 * hold the value (controlled). A field without a name needs an id.
 */
export type FieldValueProps = {
  name?: string;
  id?: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
};

/** Ids a field's label, hint and error share, so aria-describedby always points at what is rendered. */
export function fieldIds(name: string, id?: string) {
  const base = id ?? `field-${name}`;
  return { input: base, hint: `${base}-hint`, error: `${base}-error` };
}

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

export const controlClass =
  "block w-full rounded-md border bg-white px-3 py-2 text-base text-zinc-900 shadow-sm outline-none " +
  "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 " +
  "read-only:bg-zinc-100 read-only:text-zinc-700 " +
  "dark:bg-zinc-900 dark:text-zinc-100 dark:ring-offset-zinc-950 dark:read-only:bg-zinc-800 dark:read-only:text-zinc-300";

export const controlBorder = (invalid: boolean) =>
  invalid ? "border-red-700 dark:border-red-400" : "border-zinc-400 dark:border-zinc-600";

/** Label above the control, then hint and error text below it. The error is announced when it appears. */
export function FieldShell(props: {
  ids: ReturnType<typeof fieldIds>;
  label: string;
  hint?: ReactNode;
  error?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { ids, label, hint, error, aside, children } = props;
  return (
    <div className="space-y-1.5">
      <label htmlFor={ids.input} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {label}
      </label>
      {children}
      {(hint || aside) && (
        <div className="flex items-start justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          {hint ? <p id={ids.hint}>{hint}</p> : <span />}
          {aside}
        </div>
      )}
      <ErrorText id={ids.error} text={error} />
    </div>
  );
}
