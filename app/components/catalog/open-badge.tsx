import { m } from "#app/paraglide/messages.js";

/** The badge's words, made on the server (loaders, server-rendered cards), so the browser ships neither. */
export const openBadgeLabel = (open: boolean): string => (open ? m.catalog_open() : m.catalog_closed());

/** Open or closed for commissions. */
export function OpenBadge({ open, label, className = "" }: { open: boolean; label: string; className?: string }) {
  return (
    <span data-open={open} className={`open-badge ${className}`.trim()}>
      <span aria-hidden="true" />
      {label}
    </span>
  );
}
