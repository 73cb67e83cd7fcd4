import { m } from "~/paraglide/messages.js";

/** Open or closed for commissions. */
export function OpenBadge({ open, className = "" }: { open: boolean; className?: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${
        open ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
      } ${className}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${open ? "bg-emerald-600" : "bg-zinc-500"}`} />
      {open ? m.catalog_open() : m.catalog_closed()}
    </span>
  );
}
