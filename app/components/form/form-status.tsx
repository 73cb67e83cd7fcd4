/**
 * The save outcome above a form's button: a polite "Saved." (role=status, always in the DOM so screen
 * readers announce it when it fills) or an error summary (role=alert).
 */
export function FormStatus({ saved, savedText, errorText }: { saved: boolean; savedText: string; errorText?: string }) {
  return (
    <>
      {errorText && (
        <p
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
        >
          {errorText}
        </p>
      )}
      <p
        role="status"
        className={
          saved
            ? "rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:border-green-500 dark:bg-green-950 dark:text-green-200"
            : "sr-only"
        }
      >
        {saved ? savedText : ""}
      </p>
    </>
  );
}

/** The submit button; shows its busy label while the form is being sent. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className="button-primary min-h-11 disabled:cursor-wait disabled:opacity-70">
      {busy ? busyLabel : label}
    </button>
  );
}
