/** The auth modal's buttons: the primary action, inline links between flows, and Back. */
export function PrimaryButton(props: {
  children: React.ReactNode;
  busy?: boolean;
  type?: "submit" | "button";
  onClick?: () => void;
}) {
  return (
    <button
      type={props.type ?? "submit"}
      onClick={props.onClick}
      disabled={props.busy}
      aria-busy={props.busy || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70"
    >
      {props.busy ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      ) : null}
      {props.children}
    </button>
  );
}

export function LinkButton(props: { children: React.ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-100"
    >
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
