import { useId, useState } from "react";
import { m } from "~/paraglide/messages.js";

/** Spec section 9: a description collapses above `limit` characters (200 by default, 2000 in the service modal). */
export function CollapsibleText({ text, limit = 200, className = "" }: { text: string; limit?: number; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > limit;
  return (
    <div className={className}>
      <p id={id} className="whitespace-pre-line">
        {long && !open ? `${text.slice(0, limit).trimEnd()}…` : text}
      </p>
      {long ? (
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className="mt-1 text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          {open ? m.requests_show_less() : m.requests_show_more()}
        </button>
      ) : null}
    </div>
  );
}
