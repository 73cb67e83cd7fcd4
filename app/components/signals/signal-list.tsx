/** One signal as the loader worded it (app/loaders/signals/signal-items.server.ts); a null value is a mark alone. */
export interface SignalItem {
  key: string;
  label: string;
  value: string | null;
  about: string;
}

export interface SignalListTexts {
  /** The list's spoken name ("Track record on Comet"). */
  label: string;
  /** The explanation toggle's spoken words ("What this means"). */
  more: string;
}

/**
 * The signals a stranger can read (issue 66, decision 106): each a chip that opens its short explanation. A native
 * disclosure (`details`/`summary`): Enter, Space, a tap or a click opens it, screen readers hear it expanded or
 * collapsed, and it works before the page's script arrives. `compact` is the service card's: smaller, and above the
 * card's whole-card link so a tap opens the explanation rather than the service.
 */
export function SignalList({
  items,
  texts,
  compact = false,
  className = "",
}: {
  items: readonly SignalItem[];
  texts: SignalListTexts;
  compact?: boolean;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={texts.label} className={`flex flex-wrap items-start gap-2 ${className}`} data-testid="signals">
      {items.map((item) => (
        <li key={item.key} className={`max-w-full ${compact ? "relative z-10" : ""}`} data-signal={item.key}>
          <details className="group">
            <summary
              className={`flex cursor-pointer list-none items-center gap-1.5 rounded-full border border-zinc-200 bg-white text-zinc-700 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-brand-300 [&::-webkit-details-marker]:hidden ${compact ? "px-2 py-0.5 text-xs" : "px-3 py-1 text-sm"}`}
            >
              {item.key === "identity" ? (
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-emerald-600 dark:fill-emerald-400">
                  <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm3.2 5.2-3.7 4a.75.75 0 0 1-1.1 0L4.8 8.6a.75.75 0 1 1 1.1-1l1.1 1.1 3.1-3.5a.75.75 0 1 1 1.1 1Z" />
                </svg>
              ) : null}
              <span>{item.label}</span>
              {item.value === null ? null : (
                <span className="font-semibold text-zinc-900 dark:text-zinc-50">{item.value}</span>
              )}
              <span
                aria-hidden="true"
                className="grid size-4 place-items-center rounded-full border border-zinc-400 text-[10px] leading-none text-zinc-600 group-open:bg-zinc-200 dark:border-zinc-500 dark:text-zinc-300 dark:group-open:bg-zinc-700"
              >
                ?
              </span>
              <span className="sr-only">{texts.more}</span>
            </summary>
            <p className="mt-1 max-w-[17rem] rounded-md bg-zinc-100 p-2 text-xs leading-relaxed text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
              {item.about}
            </p>
          </details>
        </li>
      ))}
    </ul>
  );
}
