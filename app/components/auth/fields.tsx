import { useId } from "react";
import { FieldShell, controlBorder, controlClass, describedBy, fieldIds } from "~/components/form/field";

/** A controlled, labelled input for the modal flows, on the same field shell as the settings forms. */
export function AuthField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  hint?: string;
  autoFocus?: boolean;
  maxLength?: number;
}) {
  const ids = fieldIds(props.name, useId());
  return (
    <FieldShell ids={ids} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={ids.input}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        autoFocus={props.autoFocus}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint && ids.hint, props.error && ids.error)}
        className={`${controlClass} ${controlBorder(Boolean(props.error))}`}
      />
    </FieldShell>
  );
}

/** An error about the whole step (rate limit, network), announced when it appears. */
export function FormError(props: { message?: string }) {
  if (!props.message) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {props.message}
    </p>
  );
}

export function PrimaryButton(props: { children: React.ReactNode; busy?: boolean; type?: "submit" | "button"; onClick?: () => void }) {
  return (
    <button
      type={props.type ?? "submit"}
      onClick={props.onClick}
      disabled={props.busy}
      aria-busy={props.busy || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70"
    >
      {props.busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
      {props.children}
    </button>
  );
}

export function LinkButton(props: { children: React.ReactNode; onClick: () => void }) {
  return (
    <button type="button" onClick={props.onClick} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-100">
      {props.children}
    </button>
  );
}

export function BackButton(props: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={props.label}
      className="-ml-2 mb-2 rounded-full p-2 text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 4l-6 6 6 6" />
      </svg>
    </button>
  );
}
