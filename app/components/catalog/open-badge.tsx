import { m } from "~/paraglide/messages.js";

/** Open or closed for commissions. */
export function OpenBadge({ open, className = "" }: { open: boolean; className?: string }) {
  return (
    <span data-open={open} className={`open-badge ${className}`.trim()}>
      <span aria-hidden="true" />
      {open ? m.catalog_open() : m.catalog_closed()}
    </span>
  );
}
